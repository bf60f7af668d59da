package io.migrationguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.judge.StoredJudge;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code lint --cluster}: what a cluster already holds, read through the Kubernetes client (the
 * kubeconfig, or {@code --context}), never written to. The KubeVirt CR first (it chooses the
 * release), then every MigrationPolicy and every migration (of {@code -n NAMESPACE}, else of all
 * namespaces) in the two paged passes of {@link StoredJudge} ({@link ClusterRun}), so neither a
 * response nor the cluster is ever whole in memory.
 *
 * <p>Each object becomes one input named {@code KIND/NAMESPACE/NAME} ({@code KIND/NAME} for a
 * policy), its text the object as {@code kubectl get -o yaml} prints it (keys sorted, {@code
 * metadata.managedFields} left out), so a finding's {@code LINE:COL} points into that.
 */
public final class ClusterInput {

  private static final ObjectMapper YAML =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES)
                  // Every string quoted: "1" stays a string, as the API server served it.
                  .disable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .build())
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private ClusterInput() {}

  /**
   * The cluster of one {@code lint --cluster} run: its client (closed with it), the KubeVirt CR (or
   * null) and one line per list that could not be read (what failed, and why), in the order
   * policies, migrations, KubeVirt CR; the rest is still judged.
   */
  static final class Cluster implements AutoCloseable {
    private final KubernetesClient client;
    private final ApiBudget budget;
    private final String namespace;
    private final String server;
    private final Map<ApiResource, List<String>> problems = new LinkedHashMap<>();
    private final Set<ApiResource> unread = new HashSet<>();
    private JsonNode kubevirt;

    private Cluster(ApiBudget budget, KubernetesClient client, String namespace, String server) {
      this.budget = budget;
      this.client = client;
      this.namespace = namespace;
      this.server = server;
      for (ApiResource r : List.of(ApiResource.POLICY, ApiResource.VMIM, ApiResource.KUBEVIRT)) {
        problems.put(r, new ArrayList<>());
      }
    }

    /** The policies and migrations, page by page ({@value StoredJudge#PAGE} an API call). */
    StoredJudge.Lister lister() {
      return StoredJudge.lister(client, namespace, StoredJudge.PAGE, budget);
    }

    JsonNode kubevirt() {
      return kubevirt;
    }

    String server() {
      return server;
    }

    /** Every problem so far, policies', migrations', then the KubeVirt CR's. */
    synchronized List<String> problems() {
      List<String> out = new ArrayList<>();
      problems.values().forEach(out::addAll);
      return out;
    }

    /** Whether no list could be read at all: not a lint run, a usage problem. */
    boolean nothingRead() {
      return unread.size() == problems.size();
    }

    /** Records that listing {@code r} failed; returns the line that says so. */
    synchronized String failed(ApiResource r, KubernetesClientException e) {
      String where =
          r == ApiResource.VMIM && namespace != null
              ? " in namespace " + namespace
              : r.namespaced() ? " in all namespaces" : "";
      String line = "cannot list " + r.plural() + "." + r.group() + where + ": " + why(e);
      unread.add(r);
      problems.get(r).add(line);
      return line;
    }

    /**
     * {@code item} as one input (managedFields left out); thread-safe.
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException when it cannot be rendered
     */
    Source source(ApiResource r, GenericKubernetesResource item) throws JsonProcessingException {
      if (item.getMetadata() != null) {
        item.getMetadata().setManagedFields(null);
      }
      return new Source(
          name(r, item), null, YAML.writeValueAsString(YAML.convertValue(item, Map.class)), null);
    }

    /** Records that {@code item} could not be rendered; returns the line that says so. */
    synchronized String unrendered(
        ApiResource r, GenericKubernetesResource item, JsonProcessingException e) {
      String line = "cannot render " + name(r, item) + ": " + e.getOriginalMessage();
      problems.get(r).add(line);
      return line;
    }

    @Override
    public void close() {
      try {
        client.close();
      } finally {
        budget.close();
      }
    }
  }

  /**
   * Connects to the cluster of {@code context} (null: the current one) within {@code timeout}
   * ({@link ApiBudget}) and reads its KubeVirt CR; the policies and migrations are read by the
   * passes. An API server that cannot be reached at all ends the run here, at the first request.
   *
   * @throws ApiBudget.Exceeded when the server cannot be reached, is too slow or answers too much
   */
  static Cluster open(String context, String namespace, java.time.Duration timeout, PrintStream err)
      throws UsageException {
    Config config = config(context);
    ApiBudget budget =
        new ApiBudget(
            timeout, ApiBudget.MAX_ANSWER, config.getMasterUrl(), "lint: --cluster: ", err);
    Cluster c = new Cluster(budget, budget.client(config), namespace, config.getMasterUrl());
    try {
      List<JsonNode> crs = new ArrayList<>();
      c.lister().pages(ApiResource.KUBEVIRT, page -> page.forEach(kv -> crs.add(tree(kv))));
      c.kubevirt = crs.isEmpty() ? null : crs.get(0);
    } catch (KubernetesClientException e) {
      if (e.getCode() <= 0) {
        c.close();
        throw new ApiBudget.Exceeded(
            "nothing could be read from " + config.getMasterUrl() + ": " + why(e));
      }
      c.failed(ApiResource.KUBEVIRT, e);
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** The kubeconfig's client settings for {@code context} (null: the current one). */
  static Config config(String context) throws UsageException {
    Config config;
    try {
      config = Config.autoConfigure(context);
    } catch (RuntimeException e) {
      throw new UsageException("--cluster: cannot load the kubeconfig: " + e.getMessage());
    }
    if (context != null
        && !context.equals(
            config.getCurrentContext() == null ? null : config.getCurrentContext().getName())) {
      throw new UsageException("--context " + context + ": no such context in the kubeconfig");
    }
    return config;
  }

  /**
   * Every object of {@code r} (of {@code namespace}, or all), page by page, as trees without {@code
   * metadata.managedFields}.
   *
   * @throws KubernetesClientException when a page cannot be read; {@link #why} words it
   */
  static List<JsonNode> trees(
      KubernetesClient client, ApiResource r, String namespace, StoredJudge.Calls calls) {
    List<JsonNode> out = new ArrayList<>();
    StoredJudge.lister(client, namespace, StoredJudge.PAGE, calls)
        .pages(r, page -> page.forEach(item -> out.add(tree(item))));
    return out;
  }

  /** One object as a tree, without {@code metadata.managedFields}. */
  static JsonNode tree(GenericKubernetesResource item) {
    if (item.getMetadata() != null) {
      item.getMetadata().setManagedFields(null);
    }
    return YAML.valueToTree(YAML.convertValue(item, Map.class));
  }

  private static String name(ApiResource r, GenericKubernetesResource item) {
    String ns = item.getMetadata().getNamespace();
    return r.kind()
        + "/"
        + (r.namespaced() && ns != null ? ns + "/" : "")
        + item.getMetadata().getName();
  }

  private static String rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return m.lines().findFirst().orElse(m);
  }

  static String why(KubernetesClientException e) {
    if (e.getCode() <= 0) {
      return "cannot reach the API server (" + rootCause(e) + ")";
    }
    return switch (e.getCode()) {
      case 401 -> "unauthorized (the kubeconfig's credentials were refused)";
      case 403 -> "forbidden (grant list on it to the kubeconfig's user)";
      case 404 -> "not served (is KubeVirt installed?)";
      default ->
          "HTTP " + e.getCode() + " " + (e.getStatus() == null ? "" : e.getStatus().getMessage());
    };
  }
}
