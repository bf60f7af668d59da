package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.SchemaRefinement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code policy-selector-matchlabels}: {@code matchLabels} or {@code matchExpressions} under a
 * MigrationPolicy's {@code namespaceSelector} or {@code virtualMachineInstanceSelector}. Those
 * selectors are plain label maps ({@code map[string]string}); the LabelSelector shape was removed
 * before v1.0 (kubevirt#7510), and old posts still show it. The schema's answer is a bare "must be
 * of type string" at the key; this rule takes its place, at the same key, with the fix. The object
 * stays invalid, as the API server refuses it.
 */
public final class SelectorMatchLabels extends Rule implements SchemaRefinement {
  static final String ID = "policy-selector-matchlabels";
  private static final List<String> SELECTORS =
      List.of("namespaceSelector", "virtualMachineInstanceSelector");
  private static final List<String> SHAPES = List.of("matchLabels", "matchExpressions");

  public SelectorMatchLabels() {
    super(
        RuleInfo.error(
                ID,
                Scope.POLICY_WRITE,
                "The namespaceSelector and virtualMachineInstanceSelector of a migration policy are"
                    + " plain label maps: matchLabels and matchExpressions, a LabelSelector's"
                    + " fields, are not accepted there (removed before KubeVirt v1.0).",
                "Selectors are plain label maps: put the labels directly under namespaceSelector or"
                    + " virtualMachineInstanceSelector (key: value), without matchLabels; an"
                    + " expression has no equivalent.")
            .webhookOnly(
                "it explains a schema error, which the API server reports before any admission"
                    + " policy runs"));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    // An object this rule reports on fails the schema, so rules never see it: see refine.
  }

  @Override
  public List<Finding> refine(Review review, List<Finding> schemaFindings) {
    JsonNode selectors = RuleHelpers.at(review.object(), "spec", "selectors");
    if (selectors == null || !selectors.isObject()) {
      return schemaFindings;
    }
    List<Finding> out = schemaFindings;
    for (String selector : SELECTORS) {
      JsonNode map = selectors.get(selector);
      if (map == null || !map.isObject()) {
        continue;
      }
      for (String shape : SHAPES) {
        JsonNode value = map.get(shape);
        if (value == null || value.isTextual()) {
          continue; // absent, or a label that happens to have this name: the schema accepts it
        }
        FieldPath at = FieldPath.of("spec", "selectors", selector, shape);
        out = replace(out, at, finding(at, selector, shape, value));
      }
    }
    return out;
  }

  private static Finding finding(FieldPath at, String selector, String shape, JsonNode value) {
    String type =
        value.isObject()
            ? "object"
            : value.isArray() ? "array" : value.getNodeType().name().toLowerCase(Locale.ROOT);
    String detail =
        "selectors are plain label maps: put the labels directly under spec.selectors."
            + selector
            + ", without "
            + shape
            + (shape.equals("matchLabels")
                ? " (the LabelSelector shape was removed before KubeVirt v1.0)"
                : " (expressions are not supported: list the labels to match)");
    return new Finding(
        ID, Severity.ERROR, CauseType.INVALID, at, JsonNodeFactory.instance.textNode(type), detail);
  }

  /** {@code findings} without the schema's at or under {@code at}, plus {@code mine}. */
  private static List<Finding> replace(List<Finding> findings, FieldPath at, Finding mine) {
    List<Finding> out = new ArrayList<>();
    List<String> prefix = at.segments();
    for (Finding f : findings) {
      List<String> s = f.field().segments();
      boolean under =
          f.rule().equals("schema")
              && s.size() >= prefix.size()
              && s.subList(0, prefix.size()).equals(prefix);
      if (!under) {
        out.add(f);
      }
    }
    out.add(mine);
    return out;
  }
}
