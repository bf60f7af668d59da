package io.migrationguard.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Links the reports carry, fixed at build time: Maven writes the {@code migration-guard.home} and
 * {@code migration-guard.rules-doc} properties of the pom into {@value #RESOURCE} (resource
 * filtering). A missing file, or a value left unfiltered, falls back to the defaults.
 *
 * @param home the project's home page (SARIF {@code tool.driver.informationUri})
 * @param rulesDoc the rule documentation; {@code rulesDoc#<rule-id>} is each rule's {@code helpUri}
 */
public record BuildInfo(String home, String rulesDoc) {
  static final String RESOURCE = "/migration-guard-build.properties";
  static final String DEFAULT_HOME = "https://github.com/migration-guard/migration-guard";
  static final String DEFAULT_RULES_DOC = DEFAULT_HOME + "/blob/main/docs/rules.md";

  /** The defaults of the pom. */
  public static final BuildInfo DEFAULTS = new BuildInfo(DEFAULT_HOME, DEFAULT_RULES_DOC);

  private static volatile BuildInfo loaded;

  /** The values of this build (read once). */
  public static BuildInfo get() {
    BuildInfo b = loaded;
    if (b == null) {
      b = read(BuildInfo.class.getResourceAsStream(RESOURCE));
      loaded = b;
    }
    return b;
  }

  /** The values in a properties stream (closed here), each falling back to its default. */
  static BuildInfo read(InputStream in) {
    Properties p = new Properties();
    if (in != null) {
      try (in) {
        p.load(in);
      } catch (IOException | IllegalArgumentException e) {
        return DEFAULTS;
      }
    }
    return new BuildInfo(value(p, "home", DEFAULT_HOME), value(p, "rules-doc", DEFAULT_RULES_DOC));
  }

  private static String value(Properties p, String key, String fallback) {
    String v = p.getProperty(key, "").strip();
    return v.isEmpty() || v.contains("${") ? fallback : v;
  }

  /** Where a rule is documented: the rule documentation, anchored at the rule id. */
  public String ruleUri(String ruleId) {
    return rulesDoc + "#" + ruleId;
  }
}
