package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads what {@link PolicyChoice} compares, from objects as the API server stores them: a
 * MigrationPolicy's selectors, a VMI's labels, a namespace's labels. A value of the wrong type is
 * one the API server would have refused; it is reported ({@link Unreadable}), never guessed.
 */
public final class Subjects {
  /** The label the API server sets on every namespace to its name (Kubernetes 1.22+, GA). */
  public static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

  private Subjects() {}

  /** An object explain cannot read as the API server would have stored it. */
  public static final class Unreadable extends Exception {
    public Unreadable(String message) {
      super(message, null, false, false);
    }
  }

  /** A stored MigrationPolicy as KubeVirt's matcher reads it. */
  public static Candidate policy(JsonNode policy, String origin) throws Unreadable {
    JsonNode name = policy.path("metadata").path("name");
    if (!name.isTextual() || name.textValue().isEmpty()) {
      throw new Unreadable(origin + ": a MigrationPolicy without metadata.name");
    }
    JsonNode spec = policy.path("spec");
    if (!spec.isObject()) {
      spec = JsonNodeFactory.instance.objectNode();
    }
    JsonNode selectors = spec.path("selectors");
    boolean has = selectors.isObject();
    if (!has && !selectors.isMissingNode() && !selectors.isNull()) {
      throw new Unreadable(origin + ": spec.selectors is not an object");
    }
    return new Candidate(
        name.textValue(),
        has,
        labels(
            selectors.path("virtualMachineInstanceSelector"),
            origin,
            "spec.selectors.virtualMachineInstanceSelector"),
        labels(selectors.path("namespaceSelector"), origin, "spec.selectors.namespaceSelector"),
        spec,
        origin);
  }

  /**
   * The VMI's labels as KubeVirt matches them: its own, with {@value
   * PolicyChoice#TARGET_NODE_LABEL} set to {@code targetNode} (null: not chosen yet), as
   * virt-controller sets it just before matching (migration.go, every release).
   */
  public static Map<String, String> vmiLabels(JsonNode vmi, String targetNode, String origin)
      throws Unreadable {
    Map<String, String> own =
        labels(vmi.path("metadata").path("labels"), origin, "metadata.labels");
    Map<String, String> out = own == null ? new TreeMap<>() : new TreeMap<>(own);
    out.put(PolicyChoice.TARGET_NODE_LABEL, targetNode);
    return out;
  }

  /**
   * A namespace's labels as the API server stores them: {@code labels}, with {@value
   * #NAMESPACE_NAME_LABEL} set to its name (the API server overwrites any other value).
   */
  public static Map<String, String> namespaceLabels(String name, Map<String, String> labels) {
    Map<String, String> out = labels == null ? new TreeMap<>() : new TreeMap<>(labels);
    out.put(NAMESPACE_NAME_LABEL, name);
    return out;
  }

  /** A map of string to string, or null where Go's map is nil (absent or null). */
  public static Map<String, String> labels(JsonNode node, String origin, String field)
      throws Unreadable {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.isObject()) {
      throw new Unreadable(origin + ": " + field + " is not a map of strings");
    }
    Map<String, String> out = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isTextual()) {
        throw new Unreadable(
            origin
                + ": "
                + field
                + "."
                + e.getKey()
                + " is "
                + e.getValue()
                + ", not a string (quote it)");
      }
      out.put(e.getKey(), e.getValue().textValue());
    }
    return out;
  }
}
