package io.migrationguard.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.apiserver.BeforeAdmission;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.FindingBudget;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.SchemaRefinement;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.schema.JsonSchemaValidator;
import io.migrationguard.core.schema.ReleaseSchemas;
import io.migrationguard.core.schema.SchemaValidator;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine both doors share: schema, then rules, then (for {@code /mutate}) defaulting, as
 * docs/architecture.md#the-engine orders them. Stateless and thread-safe; build one and share it.
 */
public final class Engine {
  /**
   * The service's engine for the settings' release: every schema compiled up front, so no review
   * pays for it.
   */
  public static Engine standard(Settings settings) {
    ReleaseSchemas schemas = ReleaseSchemas.of(settings.release());
    return new Engine(
        JsonSchemaValidator.load(schemas), Rules.catalogue(settings), Defaulters.all(), settings);
  }

  /** The lint's engine: schemas compiled when their kind is first met (short runs start faster). */
  public static Engine onDemand(Settings settings) {
    ReleaseSchemas schemas = ReleaseSchemas.of(settings.release());
    return new Engine(
        JsonSchemaValidator.onDemand(schemas),
        Rules.catalogue(settings),
        Defaulters.all(),
        settings);
  }

  private final ReleaseSchemas schemas;
  private final SchemaValidator schema;
  private final List<Rule> rules;
  private final List<Defaulter> defaulters;
  private final Settings settings;

  private final RulePlan plan;

  public Engine(
      SchemaValidator schema, List<Rule> rules, List<Defaulter> defaulters, Settings settings) {
    this.schemas = ReleaseSchemas.of(settings.release());
    this.schema = schema;
    this.rules = List.copyOf(rules);
    this.defaulters = List.copyOf(defaulters);
    this.settings = settings;
    this.plan = new RulePlan(this.rules, settings);
  }

  public List<Rule> rules() {
    return rules;
  }

  public Settings settings() {
    return settings;
  }

  /** The KubeVirt release profile this engine judges for. */
  public Release release() {
    return settings.release();
  }

  /**
   * Validates one object: what the API server does first (reported as warnings), the schema (stop
   * on schema errors), then every applicable rule on the pruned object.
   */
  public Decision validate(Review review, ClusterView cluster) {
    if (!reviewed(review.operation())) {
      return new Decision(List.of(), List.of(), List.of(), List.of());
    }
    // One walk of each object says whether it is clean (the common case): then there is nothing
    // to drop, report or prune, and no other walk is made.
    BeforeAdmission.Known known = known(review);
    BeforeAdmission.Prepared prepared = BeforeAdmission.prepare(schemas, review, known);
    FindingBudget findings = new FindingBudget();
    for (Finding change : prepared.changes()) {
      if (!settings.disabledRules().contains(change.rule())) {
        findings.add(forced(change));
      }
    }
    // A clean object needs no schema check: nor the copy without its status that the check sees.
    Review judged = prepared.review();
    if (!known.objectClean()) {
      judged = BeforeAdmission.statusForSchema(judged);
      SchemaValidator.Result result =
          schema.check(review.kind(), judged.object(), review.fieldValidation());
      findings.addAll(refined(judged, result.findings()));
      findings.omitted(Severity.ERROR, result.omittedErrors());
      findings.omitted(Severity.WARNING, result.omittedWarnings());
    }
    if (findings.hasError()) {
      return decision(findings, List.of(), List.of());
    }
    // The rules judge what the API server would store: unknown fields reported, then pruned.
    review = BeforeAdmission.prune(schemas, BeforeAdmission.mainResourceStatus(judged), known);
    List<String> unavailable = new ArrayList<>();
    List<String> notChecked = new ArrayList<>();
    int supported = RulePlan.mask(cluster.supports());
    for (RulePlan.Planned planned : plan.of(review.kind(), review.operation())) {
      RuleInfo info = planned.info();
      if (planned.needsMoreThan(supported)) {
        notChecked.add(info.id());
        continue;
      }
      if (planned.needsRequester() && review.requester() == null) {
        notChecked.add(info.id()); // the lint without --as: not judged, and said so
        continue;
      }
      Findings out = new Findings(info.id(), info.severity(), findings).forcing(planned.forced());
      try {
        planned.rule().check(review, cluster, out);
      } catch (ClusterUnavailableException e) {
        unavailable.add(
            info.id() + ": could not look up " + e.lookup().what() + ": " + e.getMessage());
      } catch (RuntimeException e) {
        // A bug in a rule must not let the object through unexamined, nor escape as a 500.
        findings.add(
            new Finding(
                info.id(),
                Severity.ERROR,
                CauseType.INTERNAL,
                FieldPath.root(),
                null,
                "rule failed: " + e.getClass().getSimpleName()));
      }
    }
    return decision(findings, unavailable, notChecked);
  }

