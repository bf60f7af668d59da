package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.names.LabelSyntax;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Helpers the rules share, so that the same question (is this field set? is this migration
 * finished? is this label map valid?) gets the same answer everywhere. Every helper tolerates
 * ill-typed input: a rule built on them does not throw on odd objects.
 */
public final class RuleHelpers {

  private RuleHelpers() {}

  /** The node at {@code names} below {@code root} (a missing node when any step is absent). */
  public static JsonNode at(JsonNode root, String... names) {
    JsonNode n = root == null ? JsonNodeFactory.instance.missingNode() : root;
    for (String name : names) {
      n = n.path(name);
    }
    return n;
  }

  /** Whether a field is set: present and not null (JSON null means unset in Kubernetes). */
  public static boolean isSet(JsonNode n) {
    return n != null && !n.isMissingNode() && !n.isNull();
  }

  /** The text of a string node; empty for anything else. */
  public static Optional<String> text(JsonNode n) {
    return n != null && n.isTextual() ? Optional.of(n.textValue()) : Optional.empty();
  }

  /** The text of a string node, or {@code ""} when it is absent or not a string. */
  public static String textOrEmpty(JsonNode n) {
    return text(n).orElse("");
  }

  /**
   * A map of string to string (labels, selectors) in canonical form: sorted by key; absent, null,
   * {@code {}} and anything that is not an object all give the empty map. Non-string values are
   * kept as their JSON text so that they still compare unequal to strings.
   */
  public static Map<String, String> stringMap(JsonNode n) {
    Map<String, String> out = new TreeMap<>();
    if (n != null && n.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = e.getValue();
        out.put(e.getKey(), v.isTextual() ? v.textValue() : v.toString());
      }
    }
    return out;
  }

  /**
   * Checks a label map (metadata labels, node selectors, policy selectors) the apimachinery way:
   * every key a qualified name, every string value a label value, each reported as Invalid at
   * {@code path} with the key or value as the bad value. One finding per bad key or value (its
   * messages joined), so one typo is one finding. Non-string values are left to the schema.
   */
  public static void labelMap(Findings out, FieldPath path, JsonNode map) {
    if (map == null || !map.isObject()) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      List<String> keyErrors = LabelSyntax.keyErrors(e.getKey());
      if (!keyErrors.isEmpty()) {
        out.invalid(path, e.getKey(), String.join("; ", keyErrors));
      }
      if (e.getValue().isTextual()) {
        List<String> valueErrors = LabelSyntax.valueErrors(e.getValue().textValue());
        if (!valueErrors.isEmpty()) {
          out.invalid(path, e.getValue().textValue(), String.join("; ", valueErrors));
        }
      }
    }
  }

  /** Whether a phase is final: {@code Succeeded} or {@code Failed} (for VMIs and migrations). */
  public static boolean isFinalPhase(String phase) {
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  /** A migration's {@code status.phase}, {@code ""} when unset. */
  public static String phase(JsonNode object) {
    return textOrEmpty(at(object, "status", "phase"));
  }

  /** An object's {@code metadata.name}, {@code ""} when unset. */
  public static String name(JsonNode object) {
    return textOrEmpty(at(object, "metadata", "name"));
  }

  /** Go-quoted, sorted and comma-joined: {@code "a", "b"} (apimachinery's supported values). */
  public static String quotedSorted(Collection<String> values) {
    return values.stream().sorted().map(Shown::quoted).collect(Collectors.joining(", "));
  }
}
