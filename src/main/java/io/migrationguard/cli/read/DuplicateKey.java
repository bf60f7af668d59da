package io.migrationguard.cli.read;

/**
 * A key that appears twice in one mapping. The later value won (as in Kubernetes); {@code loc} is
 * where the repeated key stands.
 *
 * @param pointer the RFC 6901 pointer of the entry, from the document root
 * @param key the repeated key
 * @param loc the position of the repetition
 */
public record DuplicateKey(String pointer, String key, Loc loc) {}
