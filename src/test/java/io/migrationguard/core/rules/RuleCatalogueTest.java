package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The kube-linter meta-test: the catalogue and its test data describe each other completely. */
class RuleCatalogueTest {
  private static final List<Rule> RULES = Rules.catalogue(Settings.defaults());
  private static final Pattern ID = Pattern.compile("[a-z]+(-[a-z0-9]+)+");
  // One sentence: a capital first, one final period, no sentence break inside.
  private static final Pattern SENTENCE = Pattern.compile("[A-Z][^\\n]*[^.]\\.");
  private static final Pattern SENTENCE_BREAK = Pattern.compile("[.!?] [A-Z]");

  private static Map<String, List<RuleCase>> casesByRule() {
    return CaseFiles.list("rules").stream()
        .collect(Collectors.toMap(CaseFiles::id, RuleCase::load));
  }

  @Test
  void idsAreUniqueAndWellFormed() {
    List<String> ids = RULES.stream().map(r -> r.info().id()).toList();
    assertEquals(ids.size(), Set.copyOf(ids).size(), "duplicate ids in " + ids);
    ids.forEach(id -> assertTrue(ID.matcher(id).matches(), id));
  }

  @Test
  void descriptionsAreOneSentenceEndingInAPeriod() {
    for (Rule r : RULES) {
      for (String d : List.of(r.info().description(), r.info().fix())) {
        assertTrue(SENTENCE.matcher(d).matches(), r.info().id() + ": " + d);
        assertFalse(SENTENCE_BREAK.matcher(d).find(), r.info().id() + ": " + d);
      }
    }
  }

  @Test
  void everyRuleHasScope() {
    for (Rule r : RULES) {
      assertFalse(r.info().kinds().isEmpty(), r.info().id());
      assertFalse(r.info().operations().isEmpty(), r.info().id());
    }
  }

  @Test
  void caseFilesAndRulesMatchOneToOne() {
    Set<String> ids = RULES.stream().map(r -> r.info().id()).collect(Collectors.toSet());
    Set<String> files =
        CaseFiles.list("rules").stream().map(CaseFiles::id).collect(Collectors.toSet());
    assertEquals(new TreeSet<>(ids), new TreeSet<>(files));
    casesByRule()
        .forEach(
            (file, cases) ->
                cases.forEach(c -> assertEquals(file, c.rule(), "rule: inside " + file)));
  }

  @Test
  void everyRuleHasAcceptingAndRejectingCases() {
    Map<String, List<RuleCase>> cases = casesByRule();
    Map<String, Rule> rules =
        RULES.stream().collect(Collectors.toMap(r -> r.info().id(), Function.identity()));
    for (var e : cases.entrySet()) {
      String id = e.getKey();
      RuleInfo info = rules.get(id).info();
      List<RuleCase> applicable =
          e.getValue().stream().filter(c -> info.appliesTo(c.kind(), c.operation())).toList();
      assertTrue(applicable.stream().anyMatch(RuleCase::accepting), id + ": no accepting case");
      assertTrue(
          applicable.stream().anyMatch(c -> !c.expected().isEmpty()), id + ": no rejecting case");
      if (info.operations().contains(Operation.UPDATE)) {
        assertTrue(
            e.getValue().stream().anyMatch(c -> c.operation() == Operation.UPDATE),
            id + ": no UPDATE case");
      }
      if (!info.lookups().isEmpty()) {
        // An error rule that cannot look up answers 503; a warning rule is skipped instead (a
        // warning is not worth refusing a review): either way a case says which.
        boolean warns = info.severity() == io.migrationguard.core.model.Severity.WARNING;
        assertTrue(
            e.getValue().stream().anyMatch(c -> c.unavailable() && (c.lookupFails() || warns)),
            id + ": no cluster-unavailable case");
      }
    }
  }
}
