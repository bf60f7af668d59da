package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.judge.Evaluator;
import io.migrationguard.judge.StoredJudge;
import io.migrationguard.report.ReportContext;
import io.migrationguard.report.RuleDoc;
import io.migrationguard.report.Summary;
import io.migrationguard.report.TerminalText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The offline lint, {@code lint [options] PATH...}: the webhook's engine over manifest files, for
 * CI and pre-commit. {@link #run} is the whole program as a function (arguments and streams in,
 * exit code out), so tests call it in process. It never starts Quarkus, opens no port and needs no
 * certificate.
 */
public final class Lint {
  /** Nothing invalid. */
  public static final int OK = 0;

  /** At least one invalid resource. */
  public static final int INVALID = 1;

  /** Usage error, unreadable file or unparseable document. */
  public static final int ERROR = 2;

  /**
   * The config file's {@code deny} and {@code warn} actions, checked: they apply to the engine's
   * rules; the lint's own checks (duplicate keys, objects, ...) can only be turned off.
   */
  private static Map<String, RuleAction> actions(LintOptions o, List<RuleDoc> docs)
      throws UsageException {
    Map<String, RuleAction> actions;
    try {
      actions = Rules.parseActions(o.ruleActions(), docs.stream().map(RuleDoc::id).toList());
    } catch (IllegalArgumentException e) {
      throw new UsageException("config: rules: " + e.getMessage());
    }
    List<String> engine = Rules.engineIds(Settings.defaults());
    for (String id : actions.keySet()) {
      if (!engine.contains(id) && !Rules.ALWAYS_ON.contains(id)) {
        throw new UsageException(
            "config: rules: "
                + id
                + " is a check of the lint itself: it can only be off (disable)");
      }
    }
    return actions;
  }

  private static final String SLF4J_PROVIDER = "slf4j.provider";

  private Lint() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    // The lint logs nothing; without this, the schema library's first log call would start the
    // whole JBoss log manager, a good part of a small run's start-up. Only in the lint process.
    if (System.getProperty(SLF4J_PROVIDER) == null) {
      System.setProperty(SLF4J_PROVIDER, "org.slf4j.helpers.NOP_FallbackServiceProvider");
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    return run(args, System.in, out, err, System.console() != null && err == System.err);
  }

