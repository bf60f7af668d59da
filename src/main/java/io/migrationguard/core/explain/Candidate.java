package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One MigrationPolicy as KubeVirt's matcher reads it (kubevirt.io/api migrations/v1alpha1 {@code
 * MigrationPolicySpec}): its name, whether {@code spec.selectors} is set at all, and each selector
 * map, null where Go's map would be nil (absent, or a null the API server pruned).
 *
 * @param name {@code metadata.name}, the tie-break
 * @param hasSelectors {@code spec.selectors} is an object (KubeVirt: {@code Selectors != nil})
 * @param vmiSelector {@code virtualMachineInstanceSelector}, or null for nil
 * @param namespaceSelector {@code namespaceSelector}, or null for nil
 * @param spec the whole {@code spec}, for the configuration it sets
 * @param origin where it was read (a file position or {@code MigrationPolicy/NAME})
 */
public record Candidate(
    String name,
    boolean hasSelectors,
    Map<String, String> vmiSelector,
    Map<String, String> namespaceSelector,
    JsonNode spec,
    String origin) {}
