package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * What the caches hold, for the in-cluster audit: every MigrationPolicy, every migration and the
 * KubeVirt CR in force ({@link InformerClusterView#holdings}, empty while a cache is not fresh: a
 * partial list would report objects as gone and rewrite reports for nothing).
 *
 * @param policies the MigrationPolicies (the caches' own trees: read, never change them)
 * @param migrations every VirtualMachineInstanceMigration of every namespace
 * @param kubevirt the KubeVirt CR in force, if any
 */
public record Holdings(
    List<JsonNode> policies, List<JsonNode> migrations, Optional<JsonNode> kubevirt) {}
