package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.core.testing.CaseFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules and defaulters never throw on ill-typed objects (they may assume the schema passed, but
 * must not rely on it), and defaulters stay idempotent on them. Every node of every base object of
 * the test data is replaced, in turn, by each odd value, and the object is checked as CREATE and,
 * against its base, as UPDATE in both directions, directly (no schema step in front).
 */
class RulesRobustnessTest {
  private static final List<String> ODD =
      List.of("null", "\"\"", "\"x\"", "-1", "1.5", "true", "[]", "[1,null]", "{}", "{\"a\":[{}]}");

  @Test
  void rulesAndDefaultersTolerateOddValuesEverywhere() throws Exception {
    List<Rule> rules = Rules.catalogue(Settings.defaults());
    List<String> failures = new ArrayList<>();
    int checks = 0;
    for (Path file : files()) {
      JsonNode doc = CaseFiles.read(file);
      ClusterView cluster = CaseFiles.cluster(doc.get("cluster"));
      JsonNode base = doc.get("base");
      Kind kind = CaseFiles.kindOf(base);
      for (JsonNode variant : variants(base)) {
        for (Review review : reviews(kind, base, variant)) {
          for (Rule rule : rules) {
            if (!rule.info().appliesTo(kind, review.operation())) {
              continue;
            }
            checks++;
            try {
              rule.check(review, cluster, new Findings(rule.info().id(), Severity.ERROR));
            } catch (RuntimeException e) {
              failures.add(rule.info().id() + " threw " + e + " on " + review.object());
            }
          }
          for (Defaulter d : Defaulters.all()) {
            if (d.info().appliesTo(kind, review.operation())) {
              checks++;
              idempotent(d, review, failures);
            }
          }
        }
      }
    }
    assertEquals(List.of(), failures.stream().limit(20).toList(), "after " + checks + " checks");
  }

  private static void idempotent(Defaulter d, Review review, List<String> failures) {
    try {
      ObjectNode once = (ObjectNode) review.object().deepCopy();
      d.apply(review, once, Settings.defaults());
      ObjectNode twice = once.deepCopy();
      Review again =
          new Review(
              review.kind(),
              review.operation(),
              once,
              review.oldObject(),
              null,
              null,
              FieldValidation.WARN);
      d.apply(again, twice, Settings.defaults());
      if (!JsonPatches.diff(once, twice).isEmpty()) {
        failures.add(d.info().id() + " is not idempotent on " + review.object());
      }
    } catch (RuntimeException e) {
      failures.add(d.info().id() + " threw " + e + " on " + review.object());
    }
  }

  private static List<Path> files() {
    List<Path> out = new ArrayList<>(CaseFiles.list("rules"));
    out.addAll(CaseFiles.list("mutations"));
    return out;
  }

  private static List<Review> reviews(Kind kind, JsonNode base, JsonNode variant) {
    return List.of(
        review(kind, Operation.CREATE, variant, null, "alice"),
        review(kind, Operation.UPDATE, variant, base, null),
        review(kind, Operation.UPDATE, base, variant, Settings.KUBEVIRT_CONTROLLER));
  }

  private static Review review(
      Kind kind, Operation op, JsonNode object, JsonNode old, String requester) {
    return new Review(kind, op, object, old, null, requester, FieldValidation.WARN);
  }

  /** Copies of {@code base} with one node (at any depth) replaced by an odd value. */
  private static List<JsonNode> variants(JsonNode base) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String pointer : pointers(base, "")) {
      for (String odd : ODD) {
        JsonNode copy = base.deepCopy();
        replace(copy, pointer, CaseFiles.JSON.readTree(odd));
        out.add(copy);
      }
    }
    return out;
  }

  private static List<String> pointers(JsonNode node, String prefix) {
    List<String> out = new ArrayList<>();
    if (node instanceof ObjectNode o) {
      for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
        String p = prefix + JsonPointer.empty().appendProperty(it.next());
        out.add(p);
        out.addAll(pointers(node.at(p.substring(prefix.length())), p));
      }
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        out.add(prefix + "/" + i);
        out.addAll(pointers(a.get(i), prefix + "/" + i));
      }
    }
    return out;
  }

  private static void replace(JsonNode root, String pointer, JsonNode value) {
    int slash = pointer.lastIndexOf('/');
    ContainerNode<?> parent = (ContainerNode<?>) root.at(pointer.substring(0, slash));
    String token = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
    if (parent instanceof ArrayNode a) {
      a.set(Integer.parseInt(token), value);
    } else {
      ((ObjectNode) parent).set(token, value);
    }
  }
}
