package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version of the build, from the Maven metadata packaged in the application jar. */
public final class Version {
  private static final String POM =
      "/META-INF/maven/io.migrationguard/migration-guard/pom.properties";

  private Version() {}

  public static String get() {
    try (InputStream in = Version.class.getResourceAsStream(POM)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version", "dev");
      }
    } catch (IOException e) {
      // fall through: an unreadable resource is no reason to fail --version
    }
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
