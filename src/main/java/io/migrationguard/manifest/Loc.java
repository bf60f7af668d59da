package io.migrationguard.manifest;

/**
 * A position in a manifest file, both 1-based as editors, SARIF and GitHub annotations count them.
 * Columns count Unicode code points (YAML) or chars (JSON), which agree outside astral planes.
 */
public record Loc(int line, int column) {
  /** The start of a file: where findings go when nothing better is known. */
  public static final Loc START = new Loc(1, 1);

  public Loc {
    line = Math.max(1, line);
    column = Math.max(1, column);
  }
}
