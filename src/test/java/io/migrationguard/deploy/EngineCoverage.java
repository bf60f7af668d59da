package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.schema.SchemaValidator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Which (kind, operation) pairs the engine acts on, asked of the engine itself, so a webhook
 * configuration can be compared with it: a rule or defaulter added for a new operation without the
 * matching webhook rule fails the build.
 */
final class EngineCoverage {
  /** One kind and operation, as a webhook rule matches it. */
  record Pair(Kind kind, Operation operation) {}

  private EngineCoverage() {}

  /**
   * The pairs {@code /validate} examines: those the engine runs the schema for, plus every rule's.
   */
  static Set<Pair> validated() {
    Set<Pair> examined = examined();
    Set<Pair> out = new HashSet<>(examined);
    for (var rule : Rules.catalogue(Settings.defaults())) {
      RuleInfo info = rule.info();
      for (Kind k : info.kinds()) {
        for (Operation o : info.operations()) {
          if (examined.contains(new Pair(k, o))) {
            out.add(new Pair(k, o));
          }
        }
      }
    }
    return out;
  }

  /** The pairs {@code /mutate} can change: examined by the engine and applied by a defaulter. */
  static Set<Pair> mutated() {
    List<Defaulter> defaulters = Defaulters.all();
    Set<Pair> out = new HashSet<>();
    for (Pair p : examined()) {
      if (defaulters.stream().anyMatch(d -> d.info().appliesTo(p.kind(), p.operation()))) {
        out.add(p);
      }
    }
    return out;
  }

  /** The pairs the engine reviews at all (the others it allows untouched), found by probing it. */
  static Set<Pair> examined() {
    AtomicBoolean called = new AtomicBoolean();
    SchemaValidator probe =
        (kind, object, mode) -> {
          called.set(true);
          return List.<Finding>of();
        };
    Engine engine = new Engine(probe, List.of(), List.of(), Settings.defaults());
    Set<Pair> out = new HashSet<>();
    for (Kind k : Kind.values()) {
      for (Operation o : Operation.values()) {
        called.set(false);
        engine.validate(review(k, o), new InMemoryClusterView());
        if (called.get()) {
          out.add(new Pair(k, o));
        }
      }
    }
    return out;
  }

  private static Review review(Kind kind, Operation op) {
    ObjectNode object = JsonNodeFactory.instance.objectNode();
    object.put("apiVersion", kind.apiVersion()).put("kind", kind.kindName());
    JsonNode old = op == Operation.UPDATE ? object.deepCopy() : null;
    return new Review(kind, op, object, old, "default", "tester", FieldValidation.WARN);
  }

  /** The resource name the API server uses for a kind (Kubernetes' guess from the kind name). */
  static String resource(Kind kind) {
    String k = kind.kindName().toLowerCase(Locale.ROOT);
    if (k.endsWith("s")) {
      return k + "es";
    }
    return k.endsWith("y") ? k.substring(0, k.length() - 1) + "ies" : k + "s";
  }
}
