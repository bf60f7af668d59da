package io.migrationguard.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reading the test data of {@code src/test/resources/{rules,mutations}}: YAML files with a base
 * object, optional settings and cluster fixtures, and cases of JSON-Pointer tweaks.
 */
public final class CaseFiles {
  public static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  public static final ObjectMapper JSON = new ObjectMapper();

  private CaseFiles() {}

  /** The {@code .yaml} files of a test resource directory, sorted. */
  public static List<Path> list(String dir) {
    Path root = Path.of("src/test/resources", dir);
    try (Stream<Path> files = Files.list(root)) {
      return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file name without {@code .yaml}: the rule or defaulter id. */
  public static String id(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".yaml".length());
  }

  public static JsonNode read(Path file) {
    try {
      return YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The kind of a manifest, from its {@code apiVersion} and {@code kind}. */
  public static Kind kindOf(JsonNode object) {
    return Kind.ofManifest(object.path("apiVersion").asText(), object.path("kind").asText())
        .orElseThrow(() -> new IllegalArgumentException("not one of our kinds: " + object));
  }

  /** A copy of {@code base} with the {@code set} (pointer -> value) and {@code remove} tweaks. */
  public static ObjectNode tweak(JsonNode base, JsonNode set, JsonNode remove) {
    ObjectNode copy = base.deepCopy();
    if (set != null && set.isObject()) {
      set.fields().forEachRemaining(e -> Pointers.set(copy, e.getKey(), e.getValue().deepCopy()));
    }
    if (remove != null && remove.isArray()) {
      remove.forEach(p -> Pointers.remove(copy, p.asText()));
    }
    return copy;
  }

  /** Settings from {@code {priorityRequesters: [...], configuredDefaults: {Kind: {...}}}}. */
  public static Settings settings(JsonNode node) {
    Settings defaults = Settings.defaults();
    if (node == null || node.isMissingNode() || node.isNull()) {
      return defaults;
    }
    Set<String> requesters =
        node.has("priorityRequesters")
            ? strings(node.get("priorityRequesters"))
            : defaults.priorityRequesters();
    Map<Kind, ObjectNode> configured = new EnumMap<>(Kind.class);
    node.path("configuredDefaults")
        .fields()
        .forEachRemaining(
            e -> {
              Kind kind =
                  Stream.of(Kind.values())
                      .filter(k -> k.kindName().equals(e.getKey()))
                      .findFirst()
                      .orElseThrow();
              configured.put(kind, (ObjectNode) e.getValue());
            });
    io.migrationguard.core.release.Release release =
        node.has("kubevirtVersion")
            ? io.migrationguard.core.release.ReleaseChoice.of(node.get("kubevirtVersion").asText())
                .release()
            : defaults.release();
    Settings settings = new Settings(requesters, configured).forRelease(release);
    if (node.has("ruleActions")) {
      // id=deny|warn|off entries, as migration-guard.rule-actions
      List<String> entries = new java.util.ArrayList<>();
      node.get("ruleActions").forEach(a -> entries.add(a.asText()));
      settings =
          settings.withActions(
              io.migrationguard.core.catalogue.Rules.parseActions(
                  entries, io.migrationguard.core.catalogue.Rules.engineIds(settings)));
    }
    return settings;
  }

  /**
   * A fresh in-memory cluster from {@code {vmis, migrations, policies, featureGates,
   * disabledFeatureGates}}.
   */
  public static ClusterView cluster(JsonNode node) {
    InMemoryClusterView view = new InMemoryClusterView();
    if (node == null || node.isMissingNode() || node.isNull()) {
      return view;
    }
    node.path("vmis").forEach(v -> view.addVmi(v.deepCopy()));
    node.path("migrations").forEach(m -> view.addMigration(m.deepCopy()));
    node.path("policies").forEach(p -> view.addPolicy(p.deepCopy()));
    view.featureGates(
        new FeatureGates(
            strings(node.path("featureGates")), strings(node.path("disabledFeatureGates"))));
    // Nodes (as a list of Node objects), pods (launcher pods), the KubeVirt CR in force.
    node.path("nodes").forEach(n -> view.addNode(n));
    node.path("pods").forEach(p -> view.addPod(p.deepCopy()));
    if (node.has("kubevirt")) {
      view.kubevirt(node.get("kubevirt").deepCopy());
    }
    // The KubeVirt CR's spec.configuration.migrations (parallel migration limits).
    if (node.has("migrationConfiguration")) {
      view.migrationConfiguration(node.get("migrationConfiguration").deepCopy());
    }
    return view;
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> out = new HashSet<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
