package io.migrationguard.bench;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects {@link ScaleApiServer} serves, generated from their index as JSON text on every
 * request, so that the server holds no trees even at 50,000 migrations. Shaped as a real cluster
 * serves them: finished VirtualMachineInstanceMigrations as virt-controller leaves them (status
 * .migrationState, phase transition timestamps, managedFields of virt-controller and kubectl),
 * running VMIs, MigrationPolicies, Nodes and one KubeVirt CR. Deterministic: the same arguments
 * give the same bytes.
 *
 * <p>VMI {@code i} is {@code vm-i} in namespace {@code ns-(i % namespaces)}; migration {@code j}
 * targets VMI {@code j / 5 % vmis} (KubeVirt keeps the last 5 finished migrations of each VMI);
 * node {@code k} is {@code node-00k}.
 */
final class ScaleObjects {
  static final String VMI_NAME_LABEL = "kubevirt.io/vmi-name";
  private static final Instant BASE = Instant.parse("2026-11-01T00:00:00Z");

  final int migrations;
  final int policies;
  final int nodes;
  final int vmis;
  final int namespaces;

  ScaleObjects(int migrations, int policies, int nodes, int vmis, int namespaces) {
    this.migrations = migrations;
    this.policies = policies;
    this.nodes = Math.max(2, nodes);
    this.vmis = Math.max(1, vmis);
    this.namespaces = Math.max(1, namespaces);
  }

  String namespaceOfVmi(int i) {
    return "ns-" + (i % namespaces);
  }

  static String vmiName(int i) {
    return "vm-" + i;
  }

  int vmiOfMigration(int j) {
    return (j / 5) % vmis;
  }

  String nodeName(int k) {
    return String.format("node-%03d", Math.floorMod(k, nodes));
  }

  int nodeOfVmi(int i) {
    return (int) Math.floorMod(i * 7919L, nodes);
  }

