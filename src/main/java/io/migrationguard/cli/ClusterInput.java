package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code lint --cluster}: what a cluster already holds, read through the Kubernetes client (the
 * kubeconfig, or {@code --context}), never written to. Every MigrationPolicy, every migration (of
 * {@code -n NAMESPACE}, else of all namespaces) and the KubeVirt CR, listed in pages of {@value
 * #PAGE} ({@code limit}/{@code continue}), so a large cluster is never one response in memory.
 *
 * <p>Each object becomes one input named {@code KIND/NAMESPACE/NAME} ({@code KIND/NAME} for a
 * policy), its text the object as {@code kubectl get -o yaml} prints it (keys sorted, {@code
 * metadata.managedFields} left out), so a finding's {@code LINE:COL} points into that.
 */
final class ClusterInput {
  static final int PAGE = 500;

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
   * What was read: an input per object, the KubeVirt CR (or null), and one line per list that could
   * not be read (what failed, and why); the rest is still judged.
   */
  record Read(List<Source> sources, JsonNode kubevirt, List<String> problems, String server) {}

  static Read read(String context, String namespace) throws UsageException {
    Config config = config(context);
    List<Source> sources = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    JsonNode kubevirt = null;
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
      list(client, ApiResource.POLICY, null, sources, problems);
      list(client, ApiResource.VMIM, namespace, sources, problems);
      List<Source> kubevirts = new ArrayList<>();
      List<JsonNode> crs = list(client, ApiResource.KUBEVIRT, null, kubevirts, problems);
      kubevirt = crs.isEmpty() ? null : crs.get(0);
      if (problems.size() == 3 && sources.isEmpty()) {
        // Nothing could be read: not a lint run, a usage problem.
        throw new UsageException(
            "--cluster: nothing could be read from "
                + config.getMasterUrl()
                + ": "
                + problems.get(0));
      }
    }
    return new Read(sources, kubevirt, problems, config.getMasterUrl());
  }

  /**
   * The kubeconfig's client settings for {@code context} (null: the current one), for a command
   * line: one retry and a 10 s connect timeout, not the client's ten retries with back-off.
   */
  static Config config(String context) throws UsageException {
    Config config;
    try {
      config = Config.autoConfigure(context);
    } catch (RuntimeException e) {
      throw new UsageException("--cluster: cannot load the kubeconfig: " + e.getMessage());
    }
    config.setRequestRetryBackoffLimit(1);
    config.setConnectionTimeout(10_000);
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
  static List<JsonNode> trees(KubernetesClient client, ApiResource r, String namespace) {
    List<JsonNode> out = new ArrayList<>();
    pages(client, r, namespace, item -> out.add(tree(item)));
    return out;
  }

  /** One object as a tree, without {@code metadata.managedFields}. */
  static JsonNode tree(GenericKubernetesResource item) {
    if (item.getMetadata() != null) {
      item.getMetadata().setManagedFields(null);
    }
    return YAML.valueToTree(YAML.convertValue(item, Map.class));
  }

  private static void pages(
      KubernetesClient client,
      ApiResource r,
      String namespace,
      java.util.function.Consumer<GenericKubernetesResource> each) {
    String cont = null;
    do {
      var op = client.genericKubernetesResources(r.context());
      var options = new ListOptionsBuilder().withLimit((long) PAGE).withContinue(cont).build();
      GenericKubernetesResourceList page =
          namespace != null
              ? op.inNamespace(namespace).list(options)
              : r.namespaced() ? op.inAnyNamespace().list(options) : op.list(options);
      for (GenericKubernetesResource item : page.getItems()) {
        if (item.getMetadata() != null) {
          item.getMetadata().setManagedFields(null);
        }
        each.accept(item);
      }
      cont = page.getMetadata() == null ? null : page.getMetadata().getContinue();
    } while (cont != null && !cont.isEmpty());
  }

  /** Lists {@code r} page by page into {@code out}; returns the objects as trees (KubeVirt CR). */
  private static List<JsonNode> list(
      KubernetesClient client,
      ApiResource r,
      String namespace,
      List<Source> out,
      List<String> problems) {
    List<JsonNode> trees = new ArrayList<>();
    String where =
        namespace == null
            ? (r.namespaced() ? " in all namespaces" : "")
            : " in namespace " + namespace;
    try {
      pages(
          client,
          r,
          namespace,
          item -> {
            Map<?, ?> asMap = YAML.convertValue(item, Map.class);
            if (r == ApiResource.KUBEVIRT) {
              trees.add(YAML.valueToTree(asMap));
              return;
            }
            try {
              out.add(new Source(name(r, item), null, YAML.writeValueAsString(asMap), null));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
              problems.add("cannot render " + name(r, item) + ": " + e.getOriginalMessage());
            }
          });
    } catch (KubernetesClientException e) {
      problems.add("cannot list " + r.plural() + "." + r.group() + where + ": " + why(e));
    }
    return trees;
  }

  /** {@code KIND/NAMESPACE/NAME} ({@code KIND/NAME} cluster-scoped), as for a listed object. */
  static String name(io.migrationguard.core.Kind kind, JsonNode o) {
    String ns = o.path("metadata").path("namespace").asText("");
    return kind.kindName()
        + "/"
        + (kind.namespaced() && !ns.isEmpty() ? ns + "/" : "")
        + o.path("metadata").path("name").asText("");
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
