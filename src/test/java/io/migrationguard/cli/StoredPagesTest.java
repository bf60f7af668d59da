package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.migrationguard.bench.StoredServer;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.judge.Checker;
import io.migrationguard.judge.Entry;
import io.migrationguard.judge.Evaluator;
import io.migrationguard.judge.ManifestView;
import io.migrationguard.judge.StoredJudge;
import io.migrationguard.judge.StoredObjects;
import io.migrationguard.manifest.Loc;
import io.migrationguard.manifest.Locations;
import io.migrationguard.report.FileResult;
import io.migrationguard.report.OpenReportsReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored-object judge ({@link StoredJudge}) holds one page of full objects at a time: pass 1
 * keeps only projections (every policy, the unfinished migrations), pass 2 hands every result on
 * while its page is being served, before the next page is asked for; and it judges as the one-pass
 * judge over every full object did. Against a generated cluster of 1,500 migrations (the bench's
 * shapes), pages far smaller than {@value StoredJudge#PAGE}; and {@code lint --cluster} over HTTP,
 * paging with {@code limit}/{@code continue}.
 */
class StoredPagesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MIGRATIONS = 1_500;
  private static final int PAGE = 50;
  private static final Map<ApiResource, List<JsonNode>> GENERATED = new HashMap<>();

  @TempDir Path tmp;

  /**
   * The generated cluster: 5 policies (two alike), the bench's migrations, a few in flight twice.
   */
  private static List<JsonNode> objects(ApiResource r) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    if (r == ApiResource.POLICY) {
      for (String name : List.of("a-dup", "b-dup", "c", "d", "e")) {
        String team = name.endsWith("dup") ? "same" : name;
        out.add(
            JSON.readTree(
                "{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\","
                    + "\"metadata\":{\"name\":\""
                    + name
                    + "\"},\"spec\":{\"selectors\":{\"namespaceSelector\":{\"team\":\""
                    + team
                    + "\"}}}}"));
      }
      return out;
    }
    for (int i = 0; i < MIGRATIONS; i++) {
      ObjectNode m = (ObjectNode) JSON.readTree(StoredServer.migration(i));
      out.add(m);
      if (i % 300 == 7) {
        // A second migration of a VMI in flight: vmim-no-inflight, for both.
        ObjectNode twin = m.deepCopy();
        ((ObjectNode) twin.get("metadata")).put("name", m.at("/metadata/name").asText() + "-b");
        out.add(twin);
      }
    }
    return out;
  }

  /** Serves {@link #objects} in pages of {@link #PAGE}, new objects each time, and counts. */
  private static final class Pages implements StoredJudge.Lister {
    final Map<ApiResource, List<JsonNode>> stored = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    int serving; // pages whose callback runs now
    int maxServing;

    Pages() throws Exception {
      synchronized (GENERATED) {
        for (ApiResource r : StoredJudge.KINDS) {
          if (!GENERATED.containsKey(r)) {
            GENERATED.put(r, List.copyOf(objects(r)));
          }
          stored.put(r, GENERATED.get(r)); // never changed: pages are new objects each time
        }
      }
    }

    @Override
    public void pages(ApiResource r, Consumer<List<GenericKubernetesResource>> page) {
      List<JsonNode> all = stored.get(r);
      for (int from = 0; from < all.size(); from += PAGE) {
        List<GenericKubernetesResource> items = new ArrayList<>();
        for (JsonNode o : all.subList(from, Math.min(all.size(), from + PAGE))) {
          items.add(JSON.convertValue(o, GenericKubernetesResource.class));
        }
        calls.add(r.plural() + "@" + from);
        serving++;
        maxServing = Math.max(maxServing, serving);
        page.accept(items);
        serving--;
      }
    }
  }

  @Test
  void passOneKeepsOnlyProjectionsOfWhatTheRulesCount() throws Exception {
    Pages pages = new Pages();
    List<ApiResource> asked = new ArrayList<>();
    StoredJudge.Held held =
        StoredJudge.firstPass(
            pages,
            FeatureGates.defaults(),
            (r, page) -> {
              asked.add(r);
              List<StoredJudge.Taking> out = new ArrayList<>();
              page.forEach(
                  item ->
                      out.add(new StoredJudge.Taking(StoredJudge.kind(r), JSON.valueToTree(item))));
              return out;
            },
            (r, e) -> {
              throw e;
            });
    List<JsonNode> migrations = pages.stored.get(ApiResource.VMIM);
    long unfinished = migrations.stream().filter(m -> !StoredProjection.finished(m)).count();
    assertTrue(unfinished > 0 && unfinished < migrations.size() / 10, "mostly finished");
    assertEquals(5 + migrations.size(), held.listed());
    assertEquals(5 + unfinished, held.held(), "every policy, only the unfinished migrations");
    // What the view holds are projections: no managedFields, no migrationState but its source.
    List<JsonNode> kept = new ArrayList<>(held.view().migrationPolicies());
    for (int ns = 0; ns < 3; ns++) {
      kept.addAll(held.view().migrations(String.format("ns-%03d", ns)));
    }
    assertEquals(held.held(), kept.size());
    for (JsonNode o : kept) {
      assertTrue(o.path("metadata").path("managedFields").isMissingNode(), o.toString());
      assertTrue(o.at("/status/migrationState/targetNode").isMissingNode(), o.toString());
      assertTrue(o.toString().length() < 500, "a projection, not the object: " + o);
    }
    assertEquals(1, pages.maxServing);
    assertEquals(List.of(ApiResource.POLICY), asked.subList(0, 1));
  }

  @Test
  void passTwoHandsEachPageOnBeforeTheNextAndJudgesAsTheWholeSetDid() throws Exception {
    Engine engine = Engine.onDemand(Settings.defaults());
    Pages pages = new Pages();
    int policies = pages.stored.get(ApiResource.POLICY).size();
    int migrations = pages.stored.get(ApiResource.VMIM).size();
    List<Integer> judgedAtPage = new ArrayList<>();
    int[] judged = new int[1];
    StoredJudge.Lister watched =
        (r, page) ->
            pages.pages(
                r,
                items -> {
                  judgedAtPage.add(judged[0]);
                  page.accept(items);
                });
    StoredObjects.Judged paged =
        StoredObjects.judge(
            engine,
            FeatureGates.defaults(),
            Set.of(),
            watched,
            42,
            name -> {
              assertEquals(1, pages.serving, "a result is handed on while its page is served");
              judged[0]++;
            });
    assertEquals(policies + migrations, paged.objects());
    // Pass 1 judges nothing; in pass 2, all of page k is handed on before page k+1 is served.
    int pass1 = 1 + (migrations + PAGE - 1) / PAGE;
    List<Integer> pass2 = judgedAtPage.subList(pass1, judgedAtPage.size());
    for (int k = 0; k < pass1; k++) {
      assertEquals(0, judgedAtPage.get(k));
    }
    assertEquals(0, pass2.get(0));
    assertEquals(policies, pass2.get(1));
    for (int k = 2; k < pass2.size(); k++) {
      assertEquals(policies + (k - 1) * PAGE, pass2.get(k), "page " + k);
    }
    assertEquals(1, pages.maxServing, "one page at a time");

    // The one-pass judge the audit had: every full object in the view at once.
    ManifestView whole = new ManifestView(FeatureGates.defaults());
    Pages again = new Pages();
    for (ApiResource r : StoredJudge.KINDS) {
      again.stored.get(r).forEach(o -> whole.add(StoredJudge.kind(r), o));
    }
    Checker checker =
        new Checker(
            new Evaluator(engine, false),
            whole,
            Map.of(),
            Map.of(),
            io.migrationguard.judge.CheckOptions.stored(Set.of()),
            java.util.concurrent.ConcurrentHashMap.newKeySet());
    OpenReportsReport report = OpenReportsReport.forAudit(42);
    for (ApiResource r : StoredJudge.KINDS) {
      for (JsonNode o : again.stored.get(r)) {
        ObjectNode copy = ((ObjectNode) o).deepCopy();
        Kind kind = StoredJudge.kind(r);
        String name = io.migrationguard.judge.StoredObjects.name(kind, copy);
        report.file(
            new FileResult(
                name,
                List.of(
                    checker.check(
                        name,
                        new Entry.Ours(Loc.START, kind, copy, "", new Locations(), List.of())))));
      }
    }
    assertEquals(report.documents().toString(), paged.reports().toString());
    assertTrue(paged.reports().toString().contains("vmim-no-inflight"), "in flight twice");
    assertTrue(paged.reports().toString().contains("policy-selectors-unique"), "alike policies");
  }

  @Test
  void theAuditsJudgeEndsWhenAPageOfPassTwoCannotBeRead() throws Exception {
    Pages pages = new Pages();
    int[] served = new int[1];
    int pass1 = 1 + (pages.stored.get(ApiResource.VMIM).size() + PAGE - 1) / PAGE;
    StoredJudge.Lister failing =
        (r, page) ->
            pages.pages(
                r,
                items -> {
                  if (++served[0] == pass1 + 3) {
                    throw new io.fabric8.kubernetes.client.KubernetesClientException(
                        "410 Gone: the continue token expired");
                  }
                  page.accept(items);
                });
    // The Auditor counts this as a skipped run and writes nothing: no partial reports.
    assertThrows(
        io.fabric8.kubernetes.client.KubernetesClientException.class,
        () ->
            StoredObjects.judge(
                Engine.onDemand(Settings.defaults()),
                FeatureGates.defaults(),
                Set.of(),
                failing,
                42));
  }

  @Test
  void lintClusterPagesOverHttpListingEachKindTwice() throws Exception {
    Map<String, String> fabric8 = new HashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("kubernetes.")) {
        fabric8.put(name, System.getProperty(name));
        System.clearProperty(name);
      }
    }
    String before = System.getProperty("kubeconfig");
    try (StoredServer server = new StoredServer(1_001)) {
      Path kubeconfig = tmp.resolve("kubeconfig");
      Files.writeString(
          kubeconfig,
          "apiVersion: v1\nkind: Config\ncurrent-context: s\n"
              + "clusters: [{name: s, cluster: {server: \"http://127.0.0.1:"
              + server.port()
              + "\"}}]\ncontexts: [{name: s, context: {cluster: s, user: u}}]\n"
              + "users: [{name: u, user: {token: t}}]\n");
      System.setProperty("kubeconfig", kubeconfig.toString());
      LintHarness.Result r = LintHarness.run("--cluster", "-o", "json");
      assertEquals(0, r.code(), r.err());
      JsonNode json = JSON.readTree(r.out());
      assertEquals(5 + 1_001, json.path("resources").size());
      assertEquals(
          "VirtualMachineInstanceMigration/ns-001/mig-001000",
          json.path("resources").get(5 + 1_000).path("filename").asText(),
          "in the API server's order");
      assertEquals(2 * 3, server.lists.get("virtualmachineinstancemigrations").get(), "500+500+1");
      assertEquals(2, server.lists.get("migrationpolicies").get());
      assertEquals(1, server.lists.get("kubevirts").get());
      assertFalse(r.out().contains("managedFields"));
    } finally {
      if (before == null) {
        System.clearProperty("kubeconfig");
      } else {
        System.setProperty("kubeconfig", before);
      }
      fabric8.forEach(System::setProperty);
    }
  }
}
