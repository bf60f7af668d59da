package io.migrationguard.core;

import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.Rules;
import io.migrationguard.core.schema.JsonSchemaValidator;

/** Builds the standard engine: the bundled schemas, the full catalogue, every defaulter. */
public final class Engines {
  private Engines() {}

  /** The service's engine: every schema compiled up front, so no review pays for it. */
  public static Admission standard(Settings settings) {
    return new Admission(
        JsonSchemaValidator.load(), Rules.catalogue(settings), Defaulters.all(), settings);
  }

  /** The lint's engine: schemas compiled when their kind is first met (short runs start faster). */
  public static Admission onDemand(Settings settings) {
    return new Admission(
        JsonSchemaValidator.onDemand(), Rules.catalogue(settings), Defaulters.all(), settings);
  }
}
