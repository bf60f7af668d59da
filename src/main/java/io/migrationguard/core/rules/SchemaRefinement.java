package io.migrationguard.core.rules;

import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Review;
import java.util.List;

/**
 * A rule that explains a schema error better than the schema can: it replaces the schema's findings
 * for one known mistake with its own (under its own id and fix), and the object stays invalid. Its
 * {@link Rule#check} never sees such an object: rules run only on objects the schema accepts.
 */
public interface SchemaRefinement {
  /** {@code schemaFindings} with those this rule explains replaced by its own findings. */
  List<Finding> refine(Review review, List<Finding> schemaFindings);
}
