package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.CaseFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One case of a mutation data file ({@code src/test/resources/mutations/<defaulter-id>.yaml}, or
 * {@code all.yaml} for the whole engine): an object and the golden JSON Patch it must get.
 */
record MutationCase(
    String defaulter,
    String name,
    Kind kind,
    Operation operation,
    JsonNode object,
    JsonNode patch,
    Engine engine) {

  static final String ALL = "all";

  @Override
  public String toString() {
    return defaulter + ": " + name;
  }

  static List<MutationCase> load(Path file) {
    JsonNode doc = CaseFiles.read(file);
    String id = doc.path("defaulter").asText();
    Settings settings = CaseFiles.settings(doc.get("settings"));
    Engine engine = engine(id, settings);
    List<MutationCase> out = new ArrayList<>();
    for (JsonNode c : doc.path("cases")) {
      JsonNode base = c.has("base") ? c.get("base") : doc.get("base");
      out.add(
          new MutationCase(
              id,
              c.path("name").asText(),
              CaseFiles.kindOf(base),
              Operation.valueOf(c.path("operation").asText("CREATE")),
              CaseFiles.tweak(base, c.get("set"), c.get("remove")),
              c.path("patch"),
              engine));
    }
    return out;
  }

  /** The whole engine for {@code all}, else an engine with only the named defaulter. */
  private static Engine engine(String id, Settings settings) {
    if (id.equals(ALL)) {
      return Engine.standard(settings);
    }
    Defaulter d =
        Defaulters.all().stream()
            .filter(x -> x.info().id().equals(id))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no defaulter " + id));
    return new Engine((k, o, m) -> List.of(), List.of(), List.of(d), settings);
  }

  /** The review of {@code object} (the old object of an UPDATE is the object itself). */
  Review review(JsonNode object) {
    JsonNode old = operation == Operation.UPDATE ? object : null;
    return new Review(kind, operation, object, old, null, null, FieldValidation.WARN);
  }
}
