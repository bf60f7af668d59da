package io.migrationguard.cli;

import io.migrationguard.judge.Entries;
import io.migrationguard.judge.Entry;
import io.migrationguard.manifest.Loc;
import io.migrationguard.manifest.ManifestReader;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and decodes one input; an unreadable file (or one over {@code --max-file-size}, or not a
 * regular file) becomes one {@code read-error} entry, and so does a file too big for the memory
 * left: the other files are still linted.
 */
final class Parsing {
  private Parsing() {}

  static ParsedFile parse(Source source, long limit) {
    if (source.error() != null) {
      return failed(source, source.error());
    }
    try {
      return decode(source, limit);
    } catch (Reading.TooLarge | Reading.NotRegular e) {
      return failed(source, e.getMessage());
    } catch (IOException e) {
      return failed(source, "cannot read: " + reason(e));
    } catch (OutOfMemoryError e) {
      // The file's text and tree are garbage once this returns: the run goes on without it.
      return failed(source, outOfMemory("read this file"));
    }
  }

  /** The words of a file or object that did not fit in the heap. */
  static String outOfMemory(String what) {
    return "not enough memory to "
        + what
        + " (the heap is "
        + ByteSize.describe(Runtime.getRuntime().maxMemory() >> 20 << 20)
        + "): split the file, or give java more memory (-Xmx)";
  }

  private static ParsedFile failed(Source source, String message) {
    return new ParsedFile(
        source.name(), List.of(new Entry.Failed(Loc.START, Entries.READ_ERROR, message)));
  }

  private static ParsedFile decode(Source source, long limit) throws IOException {
    String text = source.read(limit);
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
