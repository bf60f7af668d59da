package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.judge.Checker;
import io.migrationguard.judge.Entries;
import io.migrationguard.judge.Entry;
import io.migrationguard.judge.Evaluator;
import io.migrationguard.judge.ManifestView;
import io.migrationguard.judge.ObjectKey;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;

/**
 * One lint run over the input set, in two passes on a pool sized to the cores. Pass 1 reads and
 * decodes every file in parallel; only objects of our two kinds are kept (the cross-document rules
 * need all of them), other kinds shrink to a skipped entry, while the engine is still being built.
 * Pass 2 checks each file in parallel and hands the results to the reports strictly in input order,
 * as soon as each file is done.
 */
final class LintRun {
  /** Resources per check task: small enough to spread one big file, large enough to be cheap. */
  static final int BATCH = 64;

  private final LintOptions options;
  private final Future<Evaluator> evaluator;
  private final FeatureGates gates;
  private final ReleaseChoice release;
  private final Map<ObjectKey, JsonNode> against;
  private final List<Report> reports;
  private final Progress progress;
  private final PrintStream err;

  LintRun(
      LintOptions options,
      Future<Evaluator> evaluator,
      FeatureGates gates,
      ReleaseChoice release,
      Map<ObjectKey, JsonNode> against,
      List<Report> reports,
      Progress progress,
      PrintStream err) {
    this.options = options;
    this.evaluator = evaluator;
    this.gates = gates;
    this.release = release;
    this.against = against;
    this.reports = reports;
    this.progress = progress;
    this.err = err;
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
      InputSet inputs = new InputSet(gates);
      List<ParsedFile> parsed = new ArrayList<>(sources.size());
      List<Future<ParsedFile>> reads = new ArrayList<>(sources.size());
      // Per file: reading, decoding and checking it, summed over the workers (the JUnit times).
      AtomicLongArray nanos = new AtomicLongArray(sources.size());
      for (int i = 0; i < sources.size(); i++) {
        Source s = sources.get(i);
        int file = i;
        reads.add(
            pool.submit(() -> timed(nanos, file, () -> Parsing.parse(s, options.maxFileSize()))));
      }
      for (Future<ParsedFile> f : reads) {
        ParsedFile p = get(f);
        inputs.add(p);
        parsed.add(p);
        progress.update("read", parsed.size());
      }
      long t1 = System.nanoTime();
      Map<Entry.Ours, String> duplicates = inputs.duplicates();
      Set<String> notChecked = ConcurrentHashMap.newKeySet();
      if (!evaluator.isDone()) {
        Warmup.whileTheEngineLoads();
      }
      Evaluator engine = get(evaluator);
      // --stored: objects as a cluster stores them, judged as --cluster judges them.
      ManifestView view =
          inputs.view(o -> engine.wellFormed(o.kind(), o.object()), options.stored());
      Checker checker =
          new Checker(engine, view, against, duplicates, options.checkOptions(), notChecked);
      long t2 = System.nanoTime();
      // Batches of a file's resources, so one big file (kustomize output on stdin) uses every core.
      List<List<Future<List<ResourceResult>>>> results = new ArrayList<>(parsed.size());
      for (int i = 0; i < parsed.size(); i++) {
        ParsedFile p = parsed.get(i);
        int file = i;
        List<Future<List<ResourceResult>>> batches = new ArrayList<>();
        for (int from = 0; from < p.entries().size(); from += BATCH) {
          List<Entry> slice = p.entries().subList(from, Math.min(p.entries().size(), from + BATCH));
          batches.add(pool.submit(() -> timed(nanos, file, () -> check(checker, p.name(), slice))));
        }
        results.add(batches);
      }
      Counter counter = new Counter();
      for (int i = 0; i < results.size(); i++) {
        List<ResourceResult> resources = new ArrayList<>();
        for (Future<List<ResourceResult>> batch : results.get(i)) {
          resources.addAll(get(batch));
        }
        FileResult fr =
            new FileResult(
                parsed.get(i).name(), sources.get(i).path() == null, resources, nanos.get(i));
        notObjects(parsed.get(i), counter);
        results.set(i, null);
        parsed.set(i, null);
        counter.add(fr);
        progress.clear(); // a report on the terminal never shares the progress line
        reports.forEach(r -> r.file(fr));
        progress.update("checked", i + 1);
      }
      progress.clear();
      if (counter.templates > 0) {
        err.println(
            "lint: skipped "
                + counter.templates
                + " template"
                + (counter.templates > 1 ? "s" : "")
                + " ({{ }}, Helm chart templates): lint their rendered output, e.g. helm template"
                + " CHART | ... lint -");
      }
      Timing.report(t0, t1, t2, System.nanoTime());
      return counter.summary(sources.size(), new TreeSet<>(notChecked), release);
    } finally {
      pool.shutdownNow();
    }
  }

  static List<ResourceResult> check(Checker checker, String file, List<Entry> entries) {
    List<ResourceResult> out = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      if (e instanceof Entry.NotAnObject) {
        continue; // not a resource: listed with --verbose, counted apart
      }
      try {
        out.add(checker.check(file, e));
      } catch (RuntimeException bug) {
        // A bug must cost one resource, not the run.
        Entry.Failed f =
            new Entry.Failed(e.loc(), "internal-error", "lint failed on this object: " + bug);
        out.add(checker.check(file, f));
      } catch (OutOfMemoryError oom) {
        // Nor may one huge object: its findings are garbage once this is caught.
        Entry.Failed f =
            new Entry.Failed(e.loc(), Entries.READ_ERROR, Parsing.outOfMemory("check this object"));
        out.add(checker.check(file, f));
      }
    }
    return out;
  }

  /** Counts the documents of a file that are not Kubernetes objects, and lists them if asked. */
  private void notObjects(ParsedFile p, Counter counter) {
    for (Entry e : p.entries()) {
      if (e instanceof Entry.NotAnObject n) {
        counter.notObjects++;
        counter.templates += n.template() ? 1 : 0;
        if (options.verbose()) {
          err.println(
              p.name()
                  + ":"
                  + n.loc().line()
                  + ":"
                  + n.loc().column()
                  + ": skipped, not a Kubernetes object ("
                  + n.reason()
                  + ")");
        }
      }
    }
  }

  /** {@code work}, its duration added to {@code nanos[i]}. */
  private static <R> R timed(AtomicLongArray nanos, int i, Supplier<R> work) {
    long start = System.nanoTime();
    try {
      return work.get();
    } finally {
      nanos.addAndGet(i, System.nanoTime() - start);
    }
  }

  static <R> R get(Future<R> f) throws InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("lint worker failed: " + e.getCause(), e.getCause());
    }
  }

  /** Running totals of the statuses. */
  static final class Counter {
    int resources, valid, invalid, errors, skipped, notObjects, templates;
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

    Summary summary(int files, Set<String> notChecked, ReleaseChoice release) {
      return new Summary(
          files,
          resources,
          valid,
          invalid,
          errors,
          skipped,
          warnings,
          List.copyOf(notChecked),
          notObjects,
          release);
    }
  }
}
