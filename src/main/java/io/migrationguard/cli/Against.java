package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.judge.Entry;
import io.migrationguard.judge.ObjectKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The previous version of the manifests ({@code --against PATH}): our objects found there, by kind,
 * namespace and name, become the old object of an UPDATE. Its problems (unreadable, unparseable)
 * are listed, not linted: they make the run exit 2.
 */
final class Against {
  /** The old objects, and one line per problem met while reading them. */
  record Loaded(Map<ObjectKey, JsonNode> objects, List<String> problems) {}

  private Against() {}

  static Loaded load(String path, InputStream stdin, long limit, PrintStream err)
      throws IOException {
    Map<ObjectKey, JsonNode> objects = new HashMap<>();
    List<String> problems = new ArrayList<>();
    List<Source> sources =
        Inputs.expand(
            List.of(path), List.of(), stdin, limit, n -> err.println("lint: --against " + n));
    for (Source s : sources) {
      ParsedFile p = Parsing.parse(s, limit);
      for (Entry e : p.entries()) {
        if (e instanceof Entry.Ours o && !o.name().isEmpty()) {
          objects.put(ObjectKey.of(o.kind(), o.object()), o.object());
        } else if (e instanceof Entry.Failed f) {
          problems.add(
              p.name() + ":" + f.loc().line() + ":" + f.loc().column() + ": " + f.message());
        }
      }
    }
    return new Loaded(objects, problems);
  }
}
