package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.cli.output.Report;
import io.migrationguard.cli.read.Loc;
import io.migrationguard.core.cluster.FeatureGates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * One lint run over the input set, in two passes on a pool sized to the cores. Pass 1 reads and
 * decodes every file in parallel; only objects of our two kinds are kept (the cross-document rules
 * need all of them), other kinds shrink to a skipped entry, while the engine is still being built.
 * Pass 2 checks each file in parallel and hands the results to the reports strictly in input order,
 * as soon as each file is done.
 */
final class LintRun {
  private final LintOptions options;
  private final Future<Evaluator> evaluator;
  private final FeatureGates gates;
  private final Map<ObjectKey, JsonNode> against;
  private final List<Report> reports;
  private final Progress progress;

  LintRun(
      LintOptions options,
      Future<Evaluator> evaluator,
      FeatureGates gates,
      Map<ObjectKey, JsonNode> against,
      List<Report> reports,
      Progress progress) {
    this.options = options;
    this.evaluator = evaluator;
    this.gates = gates;
    this.against = against;
    this.reports = reports;
    this.progress = progress;
  }

  Summary run(List<Source> sources) throws InterruptedException {
    int threads = Math.max(1, Math.min(sources.size(), Runtime.getRuntime().availableProcessors()));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "lint-worker");
              t.setDaemon(true);
              return t;
            });
    try {
      long t0 = System.nanoTime();
      List<ParsedFile> parsed = new ArrayList<>(inOrder(pool, sources, Parsing::parse, "read"));
      long t1 = System.nanoTime();
      ManifestView view = new ManifestView(gates);
      Map<Entry.Ours, String> duplicates = index(parsed, view);
      Set<String> notChecked = ConcurrentHashMap.newKeySet();
      if (!evaluator.isDone()) {
        Warmup.whileTheEngineLoads();
      }
      Checker checker = new Checker(get(evaluator), view, against, duplicates, options, notChecked);
      long t2 = System.nanoTime();
      List<Future<FileResult>> results = new ArrayList<>(parsed.size());
      for (ParsedFile p : parsed) {
        results.add(pool.submit(() -> check(checker, p)));
      }
      Counter counter = new Counter();
      for (int i = 0; i < results.size(); i++) {
        FileResult fr = get(results.get(i));
        parsed.set(i, null);
        counter.add(fr);
        reports.forEach(r -> r.file(fr));
        progress.update("checked", i + 1);
      }
      progress.clear();
      Timing.report(t0, t1, t2, System.nanoTime());
      return counter.summary(sources.size(), new TreeSet<>(notChecked));
    } finally {
      pool.shutdownNow();
    }
  }

  private static FileResult check(Checker checker, ParsedFile p) {
    List<ResourceResult> out = new ArrayList<>(p.entries().size());
    for (Entry e : p.entries()) {
      try {
        out.add(checker.check(p.name(), e));
      } catch (RuntimeException bug) {
        // A bug must cost one resource, not the run.
        Entry.Failed f =
            new Entry.Failed(e.loc(), "internal-error", "lint failed on this object: " + bug);
        out.add(checker.check(p.name(), f));
      }
    }
    return new FileResult(p.name(), out);
  }

  /** Registers our objects in the view; maps each repeated object to where it was first seen. */
  private static Map<Entry.Ours, String> index(List<ParsedFile> parsed, ManifestView view) {
    Map<ObjectKey, String> firstSeen = new HashMap<>();
    Map<Entry.Ours, String> duplicates = new IdentityHashMap<>();
    for (ParsedFile p : parsed) {
      for (Entry e : p.entries()) {
        if (e instanceof Entry.Ours o) {
          view.add(o.kind(), o.object());
          if (!o.name().isEmpty()) {
            Loc at = o.loc();
            String here = p.name() + ":" + at.line();
            String first = firstSeen.putIfAbsent(ObjectKey.of(o.kind(), o.object()), here);
            if (first != null) {
              duplicates.put(o, first);
            }
          }
        }
      }
    }
    return duplicates;
  }

  private <T, R> List<R> inOrder(
      ExecutorService pool, List<T> items, Function<T, R> task, String phase)
      throws InterruptedException {
    List<Future<R>> futures = new ArrayList<>(items.size());
    for (T item : items) {
      futures.add(pool.submit(() -> task.apply(item)));
    }
    List<R> out = new ArrayList<>(items.size());
    for (Future<R> f : futures) {
      out.add(get(f));
      progress.update(phase, out.size());
    }
    return out;
  }

  private static <R> R get(Future<R> f) throws InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("lint worker failed", e.getCause());
    }
  }

  /** Running totals of the statuses. */
  private static final class Counter {
    int resources, valid, invalid, errors, skipped;
    long warnings;

    void add(FileResult fr) {
      for (ResourceResult r : fr.resources()) {
        resources++;
        warnings += r.warnings();
        switch (r.status()) {
          case VALID -> valid++;
          case INVALID -> invalid++;
          case ERROR -> errors++;
          case SKIPPED -> skipped++;
        }
      }
    }

    Summary summary(int files, Set<String> notChecked) {
      return new Summary(
          files, resources, valid, invalid, errors, skipped, warnings, List.copyOf(notChecked));
    }
  }
}
