package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The install can never block every migration by applying the webhook configurations before (or
 * with) a ready Deployment: certs/generate.sh prints the only order offered (workload, wait for the
 * rollout, a server-side dry run of the webhook configurations, then them), applies nothing, and no
 * kustomization it names holds both the webhook configurations and the Deployment. The documents
 * never offer a whole-install {@code kubectl apply -k} without the label filter either.
 */
class InstallOrderTest {
  private static final String CONFIG_LABEL = "app.kubernetes.io/component";
  private static final Pattern APPLY_K =
      Pattern.compile("kubectl apply (?:--dry-run=server )?-k ([^\\s`]+)");

  /** The pages that install: README.md, the deploy pages, manifests/README.md. */
  private static final List<Path> DOCS =
      List.of(
          Path.of("README.md"),
          Path.of("docs/deploy.md"),
          Path.of("docs/deploy-operations.md"),
          Path.of("docs/deploy-reference.md"),
          Path.of("manifests/README.md"));

  @TempDir Path out;

  @BeforeAll
  static void needsOpenssl() {
    OpensslAssumption.require();
  }

  @Test
  void theScriptPrintsWorkloadThenRolloutThenDryRunThenWebhooks() {
    List<String> steps = printedCommands(Commands.generate(out).ok().output());
    String ns = Manifests.base().namespace();
    String deployment = Manifests.base().one("Deployment").at("/metadata/name").asText();
    assertEquals(
        List.of(
            "kubectl apply -k " + out.resolve("workload"),
            "kubectl -n " + ns + " rollout status deployment/" + deployment + " --timeout=180s",
            "kubectl apply --dry-run=server -k " + out.resolve("webhooks"),
            "kubectl apply -k " + out.resolve("webhooks")),
        steps);
  }

  @Test
  void noKustomizationTheScriptNamesHoldsWebhooksAndTheDeployment() {
    Commands.assumeKubectl();
    String output = Commands.generate(out).ok().output();
    Matcher m = APPLY_K.matcher(output);
    Set<String> kinds = new TreeSet<>();
    int named = 0;
    while (m.find()) {
      named++;
      Set<String> here = kinds(KustomizeBuildTest.build(Path.of(m.group(1))));
      boolean webhooks = here.stream().anyMatch(k -> k.endsWith("WebhookConfiguration"));
      assertFalse(webhooks && here.contains("Deployment"), m.group(1) + " holds " + here);
      if (webhooks) {
        assertEquals(
            Set.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"), here);
      }
      kinds.addAll(here);
    }
    assertEquals(4, named, output);
    Set<String> expected = kinds(Manifests.base().objects());
    // The Secret, and the monitoring overlay's ServiceMonitor, PrometheusRule and dashboard.
    expected.addAll(List.of("Secret", "ServiceMonitor", "PrometheusRule", "ConfigMap"));
    assertEquals(expected, kinds);
    assertFalse(Files.exists(out.resolve("kustomization.yaml")), "no combined overlay");
  }

  @Test
  void aRerunRemovesTheCombinedOverlayOfAnEarlierVersion() throws IOException {
    Files.createDirectories(out);
    Files.writeString(out.resolve("kustomization.yaml"), "resources: [../manifests]\n");
    String output = Commands.generate(out).ok().output();
    assertFalse(Files.exists(out.resolve("kustomization.yaml")), output);
    assertTrue(output.contains("removed"), output);
  }

  @Test
  void theDocumentsApplyTheWholeInstallOnlyThroughTheLabelFilter() throws IOException {
    List<String> unsafe = new ArrayList<>();
    for (Path doc : DOCS) {
      for (String line : Files.readAllLines(doc)) {
        Matcher m = APPLY_K.matcher(line);
        if (!m.find() || line.contains("--dry-run")) {
          continue;
        }
        String target = m.group(1);
        boolean half = target.endsWith("/workload") || target.endsWith("/webhooks");
        if (!half
            && !line.contains("-l '" + CONFIG_LABEL)
            && !line.contains("-l " + CONFIG_LABEL)) {
          unsafe.add(doc + ": " + line.trim());
        }
      }
    }
    assertEquals(List.of(), unsafe);
  }

  /** The lines of the script's output that are commands to run, in order. */
  static List<String> printedCommands(String output) {
    return output.lines().map(String::trim).filter(l -> l.startsWith("kubectl ")).toList();
  }

  private static Set<String> kinds(List<JsonNode> objects) {
    Set<String> out = new TreeSet<>();
    objects.forEach(o -> out.add(o.path("kind").asText()));
    return out;
  }
}
