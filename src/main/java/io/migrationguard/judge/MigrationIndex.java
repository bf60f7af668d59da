package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.Views;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The VirtualMachineInstanceMigrations of the input set by namespace, and within a namespace by the
 * VMI they target (label {@code kubevirt.io/vmi-name} and {@code spec.vmiName}), so that each
 * migration meets only the migrations of its own VMI ({@code vmim-no-inflight}) rather than the
 * whole namespace. Migrations whose target is not a string are always included.
 */
final class MigrationIndex {

  private final Map<String, List<JsonNode>> byNamespace = new HashMap<>();
  private final Map<String, List<JsonNode>> byTarget = new HashMap<>();
  private final Map<String, List<JsonNode>> odd = new HashMap<>();
  private final Map<JsonNode, Integer> seq = new IdentityHashMap<>();

  void add(JsonNode vmim) {
    seq.put(vmim, seq.size());
    String ns = namespace(vmim);
    byNamespace.computeIfAbsent(ns, k -> new ArrayList<>()).add(vmim);
    JsonNode label = vmim.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL);
    JsonNode vmi = vmim.path("spec").path("vmiName");
    boolean oddTarget = false;
    for (JsonNode t : List.of(label, vmi)) {
      if (t.isTextual()) {
        byTarget.computeIfAbsent(ns + "/" + t.textValue(), k -> new ArrayList<>()).add(vmim);
      } else if (!t.isMissingNode() && !t.isNull()) {
        oddTarget = true;
      }
    }
    if (oddTarget) {
      odd.computeIfAbsent(ns, k -> new ArrayList<>()).add(vmim);
    }
  }

  /** Every migration of {@code namespace}. */
  List<JsonNode> all(String namespace) {
    return byNamespace.getOrDefault(namespace, List.of());
  }

  /** The migrations of {@code self}'s namespace that may target its VMI, without itself. */
  List<JsonNode> candidates(JsonNode self) {
    String ns = namespace(self);
    JsonNode label = self.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL);
    JsonNode vmi = self.path("spec").path("vmiName");
    if ((!label.isTextual() && !label.isMissingNode())
        || (!vmi.isTextual() && !vmi.isMissingNode())) {
      return Views.without(all(ns), self);
    }
    List<JsonNode> byLabel = label.isTextual() ? target(ns, label.textValue()) : List.of();
    List<JsonNode> byVmi = vmi.isTextual() ? target(ns, vmi.textValue()) : List.of();
    List<JsonNode> union = Views.union(seq, byVmi, byLabel, odd.getOrDefault(ns, List.of()));
    return Views.without(union, self);
  }

  private List<JsonNode> target(String ns, String name) {
    return byTarget.getOrDefault(ns + "/" + name, List.of());
  }

  static String namespace(JsonNode obj) {
    return obj.path("metadata").path("namespace").asText("");
  }
}
