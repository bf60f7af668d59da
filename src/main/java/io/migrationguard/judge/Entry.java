package io.migrationguard.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.manifest.DuplicateKey;
import io.migrationguard.manifest.Loc;
import io.migrationguard.manifest.Locations;
import java.util.List;

/** One resource of the input set as read, before the engine looks at it. */
public sealed interface Entry {
  /** Where the resource (or the problem) starts. */
  Loc loc();

  /**
   * Could not be read or decoded: status {@code error}.
   *
   * @param rule {@code read-error}, {@code parse-error} or {@code invalid-object}
   */
  record Failed(Loc loc, String rule, String message, String apiVersion, String kind, String name)
      implements Entry {
    public Failed(Loc loc, String rule, String message) {
      this(loc, rule, message, null, null, null);
    }
  }

  /**
   * Not a Kubernetes object at all (a GitHub workflow, a Helm values file, {@code package.json}, a
   * template): not a resource, not counted; listed with {@code --verbose}.
   *
   * @param template whether it is a template to render first ({@code {{ }}}, a chart's templates)
   */
  record NotAnObject(Loc loc, String reason, boolean template) implements Entry {}

  /**
   * An object of another kind: counted, not checked.
   *
   * @param nearMiss when the kind or version is one of ours misspelt or not served: the warning
   *     that says so, and where (else null)
   */
  record Skipped(
      Loc loc, String apiVersion, String kind, String name, String namespace, NearMiss nearMiss)
      implements Entry {}

  /** A near miss of one of our kinds: a warning instead of a silent skip. */
  record NearMiss(Loc loc, String field, String value, String message) {}

  /**
   * One of our kinds, to be checked.
   *
   * @param base the RFC 6901 pointer of the object inside its document ({@code ""}, or {@code
   *     /items/3} inside a List)
   * @param locations positions of the whole document
   * @param duplicateKeys repeated keys inside this object, pointers from the document root
   */
  record Ours(
      Loc loc,
      Kind kind,
      ObjectNode object,
      String base,
      Locations locations,
      List<DuplicateKey> duplicateKeys)
      implements Entry {

    public String name() {
      return object.path("metadata").path("name").asText("");
    }

    String namespace() {
      return object.path("metadata").path("namespace").asText("");
    }
  }
}
