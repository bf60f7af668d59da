package io.migrationguard.cli;

import io.migrationguard.cli.read.Loc;
import io.migrationguard.cli.read.ManifestReader;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
    if (isChartTemplate(source.path())) {
      return new ParsedFile(
          source.name(), List.of(new Entry.NotAnObject(Loc.START, "a Helm chart template", true)));
    }
    return new ParsedFile(
        source.name(), Entries.of(ManifestReader.read(source.name(), text), text));
  }

  /** A file below a chart's {@code templates/} folder (the folder's parent has a Chart.yaml). */
  static boolean isChartTemplate(Path file) {
    if (file == null) {
      return false;
    }
    for (Path dir = file.toAbsolutePath().getParent(); dir != null; dir = dir.getParent()) {
      Path name = dir.getFileName();
      if (name != null
          && name.toString().equals("templates")
          && dir.getParent() != null
          && Files.isRegularFile(dir.getParent().resolve("Chart.yaml"))) {
        return true;
      }
    }
    return false;
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
