package io.migrationguard.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.FieldValidation;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
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
    String difference) {

  static final String DIR = "src/test/resources/parity/kubevirt";

  @Override
  public String toString() {
    return file + ": " + name;
  }

  static List<Vector> all() {
    List<Vector> out = new ArrayList<>();
    for (Path f : CaseFiles.list("parity/kubevirt")) {
      for (JsonNode v : CaseFiles.read(f).path("vectors")) {
        out.add(of(f.getFileName().toString(), v));
      }
    }
    return out;
  }

  private static Vector of(String file, JsonNode v) {
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
        v.hasNonNull("difference") ? v.get("difference").asText() : null);
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

  private static TreeSet<String> strings(JsonNode array) {
    TreeSet<String> out = new TreeSet<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
