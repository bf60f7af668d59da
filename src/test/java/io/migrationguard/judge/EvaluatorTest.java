package io.migrationguard.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.DefaulterInfo;
import io.migrationguard.core.rules.Settings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --show-patch} fails a defaulting that would patch its own result again. */
class EvaluatorTest {
  /** Appends to a list every time: never converges. */
  private static final class Appender extends Defaulter {
    Appender() {
      super(new DefaulterInfo("appender", "Appends a marker.", Scope.ANY_WRITE));
    }

    @Override
    public void apply(Review review, ObjectNode copy, Settings settings) {
      // A field the schema declares: unknown ones are pruned before defaulting.
      copy.withArray("/metadata/finalizers").add("x");
    }
  }

  private static Review review() {
    ObjectNode obj = JsonNodeFactory.instance.objectNode();
    obj.putObject("metadata").put("name", "p");
    return new Review(Kind.POLICY, Operation.CREATE, obj, null, null, null, FieldValidation.WARN);
  }

  @Test
  void aDefaulterThatNeverConvergesIsAFinding() {
    Engine engine =
        new Engine(
            (kind, object, mode) -> List.of(),
            List.of(),
            List.of(new Appender()),
            Settings.defaults());
    Evaluator.Outcome out = new Evaluator(engine, true).evaluate(review(), ClusterView.none());
    assertEquals(1, out.patch().size());
    assertEquals(1, out.findings().size());
    assertEquals(Evaluator.IDEMPOTENT, out.findings().get(0).rule());
    assertTrue(out.findings().get(0).isError());
    assertEquals("metadata.finalizers[1]", out.findings().get(0).field().toString());
  }

  @Test
  void theRealDefaultersAreIdempotentAndWithoutShowPatchThereIsNoPatch() {
    Engine engine = io.migrationguard.core.Engine.standard(Settings.defaults());
    ObjectNode vmim = JsonNodeFactory.instance.objectNode();
    vmim.put("apiVersion", "kubevirt.io/v1").put("kind", "VirtualMachineInstanceMigration");
    vmim.putObject("metadata").put("name", "m").put("namespace", "ns");
    vmim.putObject("spec").put("vmiName", "vm");
    Review r =
        new Review(Kind.VMIM, Operation.CREATE, vmim, null, "ns", null, FieldValidation.WARN);
    Evaluator.Outcome shown = new Evaluator(engine, true).evaluate(r, ClusterView.none());
    assertTrue(shown.patch().size() >= 1, shown.toString());
    assertTrue(shown.findings().stream().noneMatch(f -> f.rule().equals(Evaluator.IDEMPOTENT)));
    assertEquals(null, new Evaluator(engine, false).evaluate(r, ClusterView.none()).patch());
  }
}
