package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Settings;

/**
 * {@code configured-defaults}: the operator's defaults ({@link Settings#configuredDefaults()}) for
 * fields a new object leaves unset. Only absent leaves are added; a value the user wrote, however
 * spelled ({@code 1024Mi} where the default says {@code 1Gi}), is never rewritten.
 */
public final class ConfiguredDefaults extends Defaulter {
  public ConfiguredDefaults() {
    super(
        new DefaulterInfo(
            "configured-defaults",
            "Adds the operator-configured defaults for fields a new object leaves unset.",
            Scope.ANY_CREATE));
  }

  @Override
  public void apply(Review review, ObjectNode copy, Settings settings) {
    Defaults.deepAdd(copy, settings.configuredDefaults().get(review.kind()));
  }
}
