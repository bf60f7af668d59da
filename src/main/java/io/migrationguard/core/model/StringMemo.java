package io.migrationguard.core.model;

/**
 * A small, bounded, lock-free memo from short strings to immutable answers, for a pure function
 * that reviews ask again and again with the same few inputs: the label keys of a cluster, the
 * Quantities of its policies. Direct-mapped (a string's slot is its hash; a colliding string takes
 * the slot over), so a lookup is one array read and one {@code equals}, and a hostile stream of
 * distinct strings costs at most {@code slots} entries of at most {@code maxKeyChars} characters.
 *
 * <p>Thread-safe without locks: an entry is an immutable record written to its slot in one
 * reference store, so a reader sees an entry, another entry or nothing, never a torn one, and the
 * answer of a stale entry is still the function's answer. Callers must only memoise answers that
 * are immutable and depend on the string alone. Why it pays, measured: docs/performance-floor.md
 * (second round).
 *
 * @param <V> the answer
 */
public final class StringMemo<V> {
  private record Entry<V>(String key, V value) {}

  private final Entry<?>[] slots;
  private final int mask;
  private final int maxKeyChars;

  /**
   * @param slots the number of entries, a power of two
   * @param maxKeyChars longer strings are never memoised
   */
  public StringMemo(int slots, int maxKeyChars) {
    if (slots <= 0 || Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots must be a power of two: " + slots);
    }
    this.slots = new Entry<?>[slots];
    this.mask = slots - 1;
    this.maxKeyChars = maxKeyChars;
  }

  /** The answer memoised for {@code key}, or null. */
  @SuppressWarnings("unchecked")
  public V get(String key) {
    if (key.length() > maxKeyChars) {
      return null;
    }
    Entry<?> e = slots[spread(key.hashCode()) & mask];
    // Field names from one JSON parser are the same String instance: == answers most lookups.
    return e != null && (e.key == key || e.key.equals(key)) ? (V) e.value : null;
  }

  /** Memoises {@code value} for {@code key} (not when the key is longer than the bound). */
  public void put(String key, V value) {
    if (key.length() <= maxKeyChars) {
      slots[spread(key.hashCode()) & mask] = new Entry<>(key, value);
    }
  }

  // Short strings differ in their last characters, which String.hashCode puts in the low bits
  // only weakly: mix the high bits in, as HashMap does.
  private static int spread(int h) {
    return h ^ (h >>> 16);
  }
}
