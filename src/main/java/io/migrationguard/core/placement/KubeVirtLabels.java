package io.migrationguard.core.placement;

/**
 * The node label keys and prefixes virt-controller renders into a virt-launcher pod, from
 * staging/src/kubevirt.io/api/core/v1/types.go and pkg/virt-controller/watch/topology (KubeVirt
 * v1.9.0; unchanged since v1.5.0).
 */
final class KubeVirtLabels {
  private KubeVirtLabels() {}

  static final String SCHEDULABLE = "kubevirt.io/schedulable";
  static final String ARCH = "kubernetes.io/arch";
  static final String HOSTNAME = "kubernetes.io/hostname";
  static final String CPU_MANAGER = "kubevirt.io/cpumanager";
  static final String CPU_MODEL = "cpu-model.node.kubevirt.io/";
  static final String CPU_FEATURE = "cpu-feature.node.kubevirt.io/";
  static final String CPU_VENDOR = "cpu-vendor.node.kubevirt.io/";
  static final String HOST_MODEL_MIGRATION = "cpu-model-migration.node.kubevirt.io/";
  static final String HOST_MODEL_CPU = "host-model-cpu.node.kubevirt.io/";
  static final String HOST_MODEL_FEATURES = "host-model-required-features.node.kubevirt.io/";
  static final String OBSOLETE_HOST_MODEL = "node-labeller.kubevirt.io/obsolete-host-model";
  static final String MACHINE_TYPE = "machine-type.node.kubevirt.io/";
  static final String HYPERV = "hyperv.node.kubevirt.io/";
  static final String TSC_SCHEDULING = "scheduling.node.kubevirt.io/tsc-frequency";
  static final String REALTIME = "kubevirt.io/realtime";
  static final String SEV = "kubevirt.io/sev";
  static final String SEV_ES = "kubevirt.io/sev-es";
  static final String SEV_SNP = "kubevirt.io/sev-snp";
  static final String SECURE_EXECUTION = "kubevirt.io/s390-pv";
  static final String TDX = "kubevirt.io/tdx";
  static final String VM_ARCH = "kubevirt.io/vm-arch-";
  static final String UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable";

  static final String HOST_MODEL = "host-model";
  static final String HOST_PASSTHROUGH = "host-passthrough";
}
