package io.migrationguard.core;

import java.util.Optional;

/** The two kinds migration-guard handles; any other group/version/kind is not ours. */
public enum Kind {
  VMIM("kubevirt.io", "v1", "VirtualMachineInstanceMigration", true),
  POLICY("migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", false);

  private final String group;
  private final String version;
  private final String kind;
  private final boolean namespaced;

  Kind(String group, String version, String kind, boolean namespaced) {
    this.group = group;
    this.version = version;
    this.kind = kind;
    this.namespaced = namespaced;
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
    return group + "/" + version;
  }

  public boolean namespaced() {
    return namespaced;
  }

  /** The kind for an AdmissionRequest's {@code kind} (group, version, kind), if it is ours. */
  public static Optional<Kind> of(String group, String version, String kind) {
    for (Kind k : values()) {
      if (k.group.equals(group) && k.version.equals(version) && k.kind.equals(kind)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  /** The kind for a manifest's {@code apiVersion} and {@code kind}, if it is ours. */
  public static Optional<Kind> ofManifest(String apiVersion, String kind) {
    for (Kind k : values()) {
      if (k.apiVersion().equals(apiVersion) && k.kind.equals(kind)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}
