package io.migrationguard.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.ThrowingClusterView;
import io.migrationguard.fuzz.JsonMutator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Generated-input fuzzing of the engine: 100,000 mutated objects of both kinds (CREATE and UPDATE,
 * every field-validation mode, with a cluster that answers, one that knows nothing, one that fails)
 * through validate and mutate. No exception may escape, every finding must render, and the slowest
 * call is reported (the hang detector fails above one second).
 */
class EngineFuzzTest {
  private static final int CASES = 100_000;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void mutatedObjectsNeverEscapeTheEngine() throws IOException {
    Engine engine = Engine.standard(Settings.defaults());
    List<Seed> seeds = seeds();
    Random rnd = new Random(424242);
    JsonMutator mutator = new JsonMutator(rnd);
    ClusterView[] clusters = {populated(seeds), ClusterView.none(), new ThrowingClusterView()};
    long slowestNanos = 0;
    int denied = 0;
    for (int i = 0; i < CASES; i++) {
      Seed seed = seeds.get(rnd.nextInt(seeds.size()));
      JsonNode object = rnd.nextInt(10) == 0 ? seed.object() : mutator.mutate(seed.object());
      boolean update = rnd.nextBoolean();
      JsonNode old =
          update ? (rnd.nextBoolean() ? seed.object() : mutator.mutate(seed.object())) : null;
      Review review =
          new Review(
              seed.kind(),
              update ? Operation.UPDATE : Operation.CREATE,
              object,
              old,
              rnd.nextBoolean() ? "ns-a" : null,
              rnd.nextBoolean() ? null : Settings.KUBEVIRT_CONTROLLER,
              FieldValidation.values()[rnd.nextInt(3)]);
      long t0 = System.nanoTime();
      Decision v = engine.validate(review, clusters[rnd.nextInt(clusters.length)]);
      Decision m = engine.mutate(review);
      slowestNanos = Math.max(slowestNanos, System.nanoTime() - t0);
      assertNotNull(v);
      assertNotNull(m);
      for (Finding f : v.findings()) {
        assertNotNull(f.render());
        assertNotNull(f.warningText());
        assertNotEquals(
            CauseType.INTERNAL, f.type(), () -> "a rule crashed: " + f.rule() + " on " + object);
      }
      if (!v.allowed()) {
        denied++;
      }
    }
    System.out.printf(
        "engine fuzz: %d cases, %d denied, slowest validate+mutate %.2f ms%n",
        CASES, denied, slowestNanos / 1e6);
    assertTrue(slowestNanos < 5_000_000_000L, "a call took " + slowestNanos / 1e6 + " ms");
  }

  private record Seed(Kind kind, JsonNode object) {}

  private static List<Seed> seeds() throws IOException {
    List<Seed> out = new ArrayList<>();
    for (String f : List.of("vmim-create.json", "policy-create.json", "vmim-update.json")) {
      JsonNode review = MAPPER.readTree(Files.readString(Path.of("bench/payloads", f)));
      Kind kind = f.startsWith("policy") ? Kind.POLICY : Kind.VMIM;
      out.add(new Seed(kind, review.at("/request/object")));
      if (review.at("/request/oldObject").isObject()) {
        out.add(new Seed(kind, review.at("/request/oldObject")));
      }
    }
    JsonNode policy = out.get(2).object().deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) policy.get("spec"))
        .set(
            "experimental",
            MAPPER.readTree(
                "{\"stallDetector\":{\"ewmaAlpha\":\"0.5\",\"precopyPossibleFactor\":2,"
                    + "\"stallMargin\":4},\"compression\":\"zstd\"}"));
    out.add(new Seed(Kind.POLICY, policy));
    return out;
  }

  private static ClusterView populated(List<Seed> seeds) throws IOException {
    InMemoryClusterView view = new InMemoryClusterView();
    view.addVmi(
        MAPPER.readTree(
            "{\"metadata\":{\"name\":\"db-0\",\"namespace\":\"prod-databases\"},"
                + "\"status\":{\"phase\":\"Running\"}}"));
    for (Seed s : seeds) {
      if (s.kind() == Kind.POLICY) {
        view.addPolicy(s.object());
      } else {
        view.addMigration(s.object());
      }
    }
    return view.featureGates(
        new FeatureGates(Set.of("MigrationStallDetection", "MigrationDowntimeTuning"), Set.of()));
  }
}
