package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.manifest.DuplicateKey;
import io.migrationguard.manifest.Loc;
import io.migrationguard.report.LocatedFinding;
import io.migrationguard.report.ResourceResult;
import io.migrationguard.report.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns one entry of the input set into its {@link ResourceResult}: builds the {@link Review}
 * (CREATE, or UPDATE from the {@code --against} object), adds the lint's own findings (duplicate
 * keys, duplicate objects), asks the {@link Evaluator}, and places every finding on a line.
 * Thread-safe: shared by the workers.
 */
public final class Checker {
  public static final String DUPLICATE_KEY = "duplicate-key";
  public static final String DUPLICATE_OBJECT = "duplicate-object";
  public static final String TOO_MANY_FINDINGS = ResourceResult.TOO_MANY_FINDINGS;

  /**
   * Findings kept per resource (errors first); the rest are counted, said in one more line, and
   * still counted in the summary. A resource with a million bad keys gives a readable report.
   */
  public static final int MAX_FINDINGS = 100;

  /** The object annotation that switches rules off for that object, in the lint only. */
  static final String IGNORE_ANNOTATION = "lint.migration-guard.io/ignore";

  private static final Comparator<LocatedFinding> BY_POSITION =
      Comparator.comparingInt((LocatedFinding f) -> f.loc().line())
          .thenComparingInt(f -> f.loc().column());

  private final Evaluator evaluator;
  private final ManifestView view;
  private final Map<ObjectKey, JsonNode> against;
  private final Map<Entry.Ours, String> duplicates;
  private final CheckOptions options;
  private final Set<String> notChecked;

  public Checker(
      Evaluator evaluator,
      ManifestView view,
      Map<ObjectKey, JsonNode> against,
      Map<Entry.Ours, String> duplicates,
      CheckOptions options,
      Set<String> notChecked) {
    this.evaluator = evaluator;
    this.view = view;
    this.against = against;
    this.duplicates = duplicates;
    this.options = options;
    this.notChecked = notChecked;
  }

  public ResourceResult check(String file, Entry entry) {
    if (entry instanceof Entry.Ours o) {
      return ours(file, o);
    }
    if (entry instanceof Entry.Skipped s) {
      return new ResourceResult(
          file,
          s.loc(),
          s.apiVersion(),
          s.kind(),
          blankToNull(s.name()),
          blankToNull(s.namespace()),
          Status.SKIPPED,
          s.nearMiss() == null || options.disabled().contains(Entries.UNSERVED_KIND)
              ? List.of()
              : List.of(nearMiss(s.nearMiss())),
          null);
    }
    return failed(file, (Entry.Failed) entry);
  }

  private ResourceResult ours(String file, Entry.Ours o) {
    FieldValidation fv = options.strict() ? FieldValidation.STRICT : FieldValidation.WARN;
    JsonNode old = o.name().isEmpty() ? null : against.get(ObjectKey.of(o.kind(), o.object()));
    Review review =
        new Review(
            o.kind(),
            old == null ? Operation.CREATE : Operation.UPDATE,
            o.object(),
            old,
            blankToNull(o.namespace()),
            options.as(),
            fv);
    List<Finding> findings = new ArrayList<>();
    Set<String> ignored = ignoredBy(o.object());
    Severity decodeSeverity = fv == FieldValidation.STRICT ? Severity.ERROR : Severity.WARNING;
    List<DuplicateKey> dupKeys =
        switchedOff(DUPLICATE_KEY, ignored) ? List.of() : o.duplicateKeys();
    for (DuplicateKey k : dupKeys) {
      FieldPath path = Pointers.fieldPath(o.object(), k.pointer().substring(o.base().length()));
      findings.add(
          new Finding(
              DUPLICATE_KEY,
              decodeSeverity,
              CauseType.DUPLICATE,
              path,
              JsonNodeFactory.instance.textNode(k.key()),
              "the key appears more than once in this map; the last value is used"));
    }
    String firstAt = duplicates.get(o);
    if (firstAt != null) {
      findings.add(
          new Finding(
              DUPLICATE_OBJECT,
              Severity.ERROR,
              CauseType.DUPLICATE,
              FieldPath.of("metadata", "name"),
              JsonNodeFactory.instance.textNode(o.name()),
              "the same " + o.kind().kindName() + " is already defined at " + firstAt));
    }
    Evaluator.Outcome out = evaluator.evaluate(review, view.forObject(o.kind(), o.object()));
    notChecked.addAll(out.notChecked());
    findings.addAll(out.findings());
    if (!ignored.isEmpty() || !options.disabled().isEmpty()) {
      // Decode findings first: their locations are matched to the first findings by index.
      List<Finding> kept = new ArrayList<>(findings.size());
      for (int i = 0; i < findings.size(); i++) {
        Finding f = findings.get(i);
        if (i < dupKeys.size() || !switchedOff(f.rule(), ignored)) {
          kept.add(f);
        }
      }
      findings = kept;
    }
    // Repetitions a map holds past those recorded: counted as findings, never built.
    long moreDuplicates = 0;
    for (DuplicateKey k : dupKeys) {
      moreDuplicates += k.more();
    }
    Severity duplicateSeverity = options.warningsAsErrors() ? Severity.ERROR : decodeSeverity;
    boolean invalid = moreDuplicates > 0 && duplicateSeverity == Severity.ERROR;
    for (int i = 0; i < findings.size(); i++) {
      Finding f = promote(findings.get(i));
      findings.set(i, f);
      invalid |= f.isError();
    }
    // The engine's own bound: findings it counted but never built.
    Severity omittedWarningSeverity =
        options.warningsAsErrors() ? Severity.ERROR : Severity.WARNING;
    invalid |= out.omittedErrors() > 0;
    invalid |= out.omittedWarnings() > 0 && omittedWarningSeverity == Severity.ERROR;
    boolean[] keep = keep(findings);
    Omitted omitted = new Omitted();
    omitted.add(moreDuplicates, duplicateSeverity);
    omitted.add(out.omittedErrors(), Severity.ERROR);
    omitted.add(out.omittedWarnings(), omittedWarningSeverity);
    List<LocatedFinding> located = new ArrayList<>(Math.min(findings.size(), MAX_FINDINGS + 1));
    for (int i = 0; i < findings.size(); i++) {
      Finding f = findings.get(i);
      if (!keep[i]) {
        omitted.add(1, f.severity());
        continue;
      }
      Loc loc = i < dupKeys.size() ? dupKeys.get(i).loc() : o.locations().find(o.base(), f.field());
      located.add(LocatedFinding.of(f, loc));
    }
    // In file order, as a compiler reports; equal positions keep the pipeline's order.
    located.sort(BY_POSITION);
    if (omitted.count > 0 && !switchedOff(TOO_MANY_FINDINGS, ignored)) {
      located.add(omitted.line(o.loc()));
    }
    JsonNode meta = o.object().path("metadata");
    return new ResourceResult(
        file,
        o.loc(),
        o.object().path("apiVersion").asText(o.kind().apiVersion()),
        o.kind().kindName(),
        meta.path("name").isTextual() ? meta.path("name").textValue() : null,
        meta.path("namespace").isTextual() ? meta.path("namespace").textValue() : null,
        invalid ? Status.INVALID : Status.VALID,
        located,
        out.patch(),
        omitted.warnings);
  }

