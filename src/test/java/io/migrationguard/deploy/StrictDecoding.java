package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decodes objects the way {@code kubectl apply} (strict field validation, its default since
 * Kubernetes 1.27) has the API server decode them: a field its type does not have is an error.
 * Kubernetes kinds go through fabric8's typed models, which keep an unknown field in {@code
 * additionalProperties}; those must stay empty at every depth. Custom resources go through their
 * CRD's schema ({@link CrdSchemas}). A kind with neither is an error too: nothing is waved through.
 * (fabric8's models may know fields a given Kubernetes version lacks; that is accepted.)
 */
final class StrictDecoding {
  private static final KubernetesSerialization KINDS = new KubernetesSerialization();
  // Plain Jackson: a value of the wrong type fails with its path instead of being set aside.
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private StrictDecoding() {}

  /** Each problem of each object of {@code objects}, as "file: Kind name: path: what". */
  static List<String> problems(String file, List<JsonNode> objects) {
    List<String> out = new ArrayList<>();
    for (JsonNode o : objects) {
      String where =
          file + ": " + o.path("kind").asText("?") + " " + o.at("/metadata/name").asText("?");
      for (String p : problems(o)) {
        out.add(where + ": " + p);
      }
    }
    return out;
  }

  /** The problems of one object, each starting with its field path. */
  static List<String> problems(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    String kind = object.path("kind").asText();
    List<String> out = new ArrayList<>();
    Optional<JsonNode> crd = CrdSchemas.schema(apiVersion, kind);
    if (crd.isPresent()) {
      CrdSchemas.check(object, crd.get(), "", out);
      typed(object.path("metadata"), ObjectMeta.class, "metadata", out);
      return out;
    }
    Class<?> type = KINDS.getRegisteredKubernetesResource(apiVersion, kind);
    if (type == null && apiVersion.equals("v1") && kind.equals("Config")) {
      type = io.fabric8.kubernetes.api.model.Config.class; // a kubeconfig: a file, not an API kind
    }
    if (type == null) {
      out.add("apiVersion/kind: no typed model nor CRD schema for " + apiVersion + " " + kind);
      return out;
    }
    typed(object, type, "", out);
    return out;
  }

  private static void typed(JsonNode node, Class<?> type, String path, List<String> out) {
    Object decoded;
    try {
      decoded = MAPPER.treeToValue(node, type);
    } catch (JsonMappingException e) {
      out.add(join(path, pathOf(e)) + ": " + e.getOriginalMessage());
      return;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      out.add(path + ": " + e.getOriginalMessage());
      return;
    }
    walk(decoded, path, out);
  }

  /** Reports every non-empty {@code additionalProperties} in the decoded object graph. */
  private static void walk(Object value, String path, List<String> out) {
    if (value == null) {
      return;
    }
    if (value instanceof Collection<?> list) {
      int i = 0;
      for (Object item : list) {
        walk(item, path + "[" + i++ + "]", out);
      }
      return;
    }
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> walk(v, join(path, String.valueOf(k)), out));
      return;
    }
    if (!value.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
      return; // a string, a number, a boolean
    }
    Object extra = additionalProperties(value);
    if (extra instanceof Map<?, ?> unknown) {
      for (Object key : unknown.keySet()) {
        out.add(join(path, String.valueOf(key)) + ": unknown field");
      }
    }
    BeanDescription bean =
        MAPPER.getSerializationConfig().introspect(MAPPER.constructType(value.getClass()));
    for (BeanPropertyDefinition p : bean.findProperties()) {
      AnnotatedMember getter = p.getAccessor();
      if (getter != null) {
        walk(getter.getValue(value), join(path, p.getName()), out);
      }
    }
  }

  private static Object additionalProperties(Object value) {
    try {
      return value.getClass().getMethod("getAdditionalProperties").invoke(value);
    } catch (ReflectiveOperationException e) {
      return null; // a model class without the map
    }
  }

  private static String pathOf(JsonMappingException e) {
    StringBuilder b = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
      } else {
        b.append('[').append(r.getIndex()).append(']');
      }
    }
    return b.toString();
  }

  private static String join(String path, String field) {
    return path.isEmpty() ? field : path + "." + field;
  }
}
