package io.migrationguard.core.rules;

import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.schema.Shape;

/**
 * When a gated field needs its feature gate: when it is set on CREATE, or set to something new on
 * UPDATE (KubeVirt's rule: a policy written before a gate was turned off stays editable as long as
 * the gated field is left alone; removing the field needs no gate).
 */
final class GateChange {
  private GateChange() {}

  /** Whether the field at {@code path} (below the object root) is set and new. */
  static boolean setOrChanged(Review review, Shape shape, String... path) {
    var now = RuleHelpers.at(review.object(), path);
    if (!RuleHelpers.isSet(now)) {
      return false;
    }
    if (review.operation() != Operation.UPDATE || review.oldObject() == null) {
      return true;
    }
    var before = RuleHelpers.at(review.oldObject(), path);
    // A struct that was absent and is now set (even to {}) is a change, as for Go's pointers.
    return !RuleHelpers.isSet(before) || !Semantic.equal(before, now, shape.at(path));
  }
}
