package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.release.Release;

/**
 * One field of a migration's configuration: KubeVirt's {@code MigrationConfiguration} (the KubeVirt
 * CR's {@code spec.configuration.migrations}) and, where a MigrationPolicy may set it, the policy's
 * field of the same name. Defaults from {@code pkg/virt-config/configuration.go} and {@code
 * virt-config.go} at each tag; fields read from {@code kubevirt.io/api} {@code core/v1/types.go}
 * and {@code migrations/v1alpha1/types.go} at each tag.
 */
public enum ConfigField {
  NODE_DRAIN_TAINT_KEY("nodeDrainTaintKey", Type.STRING, text("kubevirt.io/drain"), 5, 0),
  PARALLEL_OUTBOUND("parallelOutboundMigrationsPerNode", Type.INTEGER, number(2), 5, 0),
  PARALLEL_CLUSTER("parallelMigrationsPerCluster", Type.INTEGER, number(5), 5, 0),
  ALLOW_AUTO_CONVERGE("allowAutoConverge", Type.BOOLEAN, bool(false), 5, 5),
  BANDWIDTH("bandwidthPerMigration", Type.QUANTITY, text("0Mi"), 5, 5),
  COMPLETION_TIMEOUT("completionTimeoutPerGiB", Type.INTEGER, number(150), 5, 5),
  MAX_DOWNTIME("maxDowntimeMs", Type.INTEGER, number(900), 9, 9),
  PROGRESS_TIMEOUT("progressTimeout", Type.INTEGER, number(150), 5, 0),
  UTILITY_VOLUMES_TIMEOUT("utilityVolumesTimeout", Type.INTEGER, number(150), 8, 0),
  UNSAFE_OVERRIDE("unsafeMigrationOverride", Type.BOOLEAN, bool(false), 5, 0),
  ALLOW_POST_COPY("allowPostCopy", Type.BOOLEAN, bool(false), 5, 5),
  /** No built-in default: {@code GetMigrationConfiguration} makes it follow allowPostCopy. */
  ALLOW_WORKLOAD_DISRUPTION("allowWorkloadDisruption", Type.BOOLEAN, null, 5, 5),
  DISABLE_TLS("disableTLS", Type.BOOLEAN, null, 5, 0),
  NETWORK("network", Type.STRING, null, 5, 0),
  MATCH_SELINUX_LEVEL("matchSELinuxLevelOnMigration", Type.BOOLEAN, null, 5, 0);

  /** What the API server's schema lets the field hold. */
  public enum Type {
    BOOLEAN,
    INTEGER,
    STRING,
    QUANTITY
  }

  public final String json;
  public final Type type;

  /** The built-in default, or null where KubeVirt leaves it unset. */
  public final JsonNode builtIn;

  private final int sinceMinor;
  private final int policySinceMinor;

  ConfigField(String json, Type type, JsonNode builtIn, int sinceMinor, int policySinceMinor) {
    this.json = json;
    this.type = type;
    this.builtIn = builtIn;
    this.sinceMinor = sinceMinor;
    this.policySinceMinor = policySinceMinor;
  }

  /** Whether {@code release}'s KubeVirt CR has this field. */
  public boolean in(Release release) {
    return atLeast(release, sinceMinor);
  }

  /** Whether a MigrationPolicy of {@code release} may set it (else only the KubeVirt CR can). */
  public boolean policySets(Release release) {
    return policySinceMinor > 0 && atLeast(release, policySinceMinor);
  }

  /** Whether a MigrationPolicy of any release may set it. */
  public boolean policyEverSets() {
    return policySinceMinor > 0;
  }

  static boolean atLeast(Release release, int minor) {
    return release.isMain() || release.minor() >= minor;
  }

  private static JsonNode text(String s) {
    return JsonNodeFactory.instance.textNode(s);
  }

  private static JsonNode number(long n) {
    return JsonNodeFactory.instance.numberNode(n);
  }

  private static JsonNode bool(boolean b) {
    return JsonNodeFactory.instance.booleanNode(b);
  }
}
