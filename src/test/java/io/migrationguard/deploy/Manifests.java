package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The objects of a kustomize directory as a test reads them: the plain YAML files its {@code
 * kustomization.yaml} lists, parsed with Jackson YAML (no kustomize needed). Use it to check the
 * committed manifests; tests run with the project directory as working directory.
 */
final class Manifests {
  /** The kustomize base every install builds on. */
  static final Path BASE = Path.of("manifests", "base");

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private final Path dir;
  private final JsonNode kustomization;
  private final List<JsonNode> objects;

  private Manifests(Path dir, JsonNode kustomization, List<JsonNode> objects) {
    this.dir = dir;
    this.kustomization = kustomization;
    this.objects = List.copyOf(objects);
  }

  /** The committed base. */
  static Manifests base() {
    return load(BASE);
  }

  /**
   * Loads every file listed under {@code resources} of {@code dir/kustomization.yaml}, and the
   * objects of listed directories (bases) as they are, without their transformations.
   */
  static Manifests load(Path dir) {
    JsonNode k = readAll(dir.resolve("kustomization.yaml")).get(0);
    List<JsonNode> objects = new ArrayList<>();
    for (JsonNode r : k.path("resources")) {
      Path p = dir.resolve(r.asText());
      objects.addAll(Files.isDirectory(p) ? load(p).objects() : readAll(p));
    }
    return new Manifests(dir, k, objects);
  }

  /** What {@code kubectl kustomize dir} renders (every transformation applied). */
  static Manifests built(Path dir) {
    JsonNode k = readAll(dir.resolve("kustomization.yaml")).get(0);
    return new Manifests(dir, k, KustomizeBuildTest.build(dir));
  }

  /** Every non-empty YAML document of {@code file}. */
  static List<JsonNode> readAll(Path file) {
    try (var it = YAML.readerFor(JsonNode.class).<JsonNode>readValues(Files.readString(file))) {
      List<JsonNode> docs = new ArrayList<>();
      while (it.hasNext()) {
        JsonNode doc = it.next();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          docs.add(doc);
        }
      }
      return docs;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  Path dir() {
    return dir;
  }

  JsonNode kustomization() {
    return kustomization;
  }

  List<JsonNode> objects() {
    return objects;
  }

  /** The namespace the kustomization puts every namespaced object in. */
  String namespace() {
    return kustomization.path("namespace").asText();
  }

  /** Every object of {@code kind}. */
  List<JsonNode> all(String kind) {
    return objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
  }

  /** The one object of {@code kind}; fails when there is none or more than one. */
  JsonNode one(String kind) {
    List<JsonNode> found = all(kind);
    if (found.size() != 1) {
      throw new AssertionError("expected exactly one " + kind + ", found " + found.size());
    }
    return found.get(0);
  }

  /** The Deployment's (only) container. */
  JsonNode container() {
    JsonNode containers = one("Deployment").path("spec").path("template").path("spec");
    JsonNode list = containers.path("containers");
    if (list.size() != 1) {
      throw new AssertionError("expected one container, found " + list.size());
    }
    return list.get(0);
  }

  /** The value of environment variable {@code name} of the container, or null. */
  String env(String name) {
    for (JsonNode e : container().path("env")) {
      if (name.equals(e.path("name").asText())) {
        return e.path("value").asText();
      }
    }
    return null;
  }

  /** Where the container mounts volume {@code name}, or null. */
  String volumeMountPath(String name) {
    for (JsonNode m : container().path("volumeMounts")) {
      if (name.equals(m.path("name").asText())) {
        return m.path("mountPath").asText();
      }
    }
    return null;
  }

  /** The container port a Service or probe port (a number or a port name) refers to, or -1. */
  int containerPort(JsonNode port) {
    for (JsonNode p : container().path("ports")) {
      if (port.isInt()
          ? p.path("containerPort").asInt() == port.asInt()
          : p.path("name").asText().equals(port.asText())) {
        return p.path("containerPort").asInt();
      }
    }
    return -1;
  }
}
