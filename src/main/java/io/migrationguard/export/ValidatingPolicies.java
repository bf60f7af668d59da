package io.migrationguard.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.policy.Bandwidth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ValidatingAdmissionPolicies and their bindings: per kind, one policy of errors (bound with
 * Deny), one of warnings (bound with Warn) and one of the feature-gate rules (its parameter the
 * KubeVirt CR). Each finding a rule can report is one validation, worded as the webhook words it.
 */
final class ValidatingPolicies {
  static final String API_VERSION = "admissionregistration.k8s.io/v1";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ValidatingPolicies() {}

  /** A policy's part of the export: its name, checks, action and whether it reads the gates. */
  record Group(String name, Kind kind, List<Check> checks, String action, boolean gates) {}

  /** The groups of {@code kind} that have at least one check. */
  static List<Group> groups(Kind kind, ExportOptions options) {
    Map<String, Severity> severities = new HashMap<>();
    for (Rule r : Rules.all(options.settings())) {
      // An operator's rule action (deny, warn) moves a rule to the binding of that action.
      severities.put(
          r.info().id(), options.settings().severityOf(r.info().id(), r.info().severity()));
    }
    List<Check> errors = new ArrayList<>();
    List<Check> warnings = new ArrayList<>();
    List<Check> gates = new ArrayList<>();
    List<Check> gateWarnings = new ArrayList<>();
    for (RuleExports.Export e : RuleExports.forKind(options.settings(), kind)) {
      boolean warns = severities.get(e.rule()) == Severity.WARNING;
      List<Check> target =
          e.needsGates() ? (warns ? gateWarnings : gates) : warns ? warnings : errors;
      target.addAll(e.checks());
    }
    String base = "migration-guard-" + Resources.plural(kind);
    List<Group> out = new ArrayList<>();
    add(out, new Group(base, kind, errors, "Deny", false));
    add(out, new Group(base + "-warnings", kind, warnings, "Warn", false));
    add(out, new Group(base + "-feature-gates", kind, gates, "Deny", true));
    add(out, new Group(base + "-feature-gates-warnings", kind, gateWarnings, "Warn", true));
    return out;
  }

  private static void add(List<Group> out, Group g) {
    if (!g.checks().isEmpty()) {
      out.add(g);
    }
  }

  static ObjectNode policy(Group g) {
    ObjectNode spec = JSON.objectNode();
    if (g.gates()) {
      spec.putObject("paramKind").put("apiVersion", "kubevirt.io/v1").put("kind", "KubeVirt");
    }
    spec.set("matchConstraints", Resources.matchConstraints(g.kind()));
    spec.put("failurePolicy", "Fail");
    // Only the variables the checks read: each is built lazily, but it is compiled with the policy.
    StringBuilder uses = new StringBuilder();
    g.checks().forEach(c -> uses.append(c.expression()).append(c.message()));
    ArrayNode variables = spec.putArray("variables");
    if (uses.indexOf("variables." + Bandwidth.BANDWIDTH_PROBLEM) >= 0) {
      uses.append(Bandwidth.bandwidthProblem());
    }
    if (uses.indexOf("variables." + Cel.ESCAPES) >= 0) {
      variables.addObject().put("name", Cel.ESCAPES).put("expression", Cel.escapesMap());
    }
    if (uses.indexOf("variables." + Bandwidth.BANDWIDTH_PROBLEM) >= 0) {
      variables
          .addObject()
          .put("name", Bandwidth.BANDWIDTH_PROBLEM)
          .put("expression", Bandwidth.bandwidthProblem());
    }
    if (variables.isEmpty()) {
      spec.remove("variables");
    }
    ArrayNode validations = spec.putArray("validations");
    for (Check c : g.checks()) {
      validations
          .addObject()
          .put("expression", c.expression())
          .put("messageExpression", c.message())
          // Shown when the message cannot be built (a runtime error): the rule id, never empty.
          .put("message", "failed rule " + c.rule())
          .put("reason", "Invalid");
    }
    return Resources.object(API_VERSION, "ValidatingAdmissionPolicy", g.name(), spec);
  }

  static ObjectNode binding(Group g, ExportOptions options) {
    ObjectNode spec = JSON.objectNode().put("policyName", g.name());
    if (g.gates()) {
      ObjectNode ref = spec.putObject("paramRef");
      ref.put("namespace", options.kubevirtNamespace());
      // Every KubeVirt CR of the namespace: KubeVirt runs one, whatever its name.
      ref.putObject("selector");
      ref.put("parameterNotFoundAction", options.paramNotFound());
    }
    spec.putArray("validationActions").add(g.action());
    return Resources.object(API_VERSION, "ValidatingAdmissionPolicyBinding", g.name(), spec);
  }
}
