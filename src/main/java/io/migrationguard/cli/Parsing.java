package io.migrationguard.cli;

import io.migrationguard.cli.read.Loc;
import io.migrationguard.cli.read.ManifestReader;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.List;

/** Reads and decodes one input; an unreadable file becomes one {@code read-error} entry. */
final class Parsing {
  private Parsing() {}

  static ParsedFile parse(Source source) {
    String text;
    try {
      text = source.read();
    } catch (IOException e) {
      return new ParsedFile(
          source.name(),
          List.of(new Entry.Failed(Loc.START, Entries.READ_ERROR, "cannot read: " + reason(e))));
    }
    return new ParsedFile(source.name(), Entries.of(ManifestReader.read(source.name(), text)));
  }

  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }
}
