package io.migrationguard.cluster;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * The KubeVirt resources the service reads, and the two core ones the target-node rule reads
 * (Nodes, pods), with their API paths. Read as untyped {@code GenericKubernetesResource}s / JSON:
 * no generated model, so a KubeVirt upgrade that adds fields needs no rebuild.
 *
 * @param group API group
 * @param version API version
 * @param kind kind
 * @param plural resource name in URLs
 * @param namespaced whether objects live in namespaces
 */
public record ApiResource(
    String group, String version, String kind, String plural, boolean namespaced) {

  public static final ApiResource VMI =
      new ApiResource(
          "kubevirt.io", "v1", "VirtualMachineInstance", "virtualmachineinstances", true);
  public static final ApiResource VMIM =
      new ApiResource(
          "kubevirt.io",
          "v1",
          "VirtualMachineInstanceMigration",
          "virtualmachineinstancemigrations",
          true);
  public static final ApiResource KUBEVIRT =
      new ApiResource("kubevirt.io", "v1", "KubeVirt", "kubevirts", true);
  public static final ApiResource POLICY =
      new ApiResource(
          "migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", "migrationpolicies", false);

  /** Nodes (core group): the placement engine's NodeFacts projection is cached. */
  public static final ApiResource NODE = new ApiResource("", "v1", "Node", "nodes", false);

  /** Pods (core group): only a VMI's launcher pod is ever listed, by label. */
  public static final ApiResource POD = new ApiResource("", "v1", "Pod", "pods", true);

  /** The fabric8 context for {@code client.genericKubernetesResources(...)}. */
  public ResourceDefinitionContext context() {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }

  /**
   * The path of the collection (every namespace when {@code namespace} is null), relative to the
   * API server root, e.g. {@code apis/kubevirt.io/v1/namespaces/ns/virtualmachineinstances}, or
   * {@code api/v1/nodes} for the core group. Callers pass only names that passed {@link Names}, so
   * no escaping is needed.
   */
  public String collectionPath(String namespace) {
    String base = group.isEmpty() ? "api/" + version + "/" : "apis/" + group + "/" + version + "/";
    return namespace == null || !namespaced
        ? base + plural
        : base + "namespaces/" + namespace + "/" + plural;
  }

  /** The path of one object. */
  public String objectPath(String namespace, String name) {
    return collectionPath(namespace) + "/" + name;
  }
}
