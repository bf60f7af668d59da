package io.migrationguard.webhook;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The AdmissionReviews of the start-up training run ({@link StartupTraining}): a migration and a
 * policy, each as a create and an update, so that the archive holds both kinds' review paths.
 */
final class TrainingReviews {
  private static final String MIGRATION =
      "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
          + "\"metadata\":{\"name\":\"m\",\"namespace\":\"vms\",\"resourceVersion\":\"1\"},"
          + "\"spec\":{\"vmiName\":\"db-0\",\"priority\":\"system-critical\"}}";
  private static final String POLICY =
      "{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\","
          + "\"metadata\":{\"name\":\"p\",\"resourceVersion\":\"1\"},\"spec\":{\"allowPostCopy\":true,"
          + "\"bandwidthPerMigration\":\"64Mi\",\"selectors\":{\"namespaceSelector\":{\"t\":\"db\"}}}}";

  private static final String[][] KINDS = {
    {
      "kubevirt.io",
      "v1",
      "VirtualMachineInstanceMigration",
      "virtualmachineinstancemigrations",
      MIGRATION
    },
    {"migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", "migrationpolicies", POLICY}
  };

  private TrainingReviews() {}

  /** One body per kind and operation (CREATE, UPDATE), each to be sent to both webhooks. */
  static List<byte[]> bodies() {
    List<byte[]> bodies = new ArrayList<>();
    for (String[] kind : KINDS) {
      for (String op : new String[] {"CREATE", "UPDATE"}) {
        bodies.add(review(kind, op).getBytes(StandardCharsets.UTF_8));
      }
    }
    return bodies;
  }

  private static String review(String[] r, String op) {
    String gvk =
        "{\"group\":\"" + r[0] + "\",\"version\":\"" + r[1] + "\",\"kind\":\"" + r[2] + "\"}";
    String gvr =
        "{\"group\":\"" + r[0] + "\",\"version\":\"" + r[1] + "\",\"resource\":\"" + r[3] + "\"}";
    boolean namespaced = r[2].equals("VirtualMachineInstanceMigration");
    return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{"
        + "\"uid\":\"training\",\"kind\":"
        + gvk
        + ",\"resource\":"
        + gvr
        + ",\"requestKind\":"
        + gvk
        + ",\"requestResource\":"
        + gvr
        + ",\"name\":\""
        + (namespaced ? "m" : "p")
        + "\""
        + (namespaced ? ",\"namespace\":\"vms\"" : "")
        + ",\"operation\":\""
        + op
        + "\",\"userInfo\":{\"username\":\"training\"},"
        + "\"object\":"
        + r[4]
        + (op.equals("UPDATE") ? ",\"oldObject\":" + r[4] : "")
        + ",\"dryRun\":false}}";
  }
}