  /** The index of VMI {@code name} in {@code namespace}, or -1 when the server holds none. */
  int vmiIndex(String namespace, String name) {
    if (!name.startsWith("vm-")) {
      return -1;
    }
    try {
      int i = Integer.parseInt(name.substring(3));
      return i >= 0 && i < vmis && namespaceOfVmi(i).equals(namespace) ? i : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String ts(long seconds) {
    return BASE.plusSeconds(seconds).toString();
  }

  private static String uid(String kind, long i) {
    long h = (kind.hashCode() * 0x9E3779B97F4A7C15L) ^ (i * 0xBF58476D1CE4E5B9L);
    String hex = String.format("%016x%016x", h, Long.rotateLeft(h, 29) ^ i);
    return hex.substring(0, 8)
        + "-"
        + hex.substring(8, 12)
        + "-4"
        + hex.substring(13, 16)
        + "-8"
        + hex.substring(17, 20)
        + "-"
        + hex.substring(20, 32);
  }

  private static String suffix(long i) {
    String alphabet = "bcdfghjklmnpqrstvwxz2456789";
    StringBuilder s = new StringBuilder();
    long v = i * 2654435761L + 12345;
    for (int k = 0; k < 5; k++) {
      s.append(alphabet.charAt((int) Math.floorMod(v, alphabet.length())));
      v /= alphabet.length();
    }
    return s.toString();
  }

  // ---- VirtualMachineInstanceMigration ----

  String migrationNamespace(int j) {
    return namespaceOfVmi(vmiOfMigration(j));
  }

  Map<String, String> migrationLabels(int j) {
    Map<String, String> l = new LinkedHashMap<>();
    l.put(VMI_NAME_LABEL, vmiName(vmiOfMigration(j)));
    return l;
  }

  String migrationName(int j) {
    return "kubevirt-evacuation-" + suffix(j);
  }

  String migration(int j, long resourceVersion) {
    int vmi = vmiOfMigration(j);
    String vmiName = vmiName(vmi);
    String ns = namespaceOfVmi(vmi);
    String name = migrationName(j);
    boolean failed = j % 23 == 7;
    long t0 = 86_400L + j * 37L;
    String source = nodeName(nodeOfVmi(vmi) + j % 3);
    String target = nodeName(nodeOfVmi(vmi) + j % 3 + 1);
    StringBuilder b = new StringBuilder(3600);
    b.append("{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\",")
        .append(
            "\"metadata\":{\"annotations\":{\"kubevirt.io/latest-observed-api-version\":\"v1\",")
        .append("\"kubevirt.io/storage-observed-api-version\":\"v1\"},\"creationTimestamp\":\"")
        .append(ts(t0))
        .append("\",\"generateName\":\"kubevirt-evacuation-\",\"generation\":1,")
        .append("\"labels\":{\"kubevirt.io/vmi-name\":\"")
        .append(vmiName)
        .append("\"},\"managedFields\":[")
        .append("{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":")
        .append("{\"f:metadata\":{\"f:generateName\":{},\"f:labels\":{\".\":{},")
        .append("\"f:kubevirt.io/vmi-name\":{}}},\"f:spec\":{\".\":{},\"f:vmiName\":{}}},")
        .append("\"manager\":\"kubectl-create\",\"operation\":\"Update\",\"time\":\"")
        .append(ts(t0))
        .append("\"},{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":")
        .append("{\"f:metadata\":{\"f:annotations\":{\".\":{},")
        .append("\"f:kubevirt.io/latest-observed-api-version\":{},")
        .append("\"f:kubevirt.io/storage-observed-api-version\":{}}},")
        .append("\"f:status\":{\".\":{},\"f:migrationState\":{\".\":{},\"f:completed\":{},")
        .append("\"f:endTimestamp\":{},\"f:failed\":{},\"f:migrationConfiguration\":{\".\":{},")
        .append("\"f:allowAutoConverge\":{},\"f:allowPostCopy\":{},\"f:bandwidthPerMigration\":{},")
        .append("\"f:completionTimeoutPerGiB\":{},\"f:nodeDrainTaintKey\":{},")
        .append("\"f:parallelMigrationsPerCluster\":{},\"f:parallelOutboundMigrationsPerNode\":{},")
        .append("\"f:progressTimeout\":{},\"f:unsafeMigrationOverride\":{}},")
        .append("\"f:migrationUid\":{},\"f:mode\":{},\"f:sourceNode\":{},\"f:sourcePod\":{},")
        .append("\"f:startTimestamp\":{},\"f:targetDirectMigrationNodePorts\":{\".\":{},")
        .append("\"f:36125\":{},\"f:43419\":{}},\"f:targetNode\":{},\"f:targetNodeAddress\":{},")
        .append("\"f:targetNodeDomainDetected\":{},\"f:targetNodeDomainReadyTimestamp\":{},")
        .append("\"f:targetPod\":{}},\"f:phase\":{},\"f:phaseTransitionTimestamps\":{}}},")
        .append("\"manager\":\"virt-controller\",\"operation\":\"Update\",\"subresource\":")
        .append("\"status\",\"time\":\"")
        .append(ts(t0 + 41))
        .append("\"}],\"name\":\"")
        .append(name)
        .append("\",\"namespace\":\"")
        .append(ns)
        .append("\",\"resourceVersion\":\"")
        .append(resourceVersion)
        .append("\",\"uid\":\"")
        .append(uid("vmim", j))
        .append("\"},\"spec\":{\"vmiName\":\"")
        .append(vmiName)
        .append("\"},\"status\":{\"migrationState\":{");
    if (failed) {
      b.append("\"failed\":true,\"failureReason\":\"Live migration failed error encountered")
          .append(" during MigrateToURI3 libvirt api call: virError(Code=1, Domain=7, Message=")
          .append("'internal error: qemu unexpectedly closed the monitor')\",");
    } else {
      b.append("\"completed\":true,");
    }
    b.append("\"endTimestamp\":\"")
        .append(ts(t0 + 41))
        .append("\",\"migrationConfiguration\":{\"allowAutoConverge\":false,")
        .append("\"allowPostCopy\":false,\"bandwidthPerMigration\":\"0Mi\",")
        .append("\"completionTimeoutPerGiB\":150,\"nodeDrainTaintKey\":\"kubevirt.io/drain\",")
        .append("\"parallelMigrationsPerCluster\":5,\"parallelOutboundMigrationsPerNode\":2,")
        .append("\"progressTimeout\":150,\"unsafeMigrationOverride\":false},")
        .append("\"migrationUid\":\"")
        .append(uid("vmim", j))
        .append("\",\"mode\":\"PreCopy\",\"sourceNode\":\"")
        .append(source)
        .append("\",\"sourcePod\":\"virt-launcher-")
        .append(vmiName)
        .append("-")
        .append(suffix(j + 1))
        .append("\",\"sourceState\":{\"domainName\":\"")
        .append(vmiName)
        .append("\",\"domainNamespace\":\"")
        .append(ns)
        .append("\",\"migrationUID\":\"")
        .append(uid("vmim", j))
        .append("\",\"node\":\"")
        .append(source)
        .append("\",\"pod\":\"virt-launcher-")
        .append(vmiName)
        .append("-")
        .append(suffix(j + 1))
        .append("\",\"virtualMachineInstanceName\":\"")
        .append(vmiName)
        .append("\"},\"startTimestamp\":\"")
        .append(ts(t0 + 9))
        .append("\",\"targetDirectMigrationNodePorts\":{\"36125\":0,\"43419\":49152},")
        .append("\"targetNode\":\"")
        .append(target)
        .append("\",\"targetNodeAddress\":\"10.244.")
        .append(Math.floorMod(j, 250))
        .append(".")
        .append(Math.floorMod(j * 7, 250) + 2)
        .append("\",\"targetNodeDomainDetected\":true,\"targetNodeDomainReadyTimestamp\":\"")
        .append(ts(t0 + 38))
        .append("\",\"targetPod\":\"virt-launcher-")
        .append(vmiName)
        .append("-")
        .append(suffix(j + 2))
        .append("\"},\"phase\":\"")
        .append(failed ? "Failed" : "Succeeded")
        .append("\",\"phaseTransitionTimestamps\":[");
    String[] phases = {
      "Pending", "Scheduling", "Scheduled", "PreparingTarget", "TargetReady", "Running"
    };
    int[] at = {0, 1, 6, 7, 8, 9};
    for (int p = 0; p < phases.length; p++) {
      b.append("{\"phase\":\"")
          .append(phases[p])
          .append("\",\"phaseTransitionTimestamp\":\"")
          .append(ts(t0 + at[p]))
          .append("\"},");
    }
    b.append("{\"phase\":\"")
        .append(failed ? "Failed" : "Succeeded")
        .append("\",\"phaseTransitionTimestamp\":\"")
        .append(ts(t0 + 41))
        .append("\"}]}}");
    return b.toString();
  }

  // ---- MigrationPolicy ----

  Map<String, String> policyLabels(int p) {
    return Map.of("app.kubernetes.io/part-of", "platform");
  }

  String policy(int p, long resourceVersion) {
    String name = "policy-" + p;
    StringBuilder b = new StringBuilder(1200);
    b.append("{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\",")
        .append("\"metadata\":{\"creationTimestamp\":\"")
        .append(ts(p * 60L))
        .append("\",\"generation\":1,\"labels\":{\"app.kubernetes.io/part-of\":\"platform\"},")
        .append("\"managedFields\":[{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",")
        .append("\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:metadata\":{\"f:labels\":{")
        .append("\".\":{},\"f:app.kubernetes.io/part-of\":{}}},\"f:spec\":{\".\":{},")
        .append("\"f:allowAutoConverge\":{},\"f:bandwidthPerMigration\":{},")
        .append("\"f:completionTimeoutPerGiB\":{},\"f:selectors\":{\".\":{},")
        .append("\"f:namespaceSelector\":{},\"f:virtualMachineInstanceSelector\":{}}}},")
        .append("\"manager\":\"kubectl-client-side-apply\",\"operation\":\"Update\",\"time\":\"")
        .append(ts(p * 60L))
        .append("\"}],\"name\":\"")
        .append(name)
        .append("\",\"resourceVersion\":\"")
        .append(resourceVersion)
        .append("\",\"uid\":\"")
        .append(uid("policy", p))
        .append("\"},\"spec\":{");
    switch (p % 4) {
      case 0 -> b.append("\"allowAutoConverge\":true,\"bandwidthPerMigration\":\"1Gi\",");
      case 1 -> b.append("\"allowPostCopy\":true,\"completionTimeoutPerGiB\":300,");
      case 2 -> b.append("\"allowAutoConverge\":false,\"bandwidthPerMigration\":\"512Mi\",");
      default -> b.append("\"completionTimeoutPerGiB\":120,\"allowPostCopy\":false,");
    }
    b.append("\"selectors\":{");
    if (p % 3 != 2) {
      b.append("\"namespaceSelector\":{\"tier\":\"tier-")
          .append(p % 5)
          .append("\",\"team\":\"team-")
          .append(p)
          .append("\"}");
    }
    if (p % 3 != 0) {
      b.append(p % 3 == 1 ? "," : "")
          .append("\"virtualMachineInstanceSelector\":{\"workload\":\"workload-")
          .append(p)
          .append("\",\"kubevirt.io/size\":\"")
          .append(p % 2 == 0 ? "large" : "small")
          .append("\"}");
    }
    b.append("}}}");
    return b.toString();
  }

  // ---- KubeVirt CR ----

  String kubevirt(long resourceVersion) {
    return "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"KubeVirt\",\"metadata\":{"
        + "\"annotations\":{\"kubevirt.io/latest-observed-api-version\":\"v1\","
        + "\"kubevirt.io/storage-observed-api-version\":\"v1\"},\"creationTimestamp\":\""
        + ts(0)
        + "\",\"finalizers\":[\"foregroundDeleteKubeVirt\"],\"generation\":3,"
        + "\"name\":\"kubevirt\",\"namespace\":\"kubevirt\",\"resourceVersion\":\""
        + resourceVersion
        + "\",\"uid\":\""
        + uid("kubevirt", 0)
        + "\"},\"spec\":{\"certificateRotateStrategy\":{},\"configuration\":{"
        + "\"developerConfiguration\":{\"featureGates\":[\"HotplugVolumes\",\"Snapshot\","
        + "\"VMExport\",\"ExpandDisks\",\"VMLiveUpdateFeatures\"]},\"migrations\":{"
        + "\"allowAutoConverge\":false,\"allowPostCopy\":false,\"bandwidthPerMigration\":\"0Mi\","
        + "\"completionTimeoutPerGiB\":150,\"parallelMigrationsPerCluster\":5,"
        + "\"parallelOutboundMigrationsPerNode\":2,\"progressTimeout\":150}},"
        + "\"customizeComponents\":{},\"imagePullPolicy\":\"IfNotPresent\","
        + "\"workloadUpdateStrategy\":{\"workloadUpdateMethods\":[\"LiveMigrate\"]}},"
        + "\"status\":{\"conditions\":[{\"lastProbeTime\":\""
        + ts(120)
        + "\",\"lastTransitionTime\":\""
        + ts(120)
        + "\",\"message\":\"All components are ready.\",\"reason\":\"AllComponentsReady\","
        + "\"status\":\"True\",\"type\":\"Available\"}],\"observedDeploymentID\":\"bench\","
        + "\"observedGeneration\":3,\"observedKubeVirtRegistry\":\"quay.io/kubevirt\","
        + "\"observedKubeVirtVersion\":\"v1.9.0\",\"operatorVersion\":\"v1.9.0\","
        + "\"phase\":\"Deployed\",\"targetKubeVirtRegistry\":\"quay.io/kubevirt\","
        + "\"targetKubeVirtVersion\":\"v1.9.0\"}}";
  }

  // ---- VirtualMachineInstance ----

  Map<String, String> vmiLabels(int i) {
    Map<String, String> l = new LinkedHashMap<>();
    l.put("kubevirt.io/domain", vmiName(i));
    l.put("kubevirt.io/nodeName", nodeName(nodeOfVmi(i)));
    l.put("kubevirt.io/size", i % 2 == 0 ? "large" : "small");
    l.put("workload", "workload-" + (i % 40));
    return l;
  }

  String vmi(int i, long resourceVersion) {
    String name = vmiName(i);
    String ns = namespaceOfVmi(i);
    String node = nodeName(nodeOfVmi(i));
    long t0 = i * 11L;
    StringBuilder b = new StringBuilder(8000);
    b.append("{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstance\",")
        .append("\"metadata\":{\"annotations\":{\"kubevirt.io/latest-observed-api-version\":")
        .append("\"v1\",\"kubevirt.io/storage-observed-api-version\":\"v1\",")
        .append("\"kubevirt.io/vm-generation\":\"2\"},\"creationTimestamp\":\"")
        .append(ts(t0))
        .append("\",\"finalizers\":[\"kubevirt.io/virtualMachineControllerFinalize\",")
        .append("\"foregroundDeleteVirtualMachine\"],\"generation\":14,\"labels\":{");
    appendMap(b, vmiLabels(i));
    b.append("},\"managedFields\":[{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":")
        .append("\"FieldsV1\",\"fieldsV1\":{\"f:metadata\":{\"f:annotations\":{\".\":{},")
        .append("\"f:kubevirt.io/latest-observed-api-version\":{},")
        .append("\"f:kubevirt.io/storage-observed-api-version\":{},\"f:kubevirt.io/vm-generation\"")
        .append(
            ":{}},\"f:finalizers\":{\".\":{},\"v:\\\"kubevirt.io/virtualMachineControllerFinalize")
        .append("\\\"\":{}},\"f:labels\":{\".\":{},\"f:kubevirt.io/size\":{},\"f:workload\":{}},")
        .append("\"f:ownerReferences\":{\".\":{},\"k:{\\\"uid\\\":\\\"")
        .append(uid("vm", i))
        .append("\\\"}\":{}}},\"f:spec\":{\".\":{},\"f:architecture\":{},\"f:domain\":{\".\":{},")
        .append("\"f:cpu\":{},\"f:devices\":{},\"f:features\":{},\"f:firmware\":{},")
        .append("\"f:machine\":{},\"f:memory\":{},\"f:resources\":{}},\"f:evictionStrategy\":{},")
        .append("\"f:networks\":{},\"f:terminationGracePeriodSeconds\":{},\"f:volumes\":{}},")
        .append("\"f:status\":{\".\":{},\"f:activePods\":{},\"f:conditions\":{},")
        .append("\"f:guestOSInfo\":{},\"f:interfaces\":{},\"f:launcherContainerImageVersion\":{},")
        .append("\"f:machine\":{},\"f:migrationMethod\":{},\"f:migrationTransport\":{},")
        .append("\"f:nodeName\":{},\"f:phase\":{},\"f:phaseTransitionTimestamps\":{},")
        .append("\"f:qosClass\":{},\"f:runtimeUser\":{},\"f:selinuxContext\":{},")
        .append("\"f:virtualMachineRevisionName\":{},\"f:volumeStatus\":{}}},")
        .append("\"manager\":\"virt-controller\",\"operation\":\"Update\",\"time\":\"")
        .append(ts(t0 + 20))
        .append("\"},{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":")
        .append("{\"f:metadata\":{\"f:labels\":{\"f:kubevirt.io/nodeName\":{}}},\"f:status\":{")
        .append("\"f:guestOSInfo\":{\"f:id\":{},\"f:kernelRelease\":{},\"f:kernelVersion\":{},")
        .append("\"f:name\":{},\"f:prettyName\":{},\"f:version\":{},\"f:versionId\":{}},")
        .append("\"f:interfaces\":{},\"f:machine\":{\".\":{},\"f:type\":{}}}},")
        .append("\"manager\":\"virt-handler\",\"operation\":\"Update\",\"time\":\"")
        .append(ts(t0 + 25))
        .append("\"}],\"name\":\"")
        .append(name)
        .append("\",\"namespace\":\"")
        .append(ns)
        .append("\",\"ownerReferences\":[{\"apiVersion\":\"kubevirt.io/v1\",")
        .append("\"blockOwnerDeletion\":true,\"controller\":true,\"kind\":\"VirtualMachine\",")
        .append("\"name\":\"")
        .append(name)
        .append("\",\"uid\":\"")
        .append(uid("vm", i))
        .append("\"}],\"resourceVersion\":\"")
        .append(resourceVersion)
        .append("\",\"uid\":\"")
        .append(uid("vmi", i))
        .append("\"},\"spec\":{\"architecture\":\"amd64\",\"domain\":{\"cpu\":{\"cores\":1,")
        .append("\"maxSockets\":16,\"model\":\"host-model\",\"sockets\":")
        .append(1 + i % 4)
        .append(",\"threads\":1},\"devices\":{\"disks\":[{\"bootOrder\":1,\"disk\":{\"bus\":")
        .append("\"virtio\"},\"name\":\"rootdisk\"},{\"disk\":{\"bus\":\"virtio\"},\"name\":")
        .append("\"datadisk\"},{\"disk\":{\"bus\":\"virtio\"},\"name\":\"cloudinitdisk\"}],")
        .append("\"interfaces\":[{\"macAddress\":\"02:8a:")
        .append(String.format("%02x:%02x:%02x", (i >> 16) & 255, (i >> 8) & 255, i & 255))
        .append(":01\",\"masquerade\":{},\"model\":\"virtio\",\"name\":\"default\"}],")
        .append("\"rng\":{}},\"features\":{\"acpi\":{\"enabled\":true},\"smm\":{\"enabled\":")
        .append("true}},\"firmware\":{\"bootloader\":{\"efi\":{\"secureBoot\":true}},\"uuid\":\"")
        .append(uid("fw", i))
        .append("\"},\"machine\":{\"type\":\"pc-q35-rhel9.4.0\"},\"memory\":{\"guest\":\"")
        .append(2 << (i % 4))
        .append("Gi\",\"maxGuest\":\"64Gi\"},\"resources\":{\"requests\":{\"memory\":\"")
        .append(2 << (i % 4))
        .append("Gi\"}}},\"evictionStrategy\":\"LiveMigrate\",\"networks\":[{\"name\":")
        .append("\"default\",\"pod\":{}}],\"terminationGracePeriodSeconds\":180,\"volumes\":[")
        .append("{\"dataVolume\":{\"name\":\"")
        .append(name)
        .append("-rootdisk\"},\"name\":\"rootdisk\"},{\"dataVolume\":{\"name\":\"")
        .append(name)
        .append("-data\"},\"name\":\"datadisk\"},{\"cloudInitNoCloud\":{\"userData\":")
        .append("\"#cloud-config\\nuser: cloud-user\\npassword: changeme\\nchpasswd: { expire:")
        .append(" False }\\nssh_pwauth: true\\nruncmd:\\n  - systemctl enable --now")
        .append(" qemu-guest-agent\\n\"},\"name\":\"cloudinitdisk\"}]},\"status\":{")
        .append("\"activePods\":{\"")
        .append(uid("pod", i))
        .append("\":\"")
        .append(node)
        .append("\"},\"conditions\":[{\"lastProbeTime\":null,\"lastTransitionTime\":\"")
        .append(ts(t0 + 20))
        .append("\",\"status\":\"True\",\"type\":\"Ready\"},{\"lastProbeTime\":null,")
        .append("\"lastTransitionTime\":null,\"status\":\"True\",\"type\":\"LiveMigratable\"},")
        .append("{\"lastProbeTime\":null,\"lastTransitionTime\":null,\"status\":\"True\",")
        .append("\"type\":\"StorageLiveMigratable\"},{\"lastProbeTime\":\"")
        .append(ts(t0 + 30))
        .append("\",\"lastTransitionTime\":null,\"status\":\"True\",\"type\":")
        .append("\"AgentConnected\"}],\"currentCPUTopology\":{\"cores\":1,\"sockets\":")
        .append(1 + i % 4)
        .append(",\"threads\":1},\"guestOSInfo\":{\"id\":\"rhel\",\"kernelRelease\":")
        .append("\"5.14.0-427.13.1.el9_4.x86_64\",\"kernelVersion\":\"#1 SMP PREEMPT_DYNAMIC\",")
        .append("\"machine\":\"x86_64\",\"name\":\"Red Hat Enterprise Linux\",\"prettyName\":")
        .append("\"Red Hat Enterprise Linux 9.4 (Plow)\",\"version\":\"9.4\",\"versionId\":")
        .append("\"9.4\"},\"interfaces\":[{\"infoSource\":\"domain, guest-agent\",")
        .append("\"interfaceName\":\"enp1s0\",\"ipAddress\":\"10.0.2.2\",\"ipAddresses\":[")
        .append("\"10.0.2.2\"],\"mac\":\"02:8a:00:00:00:01\",\"name\":\"default\",")
        .append("\"podInterfaceName\":\"eth0\",\"queueCount\":1}],")
        .append("\"launcherContainerImageVersion\":\"quay.io/kubevirt/virt-launcher:v1.9.0\",")
        .append("\"machine\":{\"type\":\"pc-q35-rhel9.4.0\"},\"memory\":{\"guestAtBoot\":\"")
        .append(2 << (i % 4))
        .append("Gi\",\"guestCurrent\":\"")
        .append(2 << (i % 4))
        .append("Gi\",\"guestRequested\":\"")
        .append(2 << (i % 4))
        .append("Gi\"},\"migrationMethod\":\"BlockMigration\",\"migrationTransport\":\"Unix\",")
        .append("\"nodeName\":\"")
        .append(node)
        .append("\",\"phase\":\"Running\",\"phaseTransitionTimestamps\":[");
    String[] phases = {"Pending", "Scheduling", "Scheduled", "Running"};
    for (int p = 0; p < phases.length; p++) {
      b.append(p > 0 ? "," : "")
          .append("{\"phase\":\"")
          .append(phases[p])
          .append("\",\"phaseTransitionTimestamp\":\"")
          .append(ts(t0 + p * 4L))
          .append("\"}");
    }
    b.append("],\"qosClass\":\"Burstable\",\"runtimeUser\":107,\"selinuxContext\":")
        .append("\"system_u:object_r:container_file_t:s0:c")
        .append(i % 1000)
        .append(",c")
        .append(i % 997 + 1)
        .append("\",\"virtualMachineRevisionName\":\"revision-start-vm-")
        .append(uid("vm", i))
        .append("-2\",\"volumeStatus\":[");
    String[] vols = {"cloudinitdisk", "datadisk", "rootdisk"};
    for (int v = 0; v < vols.length; v++) {
      b.append(v > 0 ? "," : "")
          .append("{\"name\":\"")
          .append(vols[v])
          .append("\",\"persistentVolumeClaimInfo\":{\"accessModes\":[\"ReadWriteMany\"],")
          .append("\"capacity\":{\"storage\":\"")
          .append(v == 0 ? "1Mi" : "30Gi")
          .append("\"},\"claimName\":\"")
          .append(name)
          .append("-")
          .append(vols[v])
          .append("\",\"filesystemOverhead\":\"0\",\"requests\":{\"storage\":\"")
          .append(v == 0 ? "1Mi" : "30Gi")
          .append("\"},\"volumeMode\":\"Block\"},\"target\":\"vd")
          .append((char) ('a' + v))
          .append("\"}");
    }
    b.append("]}}");
    return b.toString();
  }

  // ---- Node ----

  private static final int FEATURES = 120;
  private static final List<String> HYPERV =
      List.of(
          "base",
          "frequencies",
          "ipi",
          "reenlightenment",
          "reset",
          "runtime",
          "synic",
          "synictimer",
          "time",
          "tlbflush",
          "vpindex");

  Map<String, String> nodeLabels(int k) {
    Map<String, String> l = new LinkedHashMap<>();
    String name = nodeName(k);
    l.put("beta.kubernetes.io/arch", "amd64");
    l.put("beta.kubernetes.io/os", "linux");
    l.put("cpu-model-migration.node.kubevirt.io/Cascadelake-Server-noTSX", "true");
    l.put("cpu-model-migration.node.kubevirt.io/Icelake-Server-noTSX", k % 3 == 0 ? "true" : null);
    l.put("cpu-model-migration.node.kubevirt.io/Skylake-Server-noTSX-IBRS", "true");
    l.put("cpu-model.node.kubevirt.io/Cascadelake-Server-noTSX", "true");
    // The machine types virt-handler reports the node supports (the VMIs run pc-q35-rhel9.4.0).
    l.put("machine-type.node.kubevirt.io/pc-q35-rhel9.4.0", "true");
    l.put("machine-type.node.kubevirt.io/pc-q35-rhel9.6.0", "true");
    l.put("cpu-feature.node.kubevirt.io/avx512f", "true");
    l.put("cpu-feature.node.kubevirt.io/vmx", "true");
    // The node labeller lists the host model among the models a VMI may migrate with.
    l.put(
        "host-model-cpu.node.kubevirt.io/"
            + (k % 3 == 0 ? "Icelake-Server-noTSX" : "Cascadelake-Server-noTSX"),
        "true");
    l.put("kubernetes.io/arch", "amd64");
    l.put("kubernetes.io/hostname", name);
    l.put("kubernetes.io/os", "linux");
    l.put("kubevirt.io/schedulable", k % 50 == 49 ? "false" : "true");
    l.put("node-role.kubernetes.io/worker", "");
    l.put("topology.kubernetes.io/region", "region-1");
    l.put("topology.kubernetes.io/zone", "zone-" + (char) ('a' + k % 3));
    // KubeVirt's node labeller puts every CPU feature, the host-model's required features and
    // the Hyper-V capabilities on each node: 100 to 300 labels on real nodes (the Nodes cache
    // keeps them all, vmim-target-node reads them).
    for (int f = 0; f < FEATURES; f++) {
      l.put("cpu-feature.node.kubevirt.io/feature-" + f, "true");
    }
    for (int f = 0; f < 30; f++) {
      l.put("host-model-required-features.node.kubevirt.io/feature-" + f, "true");
    }
    for (String h : HYPERV) {
      l.put("hyperv.node.kubevirt.io/" + h, "true");
    }
    l.values().removeIf(v -> v == null);
    return l;
  }

  String node(int k, long resourceVersion) {
    String name = nodeName(k);
    StringBuilder b = new StringBuilder(5000);
    b.append("{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"annotations\":{")
        .append("\"kubevirt.io/heartbeat\":\"")
        .append(ts(3_000_000))
        .append("\",\"node.alpha.kubernetes.io/ttl\":\"0\",")
        .append("\"volumes.kubernetes.io/controller-managed-attach-detach\":\"true\"},")
        .append("\"creationTimestamp\":\"")
        .append(ts(k))
        .append("\",\"labels\":{");
    appendMap(b, nodeLabels(k));
    b.append("},\"name\":\"")
        .append(name)
        .append("\",\"resourceVersion\":\"")
        .append(resourceVersion)
        .append("\",\"uid\":\"")
        .append(uid("node", k))
        .append("\"},\"spec\":{\"podCIDR\":\"10.244.")
        .append(k % 256)
        .append(".0/24\",\"providerID\":\"metal://")
        .append(name)
        .append("\"");
    if (k % 50 == 49) {
      b.append(",\"taints\":[{\"effect\":\"NoSchedule\",\"key\":\"kubevirt.io/drain\",")
          .append("\"value\":\"draining\"},{\"effect\":\"NoSchedule\",\"key\":")
          .append("\"node.kubernetes.io/unschedulable\",\"timeAdded\":\"")
          .append(ts(3_000_000))
          .append("\"}],\"unschedulable\":true");
    }
    b.append("},\"status\":{\"addresses\":[{\"address\":\"192.168.")
        .append(k / 250)
        .append(".")
        .append(k % 250 + 1)
        .append("\",\"type\":\"InternalIP\"},{\"address\":\"")
        .append(name)
        .append("\",\"type\":\"Hostname\"}],\"allocatable\":{\"cpu\":\"63500m\",")
        .append("\"devices.kubevirt.io/kvm\":\"1k\",\"devices.kubevirt.io/tun\":\"1k\",")
        .append("\"devices.kubevirt.io/vhost-net\":\"1k\",\"ephemeral-storage\":\"860Gi\",")
        .append("\"memory\":\"500Gi\",\"pods\":\"250\"},\"capacity\":{\"cpu\":\"64\",")
        .append("\"devices.kubevirt.io/kvm\":\"1k\",\"memory\":\"512Gi\",\"pods\":\"250\"},")
        .append("\"conditions\":[{\"lastHeartbeatTime\":\"")
        .append(ts(3_000_000))
        .append("\",\"lastTransitionTime\":\"")
        .append(ts(k))
        .append("\",\"message\":\"kubelet is posting ready status\",\"reason\":\"KubeletReady\",")
        .append("\"status\":\"True\",\"type\":\"Ready\"}],\"nodeInfo\":{\"architecture\":")
        .append("\"amd64\",\"containerRuntimeVersion\":\"containerd://1.7.22\",")
        .append("\"kernelVersion\":\"5.14.0-427.el9.x86_64\",\"kubeletVersion\":\"v1.33.1\",")
        .append("\"operatingSystem\":\"linux\",\"osImage\":\"Red Hat Enterprise Linux CoreOS\"}}}");
    return b.toString();
  }

  private static void appendMap(StringBuilder b, Map<String, String> m) {
    boolean first = true;
    for (Map.Entry<String, String> e : m.entrySet()) {
      b.append(first ? "" : ",").append('"').append(e.getKey()).append("\":\"");
      b.append(e.getValue()).append('"');
      first = false;
    }
  }
}
