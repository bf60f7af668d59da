package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.manifest.Document;
import io.migrationguard.manifest.DuplicateKey;
import io.migrationguard.manifest.Loc;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns decoded documents into resources: one per object, the items of a {@code List} (any kind
 * ending in {@code List} with an {@code items} array, as kubectl flattens them) one by one.
 */
public final class Entries {
  public static final String PARSE_ERROR = "parse-error";
  public static final String READ_ERROR = "read-error";
  public static final String INVALID_OBJECT = "invalid-object";
  public static final String UNSERVED_KIND = "unserved-kind";

  private Entries() {}

  /**
   * The resources of one file's documents. A document that cannot be parsed is an error only when
   * it may hold one of ours (the file mentions a KubeVirt group or one of our kinds): a broken
   * workflow or a template ({@code {{ }}}) elsewhere in a repository is not ours to judge.
   */
  public static List<Entry> of(List<Document> docs, String text) {
    List<Entry> out = new ArrayList<>();
    for (Document d : docs) {
      if (d.failed()) {
        if (text.contains("{{")) {
          out.add(new Entry.NotAnObject(d.start(), "a template ({{ }}) that is not YAML", true));
        } else if (mayBeOurs(text)) {
          out.add(new Entry.Failed(d.start(), PARSE_ERROR, d.error()));
        } else {
          out.add(new Entry.NotAnObject(d.start(), "not YAML or JSON: " + d.error(), false));
        }
      } else {
        add(d, d.root(), "", d.start(), out);
      }
    }
    return out;
  }

  /** Whether a text may hold one of our objects: it names a KubeVirt group or one of our kinds. */
  static boolean mayBeOurs(String text) {
    if (text.contains("kubevirt.io")) {
      return true;
    }
    for (Kind k : Kind.values()) {
      if (text.contains(k.kindName())) {
        return true;
      }
    }
    return false;
  }

  private static void add(Document d, JsonNode node, String base, Loc loc, List<Entry> out) {
    if (!(node instanceof ObjectNode obj)) {
      out.add(new Entry.NotAnObject(loc, "not a map", false));
      return;
    }
    String apiVersion = text(obj, "apiVersion");
    String kind = text(obj, "kind");
    if (kind.isEmpty() && apiVersion.isEmpty()) {
      out.add(new Entry.NotAnObject(loc, "no apiVersion and no kind", false));
      return;
    }
    if ((kind.isEmpty() || apiVersion.isEmpty()) && !namesOurs(apiVersion, kind)) {
      // Helm's Chart.yaml (apiVersion: v2), a kustomize component: not a Kubernetes object.
      out.add(
          new Entry.NotAnObject(
              loc, "no " + (kind.isEmpty() ? "kind" : "apiVersion") + ", not one of ours", false));
      return;
    }
    if (kind.isEmpty() || apiVersion.isEmpty()) {
      String missing = kind.isEmpty() ? "kind" : "apiVersion";
      out.add(
          new Entry.Failed(
              loc,
              INVALID_OBJECT,
              "Object '" + missing + "' is missing",
              apiVersion.isEmpty() ? null : apiVersion,
              kind.isEmpty() ? null : kind,
              text(obj.path("metadata"), "name").isEmpty()
                  ? null
                  : text(obj.path("metadata"), "name")));
      return;
    }
    JsonNode items = obj.get("items");
    if (kind.endsWith("List") && items != null && items.isArray()) {
      for (int i = 0; i < items.size(); i++) {
        String itemBase = base + "/items/" + i;
        add(d, items.get(i), itemBase, d.locations().find(itemBase), out);
      }
      return;
    }
    Optional<Kind> ours = Kind.ofManifest(apiVersion, kind);
    JsonNode meta = obj.path("metadata");
    if (ours.isEmpty()) {
      Entry.NearMiss nearMiss =
          NearMisses.of(apiVersion, kind)
              .map(
                  m ->
                      new Entry.NearMiss(
                          d.locations().find(base + "/" + m.field()),
                          m.field(),
                          m.value(),
                          m.message()))
              .orElse(null);
      out.add(
          new Entry.Skipped(
              loc, apiVersion, kind, text(meta, "name"), text(meta, "namespace"), nearMiss));
      return;
    }
    List<DuplicateKey> dups = new ArrayList<>();
    for (DuplicateKey k : d.duplicateKeys()) {
      if (k.pointer().startsWith(base + "/")) {
        dups.add(k);
      }
    }
    out.add(new Entry.Ours(loc, ours.get(), obj, base, d.locations(), dups));
  }

  /** Whether a document with one of the two fields names our kind or one of our API groups. */
  private static boolean namesOurs(String apiVersion, String kind) {
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    for (Kind k : Kind.values()) {
      if (k.kindName().equals(kind) || k.group().equals(group)) {
        return true;
      }
    }
    return false;
  }

  private static String text(JsonNode obj, String field) {
    JsonNode n = obj.get(field);
    return n != null && n.isTextual() ? n.textValue() : "";
  }
}
