package io.migrationguard.core.rules;

import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Severity;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What the catalogue knows of a rule without running it; built with {@link #error} or {@link
 * #warning}, then {@link #needs} for a rule that reads the cluster and {@link #webhookOnly} for a
 * rule the API server's admission policies cannot state exactly (docs/admission-policies.md).
 *
 * @param id the stable rule id, e.g. {@code vmim-priority-enum}
 * @param description one sentence ending in a period: what the rule checks
 * @param fix one sentence ending in a period: what to change when it reports (the lint prints it
 *     under a finding, SARIF carries it as help)
 * @param scope the kinds and operations it applies to
 * @param severity the severity of its findings
 * @param lookups the cluster lookups it needs (empty for stateless rules)
 * @param webhookOnly why the rule stays in the webhook, or null when {@code export
 *     admission-policies} writes it as ValidatingAdmissionPolicy validations
 * @param cel the rule's findings as CEL, one {@link Check} per finding it can report, built when
 *     the export asks (null for a webhook-only rule)
 */
public record RuleInfo(
    String id,
    String description,
    String fix,
    Scope scope,
    Severity severity,
    Set<Lookup> lookups,
    String webhookOnly,
    Supplier<List<Check>> cel) {

  public RuleInfo {
    lookups = Set.copyOf(lookups);
  }

  /** A stateless rule whose findings are errors. */
  public static RuleInfo error(String id, Scope scope, String description, String fix) {
    return new RuleInfo(id, description, fix, scope, Severity.ERROR, Set.of(), null, null);
  }

  /** A stateless rule whose findings are warnings. */
  public static RuleInfo warning(String id, Scope scope, String description, String fix) {
    return new RuleInfo(id, description, fix, scope, Severity.WARNING, Set.of(), null, null);
  }

  /** This rule reading the cluster through {@code needed}. */
  public RuleInfo needs(Lookup... needed) {
    return new RuleInfo(id, description, fix, scope, severity, Set.of(needed), webhookOnly, cel);
  }

  /** This rule kept in the webhook, for {@code reason} (said in the docs and the export). */
  public RuleInfo webhookOnly(String reason) {
    return new RuleInfo(id, description, fix, scope, severity, lookups, reason, null);
  }

  /**
   * This rule exported as admission-policy validations: {@code checks} gives one {@link Check} per
   * finding the rule can report, in the webhook's words (docs/admission-policies.md).
   */
  public RuleInfo exportedAs(Supplier<List<Check>> checks) {
    return new RuleInfo(id, description, fix, scope, severity, lookups, null, checks);
  }

  /** Whether the rule is exported as an admission policy validation. */
  public boolean exported() {
    return webhookOnly == null;
  }

  /** Why a rule stays in the webhook, in the words the docs and the export use. */
  public static final class WebhookOnly {
    /** A rule that reports per map key. */
    public static final String PER_KEY =
        "reports one finding per bad key or value of a map, at the map's path; a policy shows one"
            + " message per validation and cannot name the keys in advance";

    /** A rule that reads other objects of the cluster. */
    public static final String CLUSTER = "needs the cluster's other objects";

    /** A rule whose message shows an object as sent. */
    public static final String JSON_VALUE =
        "its message shows an object as JSON in the order its keys were sent, which CEL cannot"
            + " reproduce";

    private WebhookOnly() {}
  }

  public Set<Kind> kinds() {
    return scope.kinds();
  }

  public Set<Operation> operations() {
    return scope.operations();
  }

  /** Whether the rule runs for this kind and operation. */
  public boolean appliesTo(Kind kind, Operation operation) {
    return scope.includes(kind, operation);
  }
}
