package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * What the caches last saw of the KubeVirt CR.
 *
 * @param listed whether the KubeVirt CRs were listed at least once (else nothing is known yet)
 * @param kubevirt the CR in force ({@link KubeVirtChoice}) as last seen, empty when there is none
 */
public record KubeVirtSeen(boolean listed, Optional<JsonNode> kubevirt) {
  /** Nothing known: not listed yet, or lookups off. */
  public static final KubeVirtSeen UNKNOWN = new KubeVirtSeen(false, Optional.empty());
}
