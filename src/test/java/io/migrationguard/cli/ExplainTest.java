package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code explain} over files: the command line, both outputs, and every way it refuses. */
class ExplainTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  record Run(int code, String out, String err) {}

  static Run explain(String... args) {
    return explainWithStdin("", args);
  }

  static Run explainWithStdin(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Explain.run(
            args,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private String file(String name, String text) throws Exception {
    Path p = tmp.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p.toString();
  }

  private static String policy(String name, String selectors, String fields) {
    return "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: "
        + name
        + "}\nspec:\n  selectors: "
        + selectors
        + "\n"
        + fields
        + "---\n";
  }

  private String vmi(String labels) throws Exception {
    return file(
        "vmi.yaml",
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: db-1\n"
            + "  namespace: prod\n  labels: "
            + labels
            + "\n");
  }

  @Test
  void textNamesTheChoiceTheScoresAndEachFieldsOrigin() throws Exception {
    String vmi = vmi("{app: db, tier: gold}");
    String policies =
        file(
            "p/policies.yaml",
            policy(
                    "gold",
                    "{virtualMachineInstanceSelector: {tier: gold}}",
                    "  allowPostCopy: true\n")
                + policy(
                    "db-prod",
                    "{virtualMachineInstanceSelector: {app: db}, namespaceSelector: {team: a}}",
                    "  completionTimeoutPerGiB: 300\n")
                + policy("web", "{virtualMachineInstanceSelector: {app: web}}", ""));
    Run r = explain("--vmi", vmi, "--namespace-labels", "team=a", tmp.resolve("p").toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out().contains("Chosen: db-prod: the most matching labels (2; next gold with 1)."),
        r.out());
    assertTrue(
        r.out()
            .contains(
                "no match  web      virtualMachineInstanceSelector: app=web: the VMI has app=db"),
        r.out());
    assertTrue(
        r.out().matches("(?s).*completionTimeoutPerGiB\\s+300\\s+policy db-prod\n.*"), r.out());
    assertTrue(r.out().matches("(?s).*allowPostCopy\\s+false\\s+built-in default\n.*"), r.out());
    assertTrue(
        r.out().contains("namespace labels: kubernetes.io/metadata.name=prod, team=a"), r.out());
  }

  @Test
  void jsonForScripts() throws Exception {
    String vmi = vmi("{app: db}");
    String kubevirt =
        file(
            "kv.yaml",
            "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace:"
                + " kubevirt}\nspec:\n  configuration:\n    migrations: {allowPostCopy: true,"
                + " bandwidthPerMigration: 64Mi}\nstatus: {observedKubeVirtVersion: v1.8.3}\n");
    String policies =
        file(
            "policies.yaml",
            policy("db", "{virtualMachineInstanceSelector: {app: db}}", "  maxDowntimeMs: 100\n"));
    Run r = explain("--vmi", vmi, "--kubevirt", kubevirt, "-o", "json", policies);
    assertEquals(0, r.code(), r.err());
    JsonNode o = JSON.readTree(r.out());
    assertEquals("v1.8", o.get("release").asText());
    assertEquals("db", o.get("chosen").asText());
    assertFalse(
        o.get("policyNameRecorded").asBoolean(), "v1.8: a policy setting nothing is not named");
    assertEquals(
        "maxDowntimeMs: not in v1.8's MigrationPolicy schema", o.get("pruned").get(0).asText());
    JsonNode awd = field(o, "allowWorkloadDisruption");
    assertEquals(true, awd.get("value").asBoolean());
    assertEquals("kubevirt-allowPostCopy", awd.get("origin").asText());
    assertEquals("64Mi", field(o, "bandwidthPerMigration").get("value").asText());
    assertEquals("kubevirt", field(o, "bandwidthPerMigration").get("origin").asText());
    assertTrue(o.get("vmi").get("labels").get("kubevirt.io/migrationTargetNodeName").isNull());
  }

  private static JsonNode field(JsonNode o, String name) {
    for (JsonNode f : o.get("configuration")) {
      if (f.get("field").asText().equals(name)) {
        return f;
      }
    }
    throw new AssertionError("no field " + name);
  }

  @Test
  void aVirtualMachineIsJudgedByItsTemplatesLabelsAndANamespaceFileByItsLabels() throws Exception {
    String vm =
        file(
            "vm.yaml",
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {name: vm, namespace:"
                + " prod, labels: {app: other}}\nspec:\n  template:\n    metadata: {labels: {app:"
                + " db}}\n");
    String ns =
        file(
            "ns.yaml",
            "apiVersion: v1\nkind: Namespace\nmetadata: {name: prod, labels: {env: prod}}\n");
    String policies =
        file(
            "policies.yaml",
            policy(
                "db",
                "{virtualMachineInstanceSelector: {app: db}, namespaceSelector: {env: prod}}",
                ""));
    Run r = explain("--vmi", vm, "--namespace", ns, "-o", "json", policies);
    assertEquals(0, r.code(), r.err());
    JsonNode o = JSON.readTree(r.out());
    assertEquals("db", o.get("chosen").asText());
    assertEquals(2, o.get("policies").get(0).get("total").asInt());
  }

  @Test
  void theTargetNodeDecidesAPolicyOnTheTargetNodeLabel() throws Exception {
    String vmi = vmi("{app: db}");
    String policies =
        file(
            "policies.yaml",
            policy(
                "to-node1",
                "{virtualMachineInstanceSelector: {kubevirt.io/migrationTargetNodeName: node1}}",
                ""));
    Run unknown = explain("--vmi", vmi, policies);
    assertTrue(unknown.out().contains("Chosen: none."), unknown.out());
    assertTrue(unknown.out().contains("give --target-node NODE"), unknown.out());
    Run known = explain("--vmi", vmi, "--target-node", "node1", policies);
    assertTrue(
        known.out().contains("Chosen: to-node1 (the only policy that matches)."), known.out());
  }

  @Test
  void aPolicyNamedTwiceKeepsTheLaterAndSaysSo() throws Exception {
    String vmi = vmi("{app: db}");
    String a =
        file(
            "a.yaml",
            policy(
                "p", "{virtualMachineInstanceSelector: {app: db}}", "  allowAutoConverge: true\n"));
    String b =
        file(
            "b.yaml",
            policy(
                "p",
                "{virtualMachineInstanceSelector: {app: db}}",
                "  allowAutoConverge: false\n"));
    Run r = explain("--vmi", vmi, "-o", "json", a, b);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("MigrationPolicy p again"), r.err());
    assertFalse(field(JSON.readTree(r.out()), "allowAutoConverge").get("value").asBoolean());
  }

  @Test
  void policiesFromStdin() throws Exception {
    Run r = explainWithStdin(policy("p", "{}", ""), "--vmi", vmi("{app: db}"), "-o", "json", "-");
    assertEquals(0, r.code(), r.err());
    assertEquals("p", JSON.readTree(r.out()).get("chosen").asText());
  }

  @Test
  void inputThatCouldRewriteTheTerminalIsEscaped() throws Exception {
    String vmi = vmi("{app: \"db\\e[2J\\u202e\"}");
    String policies =
        file("policies.yaml", policy("p", "{virtualMachineInstanceSelector: {app: db}}", ""));
    Run r = explain("--vmi", vmi, policies);
    assertEquals(0, r.code(), r.err());
    assertFalse(r.out().contains("\u001b") || r.out().contains("\u202e"), r.out());
    assertTrue(r.out().contains("app=db\\u{001B}[2J\\u{202E}"), r.out());
  }

  @Test
  void refusals() throws Exception {
    String vmi = vmi("{app: db}");
    List<String[]> cases = new ArrayList<>();
    cases.add(new String[] {});
    cases.add(new String[] {"--vmi", vmi, "--namespace-labels", "a=b", "--namespace", vmi});
    cases.add(new String[] {"--vmi", vmi, "--namespace-labels", "novalue"});
    cases.add(new String[] {"--vmi", vmi, "-n", "prod"});
    cases.add(new String[] {"--vmi", vmi, "--target-nod", "x"});
    cases.add(new String[] {"--vmi", vmi, "-o", "yaml"});
    cases.add(new String[] {"vmi"});
    cases.add(new String[] {"vmi", "a", "b"});
    cases.add(new String[] {"vmi", "a", "--vmi", vmi});
    cases.add(new String[] {"--vmi", tmp.resolve("missing.yaml").toString()});
    cases.add(new String[] {"--vmi", vmi, "--kubevirt-version", "v0.1"});
    cases.add(new String[] {"--vmi", vmi, tmp.resolve("missing-policies.yaml").toString()});
    cases.add(new String[] {"--vmi", vmi, "--vmi", vmi});
    for (String[] args : cases) {
      Run r = explain(args);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.out());
      assertFalse(r.err().isBlank(), String.join(" ", args));
      assertEquals("", r.out(), String.join(" ", args));
    }
    assertTrue(
        explain("--vmi", vmi, "--target-nod", "x").err().contains("did you mean --target-node?"));
    String other = file("ns.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: staging}\n");
    Run mismatch = explain("--vmi", vmi, "--namespace", other);
    assertEquals(2, mismatch.code());
    assertTrue(mismatch.err().contains("is namespace staging, the VMI's is prod"), mismatch.err());
    String bad = file("bad.yaml", policy("p", "{virtualMachineInstanceSelector: {app: 1}}", ""));
    Run unreadable = explain("--vmi", vmi, bad);
    assertEquals(2, unreadable.code());
    assertTrue(
        unreadable.err().contains("virtualMachineInstanceSelector.app is 1, not a string"),
        unreadable.err());
  }

  @Test
  void helpIsExitZero() {
    Run r = explain("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("Usage: java -jar quarkus-run.jar explain vmi NAME"));
  }

  /** Files with no policy to choose from: said, exit 2, not "Chosen: none" (issue 37). */
  @Test
  void withoutPoliciesExplainSaysSoAndExits2() throws Exception {
    String vmi = vmi("{app: db}");
    Run none = explain("--vmi", vmi);
    assertEquals(2, none.code(), none.out());
    assertEquals("", none.out());
    assertTrue(none.err().startsWith("explain: no policies to choose from"), none.err());
    String empty =
        file("empty/other.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    Run noPolicy = explain("--vmi", vmi, empty);
    assertEquals(2, noPolicy.code(), noPolicy.out());
    assertTrue(noPolicy.err().contains("explain: no MigrationPolicy in " + empty), noPolicy.err());
  }
}