  /** {@code f} at the severity an operator's rule action gives its rule, if any. */
  private Finding forced(Finding f) {
    Severity s = settings.severityOf(f.rule(), f.severity());
    return s == f.severity()
        ? f
        : new Finding(f.rule(), s, f.type(), f.field(), f.badValue(), f.detail());
  }

  /** Schema findings with those a {@link SchemaRefinement} rule explains better replaced. */
  private List<Finding> refined(Review review, List<Finding> schemaFindings) {
    List<Finding> out = schemaFindings;
    for (Rule rule : rules) {
      if (rule instanceof SchemaRefinement refinement
          && rule.info().appliesTo(review.kind(), review.operation())) {
        out = refinement.refine(review, out);
      }
    }
    // A refinement's findings take its rule's action; the schema's own cannot be relaxed.
    return out == schemaFindings ? out : out.stream().map(this::forced).toList();
  }

  private static Decision decision(
      FindingBudget findings, List<String> unavailable, List<String> notChecked) {
    return new Decision(
        findings.stored(),
        List.of(),
        unavailable,
        notChecked,
        findings.omittedErrors(),
        findings.omittedWarnings());
  }

  /**
   * Whether each object of {@code review} needs the API server's prunings: the object under review
   * by the schema's acceptor (a clean object then needs no other walk, validation included), the
   * stored one by a lighter structural walk (it is not judged).
   */
  private BeforeAdmission.Known known(Review review) {
    boolean clean = schema.accepts(review.kind(), review.object());
    return new BeforeAdmission.Known(clean, oldUntouched(review));
  }

  private boolean oldUntouched(Review review) {
    return review.oldObject() != null
        && BeforeAdmission.untouchedForComparison(schemas, review.kind(), review.oldObject());
  }

  /**
   * Whether {@code object} passes the schema of {@code kind} once the API server's own changes are
   * made: an object a cluster could store (unknown fields do not count, they are pruned).
   */
  public boolean wellFormed(Kind kind, JsonNode object) {
    Review r = new Review(kind, Operation.CREATE, object, null, null, null, FieldValidation.IGNORE);
    // Unknown fields do not count here: pruned first, so an object with a million of them is not
    // a million schema errors built only to be dropped (the same answer: only they are removed).
    Review judged =
        BeforeAdmission.statusForSchema(
            BeforeAdmission.prune(schemas, BeforeAdmission.prepare(schemas, r).review()));
    for (Finding f : schema.validate(kind, judged.object(), FieldValidation.IGNORE)) {
      if (f.isError()) {
        return false;
      }
    }
    return true;
  }

  /** Computes the defaulting patch for one object: every applicable defaulter, one minimal diff. */
  public Decision mutate(Review review) {
    if (!reviewed(review.operation()) || !(review.object() instanceof ObjectNode)) {
      return new Decision(List.of(), List.of(), List.of(), List.of());
    }
    // The patch applies to the object the API server holds: nulls dropped, unknown fields pruned.
    BeforeAdmission.Known known =
        new BeforeAdmission.Known(
            BeforeAdmission.untouched(schemas, review.kind(), review.object()),
            oldUntouched(review));
    review =
        BeforeAdmission.prune(
            schemas, BeforeAdmission.prepare(schemas, review, known).review(), known);
    ObjectNode original = (ObjectNode) review.object();
    ObjectNode copy = original.deepCopy();
    for (Defaulter d : defaulters) {
      if (d.info().appliesTo(review.kind(), review.operation())) {
        d.apply(review, copy, settings);
      }
    }
    List<PatchOp> patch = JsonPatches.diff(original, copy);
    return new Decision(List.of(), patch, List.of(), List.of());
  }

  /**
   * The review as the rules and defaulters see it: what the API server does before admission
   * (docs/architecture.md#what-the-api-server-does-first), without the warnings that step reports.
   */
  public Review apiServerView(Review review) {
    return BeforeAdmission.prune(schemas, BeforeAdmission.prepare(schemas, review).review());
  }

  private static boolean reviewed(Operation op) {
    return op == Operation.CREATE || op == Operation.UPDATE;
  }

  /** Convenience for callers that hold a plain tree. */
  static boolean isObject(JsonNode n) {
    return n != null && n.isObject();
  }
}
