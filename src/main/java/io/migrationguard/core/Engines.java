package io.migrationguard.core;

import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.Rules;
import io.migrationguard.core.schema.JsonSchemaValidator;

/** Builds the standard engine: the bundled schemas, the full catalogue, every defaulter. */
public final class Engines {
  private Engines() {}

  public static Admission standard(Settings settings) {
    return new Admission(
        JsonSchemaValidator.load(), Rules.catalogue(settings), Defaulters.all(), settings);
  }
}
