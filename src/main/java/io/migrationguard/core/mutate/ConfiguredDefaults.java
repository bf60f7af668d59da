package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.Settings;

/**
 * {@code configured-defaults}: the operator's defaults ({@link Settings#configuredDefaults()}) for
 * fields a new object leaves unset. Only absent leaves are added; a value the user wrote, however
 * spelled ({@code 1024Mi} where the default says {@code 1Gi}), is never rewritten.
 */
public final class ConfiguredDefaults implements Defaulter {
  @Override
  public String id() {
    return "configured-defaults";
  }

  @Override
  public String description() {
    return "Adds the operator-configured defaults for fields a new object leaves unset.";
  }

  @Override
  public boolean appliesTo(Kind kind, Operation operation) {
    return operation == Operation.CREATE;
  }

  @Override
  public void apply(Review review, ObjectNode copy, Settings settings) {
    Defaults.deepAdd(copy, settings.configuredDefaults().get(review.kind()));
  }
}
