package io.migrationguard.core.placement;

/**
 * One node's verdict.
 *
 * @param name the node
 * @param fits whether the target pod's node filters pass on it
 * @param reason the first reason it cannot, or null when it fits
 */
public record NodeVerdict(String name, boolean fits, Reason reason) {}
