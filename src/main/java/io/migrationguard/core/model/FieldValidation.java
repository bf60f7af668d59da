package io.migrationguard.core.model;

import java.util.Locale;

/**
 * What to do with unknown fields and duplicate keys, as the API server's {@code fieldValidation}:
 * Strict makes them errors, Warn warnings (the Kubernetes default since 1.23), Ignore drops them.
 */
public enum FieldValidation {
  STRICT,
  WARN,
  IGNORE;

  /** Parses {@code Strict}/{@code Warn}/{@code Ignore} (any case); null or unknown gives Warn. */
  public static FieldValidation parse(String s) {
    if (s == null) {
      return WARN;
    }
    // The API server's own spellings first: no lower-cased copy per review.
    switch (s) {
      case "Strict":
        return STRICT;
      case "Ignore":
        return IGNORE;
      case "Warn":
        return WARN;
      default:
        break;
    }
    return switch (s.toLowerCase(Locale.ROOT)) {
      case "strict" -> STRICT;
      case "ignore" -> IGNORE;
      default -> WARN;
    };
  }
}
