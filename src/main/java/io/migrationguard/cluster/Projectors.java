package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.placement.Taint;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What each cache keeps of a listed object ({@link Projection}), read straight from the object the
 * informer decoded: only the parts a projection reads are turned into a tree (a migration's spec,
 * two fields of its status), never its managedFields or the rest of its status.
 */
final class Projectors {
  private static final ObjectMapper TREES = new ObjectMapper();
  private static final String SUCCEEDED = "Succeeded";
  private static final String FAILED = "Failed";

  private Projectors() {}

  /** The projector of {@code resource}'s cache. */
  static Function<GenericKubernetesResource, Projection> of(ApiResource resource) {
    if (resource.equals(ApiResource.VMIM)) {
      return Projectors::migration;
    }
    if (resource.equals(ApiResource.NODE)) {
      return Projectors::node;
    }
    if (resource.equals(ApiResource.POLICY)) {
      return o -> new Projection(version(o), StoredProjection.policy(partial(o, true)), null);
    }
    return o -> new Projection(version(o), StoredProjection.kubevirt(TREES.valueToTree(o)), null);
  }

  /** A finished migration keeps its phase only; any other its {@link StoredProjection}. */
  static Projection migration(GenericKubernetesResource o) {
    Object phase = o.get("status", "phase");
    if (SUCCEEDED.equals(phase) || FAILED.equals(phase)) {
      return new Projection(version(o), null, SUCCEEDED.equals(phase) ? SUCCEEDED : FAILED);
    }
    ObjectNode partial = partial(o, true);
    if (o.getAdditionalProperties().get("status") instanceof Map<?, ?> status) {
      ObjectNode st = partial.putObject("status");
      put(st, "phase", status.get("phase"));
      if (status.get("migrationState") instanceof Map<?, ?> state) {
        put(st.putObject("migrationState"), "sourceNode", state.get("sourceNode"));
      }
    }
    return new Projection(version(o), StoredProjection.migration(partial), null);
  }

  /**
   * A Node as the placement engine reads it ({@link NodeFacts}: name, labels, taints, cordon), its
   * strings interned: KubeVirt's node labeller puts 100 to 300 labels on every node, the same keys
   * (and mostly the value {@code "true"}) on each, so 500 nodes share one copy of each string and
   * keep a map of references each.
   */
  static Projection node(GenericKubernetesResource o) {
    ObjectNode partial = partial(o, true);
    NodeFacts read = NodeFacts.of(partial);
    Map<String, String> labels = new java.util.TreeMap<>();
    read.labels().forEach((k, v) -> labels.put(k.intern(), v.intern()));
    List<Taint> taints =
        read.taints().stream()
            .map(t -> new Taint(t.key().intern(), t.value().intern(), t.effect().intern()))
            .toList();
    return Projection.ofNode(
        version(o), new NodeFacts(read.name(), labels, taints, read.unschedulable()));
  }

  /** The finished migration's projection as the rules see it: identity and phase. */
  static JsonNode finishedTree(String key, Projection p) {
    ObjectNode out = TREES.createObjectNode();
    out.put("apiVersion", ApiResource.VMIM.group() + "/" + ApiResource.VMIM.version());
    out.put("kind", Kind.VMIM.kindName());
    ObjectNode meta = out.putObject("metadata");
    int slash = key.indexOf('/');
    meta.put("name", key.substring(slash + 1));
    if (slash >= 0) {
      meta.put("namespace", key.substring(0, slash));
    }
    meta.put("resourceVersion", p.resourceVersion());
    out.putObject("status").put("phase", p.finishedPhase());
    return out;
  }

  // apiVersion, kind, identity metadata with the labels, and the spec: the inputs of a projection.
  private static ObjectNode partial(GenericKubernetesResource o, boolean spec) {
    ObjectNode out = TREES.createObjectNode();
    put(out, "apiVersion", o.getApiVersion());
    put(out, "kind", o.getKind());
    ObjectMeta m = o.getMetadata();
    ObjectNode meta = out.putObject("metadata");
    if (m != null) {
      put(meta, "name", m.getName());
      put(meta, "namespace", m.getNamespace());
      put(meta, "resourceVersion", m.getResourceVersion());
      if (m.getLabels() != null) {
        meta.set("labels", TREES.valueToTree(m.getLabels()));
      }
    }
    Object s = o.getAdditionalProperties().get("spec");
    if (spec && s != null) {
      out.set("spec", TREES.valueToTree(s));
    }
    return out;
  }

  private static void put(ObjectNode to, String field, Object value) {
    if (value != null) {
      to.set(field, TREES.valueToTree(value));
    }
  }

  private static String version(GenericKubernetesResource o) {
    return o.getMetadata() == null ? null : o.getMetadata().getResourceVersion();
  }
}
