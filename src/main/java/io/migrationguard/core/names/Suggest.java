package io.migrationguard.core.names;

import java.util.List;
import java.util.Locale;

/** "Did you mean": the candidate nearest a mistyped word, when it is near enough to be meant. */
public final class Suggest {
  private Suggest() {}

  /**
   * The candidate within two edits (or a third of the word's length, if more) of {@code word},
   * case-insensitively, the nearest first; null when none is that near.
   */
  public static String nearest(String word, List<String> candidates) {
    String w = word.toLowerCase(Locale.ROOT);
    int limit = Math.max(2, w.length() / 3);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = distance(w, c.toLowerCase(Locale.ROOT));
      if (d <= limit && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
