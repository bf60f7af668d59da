package io.migrationguard.core.schema;

import com.networknt.schema.Error;
import java.util.ArrayList;

/**
 * networknt's error list for one validation, bounded: the first {@link #CAPACITY} errors are kept,
 * the rest counted. Safe because none of the keywords our schemas use reads the list back (no
 * {@code anyOf}/{@code oneOf}/{@code not}, which compare error counts); {@code SchemaAcceptor}
 * refuses any schema with other keywords, and {@code HostileInputTest} holds the bound.
 */
final class BoundedErrors extends ArrayList<Error> {
  /** Errors kept: enough for every finding the engine stores (100 errors, 100 warnings). */
  static final int CAPACITY = 1_000;

  private int droppedUnknown;
  private int droppedOther;

  @Override
  public boolean add(Error e) {
    if (size() < CAPACITY) {
      return super.add(e);
    }
    if ("additionalProperties".equals(e.getKeyword())) {
      droppedUnknown++; // an unknown field: its severity follows fieldValidation
    } else {
      droppedOther++;
    }
    return false;
  }

  /** Unknown fields reported past the capacity. */
  int droppedUnknown() {
    return droppedUnknown;
  }

  /** Other errors reported past the capacity. */
  int droppedOther() {
    return droppedOther;
  }
}
