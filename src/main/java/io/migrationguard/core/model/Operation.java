package io.migrationguard.core.model;

import java.util.Optional;

/** The admission operation. Only CREATE and UPDATE are reviewed; the others are always allowed. */
public enum Operation {
  CREATE,
  UPDATE,
  DELETE,
  CONNECT;

  /** Parses the AdmissionRequest spelling ({@code CREATE}, ...). */
  public static Optional<Operation> parse(String s) {
    for (Operation o : values()) {
      if (o.name().equals(s)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }
}