  /** {@link #run(String[], PrintStream, PrintStream)} with stdin given, for tests. */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    return run(args, in, out, err, false);
  }

  private static int run(
      String[] args, InputStream in, PrintStream out, PrintStream err, boolean terminal) {
    try {
      return lint(LintArgs.parse(args), in, out, err, terminal);
    } catch (UsageException e) {
      err.println("lint: " + e.getMessage());
      err.println("Run 'lint --help' for usage.");
      return ERROR;
    } catch (ApiBudget.Exceeded e) {
      // Before any RuntimeException: the API server, not a bug; one line.
      err.println("lint: --cluster: " + e.getMessage());
      return ERROR;
    } catch (IOException e) {
      err.println("lint: " + Parsing.reason(e));
      return ERROR;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("lint: interrupted");
      return ERROR;
    } catch (RuntimeException e) {
      // A bug: say so plainly and exit 2, never 1 (which would claim the manifests are invalid).
      err.println("lint: internal error: " + e);
      return ERROR;
    } catch (OutOfMemoryError e) {
      // A file too big for the heap is reported as such by its worker; this is the rest (several
      // big files at once): exit 2 all the same, never the JVM's 1 for an uncaught error.
      err.println("lint: " + Parsing.outOfMemory("lint these files"));
      return ERROR;
    }
  }

  private static int lint(
      LintOptions args, InputStream in, PrintStream out, PrintStream err, boolean terminal)
      throws UsageException, IOException, InterruptedException {
    if (args.help()) {
      out.print(HelpText.TEXT);
      return OK;
    }
    if (args.version()) {
      out.println("migration-guard " + Version.get());
      return OK;
    }
    LintOptions o = args.with(ConfigFile.load(args.config(), Path.of("")));
    List<RuleDoc> docs = Catalogue.of(Rules.all(Settings.defaults()));
    String bad = Rules.checkDisabled(o.disabled(), docs.stream().map(RuleDoc::id).toList());
    if (bad != null) {
      throw new UsageException(bad);
    }
    Map<String, RuleAction> actions = actions(o, docs);
    try (ClusterInput.Cluster fromCluster =
        o.cluster()
            ? ClusterInput.open(o.context(), o.namespace(), o.requestTimeout(), err)
            : null) {
      return lint(o, docs, actions, fromCluster, in, out, err, terminal);
    }
  }

  private static int lint(
      LintOptions o,
      List<RuleDoc> docs,
      Map<String, RuleAction> actions,
      ClusterInput.Cluster fromCluster,
      InputStream in,
      PrintStream out,
      PrintStream err,
      boolean terminal)
      throws UsageException, IOException, InterruptedException {
    // With --cluster, the release's warning waits for the problems of the lists (pass 1).
    ByteArrayOutputStream releaseWarning = new ByteArrayOutputStream();
    JsonNode kubevirt =
        fromCluster != null
            ? fromCluster.kubevirt()
            : o.kubevirt() == null ? null : KubeVirtFile.load(o.kubevirt());
    ReleaseChoice release =
        fromCluster != null
            ? KubeVirtFile.releaseFrom(
                o.kubevirtVersion(),
                "the KubeVirt CR of " + fromCluster.server(),
                kubevirt,
                new PrintStream(releaseWarning, true, StandardCharsets.UTF_8))
            : KubeVirtFile.release(o.kubevirtVersion(), o.kubevirt(), kubevirt, err);
    Settings settings =
        Settings.defaults()
            .withActions(actions)
            .disabling(o.disabled())
            .forRelease(release.release());
    if (o.listRules()) {
      err.print(releaseWarning.toString(StandardCharsets.UTF_8));
      RuleList.print(docs, o.outputs().get(0).format(), out);
      return OK;
    }
    // Compiling the schemas is most of the start-up: do it while the inputs are read and parsed.
    CompletableFuture<Evaluator> evaluator =
        CompletableFuture.supplyAsync(
            () -> new Evaluator(Engine.onDemand(settings), o.showPatch()), Lint::daemon);
    FeatureGates gates = KubeVirtFile.gates(kubevirt);
    try (ClusterRun clusterRun =
        fromCluster == null ? null : new ClusterRun(o, evaluator, fromCluster)) {
      StoredJudge.Held held =
          fromCluster == null
              ? null
              : clusterRun.firstPass(gates, err, releaseWarning.toString(StandardCharsets.UTF_8));
      return judge(
          o,
          docs,
          release,
          evaluator,
          gates,
          fromCluster,
          clusterRun,
          held,
          in,
          out,
          err,
          terminal);
    }
  }

  private static int judge(
      LintOptions o,
      List<RuleDoc> docs,
      ReleaseChoice release,
      CompletableFuture<Evaluator> evaluator,
      FeatureGates gates,
      ClusterInput.Cluster fromCluster,
      ClusterRun clusterRun,
      StoredJudge.Held held,
      InputStream in,
      PrintStream out,
      PrintStream err,
      boolean terminal)
      throws UsageException, IOException, InterruptedException {
    if (o.against() != null && o.against().equals("-") && o.paths().contains("-")) {
      throw new UsageException("stdin cannot be both --against and an input");
    }
    Against.Loaded against =
        o.against() == null
            ? new Against.Loaded(Map.of(), List.of())
            : Against.load(o.against(), in, o.maxFileSize(), err);
    against.problems().forEach(p -> err.println("lint: --against " + p));
    ReportContext ctx = new ReportContext(Version.get(), docs, o.summary());
    Summary summary;
    List<String> unwritten;
    List<String> missing = fromCluster != null ? List.of() : Inputs.missing(o.paths());
    missing.forEach(
        m -> err.println(TerminalText.line("lint: " + m + ": no such file or directory")));
    if (!missing.isEmpty() && missing.size() == o.paths().size()) {
      return ERROR; // nothing to lint
    }
    List<String> paths = o.paths().stream().filter(p -> !missing.contains(p)).toList();
    try (Outputs outputs = Outputs.open(o.outputs(), out, ctx, o.hints())) {
      if (fromCluster != null) {
        summary =
            clusterRun.secondPass(
                held,
                against.objects(),
                outputs.reports(),
                Progress.of(err, terminal, held.listed()),
                release,
                err);
        outputs.reports().forEach(r -> r.finish(summary));
        unwritten = outputs.closeAndCheck();
        return LintEnd.end(o, summary, unwritten, missing, against, fromCluster, out, err);
      }
      List<Source> sources =
          Inputs.expand(
              paths, o.excludes(), in, o.maxFileSize(), n -> err.println(TerminalText.line(n)));
      for (String dir : Inputs.emptyFolders(paths, sources)) {
        err.println(
            TerminalText.line(
                "lint: "
                    + dir
                    + ": no .yaml, .yml or .json file in it (hidden folders and --exclude paths"
                    + " are not searched)"));
      }
      LintRun run =
          new LintRun(
              o,
              evaluator,
              gates,
              release,
              against.objects(),
              outputs.reports(),
              Progress.of(err, terminal, sources.size()),
              err);
      summary = run.run(sources);
      outputs.reports().forEach(r -> r.finish(summary));
      unwritten = outputs.closeAndCheck();
    }
    return LintEnd.end(o, summary, unwritten, missing, against, fromCluster, out, err);
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "lint-engine");
    t.setDaemon(true);
    t.start();
  }
}
