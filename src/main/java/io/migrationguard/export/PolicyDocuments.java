package io.migrationguard.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.List;

/** Every object of an export, in the order they are applied: each policy before its binding. */
public final class PolicyDocuments {
  private PolicyDocuments() {}

  public static List<ObjectNode> build(ExportOptions options) {
    List<ObjectNode> out = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      for (ValidatingPolicies.Group g : ValidatingPolicies.groups(kind, options)) {
        out.add(ValidatingPolicies.policy(g));
        out.add(ValidatingPolicies.binding(g, options));
      }
    }
    out.addAll(MutatingPolicies.objects(options));
    return out;
  }
}
