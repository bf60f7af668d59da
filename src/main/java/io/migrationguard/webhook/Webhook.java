package io.migrationguard.webhook;

import java.util.Locale;

/** The two admission endpoints; the lower-case name is the path and the metrics label. */
public enum Webhook {
  VALIDATE,
  MUTATE;

  /** {@code validate} or {@code mutate}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
