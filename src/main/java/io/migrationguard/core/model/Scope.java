package io.migrationguard.core.model;

import java.util.EnumSet;
import java.util.Set;

/**
 * The kinds and operations a rule or a defaulter runs for; the engine skips it for any other
 * review. The constants name the scopes the catalogue uses.
 */
public record Scope(Set<Kind> kinds, Set<Operation> operations) {
  /** A new migration. */
  public static final Scope VMIM_CREATE = of(Kind.VMIM, Operation.CREATE);

  /** A change to an existing migration. */
  public static final Scope VMIM_UPDATE = of(Kind.VMIM, Operation.UPDATE);

  /** A policy written, new or changed. */
  public static final Scope POLICY_WRITE = of(Kind.POLICY, Operation.CREATE, Operation.UPDATE);

  /** Any of our objects written, new or changed. */
  public static final Scope ANY_WRITE =
      new Scope(EnumSet.allOf(Kind.class), Set.of(Operation.CREATE, Operation.UPDATE));

  /** Any of our objects, new. */
  public static final Scope ANY_CREATE =
      new Scope(EnumSet.allOf(Kind.class), Set.of(Operation.CREATE));

  public Scope {
    kinds = Set.copyOf(kinds);
    operations = Set.copyOf(operations);
  }

  /** One kind and the given operations. */
  public static Scope of(Kind kind, Operation... operations) {
    return new Scope(Set.of(kind), Set.of(operations));
  }

  /** Whether a review of this kind and operation is in scope. */
  public boolean includes(Kind kind, Operation operation) {
    return kinds.contains(kind) && operations.contains(operation);
  }
}
