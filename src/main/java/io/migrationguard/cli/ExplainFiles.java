package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.explain.Candidate;
import io.migrationguard.core.explain.Subjects;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.manifest.Document;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code explain}'s files: the VMI (or VirtualMachine), the Namespace, the MigrationPolicies of the
 * paths, read as the lint reads manifests; anything that cannot be read as the API server would
 * have stored it is a usage error naming the file and position.
 */
final class ExplainFiles {
  private static final String POLICY_GROUP = "migrations.kubevirt.io/";

  private ExplainFiles() {}

  /** Every MigrationPolicy of the paths; a later one of the same name replaces an earlier one. */
  static List<Candidate> policies(List<String> paths, InputStream stdin, PrintStream err)
      throws UsageException {
    Map<String, Candidate> byName = new LinkedHashMap<>();
    List<Source> sources;
    try {
      sources =
          Inputs.expand(paths, List.of(), stdin, ByteSize.DEFAULT_MAX_FILE_SIZE, err::println);
    } catch (IOException e) {
      throw new UsageException("explain: cannot read the policies: " + Parsing.reason(e));
    }
    for (Source s : sources) {
      for (Document d : documents(s)) {
        for (JsonNode o : ManifestFiles.objects(d.root())) {
          if (!"MigrationPolicy".equals(o.path("kind").asText())
              || !o.path("apiVersion").asText().startsWith(POLICY_GROUP)) {
            continue;
          }
          String where = s.name() + ":" + d.start().line() + ":" + d.start().column();
          Candidate c;
          try {
            c = Subjects.policy(o, where);
          } catch (Subjects.Unreadable e) {
            throw new UsageException("explain: " + e.getMessage());
          }
          Candidate before = byName.remove(c.name());
          if (before != null) {
            err.println(
                "explain: "
                    + where
                    + ": MigrationPolicy "
                    + c.name()
                    + " again (first at "
                    + before.origin()
                    + "): the later one is used, as kubectl apply would leave it");
          }
          byName.put(c.name(), c);
        }
      }
    }
    return List.copyOf(byName.values());
  }

  private static List<Document> documents(Source s) throws UsageException {
    if (s.error() != null) {
      throw new UsageException("explain: " + s.name() + ": " + s.error());
    }
    String text;
    try {
      text = s.read(ByteSize.DEFAULT_MAX_FILE_SIZE);
    } catch (IOException e) {
      throw new UsageException("explain: " + s.name() + ": cannot read: " + Parsing.reason(e));
    }
    return ManifestFiles.decoded("explain: ", s.name(), text);
  }

  /** The first object of one of {@code kinds} in {@code file}. */
  static JsonNode first(String file, String option, List<String> kinds) throws UsageException {
    Source s = "-".equals(file) ? null : Source.file(file, Path.of(file));
    if (s == null) {
      throw new UsageException("explain: " + option + " needs a file (stdin holds the policies)");
    }
    for (Document d : documents(s)) {
      for (JsonNode o : ManifestFiles.objects(d.root())) {
        if (kinds.contains(o.path("kind").asText())) {
          return o;
        }
      }
    }
    throw new UsageException(
        "explain: " + option + " " + file + ": no " + String.join(" or ", kinds) + " in it");
  }

  /**
   * The Nodes of {@code file}: a {@code List} or {@code NodeList} as {@code kubectl get nodes -o
   * yaml} prints it (items without a kind are Nodes), or Node documents.
   */
  static List<NodeFacts> nodes(String file) throws UsageException {
    if ("-".equals(file)) {
      throw new UsageException("explain: --nodes needs a file (stdin holds the policies)");
    }
    List<NodeFacts> out = new java.util.ArrayList<>();
    for (Document d : documents(Source.file(file, java.nio.file.Path.of(file)))) {
      JsonNode root = d.root();
      if (root == null || !root.isObject()) {
        continue;
      }
      String kind = root.path("kind").asText("");
      if (kind.endsWith("List")) {
        out.addAll(NodeFacts.listOf(root));
      } else if (kind.equals("Node")) {
        out.add(NodeFacts.of(root));
      }
    }
    if (out.isEmpty()) {
      throw new UsageException("explain: --nodes " + file + ": no Node in it");
    }
    return out;
  }

  static Map<String, String> labels(JsonNode node, String file, String field)
      throws UsageException {
    try {
      return Subjects.labels(node, file, field);
    } catch (Subjects.Unreadable e) {
      throw new UsageException("explain: " + e.getMessage());
    }
  }
}