  /**
   * Which findings are kept: all of them up to {@link #MAX_FINDINGS}, else the errors first, then
   * the warnings, each in the order found, up to {@link #MAX_FINDINGS}.
   */
  private static boolean[] keep(List<Finding> findings) {
    boolean[] keep = new boolean[findings.size()];
    int room = MAX_FINDINGS;
    for (int pass = 0; pass < 2; pass++) {
      boolean errors = pass == 0;
      for (int i = 0; i < keep.length && room > 0; i++) {
        if (findings.get(i).isError() == errors) {
          keep[i] = true;
          room--;
        }
      }
    }
    return keep;
  }

  /** The findings of one resource left out: how many, how many warnings, the worst severity. */
  private static final class Omitted {
    long count;
    long warnings;
    Severity worst = Severity.WARNING;

    void add(long n, Severity severity) {
      if (n <= 0) {
        return;
      }
      count += n;
      if (severity == Severity.ERROR) {
        worst = Severity.ERROR;
      } else {
        warnings += n;
      }
    }

    /** The one line that says so: {@code ... and 1234 more findings}, as severe as the worst. */
    LocatedFinding line(Loc loc) {
      String message = "... and " + count + " more finding" + (count == 1 ? "" : "s");
      Finding f =
          new Finding(
              TOO_MANY_FINDINGS, worst, CauseType.TOO_MANY, FieldPath.root(), null, message);
      return new LocatedFinding(f, loc, message);
    }
  }

  /**
   * The rule ids an object's annotation {@value #IGNORE_ANNOTATION} switches off for it, in the
   * lint only: the webhook never reads it (a user must not be able to switch off admission).
   */
  static Set<String> ignoredBy(JsonNode object) {
    JsonNode v = object.path("metadata").path("annotations").path(IGNORE_ANNOTATION);
    return v.isTextual() ? Set.copyOf(CheckOptions.ruleList(v.textValue())) : Set.of();
  }

  private boolean switchedOff(String rule, Set<String> ignored) {
    return !Rules.ALWAYS_ON.contains(rule)
        && (options.disabled().contains(rule) || ignored.contains(rule));
  }

  private Finding promote(Finding f) {
    if (!options.warningsAsErrors() || f.isError()) {
      return f;
    }
    return new Finding(f.rule(), Severity.ERROR, f.type(), f.field(), f.badValue(), f.detail());
  }

  /** The warning of a near miss: not ours as written, but meant to be (a typo, a version). */
  private LocatedFinding nearMiss(Entry.NearMiss m) {
    Finding f =
        promote(
            new Finding(
                Entries.UNSERVED_KIND,
                Severity.WARNING,
                CauseType.NOT_SUPPORTED,
                FieldPath.of(m.field()),
                JsonNodeFactory.instance.textNode(m.value()),
                m.message()));
    return LocatedFinding.of(f, m.loc());
  }

  private static ResourceResult failed(String file, Entry.Failed f) {
    Finding finding =
        new Finding(
            f.rule(), Severity.ERROR, CauseType.INVALID, FieldPath.root(), null, f.message());
    return new ResourceResult(
        file,
        f.loc(),
        f.apiVersion(),
        f.kind(),
        f.name(),
        null,
        Status.ERROR,
        List.of(new LocatedFinding(finding, f.loc(), f.message())),
        null);
  }

  private static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
