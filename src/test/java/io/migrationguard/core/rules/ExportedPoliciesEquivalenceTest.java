package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.export.ExportedChecks;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of every exported rule's data file (the data {@link RuleCasesTest} runs through the
 * engine) evaluated through the exported admission policies with cel-java: the same findings, with
 * the same words, paths and actions (Deny for errors, Warn for warnings).
 */
class ExportedPoliciesEquivalenceTest {

  static Stream<RuleCase> cases() {
    return CaseFiles.list("rules").stream()
        .flatMap(f -> RuleCase.load(f).stream())
        .filter(c -> ExportedChecks.exported(c.rule()))
        // A policy reads its parameter from the API server itself: no lookup can fail.
        .filter(c -> !c.unavailable())
        // A rule an operator sets to warn keeps its error's words in the Warn binding, where the
        // webhook's warning says path and detail only (ExportRuleActionsTest covers the export).
        .filter(c -> c.engine().settings().severities().isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void samePoliciesVerdict(RuleCase c) {
    Decision decision = c.run();
    FeatureGates gates = CaseFiles.cluster(c.cluster()).featureGates();
    var review =
        ExportedChecks.review(c.kind(), c.operation(), c.object(), c.oldObject(), c.requester());
    assertEquals(
        ExportedChecks.engine(review, decision.findings(), c.rule()),
        ExportedChecks.policies(c.engine().settings(), review, gates, c.rule()),
        c.toString());
  }
}
