package io.migrationguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.judge.Checker;
import io.migrationguard.judge.Entry;
import io.migrationguard.judge.Evaluator;
import io.migrationguard.judge.ObjectKey;
import io.migrationguard.judge.StoredJudge;
import io.migrationguard.report.FileResult;
import io.migrationguard.report.Report;
import io.migrationguard.report.ResourceResult;
import io.migrationguard.report.Summary;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One {@code lint --cluster} run: the two passes of {@link StoredJudge}, each page's objects
 * rendered as {@code kubectl get -o yaml} prints them, then read, decoded (and, in pass 2, checked)
 * on a pool sized to the cores; results go to the reports in list order as soon as a page is done,
 * and nothing of a page outlives it. Pass 1 keeps, as the lint of files does, only the named
 * objects the engine's schema accepts (in a cluster only objects that could be created are stored),
 * projected. The objects are judged exactly as {@link LintRun} judges the same objects given as
 * files, one object a file, in the order the API server lists them.
 */
final class ClusterRun implements AutoCloseable {
  private final LintOptions options;
  private final Future<Evaluator> evaluator;
  private final ClusterInput.Cluster cluster;
  private final ExecutorService pool;

  ClusterRun(LintOptions options, Future<Evaluator> evaluator, ClusterInput.Cluster cluster) {
    this.options = options;
    this.evaluator = evaluator;
    this.cluster = cluster;
    this.pool =
        Executors.newFixedThreadPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()),
            r -> {
              Thread t = new Thread(r, "lint-worker");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Pass 1: the view of projections. Then each list that could not be read is said on {@code err}
   * (policies', migrations', the KubeVirt CR's), then {@code deferred} (the release's warning), as
   * one pass over everything said them; a cluster nothing could be read from is a usage error.
   */
  StoredJudge.Held firstPass(FeatureGates gates, PrintStream err, String deferred)
      throws InterruptedException, UsageException {
    StoredJudge.Held held;
    try {
      held = StoredJudge.firstPass(cluster.lister(), gates, this::takingPart, cluster::failed);
    } catch (Interrupted e) {
      throw new InterruptedException();
    }
    if (cluster.nothingRead()) {
      throw new UsageException(
          "--cluster: nothing could be read from "
              + cluster.server()
              + ": "
              + cluster.problems().get(0));
    }
    cluster.problems().forEach(p -> err.println("lint: --cluster: " + p));
    err.print(deferred);
    return held;
  }

  private List<StoredJudge.Taking> takingPart(ApiResource r, List<GenericKubernetesResource> page) {
    List<Future<Part>> parts = new ArrayList<>(page.size());
    for (GenericKubernetesResource item : page) {
      parts.add(pool.submit(() -> takingPart(r, item)));
    }
    List<StoredJudge.Taking> out = new ArrayList<>();
    for (Future<Part> f : parts) {
      Part p = await(f);
      if (p.unrendered() != null) {
        cluster.unrendered(r, p.item(), p.unrendered());
      }
      out.addAll(p.taking());
    }
    return out;
  }

  /** What pass 1 makes of one object: what takes part, or why it could not be rendered. */
  private record Part(
      List<StoredJudge.Taking> taking,
      GenericKubernetesResource item,
      JsonProcessingException unrendered) {}

  private Part takingPart(ApiResource r, GenericKubernetesResource item) {
    Source s;
    try {
      s = cluster.source(r, item);
    } catch (JsonProcessingException e) {
      return new Part(List.of(), item, e);
    }
    ParsedFile p = Parsing.parse(s, options.maxFileSize());
    List<StoredJudge.Taking> out = new ArrayList<>(1);
    for (Entry e : p.entries()) {
      if (e instanceof Entry.Ours o
          && !o.name().isEmpty()
          && await(evaluator).wellFormed(o.kind(), o.object())) {
        out.add(new StoredJudge.Taking(o.kind(), o.object()));
      }
    }
    return new Part(out, null, null);
  }

  /**
   * Pass 2: every object judged against {@code held}'s view, its result handed to {@code reports};
   * a list that fails now is said on {@code err} at once (and recorded: the run exits 2).
   */
  Summary secondPass(
      StoredJudge.Held held,
      Map<ObjectKey, JsonNode> against,
      List<Report> reports,
      Progress progress,
      ReleaseChoice release,
      PrintStream err)
      throws InterruptedException {
    long t0 = System.nanoTime();
    if (!evaluator.isDone()) {
      Warmup.whileTheEngineLoads();
    }
    Evaluator engine = LintRun.get(evaluator);
    Set<String> notChecked = ConcurrentHashMap.newKeySet();
    Checker checker =
        new Checker(engine, held.view(), against, Map.of(), options.checkOptions(), notChecked);
    long t1 = System.nanoTime();
    LintRun.Counter counter = new LintRun.Counter();
    int[] files = new int[1];
    try {
      StoredJudge.secondPass(
          cluster.lister(),
          held,
          (r, page) -> {
            List<Future<FileResult>> checked = new ArrayList<>(page.size());
            for (GenericKubernetesResource item : page) {
              checked.add(pool.submit(() -> check(checker, r, item, err)));
            }
            for (Future<FileResult> f : checked) {
              FileResult fr = await(f);
              if (fr == null) {
                continue; // not rendered: said (check)
              }
              counter.add(fr);
              files[0]++;
              progress.clear(); // a report on the terminal never shares the progress line
              reports.forEach(rep -> rep.file(fr));
              progress.update("checked", files[0]);
            }
          },
          (r, e) -> err.println("lint: --cluster: " + cluster.failed(r, e)));
    } catch (Interrupted e) {
      throw new InterruptedException();
    }
    progress.clear();
    Timing.report(t0, t0, t1, System.nanoTime());
    return counter.summary(files[0], new TreeSet<>(notChecked), release);
  }

  /**
   * One object: rendered, read, decoded and checked, timed as {@link LintRun} times a file; null
   * when it cannot be rendered (said in pass 1, or now for what pass 1 skipped; the run exits 2).
   */
  private FileResult check(
      Checker checker, ApiResource r, GenericKubernetesResource item, PrintStream err) {
    long start = System.nanoTime();
    Source s;
    try {
      s = cluster.source(r, item);
    } catch (JsonProcessingException e) {
      if (r == ApiResource.VMIM && StoredJudge.finished(item)) {
        // Pass 1 did not render a finished migration: said now, once.
        err.println("lint: --cluster: " + cluster.unrendered(r, item, e));
      }
      return null;
    }
    ParsedFile p = Parsing.parse(s, options.maxFileSize());
    List<ResourceResult> resources = LintRun.check(checker, p.name(), p.entries());
    return new FileResult(p.name(), s.path() == null, resources, System.nanoTime() - start);
  }

  /** A future's value; interruption leaves the passes as {@link Interrupted}. */
  private static <R> R await(Future<R> f) {
    try {
      return LintRun.get(f);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Interrupted();
    }
  }

  /** The run was interrupted inside a pass's callback. */
  private static final class Interrupted extends RuntimeException {
    Interrupted() {
      super(null, null, false, false);
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
