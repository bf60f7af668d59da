package io.migrationguard.core.model;

import java.util.Objects;

/**
 * The one shape of the engine's catalogue entries, rules and defaulters alike: what is known of an
 * entry without running it ({@code I}, a record fixed at construction) and, in the subclass, the
 * one thing it does. Listing, documentation and the engine's scoping read only {@link #info()}.
 *
 * @param <I> the entry's metadata record
 */
public abstract class Declared<I> {
  private final I info;

  protected Declared(I info) {
    this.info = Objects.requireNonNull(info, "info");
  }

  /** The entry's id, description and scope. */
  public final I info() {
    return info;
  }
}
