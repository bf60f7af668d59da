package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import java.util.List;

/**
 * Step 2 of the pipeline: the JSON Schema of the kind (types, required, enums, bounds, Quantity
 * pattern), findings under rule id {@code schema}. Unknown fields follow {@code mode}: an error
 * under Strict, a warning under Warn, nothing under Ignore.
 */
public interface SchemaValidator {
  /** The rule id of every schema finding. */
  String RULE_ID = "schema";

  /** Validates {@code object} against the schema of {@code kind}. Never throws for bad input. */
  List<Finding> validate(Kind kind, JsonNode object, FieldValidation mode);

  /**
   * The findings and how many more were found but not made (a bounded implementation stops building
   * findings for a hostile object with a hundred thousand errors).
   *
   * @param omittedErrors errors found past the bound
   * @param omittedWarnings warnings (unknown fields under Warn) found past the bound
   */
  record Result(List<Finding> findings, int omittedErrors, int omittedWarnings) {}

  /** {@link #validate}, bounded where the implementation bounds it. */
  default Result check(Kind kind, JsonNode object, FieldValidation mode) {
    return new Result(validate(kind, object, mode), 0, 0);
  }

  /**
   * True only when {@code object} is certainly clean: no finding at all, in any mode (so no unknown
   * field and no null where the schema has none). False when unsure; never throws.
   */
  default boolean accepts(Kind kind, JsonNode object) {
    return false;
  }
}
