package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.apiserver.BeforeAdmission;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.schema.ReleaseSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's findings and the exported policies' failures for the same review, in one form:
 * sorted {@code "<action> <message>"} strings (Deny with the rendered error, Warn with the
 * warning's text), so that the two can be compared by equality.
 */
public final class ExportedChecks {
  private static final Map<Settings, PolicyEvaluator> EVALUATORS = new HashMap<>();

  private ExportedChecks() {}

  /** The evaluator of the policies exported with {@code settings} for Kubernetes 1.30. */
  public static synchronized PolicyEvaluator evaluator(Settings settings) {
    return EVALUATORS.computeIfAbsent(
        settings,
        s ->
            new PolicyEvaluator(
                PolicyDocuments.build(
                    new ExportOptions(
                        KubernetesVersion.OLDEST,
                        s,
                        ExportOptions.KUBEVIRT_NAMESPACE,
                        ExportOptions.DENY))));
  }

  /** Whether {@code rule} is exported. */
  public static boolean exported(String rule) {
    return RuleExports.all(Settings.defaults()).get(rule).exported();
  }

  /**
   * The findings {@code rule} reported in the engine's answer to {@code review}, in the common
   * form: without the warnings the API server's own step reports under a rule's id (the namespace
   * of a cluster-scoped object, cleared), which no policy can see.
   */
  public static List<String> engine(Review review, List<Finding> findings, String rule) {
    List<Finding> apiServer =
        BeforeAdmission.prepare(ReleaseSchemas.of(Releases.NEWEST), review).changes();
    List<String> out = new ArrayList<>();
    for (Finding f : findings) {
      if (f.rule().equals(rule) && !apiServer.contains(f)) {
        out.add(f.isError() ? "Deny " + f.render() : "Warn " + f.warningText());
      }
    }
    out.sort(null);
    return out;
  }

  /**
   * The failures of {@code rule}'s validations for {@code review}, its objects as the API server
   * hands them to admission (converted, nulls dropped, status as stored, unknown fields pruned) and
   * the feature gates as a KubeVirt CR.
   */
  public static List<String> policies(
      Settings settings, Review review, FeatureGates gates, String rule) {
    ReleaseSchemas schemas = ReleaseSchemas.of(settings.release());
    Review judged =
        BeforeAdmission.statusForSchema(BeforeAdmission.prepare(schemas, review).review());
    Review view = BeforeAdmission.prune(schemas, BeforeAdmission.mainResourceStatus(judged));
    PolicyEvaluator.Request request =
        new PolicyEvaluator.Request(
            view.kind(),
            view.operation().name(),
            view.object(),
            view.oldObject(),
            view.requester(),
            kubevirt(gates));
    List<String> out = new ArrayList<>();
    for (PolicyEvaluator.Failure f : evaluator(settings).validate(request)) {
      if (f.rule().equals(rule)) {
        out.add(f.action() + " " + f.message());
      }
    }
    out.sort(null);
    return out;
  }

  /** A review as the webhook builds one (no namespace from the request: the object's). */
  public static Review review(
      Kind kind, Operation op, JsonNode object, JsonNode old, String requester) {
    return new Review(kind, op, object, old, null, requester, FieldValidation.WARN);
  }

  /** The KubeVirt CR that sets {@code gates}. */
  static ObjectNode kubevirt(FeatureGates gates) {
    ObjectNode kv = JsonNodeFactory.instance.objectNode();
    kv.put("apiVersion", "kubevirt.io/v1").put("kind", "KubeVirt");
    kv.putObject("metadata").put("name", "kubevirt").put("namespace", "kubevirt");
    ObjectNode dev =
        kv.putObject("spec").putObject("configuration").putObject("developerConfiguration");
    gates.enabledGates().stream().sorted().forEach(g -> dev.withArray("featureGates").add(g));
    gates.disabledGates().stream()
        .sorted()
        .forEach(g -> dev.withArray("disabledFeatureGates").add(g));
    return kv;
  }
}
