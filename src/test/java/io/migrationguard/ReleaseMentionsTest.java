package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.cli.Explain;
import io.migrationguard.cli.ExportCommand;
import io.migrationguard.cli.HelpText;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The release names written by hand in the help texts and the docs follow {@link Releases}: every
 * mention of the newest release or the default ("default v1.9", "else v1.9", "newer than v1.9",
 * "the newest release (v1.9)") names {@link Releases#NEWEST}; every list of the profiles ("v1.5 ...
 * v1.9, main", "v1.5, v1.6, v1.7, v1.8, v1.9 or main") is {@link Releases#ALL}; main's commit is
 * the one its profile was read at. Adding a release (docs/contributing.md) fails here until each
 * mention follows. Facts about one release ("from v1.9, GA") are not mentions of the newest and are
 * left alone.
 */
class ReleaseMentionsTest {
  private static final String V = "(v1\\.\\d+)(?!\\d|\\.\\d)";

  /** Mentions that name the newest release. */
  private static final List<Pattern> NEWEST =
      List.of(
          Pattern.compile("(?i)\\bdefault\\b[^.;|]{0,50}?" + V),
          Pattern.compile("(?i)\\belse " + V),
          Pattern.compile("(?i)newer than " + V),
          Pattern.compile("(?i)newest release[^.;|]{0,12}?" + V),
          Pattern.compile(V + "`? \\(the newest"));

  /** "judged by v1.9": what no version, or one too old, is judged by: the newest or the oldest. */
  private static final Pattern JUDGED_BY = Pattern.compile("judged (?:by|as) `?" + V);

  /** "v1.5 ... v1.9, main", "v1.5 to v1.9 and main": every profile. */
  private static final Pattern RANGE =
      Pattern.compile(V + " (?:\\.\\.\\.|to) " + V + ",? (?:or |and )?main\\b");

  /** "v1.5, v1.6, ..., v1.9 or main": a list of three or more starting at the oldest. */
  private static final Pattern LIST =
      Pattern.compile("v1\\.\\d+(?:, v1\\.\\d+)+(?!\\d|\\.\\d)(?:,? (?:or |and )?main\\b)?");

  private static final Pattern MAIN_AT = Pattern.compile("main at ([0-9a-f]{7,40})");

  @Test
  void everyMentionFollowsReleases() throws IOException {
    List<String> wrong = new ArrayList<>();
    texts().forEach((where, text) -> wrong.addAll(wrong(where, text)));
    assertEquals(List.of(), wrong, "release mentions that do not follow Releases");
  }

  /** Each help text mentions the newest release, so the check cannot pass by finding nothing. */
  @Test
  void theHelpTextsAreChecked() {
    for (String help : List.of(HelpText.TEXT, Explain.HELP, ExportCommand.HELP)) {
      assertTrue(count(help) >= 2, help);
    }
  }

  @Test
  void theCheckCanFail() {
    assertFalse(wrong("t", "Default: v1.8.").isEmpty());
    assertFalse(wrong("t", "KubeVirt release: v1.5 ... v1.8, main").isEmpty());
    assertFalse(wrong("t", "v1.5, v1.6, v1.7 or main").isEmpty());
    assertFalse(wrong("t", "main at 0123456789").isEmpty());
    assertEquals(List.of(), wrong("t", "from v1.8, Beta; v1.7, v1.8: Alpha; v1.9.2 means v1.9"));
  }

  private static List<String> wrong(String where, String raw) {
    String text = raw.replaceAll("\\s+", " ");
    String newest = Releases.NEWEST.name();
    List<String> out = new ArrayList<>();
    for (Pattern p : NEWEST) {
      Matcher m = p.matcher(text);
      while (m.find()) {
        if (!m.group(1).equals(newest)) {
          out.add(where + ": " + m.group() + " (the newest is " + newest + ")");
        }
      }
    }
    Matcher judged = JUDGED_BY.matcher(text);
    while (judged.find()) {
      if (!Set.of(newest, Releases.OLDEST.name()).contains(judged.group(1))) {
        out.add(where + ": " + judged.group() + " (neither the newest nor the oldest)");
      }
    }
    Matcher range = RANGE.matcher(text);
    while (range.find()) {
      if (!range.group(1).equals(Releases.OLDEST.name()) || !range.group(2).equals(newest)) {
        out.add(where + ": " + range.group() + " (the profiles are " + Releases.names() + ")");
      }
    }
    Matcher list = LIST.matcher(text);
    while (list.find()) {
      List<String> named =
          List.of(list.group().replaceAll(",? (?:or |and )?main$", "").split(", "));
      boolean all = named.size() >= 3 || list.group().endsWith("main");
      if (all && !named.equals(releases())) {
        out.add(where + ": " + list.group() + " (the profiles are " + Releases.names() + ")");
      }
    }
    Matcher main = MAIN_AT.matcher(text);
    while (main.find()) {
      if (!Releases.MAIN.source().startsWith("main at " + main.group(1))) {
        out.add(where + ": " + main.group() + " (the profile: " + Releases.MAIN.source() + ")");
      }
    }
    return out;
  }

  private static int count(String text) {
    String t = text.replaceAll("\\s+", " ");
    int n = 0;
    for (Pattern p : List.of(NEWEST.get(0), NEWEST.get(1), NEWEST.get(2), RANGE, LIST)) {
      Matcher m = p.matcher(t);
      while (m.find()) {
        n++;
      }
    }
    return n;
  }

  /** The releases, oldest first, main aside. */
  private static List<String> releases() {
    List<String> out = new ArrayList<>();
    for (Release r : Releases.ALL) {
      if (!r.isMain()) {
        out.add(0, r.name());
      }
    }
    return out;
  }

  private static Map<String, String> texts() throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("lint --help", HelpText.TEXT);
    out.put("explain --help", Explain.HELP);
    out.put("export --help", ExportCommand.HELP);
    out.put("README.md", Files.readString(Path.of("README.md")));
    try (Stream<Path> s = Files.list(Path.of("docs"))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
        out.put(p.toString(), Files.readString(p));
      }
    }
    return out;
  }
}
