package io.migrationguard.webhook;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The training run of the service's class-data archive: with {@code
 * migration-guard.startup-training=true} the service starts as usual, judges a few reviews of each
 * kind (validate and mutate, create and update), then exits. Run under {@code
 * -XX:ArchiveClassesAtExit}, the archive then holds what the start and a first review load, which
 * Quarkus' own archive (written at the end of static initialisation) does not. Never set in a
 * cluster; the image build and the package step set it (docs/performance.md).
 */
@ApplicationScoped
public class StartupTraining {
  private static final Logger LOG = Logger.getLogger(StartupTraining.class);

  private static final String MIGRATION =
      "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
          + "\"metadata\":{\"name\":\"m\",\"namespace\":\"vms\",\"resourceVersion\":\"1\"},"
          + "\"spec\":{\"vmiName\":\"db-0\",\"priority\":\"system-critical\"}}";
  private static final String POLICY =
      "{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\","
          + "\"metadata\":{\"name\":\"p\",\"resourceVersion\":\"1\"},\"spec\":{\"allowPostCopy\":true,"
          + "\"bandwidthPerMigration\":\"64Mi\",\"selectors\":{\"namespaceSelector\":{\"t\":\"db\"}}}}";

  @ConfigProperty(name = "migration-guard.startup-training", defaultValue = "false")
  boolean training;

  @Inject AdmissionHandler handler;

  void onStart(@Observes StartupEvent event) {
    if (!training) {
      return;
    }
    int answered = 0;
    for (String[] r :
        new String[][] {
          {
            "kubevirt.io",
            "v1",
            "VirtualMachineInstanceMigration",
            "virtualmachineinstancemigrations",
            MIGRATION
          },
          {"migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", "migrationpolicies", POLICY}
        }) {
      for (String op : new String[] {"CREATE", "UPDATE"}) {
        for (Webhook w : Webhook.values()) {
          byte[] body = review(r, op).getBytes(StandardCharsets.UTF_8);
          answered += handler.handle(w, body).status() == 200 ? 1 : 0;
        }
      }
    }
    LOG.infof("Start-up training: %d reviews answered; exiting", answered);
    Quarkus.asyncExit(0);
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
