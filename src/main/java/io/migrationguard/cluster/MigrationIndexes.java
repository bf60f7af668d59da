package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The indexes of the migrations cache, so that a review reads the few migrations it needs rather
 * than every migration of the cluster: the unfinished ones (a large cluster holds mostly finished
 * migrations, and no rule counts those), and those by the VMI they target ({@code
 * namespace/vmiName}, by label and by {@code spec.vmiName}). Finished migrations are in neither.
 * Kept by the {@link ProjectingStore} on the informer's thread; read by reviews concurrently.
 */
final class MigrationIndexes implements ProjectingStore.Listener {
  private final Set<String> unfinished = ConcurrentHashMap.newKeySet();
  private final Map<String, Set<String>> byTarget = new ConcurrentHashMap<>();

  @Override
  public void changed(String key, Projection before, Projection after) {
    if (before != null && before.tree() != null) {
      unfinished.remove(key);
      for (String t : targets(key, before.tree())) {
        byTarget.computeIfPresent(t, (k, keys) -> keys.remove(key) && keys.isEmpty() ? null : keys);
      }
    }
    if (after != null && after.tree() != null) {
      unfinished.add(key);
      for (String t : targets(key, after.tree())) {
        byTarget.computeIfAbsent(t, k -> ConcurrentHashMap.newKeySet()).add(key);
      }
    }
  }

  /** The keys of the unfinished migrations. */
  Set<String> unfinished() {
    return unfinished;
  }

  /** The keys of the unfinished migrations of {@code namespace} that may target {@code vmiName}. */
  Set<String> targeting(String namespace, String vmiName) {
    return byTarget.getOrDefault(namespace + "/" + vmiName, Set.of());
  }

  /** Whether {@code migration} targets {@code vmiName}, by label or by {@code spec.vmiName}. */
  static boolean targets(JsonNode migration, String vmiName) {
    return vmiName.equals(
            migration.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL).asText())
        || vmiName.equals(migration.path("spec").path("vmiName").asText());
  }

  // namespace/label and namespace/spec.vmiName, each once.
  private static List<String> targets(String key, JsonNode migration) {
    int slash = key.indexOf('/');
    String ns = slash < 0 ? "" : key.substring(0, slash);
    JsonNode label = migration.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL);
    JsonNode vmi = migration.path("spec").path("vmiName");
    String a =
        label.isTextual() && !label.textValue().isEmpty() ? ns + "/" + label.textValue() : null;
    String b = vmi.isTextual() && !vmi.textValue().isEmpty() ? ns + "/" + vmi.textValue() : null;
    if (a == null) {
      return b == null ? List.of() : List.of(b);
    }
    return b == null || b.equals(a) ? List.of(a) : List.of(a, b);
  }
}
