package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Settings;

/**
 * {@code vmim-finalizer}: a new migration carries KubeVirt's finalizer exactly once, so that
 * KubeVirt can clean up its target pod before the migration object goes away. Duplicates of it are
 * dropped (the first stays where it is); other finalizers are untouched.
 */
public final class VmimFinalizer extends Defaulter {
  /** KubeVirt's migration finalizer. */
  public static final String FINALIZER = "kubevirt.io/migrationJobFinalize";

  public VmimFinalizer() {
    super(
        new DefaulterInfo(
            "vmim-finalizer",
            "Ensures a new migration lists the finalizer kubevirt.io/migrationJobFinalize exactly"
                + " once.",
            Scope.VMIM_CREATE));
  }

  @Override
  public void apply(Review review, ObjectNode copy, Settings settings) {
    ObjectNode metadata = Defaults.objectAt(copy, "metadata");
    if (metadata == null) {
      return;
    }
    JsonNode finalizers = metadata.get("finalizers");
    if (finalizers == null || finalizers.isNull()) {
      metadata.putArray("finalizers").add(FINALIZER);
      return;
    }
    if (!finalizers.isArray()) {
      return;
    }
    ArrayNode list = (ArrayNode) finalizers;
    boolean seen = false;
    for (int i = 0; i < list.size(); ) {
      if (FINALIZER.equals(list.get(i).textValue())) {
        if (seen) {
          list.remove(i);
          continue;
        }
        seen = true;
      }
      i++;
    }
    if (!seen) {
      list.add(FINALIZER);
    }
  }
}
