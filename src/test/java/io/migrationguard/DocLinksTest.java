package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/*.md leads somewhere: the file exists and, for a link
 * to a Markdown page with a {@code #fragment}, the page has that heading (GitHub's anchor: lower
 * case, punctuation dropped, spaces to hyphens) or an explicit {@code <a id>}. Moving a section to
 * another page breaks the links to it until they follow.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HTML_ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> s = Files.list(Path.of("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      broken.addAll(broken(page));
    }
    assertEquals(List.of(), broken, "links that lead nowhere");
  }

  /** docs/README.md lists every page, so a page split off is never an orphan. */
  @Test
  void theDocsIndexListsEveryPage() throws IOException {
    String index = Files.readString(Path.of("docs", "README.md"));
    List<String> unlisted = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("docs"))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
        String name = p.getFileName().toString();
        if (!name.equals("README.md") && !index.contains("](" + name + ")")) {
          unlisted.add(name);
        }
      }
    }
    assertEquals(List.of(), unlisted, "pages docs/README.md does not list");
  }

  @Test
  void theCheckCanFail() throws IOException {
    Path page = Path.of("docs", "README.md");
    assertTrue(anchors(Path.of("docs", "lint.md")).contains("exit-codes"));
    assertTrue(!anchors(page).contains("no-such-heading"));
    assertEquals(
        "webhook-throughput-benchwebhooksh", slug("Webhook throughput (`bench/webhook.sh`)"));
    assertEquals(
        "what-is-cached-what-is-asked-live-and-why",
        slug("What is cached, what is asked live, and why"));
  }

  static List<String> broken(Path page) throws IOException {
    List<String> out = new ArrayList<>();
    // Fenced blocks and inline code spans hold no links.
    String text = withoutCodeBlocks(Files.readString(page)).replaceAll("`[^`\n]*`", "``");
    Matcher m = LINK.matcher(text);
    while (m.find()) {
      String target = m.group(1);
      if (target.matches("^[a-z]+:.*")) {
        continue; // https:, mailto:
      }
      int hash = target.indexOf('#');
      String file = hash < 0 ? target : target.substring(0, hash);
      Path resolved = file.isEmpty() ? page : page.resolveSibling(file).normalize();
      if (!Files.exists(resolved)) {
        out.add(page + ": " + target + " (no such file)");
      } else if (hash >= 0 && resolved.toString().endsWith(".md")) {
        String fragment = target.substring(hash + 1);
        if (!anchors(resolved).contains(fragment)) {
          out.add(page + ": " + target + " (no such heading)");
        }
      }
    }
    return out;
  }

  /** The anchors of a page: its headings' GitHub slugs and its explicit HTML anchors. */
  static Set<String> anchors(Path page) throws IOException {
    Set<String> out = new HashSet<>();
    String text = Files.readString(page);
    for (String line : withoutCodeBlocks(text).split("\n")) {
      if (line.matches("#{1,6} .*")) {
        String slug = slug(line.replaceFirst("#+ ", ""));
        String unique = slug;
        for (int n = 1; !out.add(unique); n++) {
          unique = slug + "-" + n;
        }
      }
    }
    Matcher m = HTML_ANCHOR.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** GitHub's heading anchor. */
  static String slug(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  private static String withoutCodeBlocks(String text) {
    return text.replaceAll("(?s)\n```.*?\n```", "\n");
  }
}
