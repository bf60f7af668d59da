package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.export.ExportOptions;
import io.migrationguard.export.KubernetesVersion;
import io.migrationguard.export.PolicyDocuments;
import io.migrationguard.export.PolicyEvaluator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every mutation case of an exported defaulter (and of the whole engine where no operator defaults
 * apply, those stay in the webhook) through the exported MutatingAdmissionPolicies with cel-java:
 * the same object as the patch of the engine with the exported defaulters gives, for the v1beta1
 * (1.34) and the v1 (1.36) export, and nothing more when the policies run again on their own result
 * (idempotence).
 */
class ExportedMutationsEquivalenceTest {
  private static final List<String> EXPORTED =
      List.of("vmim-selector-label", "vmim-finalizer", "policy-workload-disruption");

  static Stream<MutationCase> cases() {
    return CaseFiles.list("mutations").stream()
        .flatMap(f -> MutationCase.load(f).stream())
        .filter(
            c ->
                EXPORTED.contains(c.defaulter())
                    || c.defaulter().equals(MutationCase.ALL)
                        && !c.engine().settings().configuredDefaults().containsKey(c.kind()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void sameObjectAsTheEnginesPatch(MutationCase c) {
    Review review = c.review(c.object());
    // The patch applies to the object as the API server holds it (nulls dropped, unknown pruned).
    JsonNode held = Engine.standard(Settings.defaults()).apiServerView(review).object();
    // The engine with the exported defaulters, all of them, as the policies apply them all.
    Engine engine =
        new Engine(
            (k, o, m) -> List.of(),
            List.of(),
            Defaulters.all().stream().filter(d -> EXPORTED.contains(d.info().id())).toList(),
            c.engine().settings());
    JsonNode expected = JsonPatches.apply(held, engine.mutate(review).patch());
    for (String version : List.of("1.34", "1.36")) {
      PolicyEvaluator policies =
          new PolicyEvaluator(
              PolicyDocuments.build(
                  new ExportOptions(
                      KubernetesVersion.parse(version),
                      c.engine().settings(),
                      ExportOptions.KUBEVIRT_NAMESPACE,
                      ExportOptions.DENY)));
      JsonNode once = policies.mutate(request(c, held));
      assertEquals(expected, once, c + " on " + version);
      assertEquals(once, policies.mutate(request(c, once)), c + ": a second run changes nothing");
    }
  }

  private static PolicyEvaluator.Request request(MutationCase c, JsonNode object) {
    JsonNode old = c.operation() == io.migrationguard.core.model.Operation.UPDATE ? object : null;
    return new PolicyEvaluator.Request(
        c.kind(), c.operation().name(), object, old, "system:admin", null);
  }
}
