package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.migrationguard.cli.Lint;
import io.migrationguard.core.model.Kind;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
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
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two doors agree: every object of one corpus (the schema samples, the lint fixtures, the base
 * objects of the rule case files and the objects of the parity corpora) is judged by the lint (in
 * process, {@code -o json --show-patch --as USER}) and by the webhook over HTTPS ({@code /validate}
 * and {@code /mutate}, fieldValidation Warn, the same user). Same verdict, same error (type, field)
 * pairs, same rule ids, same number of warnings, same patch.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ParityTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String USER = "system:serviceaccount:kubevirt:kubevirt-controller";

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @TempDir Path tmp;

  @Test
  void lintAndWebhookGiveTheSameDecision() throws IOException {
    List<JsonNode> corpus = corpus();
    assertTrue(corpus.size() >= 30, "corpus too small: " + corpus.size());
    int denied = 0;
    for (int i = 0; i < corpus.size(); i++) {
      JsonNode object = corpus.get(i);
      String label = object.path("kind").asText() + "/" + object.at("/metadata/name").asText();
      JsonNode lint = lint(object, i);
      JsonNode validate = webhook("/validate", object, i);
      JsonNode mutate = webhook("/mutate", object, i);
      boolean allowed = validate.at("/response/allowed").asBoolean();
      assertEquals(
          "valid".equals(lint.path("status").asText()), allowed, label + ": verdict\n" + lint);
      if (!allowed) {
        denied++;
      }
      assertEquals(errorPairs(lint), causePairs(validate), label + ": error findings");
      assertEquals(lintRules(lint), webhookRules(validate), label + ": rule ids");
      assertEquals(
          count(lint, "warning"), validate.at("/response/warnings").size(), label + ": warnings");
      assertEquals(lint.path("patch"), patch(mutate), label + ": patch");
    }
    assertTrue(denied > 5 && denied < corpus.size() - 5, "corpus lacks variety: " + denied);
  }

  private List<JsonNode> corpus() throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String dir :
        List.of(
            "src/test/resources/samples",
            "src/test/resources/lint/clean",
            "src/test/resources/lint/gates",
            "src/test/resources/lint/against",
            "src/test/resources/rules",
            "src/test/resources/mutations",
            "src/test/resources/parity/kubevirt")) {
      try (Stream<Path> files = Files.walk(Path.of(dir))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
          collect(YAML.readTree(YAML.getFactory().createParser(f.toFile())), out);
          readAll(f, out);
        }
      }
    }
    return out;
  }

  /** Every object of our kinds anywhere in the documents of {@code f} (case files nest them). */
  private static void readAll(Path f, List<JsonNode> out) throws IOException {
    try (YAMLParser p = (YAMLParser) YAML.getFactory().createParser(f.toFile())) {
      var it = YAML.readValues(p, JsonNode.class);
      boolean first = true;
      while (it.hasNext()) {
        JsonNode doc = it.next();
        if (!first) {
          collect(doc, out);
        }
        first = false;
      }
    }
  }

  private static void collect(JsonNode n, List<JsonNode> out) {
    if (n == null) {
      return;
    }
    if (n.isObject() && kind(n).isPresent() && n.path("metadata").isObject()) {
      out.add(n);
      return;
    }
    n.forEach(c -> collect(c, out));
  }

  private static Optional<Kind> kind(JsonNode n) {
    return Kind.ofManifest(n.path("apiVersion").asText(), n.path("kind").asText());
  }

  private JsonNode lint(JsonNode object, int i) throws IOException {
    Path file = tmp.resolve("o" + i + ".json");
    Files.writeString(file, JSON.writeValueAsString(object));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // The same release profile as the service under test (WebhookTestProfile: main).
    String[] args = {
      "-o", "json", "--show-patch", "--as", USER, "--kubevirt-version", "main", file.toString()
    };
    Lint.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err));
    return JSON.readTree(out.toByteArray()).at("/resources/0");
  }

  private JsonNode webhook(String path, JsonNode object, int i) throws IOException {
    Kind k = kind(object).orElseThrow();
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    ObjectNode req = review.putObject("request");
    req.put("uid", "parity-" + i);
    req.putObject("kind")
        .put("group", k.group())
        .put("version", k.version())
        .put("kind", k.kindName());
    req.put("operation", "CREATE");
    req.put("name", object.at("/metadata/name").asText(""));
    String ns = object.at("/metadata/namespace").asText("");
    if (!ns.isEmpty()) {
      req.put("namespace", ns);
    }
    req.putObject("userInfo").put("username", USER);
    req.set("object", object);
    req.putObject("options").put("fieldValidation", "Warn");
    String body =
        Https.given(base, tls.caCertificate())
            .contentType("application/json")
            .body(JSON.writeValueAsString(review))
            .post(path)
            .then()
            .statusCode(200)
            .extract()
            .asString();
    return JSON.readTree(body);
  }

  private static TreeSet<String> errorPairs(JsonNode lint) {
    TreeSet<String> out = new TreeSet<>();
    for (JsonNode f : lint.path("findings")) {
      if ("error".equals(f.path("severity").asText())) {
        out.add(f.path("type").asText() + " " + f.path("field").asText());
      }
    }
    return out;
  }

  private static TreeSet<String> causePairs(JsonNode review) {
    TreeSet<String> out = new TreeSet<>();
    for (JsonNode c : review.at("/response/status/details/causes")) {
      out.add(c.path("reason").asText() + " " + c.path("field").asText());
    }
    return out;
  }

  private static TreeSet<String> lintRules(JsonNode lint) {
    TreeSet<String> out = new TreeSet<>();
    lint.path("findings").forEach(f -> out.add(f.path("rule").asText()));
    return out;
  }

  private static TreeSet<String> webhookRules(JsonNode review) {
    TreeSet<String> out = new TreeSet<>();
    String rules = review.at("/response/auditAnnotations/rules").asText("");
    for (String r : rules.split(",")) {
      if (!r.isBlank()) {
        out.add(r);
      }
    }
    return out;
  }

  private static int count(JsonNode lint, String severity) {
    int n = 0;
    for (JsonNode f : lint.path("findings")) {
      n += severity.equals(f.path("severity").asText()) ? 1 : 0;
    }
    return n;
  }

  private static JsonNode patch(JsonNode review) throws IOException {
    String b64 = review.at("/response/patch").asText("");
    return b64.isEmpty() ? JSON.createArrayNode() : JSON.readTree(Base64.getDecoder().decode(b64));
  }
}
