package io.migrationguard.manifest;

/**
 * A document that cannot become a JSON tree: malformed YAML/JSON, a value JSON cannot hold, too
 * deep, too many aliases. Caught by the reader and turned into a document with an error; never
 * escapes it.
 */
final class DecodeException extends Exception {
  private final Loc loc;

  DecodeException(String message, Loc loc) {
    super(message, null, false, false);
    this.loc = loc;
  }

  Loc loc() {
    return loc;
  }
}
