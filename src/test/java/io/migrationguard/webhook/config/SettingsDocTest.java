package io.migrationguard.webhook.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.mutate.DefaultsConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists exactly the {@code migration-guard.*} settings the service declares:
 * the keys of application.properties and the names injected with {@code @ConfigProperty}, plus the
 * {@link DefaultsConfig#PREFIX} family. The service has no config mapping interface, so the
 * declarations are read where they are written; a setting added in either place without a row in
 * the table, or a row whose setting is gone, fails here.
 */
class SettingsDocTest {
  private static final Path DOC = Path.of("docs/configuration.md");
  private static final Path PROPERTIES = Path.of("src/main/resources/application.properties");
  private static final Path SOURCES = Path.of("src/main/java");
  private static final String NAMESPACE = "migration-guard.";

  private static final Pattern INJECTED =
      Pattern.compile("@ConfigProperty\\(\\s*name\\s*=\\s*\"(migration-guard\\.[^\"]+)\"");
  // A table row: | `name` | `ENVIRONMENT` or prose | default | meaning |
  private static final Pattern ROW =
      Pattern.compile("^\\| `(migration-guard\\.[^`]+)` \\| ([^|]*) \\|", Pattern.MULTILINE);

  @Test
  void everyDeclaredSettingIsDocumentedAndNothingElse() throws IOException {
    Set<String> declared = declared();
    assertTrue(declared.contains("migration-guard.port"), "no settings found: " + declared);
    assertEquals(declared, documented(), "settings in the code (left) vs docs/configuration.md");
  }

  @Test
  void eachEnvironmentVariableIsTheMappedName() throws IOException {
    List<String> wrong = new ArrayList<>();
    Matcher row = ROW.matcher(Files.readString(DOC, StandardCharsets.UTF_8));
    while (row.find()) {
      String name = row.group(1);
      String environment = row.group(2).trim();
      // Only the plain names have a MicroProfile mapping; pod-* come from the downward API.
      if (environment.startsWith("`MIGRATION_GUARD_") && !name.contains("<")) {
        String mapped = "`" + name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_") + "`";
        if (!environment.equals(mapped)) {
          wrong.add(name + ": " + environment + " should be " + mapped);
        }
      }
    }
    assertEquals(List.of(), wrong);
  }

  /** The settings of the code; the defaults family by its prefix. */
  static Set<String> declared() throws IOException {
    Set<String> names = new TreeSet<>();
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(PROPERTIES, StandardCharsets.UTF_8)) {
      properties.load(in);
    }
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith(NAMESPACE)) { // profile keys (%test.) are variants, not settings
        names.add(key);
      }
    }
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = INJECTED.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    }
    names.add(DefaultsConfig.PREFIX);
    return names;
  }

  /** The rows of the table; {@code migration-guard.defaults.<kind>...} stands for the prefix. */
  static Set<String> documented() throws IOException {
    Set<String> names = new TreeSet<>();
    Matcher row = ROW.matcher(Files.readString(DOC, StandardCharsets.UTF_8));
    while (row.find()) {
      String name = row.group(1);
      int placeholder = name.indexOf('<');
      names.add(placeholder < 0 ? name : name.substring(0, placeholder));
    }
    return names;
  }
}
