package io.migrationguard.core.model;

/**
 * How much a finding weighs: an error denies (webhook) or fails (lint); a warning is only reported.
 */
public enum Severity {
  ERROR("error"),
  WARNING("warning");

  private final String label;

  Severity(String label) {
    this.label = label;
  }

  /** The lower-case word used in every output ({@code error}, {@code warning}). */
  public String label() {
    return label;
  }
}
