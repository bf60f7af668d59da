package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.List;

/**
 * What the cross-object rules can ask of an object the cluster already stores, and nothing else:
 * the projection the service's caches keep, the in-flight registry records for an admission, and
 * the stored-object judges (the audit, {@code lint --cluster}) compare against. A 3.3 KB migration
 * as virt-controller leaves it (managedFields, status.migrationState, phase timestamps) keeps a few
 * hundred bytes.
 *
 * <p>Who reads what: {@code vmim-no-inflight} a migration's name, namespace, {@code
 * kubevirt.io/vmi-name} label, {@code spec.vmiName}, the {@code migrationID}s of {@code
 * spec.sendTo} and {@code spec.receive}, and its phase; {@code vmim-will-queue} the phase, whether
 * {@code sendTo}/{@code receive} are set and {@code status.migrationState.sourceNode}; the
 * reservation Leases a migration's name and phase; {@code policy-selectors-unique} and {@code
 * policy-selectors-tie} a policy's name and {@code spec.selectors}. Each object keeps its resource
 * version (the in-flight registry and the informer compare it). A rule that reads more must add it
 * here; {@code StoredProjectionTest} runs every cross-object rule case against projections.
 *
 * <p>A finished migration (Succeeded or Failed) is never counted by any of these rules: the service
 * keeps only its name, namespace, version and phase ({@link #finishedMigration}), which the
 * reservation Leases need to free a finished holder at once.
 */
public final class StoredProjection {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private StoredProjection() {}

  /** The projection of a MigrationPolicy: its identity and {@code spec.selectors}. */
  public static ObjectNode policy(JsonNode policy) {
    ObjectNode out = identity(policy, false);
    JsonNode selectors = policy.path("spec").get("selectors");
    ObjectNode spec = out.putObject("spec");
    if (selectors != null) {
      spec.set("selectors", selectors);
    }
    return out;
  }

  /** The projection of a migration the rules may still count (see the class comment). */
  public static ObjectNode migration(JsonNode migration) {
    ObjectNode out = identity(migration, true);
    JsonNode spec = migration.path("spec");
    ObjectNode sp = out.putObject("spec");
    copy(spec, sp, "vmiName");
    for (String end : List.of("sendTo", "receive")) {
      JsonNode side = spec.get(end);
      if (side != null && !side.isNull()) {
        ObjectNode kept = sp.putObject(end);
        copy(side, kept, "migrationID");
      }
    }
    JsonNode status = migration.path("status");
    JsonNode phase = status.get("phase");
    JsonNode source = status.path("migrationState").get("sourceNode");
    if (phase != null || source != null) {
      ObjectNode st = out.putObject("status");
      if (phase != null) {
        st.set("phase", phase);
      }
      if (source != null) {
        st.putObject("migrationState").set("sourceNode", source);
      }
    }
    return out;
  }

  /** The projection of a finished migration: identity and phase only. */
  public static ObjectNode finishedMigration(JsonNode migration) {
    ObjectNode out = identity(migration, false);
    JsonNode phase = migration.path("status").get("phase");
    if (phase != null) {
      out.putObject("status").set("phase", phase);
    }
    return out;
  }

  /**
   * The projection of a KubeVirt CR: what picks the CR in force ({@code KubeVirtChoice}: namespace,
   * name, creation and deletion timestamps), the feature gates, {@code
   * spec.configuration.migrations}, what renders a target pod's node constraints ({@code
   * developerConfiguration.nodeSelectors}, {@code cpuModel}, {@code architectureConfiguration}),
   * the default {@code evictionStrategy} and the release it runs ({@code
   * status.observedKubeVirtVersion}).
   */
  public static ObjectNode kubevirt(JsonNode kubevirt) {
    ObjectNode out = identity(kubevirt, false);
    JsonNode meta = kubevirt.path("metadata");
    ObjectNode m = (ObjectNode) out.get("metadata");
    copy(meta, m, "creationTimestamp", "deletionTimestamp");
    JsonNode configuration = kubevirt.path("spec").path("configuration");
    ObjectNode conf = out.putObject("spec").putObject("configuration");
    // What the placement engine reads (core/placement KubeVirtSettings) and the drain view's
    // default eviction strategy, besides the migration limits.
    copy(configuration, conf, "migrations", "cpuModel", "architectureConfiguration");
    copy(configuration, conf, "evictionStrategy");
    JsonNode dev = configuration.path("developerConfiguration");
    if (dev.isObject()) {
      ObjectNode d = conf.putObject("developerConfiguration");
      copy(dev, d, "featureGates", "disabledFeatureGates", "nodeSelectors");
    }
    JsonNode status = kubevirt.path("status");
    copy(status, out.putObject("status"), "observedKubeVirtVersion", "phase");
    return out;
  }

  /** Whether a migration is Succeeded or Failed: no cross-object rule counts it any more. */
  public static boolean finished(JsonNode migration) {
    JsonNode phase = migration.path("status").path("phase");
    return phase.isTextual()
        && ("Succeeded".equals(phase.textValue()) || "Failed".equals(phase.textValue()));
  }

  /** {@link #policy} or {@link #migration}, by kind. */
  public static ObjectNode of(Kind kind, JsonNode object) {
    return kind == Kind.POLICY ? policy(object) : migration(object);
  }

  private static ObjectNode identity(JsonNode object, boolean vmiLabel) {
    ObjectNode out = NODES.objectNode();
    copy(object, out, "apiVersion", "kind");
    JsonNode meta = object.path("metadata");
    ObjectNode m = out.putObject("metadata");
    copy(meta, m, "name", "namespace", "resourceVersion");
    JsonNode label = vmiLabel ? meta.path("labels").get(Kind.VMI_NAME_LABEL) : null;
    if (label != null) {
      m.putObject("labels").set(Kind.VMI_NAME_LABEL, label);
    }
    return out;
  }

  private static void copy(JsonNode from, ObjectNode to, String... fields) {
    for (String field : fields) {
      JsonNode v = from.get(field);
      if (v != null) {
        to.set(field, v);
      }
    }
  }
}
