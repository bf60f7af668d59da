package io.migrationguard.core.model;

import java.util.List;
import java.util.Optional;

/** The two kinds migration-guard handles; any other group/version/kind is not ours. */
public enum Kind {
  // KubeVirt still serves kubevirt.io/v1alpha3 migrations (deprecated, the same schema); the API
  // server converts them to v1 for webhooks registered with matchPolicy: Equivalent.
  VMIM("kubevirt.io", "v1", "VirtualMachineInstanceMigration", true, "v1alpha3"),
  POLICY("migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", false);

  /** The label KubeVirt puts on a migration naming its VMI (to find migrations by VMI). */
  public static final String VMI_NAME_LABEL = "kubevirt.io/vmi-name";

  private final String group;
  private final String version;
  private final String kind;
  private final boolean namespaced;
  private final List<String> deprecatedVersions;
  private final String apiVersion; // made once: reviews ask for it

  Kind(
      String group, String version, String kind, boolean namespaced, String... deprecatedVersions) {
    this.group = group;
    this.version = version;
    this.kind = kind;
    this.namespaced = namespaced;
    this.deprecatedVersions = List.of(deprecatedVersions);
    this.apiVersion = group + "/" + version;
  }

  public String group() {
    return group;
  }

  public String version() {
    return version;
  }

  /** The Kubernetes kind name, e.g. {@code MigrationPolicy}. */
  public String kindName() {
    return kind;
  }

  /** {@code group/version}, as written in {@code apiVersion}. */
  public String apiVersion() {
    return apiVersion;
  }

  public boolean namespaced() {
    return namespaced;
  }

  /** The deprecated {@code group/version}s still served for this kind. */
  public List<String> deprecatedApiVersions() {
    return deprecatedVersions.stream().map(v -> group + "/" + v).toList();
  }

  /** Whether {@code version} of this kind's group is served: the stored one or a deprecated one. */
  public boolean serves(String version) {
    return this.version.equals(version) || deprecatedVersions.contains(version);
  }

  /** Whether {@code apiVersion} ({@code group/version}) is served for this kind. */
  public boolean servesApiVersion(String apiVersion) {
    if (this.apiVersion.equals(apiVersion)) {
      return true; // the stored version, nearly every object: no substring
    }
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    return slash > 0
        && apiVersion.regionMatches(0, group, 0, slash)
        && slash == group.length()
        && serves(apiVersion.substring(slash + 1));
  }

  /**
   * The kind for an AdmissionRequest's {@code kind} (group, version, kind), if it is ours, in any
   * served version.
   */
  public static Optional<Kind> of(String group, String version, String kind) {
    for (Kind k : values()) {
      if (k.group.equals(group) && k.serves(version) && k.kind.equals(kind)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  /**
   * The kind for a manifest's {@code apiVersion} and {@code kind}, if it is ours (any served
   * version).
   */
  public static Optional<Kind> ofManifest(String apiVersion, String kind) {
    for (Kind k : values()) {
      if (k.kind.equals(kind) && k.servesApiVersion(apiVersion)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}
