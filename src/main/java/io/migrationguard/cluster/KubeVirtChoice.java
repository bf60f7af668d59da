package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationguard.core.cluster.FeatureGates;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Picks the KubeVirt CR whose feature gates are in force. KubeVirt itself runs one install per
 * cluster and refuses a second CR; should several exist anyway (a leftover being deleted, a
 * mistake), the one not being deleted wins, then the oldest (as virt-operator keeps the first),
 * then the smallest namespace/name so the choice is stable.
 */
public final class KubeVirtChoice {
  private static final OffsetDateTime UNKNOWN = OffsetDateTime.MAX;

  private KubeVirtChoice() {}

  public static Optional<JsonNode> pick(List<JsonNode> kubevirts) {
    return kubevirts.stream()
        .min(
            Comparator.comparing(KubeVirtChoice::beingDeleted)
                .thenComparing(KubeVirtChoice::created)
                .thenComparing(KubeVirtChoice::key));
  }

  /** The chosen CR's {@code spec.configuration.migrations}, or a missing node. */
  static JsonNode migrations(List<JsonNode> kubevirts) {
    return pick(kubevirts)
        .map(kv -> kv.path("spec").path("configuration").path("migrations"))
        .orElseGet(MissingNode::getInstance);
  }

  /** The gates of the chosen CR, or the defaults when there is none. */
  static FeatureGates gates(List<JsonNode> kubevirts) {
    return pick(kubevirts).map(FeatureGates::fromKubeVirt).orElseGet(FeatureGates::defaults);
  }

  private static boolean beingDeleted(JsonNode kv) {
    JsonNode ts = kv.path("metadata").path("deletionTimestamp");
    return ts.isTextual() && !ts.textValue().isEmpty();
  }

  private static OffsetDateTime created(JsonNode kv) {
    JsonNode ts = kv.path("metadata").path("creationTimestamp");
    if (!ts.isTextual()) {
      return UNKNOWN;
    }
    try {
      return OffsetDateTime.parse(ts.textValue());
    } catch (DateTimeParseException e) {
      return UNKNOWN;
    }
  }

  private static String key(JsonNode kv) {
    JsonNode meta = kv.path("metadata");
    return meta.path("namespace").asText("") + "/" + meta.path("name").asText("");
  }
}
