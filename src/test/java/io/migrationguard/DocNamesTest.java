package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.cli.Explain;
import io.migrationguard.cli.ExportCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every command, option, setting and environment variable README.md and docs/ name exists: options
 * in a help text (the commands', certs/generate.sh's, the launcher's) or in the short list of other
 * tools' options below; settings in configuration.md's table (SettingsDocTest holds that table
 * equal to the code) or, for the few that are not the service's, in the sources; environment
 * variables likewise. A statement about a flag or setting that no longer exists fails the build.
 */
class DocNamesTest {
  /** Options of other tools the docs show (kubectl, curl, git, pre-commit, kube-apiserver). */
  private static final Set<String> OTHER_TOOLS =
      Set.of(
          "--dry-run", // kubectl apply
          "--timeout", // kubectl rollout/wait
          "--for", // kubectl wait
          "--ignore-not-found", // kubectl delete
          "--tail", // kubectl logs
          "--raw", // kubectl get --raw
          "--validate", // kubectl apply
          "--type", // kubectl patch
          "--cacert", // curl
          "--data-binary", // curl
          "--depth", // git clone
          "--branch", // git clone
          "--all-files", // pre-commit run
          "--admission-control-config-file", // kube-apiserver
          "--help",
          "--version");

  private static final Pattern FLAG = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
  private static final Pattern SETTING =
      Pattern.compile("migration-guard\\.[a-z][a-z0-9.-]*[a-z0-9]");
  private static final Pattern ENV = Pattern.compile("MIGRATION_GUARD_[A-Z0-9_]*[A-Z0-9]");

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String docs() throws IOException {
    StringBuilder sb = new StringBuilder(read(Path.of("README.md")));
    try (Stream<Path> s = Files.list(Path.of("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> sb.append(read(p)));
    }
    return sb.toString();
  }

  private static Set<String> all(Pattern p, String text) {
    Set<String> out = new TreeSet<>();
    Matcher m = p.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  private static String sources() throws IOException {
    StringBuilder sb = new StringBuilder(read(Path.of("pom.xml")));
    sb.append(read(Path.of("bin/migration-guard-lint")));
    for (String root : List.of("src/main/java", "src/main/resources")) {
      try (Stream<Path> s = Files.walk(Path.of(root))) {
        s.filter(Files::isRegularFile)
            .filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".properties"))
            .forEach(p -> sb.append(read(p)));
      }
    }
    return sb.toString();
  }

  @Test
  void everyOptionTheDocsNameIsInAHelpText() throws IOException {
    String help =
        Main.HELP
            + io.migrationguard.cli.HelpText.TEXT
            + Explain.HELP
            + ExportCommand.HELP
            + read(Path.of("certs/generate.sh"))
            + read(Path.of("bin/migration-guard-lint"));
    Set<String> known = all(FLAG, help);
    known.addAll(OTHER_TOOLS);
    List<String> unknown = new ArrayList<>();
    for (String flag : all(FLAG, docs())) {
      if (!known.contains(flag)) {
        unknown.add(flag);
      }
    }
    assertEquals(List.of(), unknown, "options the docs name that no help text has");
  }

  @Test
  void everySettingAndVariableTheDocsNameExists() throws IOException {
    String table = read(Path.of("docs/configuration.md"));
    String code = sources();
    List<String> unknown = new ArrayList<>();
    for (String s : all(SETTING, docs())) {
      boolean notASetting =
          s.endsWith(".io") || s.endsWith(".yaml") || s.endsWith(".git") || s.endsWith(".svc");
      if (!notASetting && !table.contains("`" + s) && !code.contains(s)) {
        unknown.add(s);
      }
    }
    for (String e : all(ENV, docs())) {
      if (!table.contains("`" + e) && !code.contains(e)) {
        unknown.add(e);
      }
    }
    assertEquals(List.of(), unknown, "settings or variables the docs name that do not exist");
    assertTrue(table.contains(SettingsPreflight.envName("migration-guard.audit.interval")));
  }

  @Test
  void everyCommandTheDocsRunExists() throws IOException {
    List<String> unknown = new ArrayList<>();
    Matcher m = Pattern.compile("quarkus-run\\.jar ([a-z][a-z-]*)").matcher(docs());
    while (m.find()) {
      if (!Main.COMMANDS.contains(m.group(1))) {
        unknown.add(m.group(1));
      }
    }
    assertEquals(List.of(), unknown, "commands the docs run that the jar does not have");
  }

  @Test
  void theCheckCanFail() {
    assertTrue(all(FLAG, "run lint --no-such-flag").contains("--no-such-flag"));
    assertTrue(
        all(SETTING, "set migration-guard.no-such.setting=1")
            .contains("migration-guard.no-such.setting"));
  }
}
