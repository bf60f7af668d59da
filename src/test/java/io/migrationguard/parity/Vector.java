package io.migrationguard.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.testing.CaseFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * One parity vector of {@code src/test/resources/parity/kubevirt/}: an admission request taken from
 * KubeVirt's own tests, its CRD validation or the API server's handling, with KubeVirt's verdict
 * and ours (rule ids of errors and warnings, the patch for {@code /mutate}).
 */
record Vector(
    String file,
    String name,
    boolean mutate,
    Operation operation,
    String requester,
    FieldValidation fieldValidation,
    JsonNode cluster,
    JsonNode object,
    JsonNode oldObject,
    String kubevirt,
    boolean allowed,
    TreeSet<String> errors,
    TreeSet<String> warnings,
    JsonNode patch,
    String difference,
    String kubevirtVersion,
    boolean releaseCorpus) {

  static final String DIR = "src/test/resources/parity/kubevirt";

  @Override
  public String toString() {
    return file + ": " + name;
  }

  /**
   * Every vector: the main corpus ({@code parity/kubevirt/}, judged as KubeVirt main, whose tests
   * it was taken from) and the release corpora ({@code parity/releases/<profile>.yaml}, each file
   * judged with the profile its {@code kubevirtVersion} names).
   */
  static List<Vector> all() {
    List<Vector> out = new ArrayList<>();
    for (Path f : CaseFiles.list("parity/kubevirt")) {
      for (JsonNode v : CaseFiles.read(f).path("vectors")) {
        out.add(of(f.getFileName().toString(), v, "main", false));
      }
    }
    for (Path f : CaseFiles.list("parity/releases")) {
      JsonNode doc = CaseFiles.read(f);
      String version = doc.path("kubevirtVersion").asText();
      for (JsonNode v : doc.path("vectors")) {
        out.add(of(f.getFileName().toString(), v, version, true));
      }
    }
    return out;
  }

  /** The release profile this vector is judged with. */
  Release release() {
    return ReleaseChoice.of(kubevirtVersion).release();
  }

  private static Vector of(String file, JsonNode v, String kubevirtVersion, boolean release) {
    JsonNode expect = v.path("expect");
    return new Vector(
        file,
        v.path("name").asText(),
        "mutate".equals(v.path("endpoint").asText("validate")),
        Operation.valueOf(v.path("operation").asText("CREATE")),
        v.hasNonNull("requester") ? v.get("requester").asText() : null,
        FieldValidation.parse(v.path("fieldValidation").asText("Warn")),
        v.get("cluster"),
        v.get("object"),
        v.get("oldObject"),
        v.path("kubevirt").asText(),
        expect.path("allowed").asBoolean(),
        strings(expect.path("errors")),
        strings(expect.path("warnings")),
        expect.get("patch"),
        v.hasNonNull("difference") ? v.get("difference").asText() : null,
        kubevirtVersion,
        release);
  }

  Kind kind() {
    return CaseFiles.kindOf(object);
  }

  Review review() {
    return new Review(
        kind(),
        operation,
        object,
        operation == Operation.UPDATE ? oldObject : null,
        object.path("metadata").path("namespace").asText(null),
        requester,
        fieldValidation);
  }

  /** Whether the vector's cluster holds VMIs (only the webhook's cluster view can look them up). */
  boolean needsVmis() {
    return cluster != null && cluster.path("vmis").size() > 0;
  }

  /** Whether the cluster is the default one: no objects, feature gates at their defaults. */
  boolean defaultCluster() {
    return cluster == null || cluster.isEmpty();
  }

  /**
   * Whether the verdict may depend on the cluster's VMIs (which only the engine's in-memory view
   * can look up): in the release corpora, unless a VMI is not running or not migratable, it is
   * given only so the engine finds it, and the verdict does not depend on it.
   */
  boolean vmisDecide() {
    return needsVmis() && (!releaseCorpus || !vmisRunningAndMigratable());
  }

  /** Whether every VMI of the cluster is running and has no {@code LiveMigratable=False}. */
  private boolean vmisRunningAndMigratable() {
    for (JsonNode vmi : cluster.path("vmis")) {
      if (!vmi.at("/status/phase").asText().equals("Running")) {
        return false;
      }
      for (JsonNode c : vmi.at("/status/conditions")) {
        if (c.path("type").asText().equals("LiveMigratable")
            && c.path("status").asText().equals("False")) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether the webhook without a cluster judges this vector as its cluster would: the default
   * cluster, or in the release corpora one that holds only the (running) VMI.
   */
  boolean webhookCanJudge() {
    if (defaultCluster()) {
      return true;
    }
    if (!releaseCorpus || vmisDecide()) {
      return false;
    }
    java.util.Iterator<String> names = cluster.fieldNames();
    while (names.hasNext()) {
      if (!names.next().equals("vmis")) {
        return false;
      }
    }
    return true;
  }

  private static TreeSet<String> strings(JsonNode array) {
    TreeSet<String> out = new TreeSet<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
