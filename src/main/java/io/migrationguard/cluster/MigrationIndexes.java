package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.migrationguard.core.Kind;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The indexes of the migrations cache, so that a review reads the few migrations it needs rather
 * than every migration of the cluster: by the target VMI ({@code namespace/vmiName}, by label and
 * by {@code spec.vmiName}), and the unfinished ones (a large cluster holds mostly finished
 * migrations; the queue rule needs only the others).
 */
final class MigrationIndexes {
  static final String BY_VMI_LABEL = "vmi-label";
  static final String BY_VMI_NAME = "vmi-name";
  static final String UNFINISHED = "unfinished";

  private MigrationIndexes() {}

  static Map<String, Function<GenericKubernetesResource, List<String>>> all() {
    return Map.of(
        BY_VMI_LABEL,
        m -> key(m, m.getMetadata().getLabels() == null ? null : labelOf(m)),
        BY_VMI_NAME,
        m -> key(m, m.get("spec", "vmiName") instanceof String s ? s : null),
        UNFINISHED,
        m -> finished(m.get("status", "phase")) ? List.of() : List.of(UNFINISHED));
  }

  /** Whether {@code migration} targets {@code vmiName}, by label or by {@code spec.vmiName}. */
  static boolean targets(JsonNode migration, String vmiName) {
    return vmiName.equals(
            migration.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL).asText())
        || vmiName.equals(migration.path("spec").path("vmiName").asText());
  }

  private static boolean finished(Object phase) {
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  private static String labelOf(GenericKubernetesResource m) {
    return m.getMetadata().getLabels().get(Kind.VMI_NAME_LABEL);
  }

  private static List<String> key(GenericKubernetesResource m, String vmiName) {
    return vmiName == null || vmiName.isEmpty()
        ? List.of()
        : List.of(m.getMetadata().getNamespace() + "/" + vmiName);
  }
}
