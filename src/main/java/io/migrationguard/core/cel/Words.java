package io.migrationguard.core.cel;

import io.migrationguard.core.model.CauseType;

/**
 * Findings worded in CEL as the engine words them ({@code Finding.render} and {@code warningText}):
 * the path and the cause's phrase are constants, the value a CEL expression.
 */
public final class Words {
  private Words() {}

  /** {@code <path>: <phrase>: <value>: <detail>}, the value a CEL string expression. */
  public static String withValue(String path, CauseType type, String shownValue, String detail) {
    return Cel.lit(path + ": " + type.phrase() + ": ")
        + " + "
        + shownValue
        + (detail == null ? "" : " + " + Cel.lit(": " + detail));
  }

  /** {@code <path>: <phrase>: <detail>} for causes that print no value (Required, Forbidden). */
  public static String plain(String path, CauseType type, String detail) {
    return Cel.lit(path + ": " + type.phrase() + ": " + detail);
  }

  /** A warning's words: {@code <path>: <detail>}. */
  public static String warning(String path, String detail) {
    return Cel.lit(path + ": " + detail);
  }
}
