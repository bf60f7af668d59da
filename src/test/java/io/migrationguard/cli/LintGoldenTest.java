package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exact outputs of every format against golden files in {@code src/test/resources/lint/expected/}.
 * After a deliberate change, regenerate with {@code -Dlint.golden.update=true} and read the diff.
 * What depends on the machine is masked: measured JUnit times read {@code 0.000}, the absolute URI
 * of the SARIF source root {@value #ROOT}.
 */
class LintGoldenTest {
  private static final String D = LintHarness.DIR;
  private static final boolean UPDATE = Boolean.getBoolean("lint.golden.update");
  static final String ROOT = "file:///REPOSITORY-ROOT/";
  private static final Pattern TIME = Pattern.compile(" time=\"[0-9]+\\.[0-9]{3}\"");
  private static final Pattern SRCROOT =
      Pattern.compile("(\"%SRCROOT%\":\\{\"uri\":\")(file:///[^\"]*)(\")");

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("mixed.txt", 2, new String[] {D + "mixed"}),
        Arguments.of("mixed.json", 2, new String[] {"-o", "json", D + "mixed"}),
        Arguments.of("mixed.junit.xml", 2, new String[] {"-o", "junit", D + "mixed"}),
        Arguments.of("mixed.sarif", 2, new String[] {"-o", "sarif", D + "mixed"}),
        Arguments.of("mixed.github", 2, new String[] {"-o", "github", "--summary", D + "mixed"}),
        Arguments.of("clean.txt", 0, new String[] {D + "clean"}),
        Arguments.of(
            "clean-patch.json", 0, new String[] {"--show-patch", "-o", "json", D + "clean"}),
        Arguments.of("clean-patch.txt", 0, new String[] {"--show-patch", D + "clean"}),
        Arguments.of(
            "against.txt", 1, new String[] {"--against", D + "against/old", D + "against/new"}),
        Arguments.of("dupkeys.txt", 0, new String[] {D + "mixed/dupkeys.yaml"}),
        Arguments.of("dupkeys-strict.txt", 1, new String[] {"--strict", D + "mixed/dupkeys.yaml"}),
        Arguments.of("gates-default.txt", 1, new String[] {D + "gates"}),
        Arguments.of("crossfile.txt", 1, new String[] {D + "crossfile"}),
        Arguments.of(
            "gates-kubevirt.txt", 0, new String[] {"--kubevirt", D + "kubevirt.yaml", D + "gates"}),
        Arguments.of(
            "priority-as.txt",
            1,
            new String[] {"--as", "alice", "--show-patch", D + "mixed/migrations.yaml"}));
  }

  static String masked(String out) {
    String s = TIME.matcher(out).replaceAll(" time=\"0.000\"");
    return SRCROOT.matcher(s).replaceAll("$1" + Matcher.quoteReplacement(ROOT) + "$3");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void matchesGolden(String golden, int exitCode, String[] args) throws IOException {
    LintHarness.Result r = LintHarness.run(args);
    String out = masked(r.out());
    Path file = Path.of(D, "expected", golden);
    if (UPDATE) {
      Files.writeString(file, out, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(file, StandardCharsets.UTF_8), out, r.err());
    assertEquals(exitCode, r.code(), r.err());
  }
}
