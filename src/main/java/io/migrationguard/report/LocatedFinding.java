package io.migrationguard.report;

import io.migrationguard.core.model.Finding;
import io.migrationguard.manifest.Loc;

/**
 * A finding, where it stands in its file, and its message without the field path.
 *
 * @param message what outputs print after the field: {@link Finding#body()} for the engine's
 *     findings, the decoder's own words for a document that could not be read
 */
public record LocatedFinding(Finding finding, Loc loc, String message) {
  public static LocatedFinding of(Finding finding, Loc loc) {
    return new LocatedFinding(finding, loc, finding.body());
  }

  /** The field path, empty for the object itself (a name over 256 characters cut). */
  public String field() {
    return finding.field().shown();
  }

  /** {@code FIELD: MESSAGE}, or just the message for the object itself (apimachinery style). */
  public String rendered() {
    String f = field();
    return f.isEmpty() ? message : f + ": " + message;
  }
}
