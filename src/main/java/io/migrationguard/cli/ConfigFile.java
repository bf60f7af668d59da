package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.judge.CheckOptions;
import io.migrationguard.manifest.Document;
import io.migrationguard.manifest.ManifestReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lint's config file: {@code --config FILE}, else {@code .migration-guard.yaml} in the working
 * directory when there is one. It holds what a repository always wants, so that CI and pre-commit
 * need no flags:
 *
 * <pre>
 * exclude:            # globs, relative to each PATH argument (as --exclude)
 *   - "charts/**"
 * disable:            # rule ids (as --disable)
 *   - policy-selectors-tie
 * kubevirtVersion: v1.8   # the KubeVirt release profile (as --kubevirt-version)
 * rules:              # enforcement per rule: deny, warn or off (docs/configuration.md)
 *   policy-bandwidth-meaning: warn
 * </pre>
 *
 * An unknown key, a wrong type or an unreadable file stops the run (exit 2) with the reason.
 */
record ConfigFile(
    List<String> excludes,
    List<String> disabled,
    String kubevirtVersion,
    List<String> ruleActions) {
  /** The name looked for in the working directory. */
  static final String DEFAULT_NAME = ".migration-guard.yaml";

  private static final List<String> KEYS =
      List.of("exclude", "disable", "kubevirtVersion", "rules");
  static final ConfigFile NONE = new ConfigFile(List.of(), List.of(), null, List.of());

  /** A config file is a few lines: 1 MiB leaves room and keeps a 40 MB file out of memory. */
  static final long MAX_BYTES = 1L << 20;

  /** The config named by {@code --config}, else the default file if present, else none. */
  static ConfigFile load(String named, Path workingDirectory) throws IOException {
    Path file = named != null ? Path.of(named) : workingDirectory.resolve(DEFAULT_NAME);
    if (named == null && !Files.isRegularFile(file)) {
      return NONE;
    }
    String shown = named != null ? named : DEFAULT_NAME;
    String text;
    try {
      text =
          new String(Reading.regularFile(file, MAX_BYTES, "config file"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IOException("config " + shown + ": cannot read: " + Parsing.reason(e));
    }
    return parse(shown, text);
  }

  static ConfigFile parse(String shown, String text) throws IOException {
    List<Document> docs = ManifestReader.read(shown, text);
    if (docs.isEmpty()) {
      return NONE;
    }
    Document doc = docs.get(0);
    if (doc.failed()) {
      throw new IOException("config " + shown + ": " + doc.error());
    }
    JsonNode root = doc.root();
    if (root == null || root.isNull()) {
      return NONE;
    }
    if (!root.isObject() || docs.size() > 1) {
      throw new IOException(
          "config "
              + shown
              + ": expected one map with exclude, disable, kubevirtVersion and rules");
    }
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      if (!KEYS.contains(e.getKey())) {
        String near = Suggest.nearest(e.getKey(), KEYS);
        throw new IOException(
            "config "
                + shown
                + ": unknown key "
                + e.getKey()
                + (near == null
                    ? " (known: exclude, disable, kubevirtVersion, rules)"
                    : ": did you mean " + near + "?"));
      }
    }
    JsonNode version = root.get("kubevirtVersion");
    if (version != null && !version.isNull() && !version.isTextual()) {
      // 1.9 unquoted is a YAML number: say how to write it rather than guess 1.90 from 1.9.
      throw new IOException(
          "config " + shown + ": kubevirtVersion must be a string such as \"v1.9\" (quote it)");
    }
    return new ConfigFile(
        strings(shown, "exclude", root.get("exclude")),
        strings(shown, "disable", root.get("disable")),
        version == null || version.isNull() ? null : version.textValue(),
        actions(shown, root.get("rules")));
  }

  /** The {@code rules:} map as {@code id=action} entries, each action deny, warn or off. */
  private static List<String> actions(String shown, JsonNode n) throws IOException {
    List<String> out = new ArrayList<>();
    if (n == null || n.isNull()) {
      return out;
    }
    if (!n.isObject()) {
      throw new IOException(
          "config " + shown + ": rules must be a map of rule ids to deny, warn or off");
    }
    for (Map.Entry<String, JsonNode> e : n.properties()) {
      // An unquoted off is false to a YAML 1.1 reader: take it as meant.
      RuleAction action =
          e.getValue().isTextual()
              ? RuleAction.parse(e.getValue().textValue())
              : e.getValue().isBoolean() && !e.getValue().booleanValue() ? RuleAction.OFF : null;
      if (action == null) {
        throw new IOException(
            "config "
                + shown
                + ": rules: "
                + io.migrationguard.report.TerminalText.safe(e.getKey())
                + ": the action must be deny, warn or off, got "
                + io.migrationguard.report.TerminalText.safe(
                    e.getValue().isTextual()
                        ? "\"" + e.getValue().textValue() + "\""
                        : e.getValue().toString()));
      }
      out.add(e.getKey().strip() + "=" + action.word());
    }
    return out;
  }

  /** A list of strings, or one string of comma-separated values; absent or null: none. */
  private static List<String> strings(String shown, String key, JsonNode n) throws IOException {
    List<String> out = new ArrayList<>();
    if (n == null || n.isNull()) {
      return out;
    }
    if (n.isTextual()) {
      out.addAll(CheckOptions.ruleList(n.textValue()));
      return out;
    }
    if (!n.isArray()) {
      throw new IOException("config " + shown + ": " + key + " must be a list of strings");
    }
    for (JsonNode v : n) {
      if (!v.isTextual() || v.textValue().isBlank()) {
        throw new IOException("config " + shown + ": " + key + " must be a list of strings");
      }
      out.add(v.textValue().strip());
    }
    return out;
  }
}
