package io.migrationguard.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.YamlMappers;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code -o openreports}: the results as OpenReports objects ({@code openreports.io/v1alpha1}, the
 * report format Kyverno 1.15 and Kubewarden 1.30 write), one YAML stream {@code kubectl apply -f}
 * ready: a {@code ClusterReport} for MigrationPolicies (cluster-scoped) and for what is not a
 * resource (a file that could not be read or parsed), one {@code Report} per namespace for
 * migrations. A result per finding: source {@code migration-guard}, policy {@code migration-guard},
 * rule the rule id, result {@code fail} (error) or {@code warn}, the message, the resource's
 * reference, and where it stands in its file. The summary counts every resource ({@code pass}:
 * resources without errors or warnings); results are capped at {@value #MAX_RESULTS} per report,
 * the rest counted in the annotation {@value #LEFT_OUT}, so a large run writes bounded objects.
 */
public final class OpenReportsReport implements Report {
  static final String API_VERSION = "openreports.io/v1alpha1";
  static final int MAX_RESULTS = 1_000;
  public static final String LEFT_OUT = "migration-guard.io/results-left-out";
  private static final String SOURCE = "migration-guard";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  // One line per scalar: a long message split at a space could put a workflow command (text from
  // the input) at the start of a line once the runner trims it.
  private static final ObjectMapper YAML = YamlMappers.oneLinePerScalar();

  private final PrintStream out;
  private final long now;
  private final boolean locations;
  private final One cluster = new One(null);
  private final Map<String, One> byNamespace = new TreeMap<>();

  public OpenReportsReport(PrintStream out) {
    this(out, Instant.now().getEpochSecond(), true);
  }

  private OpenReportsReport(PrintStream out, long now, boolean locations) {
    this.out = out;
    this.now = now;
    this.locations = locations;
  }

  /**
   * For the in-cluster audit: nothing printed ({@link #documents} gives the objects), results
   * stamped {@code now}, and no {@code location} property (a stored object has no file position).
   */
  public static OpenReportsReport forAudit(long now) {
    return new OpenReportsReport(null, now, false);
  }

  /** One report being filled: its results (capped) and its counts (all). */
  private static final class One {
    final String namespace;
    final List<ObjectNode> results = new ArrayList<>();
    long leftOut;
    long pass;
    long fail;
    long warn;
    long error;

    One(String namespace) {
      this.namespace = namespace;
    }

    void add(ObjectNode result) {
      if (results.size() < MAX_RESULTS) {
        results.add(result);
      } else {
        leftOut++;
      }
    }
  }

  @Override
  public void file(FileResult result) {
    for (ResourceResult r : result.resources()) {
      if (r.status() == Status.SKIPPED) {
        continue; // not one of our kinds
      }
      One report = reportOf(r);
      if (r.status() == Status.ERROR) {
        report.error++;
      } else if (r.status() == Status.INVALID) {
        report.fail++;
      } else if (r.findings().isEmpty()) {
        report.pass++;
      } else {
        report.warn++;
      }
      for (LocatedFinding f : r.findings()) {
        report.add(result(r, f));
      }
    }
  }

  private One reportOf(ResourceResult r) {
    if (r.status() == Status.ERROR || !"VirtualMachineInstanceMigration".equals(r.kind())) {
      return cluster;
    }
    // A migration without a namespace goes where kubectl would put it without --namespace.
    String ns = r.namespace() == null || r.namespace().isEmpty() ? "default" : r.namespace();
    return byNamespace.computeIfAbsent(ns, One::new);
  }

  private ObjectNode result(ResourceResult r, LocatedFinding f) {
    ObjectNode o = JSON.objectNode();
    o.put("source", SOURCE);
    o.put("policy", SOURCE);
    o.put("rule", f.finding().rule());
    o.put("result", r.status() == Status.ERROR ? "error" : f.finding().isError() ? "fail" : "warn");
    // Text from the input escaped as -o text escapes it (TerminalText): no raw line break,
    // control or bidirectional character in a report a log or kubectl prints.
    o.put("message", TerminalText.escape(f.rendered()));
    if (r.kind() != null && !r.kind().isEmpty()) {
      o.put("category", r.kind());
      ObjectNode ref = o.putArray("resources").addObject();
      if (r.apiVersion() != null) {
        ref.put("apiVersion", r.apiVersion());
      }
      ref.put("kind", r.kind());
      if (r.name() != null) {
        ref.put("name", TerminalText.escape(r.name()));
      }
      if (r.namespace() != null && !r.namespace().isEmpty()) {
        ref.put("namespace", TerminalText.escape(r.namespace()));
      }
    }
    ObjectNode props = o.putObject("properties");
    if (locations) {
      props.put(
          "location",
          TerminalText.escape(r.file() + ":" + f.loc().line() + ":" + f.loc().column()));
    }
    if (!f.field().isEmpty()) {
      props.put("field", TerminalText.escape(f.field()));
    }
    if (props.isEmpty()) {
      o.remove("properties");
    }
    o.putObject("timestamp").put("seconds", now).put("nanos", 0);
    return o;
  }

  @Override
  public void finish(Summary summary) {
    StringBuilder sb = new StringBuilder();
    sb.append("# migration-guard lint results as OpenReports (openreports.io/v1alpha1).\n");
    for (ObjectNode o : documents()) {
      write(sb, o);
    }
    out.print(sb);
  }

  /** The name of the ClusterReport (MigrationPolicies). */
  public static final String CLUSTER_REPORT = "migration-guard-migrationpolicies";

  /** The name of each namespace's Report (migrations). */
  public static final String NAMESPACE_REPORT = "migration-guard-virtualmachineinstancemigrations";

  /** The label every report carries, with value {@code migration-guard}. */
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  /** The reports so far: the ClusterReport, then one Report per namespace by name. */
  public List<ObjectNode> documents() {
    List<ObjectNode> out = new ArrayList<>();
    out.add(report("ClusterReport", cluster, CLUSTER_REPORT));
    for (One r : byNamespace.values()) {
      out.add(report("Report", r, NAMESPACE_REPORT));
    }
    return out;
  }

  private static ObjectNode report(String kind, One r, String name) {
    ObjectNode o = JSON.objectNode();
    o.put("apiVersion", API_VERSION);
    o.put("kind", kind);
    ObjectNode meta = o.putObject("metadata");
    meta.put("name", name);
    if (r.namespace != null) {
      meta.put("namespace", TerminalText.escape(r.namespace));
    }
    meta.putObject("labels").put(MANAGED_BY, SOURCE);
    if (r.leftOut > 0) {
      meta.putObject("annotations").put(LEFT_OUT, Long.toString(r.leftOut));
    }
    o.put("source", SOURCE);
    o.putObject("summary")
        .put("pass", r.pass)
        .put("fail", r.fail)
        .put("warn", r.warn)
        .put("error", r.error)
        .put("skip", 0);
    o.putArray("results").addAll(r.results);
    return o;
  }

  private static void write(StringBuilder sb, ObjectNode o) {
    sb.append("---\n");
    try {
      sb.append(YAML.writeValueAsString(o));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
