package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every case of every rule data file through the whole engine (schema included) and compares
 * the findings of the file's rule by cause type and field.
 */
class RuleCasesTest {

  static Stream<RuleCase> cases() {
    return CaseFiles.list("rules").stream().flatMap(f -> RuleCase.load(f).stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void ruleCase(RuleCase c) {
    Decision decision = c.run();
    List<String> schemaErrors =
        decision.findings().stream()
            .filter(f -> f.rule().equals("schema") && f.severity() == Severity.ERROR)
            .map(Finding::render)
            .toList();
    // A case the schema rejects never reaches the rule: it would pass without testing anything.
    assertEquals(List.of(), schemaErrors, c + ": the case object must pass the schema");
    List<String> internal =
        decision.findings().stream()
            .filter(f -> f.type().wireName().equals("InternalError"))
            .map(Finding::render)
            .toList();
    assertEquals(List.of(), internal, c + ": no rule may fail on this object");
    assertEquals(c.expected(), c.actual(decision), () -> c + ": findings: " + render(decision));
    for (RuleCase.Detail d : c.details()) {
      assertTrue(
          decision.findings().stream()
              .anyMatch(
                  f ->
                      f.rule().equals(c.rule())
                          && f.field().toString().equals(d.field())
                          && f.detail().contains(d.text())),
          () -> c + ": no finding at " + d.field() + " says " + d.text() + ": " + render(decision));
    }
    if (c.unavailable()) {
      // lookupFails: false says the rule must not even ask the (unreachable) cluster.
      assertEquals(
          c.lookupFails(),
          decision.unavailable().stream().anyMatch(u -> u.startsWith(c.rule() + ":")),
          () -> "unavailable lookups: " + decision.unavailable());
    } else {
      assertEquals(List.of(), decision.unavailable());
    }
  }

  private static List<String> render(Decision d) {
    return d.findings().stream().map(f -> f.rule() + " " + f.render()).toList();
  }
}
