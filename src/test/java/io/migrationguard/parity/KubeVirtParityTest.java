package io.migrationguard.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.cli.Lint;
import io.migrationguard.cluster.ReleaseEngines;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * KubeVirt parity: every vector of {@code src/test/resources/parity/kubevirt/} (KubeVirt's own
 * admitter and mutator tests, its CRD validation, the API server's handling before admission)
 * through every door that can judge it, each giving the vector's expected verdict, error and
 * warning rule ids, and patch:
 *
 * <ul>
 *   <li>the engine, with the vector's cluster in memory (every vector);
 *   <li>the webhook over HTTPS (vectors whose cluster is the default one: this app runs without a
 *       cluster; the informer path has its own tests);
 *   <li>the lint, in process (vectors that need no VMI lookup and use a fieldValidation the lint
 *       offers): the vector's policies and migrations are documents of the same input, its feature
 *       gates a {@code --kubevirt} file, its old object an {@code --against} file.
 * </ul>
 *
 * Where our verdict differs from KubeVirt's, the vector says why ({@code difference}), and the docs
 * list it as a deliberate difference.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class KubeVirtParityTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Inject ReleaseEngines engines;

  /** One engine per profile (compiling a profile's schemas is not cheap). */
  private static final Map<Release, Engine> ENGINES = new ConcurrentHashMap<>();

  @TempDir Path tmp;

  static Stream<Vector> vectors() {
    return Vector.all().stream();
  }

  @Test
  void theCorpusIsLargeAndVaried() {
    List<Vector> all = Vector.all();
    assertTrue(all.size() >= 100, "vectors: " + all.size());
    assertTrue(all.stream().filter(v -> !v.allowed()).count() >= 30, "too few denials");
    assertTrue(all.stream().filter(Vector::allowed).count() >= 30, "too few admissions");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void aDifferenceFromKubeVirtIsExplained(Vector v) {
    assertTrue(List.of("allowed", "denied").contains(v.kubevirt()), v + ": kubevirt verdict");
    boolean differs = v.allowed() != v.kubevirt().equals("allowed");
    assertEquals(differs, v.difference() != null, v + ": difference given iff the verdicts differ");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void engine(Vector v) {
    Engine engine =
        ENGINES.computeIfAbsent(
            v.release(), r -> Engine.standard(Settings.defaults().forRelease(r)));
    if (v.mutate()) {
      Decision d = engine.mutate(v.review());
      assertEquals(v.patch(), JsonPatches.toJson(d.patch()), v + ": patch");
      return;
    }
    Decision d = engine.validate(v.review(), CaseFiles.cluster(v.cluster()));
    String shown = render(d);
    assertEquals(v.errors(), ids(d.errors()), v + ": errors " + shown);
    assertEquals(v.warnings(), ids(d.warnings()), v + ": warnings " + shown);
    assertEquals(v.allowed(), d.allowed(), v + ": verdict " + shown + d.unavailable());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void webhook(Vector v) throws IOException {
    if (!v.webhookCanJudge()) {
      return;
    }
    // The service's profile switch (what the informer does when the KubeVirt CR is upgraded),
    // then back to the configured one for the other tests of this application.
    JsonNode answer;
    ReleaseEngines.Active configured = engines.active();
    engines.use(ReleaseChoice.of(v.kubevirtVersion()));
    try {
      answer = post(v);
    } finally {
      engines.use(configured.choice());
    }
    JsonNode response = answer.path("response");
    if (v.mutate()) {
      assertTrue(response.path("allowed").asBoolean(), v + ": /mutate never denies");
      String b64 = response.path("patch").asText("");
      JsonNode patch =
          b64.isEmpty() ? JSON.createArrayNode() : JSON.readTree(Base64.getDecoder().decode(b64));
      assertEquals(v.patch(), patch, v + ": patch");
      return;
    }
    assertEquals(v.allowed(), response.path("allowed").asBoolean(), v + ": verdict " + answer);
    TreeSet<String> rules = new TreeSet<>();
    for (String r : response.at("/auditAnnotations/rules").asText("").split(",")) {
      if (!r.isBlank()) {
        rules.add(r);
      }
    }
    TreeSet<String> expected = new TreeSet<>(v.errors());
    expected.addAll(v.warnings());
    assertEquals(expected, rules, v + ": rule ids " + answer);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void lint(Vector v) throws IOException {
    if (v.vmisDecide() || v.fieldValidation() == FieldValidation.IGNORE) {
      return;
    }
    List<String> args =
        new ArrayList<>(
            List.of("-o", "json", "--show-patch", "--kubevirt-version", v.kubevirtVersion()));
    if (v.fieldValidation() == FieldValidation.STRICT) {
      args.add("--strict");
    }
    if (v.requester() != null) {
      args.addAll(List.of("--as", v.requester()));
    }
    if (v.cluster() != null
        && (v.cluster().has("featureGates") || v.cluster().has("disabledFeatureGates"))) {
      args.addAll(List.of("--kubevirt", write("kubevirt.json", kubevirtCr(v.cluster()))));
    }
    if (v.operation() == Operation.UPDATE) {
      args.addAll(List.of("--against", write("old.json", v.oldObject())));
    }
    ArrayNode input = JSON.createArrayNode().add(v.object());
    if (v.cluster() != null) {
      String self = v.object().at("/metadata/name").asText("");
      for (String stored : List.of("policies", "migrations")) {
        for (JsonNode o : v.cluster().path(stored)) {
          // The stored version of the object under review is the old object, not another one.
          if (self.isEmpty() || !self.equals(o.at("/metadata/name").asText())) {
            input.add(o);
          }
        }
      }
    }
    ObjectNode list = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "List");
    list.set("items", input);
    args.add(write("input.json", list));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Lint.run(
        args.toArray(String[]::new),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    JsonNode result = JSON.readTree(out.toByteArray()).at("/resources/0");
    String shown = result.path("findings").toString() + err.toString(StandardCharsets.UTF_8);
    if (v.mutate()) {
      assertEquals(v.patch(), result.path("patch"), v + ": patch " + shown);
      return;
    }
    assertEquals(
        v.allowed() ? "valid" : "invalid", result.path("status").asText(), v + ": " + shown);
    assertEquals(v.errors(), lintIds(result, "error"), v + ": errors " + shown);
    assertEquals(v.warnings(), lintIds(result, "warning"), v + ": warnings " + shown);
  }

  private JsonNode post(Vector v) throws IOException {
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    ObjectNode req = review.putObject("request");
    req.put("uid", "vector");
    String apiVersion = v.object().path("apiVersion").asText();
    req.putObject("kind")
        .put("group", apiVersion.substring(0, apiVersion.indexOf('/')))
        .put("version", apiVersion.substring(apiVersion.indexOf('/') + 1))
        .put("kind", v.kind().kindName());
    req.put("operation", v.operation().name());
    req.put("name", v.object().at("/metadata/name").asText(""));
    String ns = v.object().at("/metadata/namespace").asText("");
    if (v.kind().namespaced() && !ns.isEmpty()) {
      req.put("namespace", ns);
    }
    if (v.requester() != null) {
      req.putObject("userInfo").put("username", v.requester());
    }
    req.set("object", v.object());
    if (v.operation() == Operation.UPDATE) {
      req.set("oldObject", v.oldObject());
    }
    req.putObject("options").put("fieldValidation", wire(v.fieldValidation()));
    String body =
        Https.given(base, tls.caCertificate())
            .contentType("application/json")
            .body(JSON.writeValueAsString(review))
            .post(v.mutate() ? "/mutate" : "/validate")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    return JSON.readTree(body);
  }

  private static String wire(FieldValidation fv) {
    return switch (fv) {
      case STRICT -> "Strict";
      case WARN -> "Warn";
      case IGNORE -> "Ignore";
    };
  }

  private static JsonNode kubevirtCr(JsonNode cluster) {
    ObjectNode cr =
        JSON.createObjectNode().put("apiVersion", "kubevirt.io/v1").put("kind", "KubeVirt");
    cr.putObject("metadata").put("name", "kubevirt").put("namespace", "kubevirt");
    ObjectNode dev =
        cr.putObject("spec").putObject("configuration").putObject("developerConfiguration");
    dev.set(
        "featureGates",
        cluster.path("featureGates").isArray()
            ? cluster.get("featureGates")
            : JSON.createArrayNode());
    if (cluster.path("disabledFeatureGates").isArray()) {
      dev.set("disabledFeatureGates", cluster.get("disabledFeatureGates"));
    }
    return cr;
  }

  private String write(String name, JsonNode content) throws IOException {
    Path file = tmp.resolve(name);
    Files.writeString(file, JSON.writeValueAsString(content));
    return file.toString();
  }

  private static TreeSet<String> ids(List<Finding> findings) {
    TreeSet<String> out = new TreeSet<>();
    findings.forEach(f -> out.add(f.rule()));
    return out;
  }

  private static TreeSet<String> lintIds(JsonNode result, String severity) {
    TreeSet<String> out = new TreeSet<>();
    for (JsonNode f : result.path("findings")) {
      if (severity.equals(f.path("severity").asText())) {
        out.add(f.path("rule").asText());
      }
    }
    return out;
  }

  private static String render(Decision d) {
    return d.findings().stream().map(f -> f.rule() + " " + f.render()).toList().toString();
  }
}
