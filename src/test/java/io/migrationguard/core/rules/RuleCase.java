package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.core.testing.ThrowingClusterView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One case of a rule's data file ({@code src/test/resources/rules/<rule-id>.yaml}): the base (and
 * old) object with the case's JSON-Pointer tweaks, the operation, requester and cluster, and the
 * findings of that rule it must produce, as sorted {@code "<cause type> <field>"} strings.
 */
record RuleCase(
    String rule,
    String name,
    Kind kind,
    Operation operation,
    String requester,
    JsonNode object,
    JsonNode oldObject,
    JsonNode cluster,
    boolean unavailable,
    boolean lookupFails,
    List<String> expected,
    List<Detail> details,
    Engine engine) {

  /** An expected finding's message must contain {@code text}. */
  record Detail(String field, String text) {}

  @Override
  public String toString() {
    return rule + ": " + name;
  }

  /** Every case of one file. */
  static List<RuleCase> load(Path file) {
    JsonNode doc = CaseFiles.read(file);
    String rule = doc.path("rule").asText();
    JsonNode base = doc.path("base");
    JsonNode oldBase = doc.has("old") ? doc.get("old") : base;
    Engine fileEngine = Engine.standard(CaseFiles.settings(doc.get("settings")));
    List<RuleCase> out = new ArrayList<>();
    for (JsonNode c : doc.path("cases")) {
      // A case may bring its own base (another kind) and settings (another allow-list).
      JsonNode caseBase = c.has("base") ? c.get("base") : base;
      JsonNode caseOld = c.has("base") ? caseBase : oldBase;
      Engine engine =
          c.has("settings") ? Engine.standard(CaseFiles.settings(c.get("settings"))) : fileEngine;
      Operation op = Operation.valueOf(c.path("operation").asText("CREATE"));
      JsonNode object = CaseFiles.tweak(caseBase, c.get("set"), c.get("remove"));
      JsonNode old =
          op == Operation.UPDATE
              ? CaseFiles.tweak(caseOld, c.get("oldSet"), c.get("oldRemove"))
              : null;
      List<String> expected = new ArrayList<>();
      List<Detail> details = new ArrayList<>();
      Severity declared = declaredSeverity(rule);
      for (JsonNode e : c.path("expect")) {
        // A rule reports at its declared severity unless the case says otherwise.
        String severity =
            e.has("severity")
                ? e.get("severity").asText().toUpperCase(java.util.Locale.ROOT)
                : declared == null ? null : declared.name();
        expected.add(
            e.path("type").asText()
                + " "
                + e.path("field").asText()
                + (severity == null ? "" : " " + severity));
        if (e.has("detail")) {
          details.add(new Detail(e.path("field").asText(), e.get("detail").asText()));
        }
      }
      expected.sort(null);
      out.add(
          new RuleCase(
              rule,
              c.path("name").asText(),
              CaseFiles.kindOf(caseBase),
              op,
              c.hasNonNull("requester") ? c.get("requester").asText() : null,
              object,
              old,
              c.has("cluster") ? c.get("cluster") : doc.get("cluster"),
              c.path("clusterUnavailable").asBoolean(false),
              c.path("lookupFails").asBoolean(c.path("clusterUnavailable").asBoolean(false)),
              List.copyOf(expected),
              List.copyOf(details),
              engine));
    }
    return out;
  }

  /** Runs the whole engine on this case. */
  Decision run() {
    ClusterView view = unavailable ? new ThrowingClusterView() : CaseFiles.cluster(cluster);
    Review review =
        new Review(kind, operation, object, oldObject, null, requester, FieldValidation.WARN);
    return engine.validate(review, view);
  }

  /** The findings of this case's rule in a decision, in the form of {@link #expected}. */
  List<String> actual(Decision decision) {
    List<String> out = new ArrayList<>();
    boolean withSeverity = declaredSeverity(rule) != null;
    for (Finding f : decision.findings()) {
      if (f.rule().equals(rule)) {
        out.add(
            f.type().wireName()
                + " "
                + f.field()
                + (withSeverity ? " " + f.severity().name() : ""));
      }
    }
    out.sort(null);
    return out;
  }

  /** The severity the catalogue declares for {@code rule}, or null for ids outside it. */
  static Severity declaredSeverity(String rule) {
    return DECLARED.get(rule);
  }

  private static final java.util.Map<String, Severity> DECLARED = declared();

  private static java.util.Map<String, Severity> declared() {
    java.util.Map<String, Severity> out = new java.util.HashMap<>();
    for (Rule r : Rules.all(io.migrationguard.core.rules.Settings.defaults())) {
      out.put(r.info().id(), r.info().severity());
    }
    return out;
  }

  boolean accepting() {
    return expected.isEmpty() && !unavailable;
  }
}
