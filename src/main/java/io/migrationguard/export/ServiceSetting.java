package io.migrationguard.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * A setting of the service read without starting it, from the sources the service reads it from,
 * first found wins: a system property, the environment variable of the same name ({@code
 * MIGRATION_GUARD_PRIORITY_REQUESTERS}), then the packaged {@code application.properties}.
 */
public final class ServiceSetting {
  private ServiceSetting() {}

  /** The comma-separated list {@code name} is set to, empty when it is set to nothing. */
  public static Set<String> list(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      value = System.getenv(envName(name));
    }
    if (value == null) {
      value = packaged().getProperty(name, "");
    }
    Set<String> out = new LinkedHashSet<>();
    Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(out::add);
    return out;
  }

  /** Whether {@code name} is set outside the package (system property or environment). */
  public static boolean isSet(String name) {
    return System.getProperty(name) != null || System.getenv(envName(name)) != null;
  }

  /** The environment variable Quarkus reads a setting from: {@code MIGRATION_GUARD_...}. */
  public static String envName(String name) {
    return name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  private static Properties packaged() {
    Properties p = new Properties();
    try (InputStream in = ServiceSetting.class.getResourceAsStream("/application.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }
}
