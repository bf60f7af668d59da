package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a cache keeps of one object: its resource version (the informer compares it on every event)
 * and either the projection the rules read ({@code tree}), or, for a finished migration, only its
 * phase ({@code tree} null): no rule counts it any more, and the reservation Leases only ask
 * whether it is finished. A 3.3 KB finished migration costs about 200 bytes of heap this way (its
 * key included), not the 40 KB its full tree took.
 *
 * @param resourceVersion {@code metadata.resourceVersion}
 * @param tree the {@link io.migrationguard.core.cluster.StoredProjection} (shared with concurrent
 *     reviews: never change it), or null for a finished migration
 * @param finishedPhase {@code Succeeded} or {@code Failed} when {@code tree} is null
 */
record Projection(String resourceVersion, JsonNode tree, String finishedPhase) {}
