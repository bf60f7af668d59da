package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code NodeSelectorRequirement} of a required node affinity term: a match expression on
 * labels, or a match field (only {@code metadata.name} exists). Semantics of Kubernetes'
 * component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go and apimachinery's
 * labels.Requirement: a requirement that does not parse (In with no values, Gt with a non-integer)
 * makes its term match nothing, as the scheduler drops such a term.
 */
public record Requirement(String key, String operator, List<String> values, boolean field) {
  public Requirement {
    key = key == null ? "" : key;
    operator = operator == null ? "" : operator;
    values = List.copyOf(values);
  }

  static Requirement of(JsonNode r, boolean field) {
    List<String> values = new ArrayList<>();
    r.path("values").forEach(v -> values.add(v.asText("")));
    return new Requirement(r.path("key").asText(""), r.path("operator").asText(""), values, field);
  }

  /** Whether the scheduler can use this requirement at all. */
  boolean valid() {
    if (field) {
      // nodeSelectorRequirementsAsFieldSelector: metadata.name, In or NotIn, one value.
      return key.equals("metadata.name")
          && (operator.equals("In") || operator.equals("NotIn"))
          && values.size() == 1;
    }
    return switch (operator) {
      case "In", "NotIn" -> !values.isEmpty();
      case "Exists", "DoesNotExist" -> values.isEmpty();
      case "Gt", "Lt" -> values.size() == 1 && parseLong(values.get(0)) != null;
      default -> false;
    };
  }

  /** Whether a valid requirement holds on the node. */
  boolean matches(NodeFacts node) {
    if (field) {
      boolean in = node.name().equals(values.get(0));
      return operator.equals("In") == in;
    }
    String value = node.labels().get(key);
    return switch (operator) {
      case "In" -> value != null && values.contains(value);
      // A missing key satisfies NotIn and DoesNotExist.
      case "NotIn" -> value == null || !values.contains(value);
      case "Exists" -> value != null;
      case "DoesNotExist" -> value == null;
      case "Gt", "Lt" -> {
        Long have = value == null ? null : parseLong(value);
        if (have == null) {
          yield false;
        }
        long want = parseLong(values.get(0));
        yield operator.equals("Gt") ? have > want : have < want;
      }
      default -> false;
    };
  }

  private static Long parseLong(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** {@code zone In [a, b]}, {@code gpu Exists}, {@code metadata.name NotIn [n1]}. */
  @Override
  public String toString() {
    return key + " " + operator + (values.isEmpty() ? "" : " " + values);
  }
}
