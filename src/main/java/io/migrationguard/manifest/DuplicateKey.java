package io.migrationguard.manifest;

/**
 * A key that appears twice in one mapping. The later value won (as in Kubernetes); {@code loc} is
 * where the repeated key stands.
 *
 * @param pointer the RFC 6901 pointer of the entry, from the document root
 * @param key the repeated key
 * @param loc the position of the repetition
 * @param more for the last repetition recorded in a map, how many more repetitions that map holds
 *     past those recorded (counted, not recorded); else 0
 */
public record DuplicateKey(String pointer, String key, Loc loc, long more) {
  public DuplicateKey(String pointer, String key, Loc loc) {
    this(pointer, key, loc, 0);
  }
}
