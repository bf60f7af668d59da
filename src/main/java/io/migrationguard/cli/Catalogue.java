package io.migrationguard.cli;

import io.migrationguard.core.apiserver.BeforeAdmission;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.schema.SchemaValidator;
import io.migrationguard.judge.Checker;
import io.migrationguard.judge.Entries;
import io.migrationguard.judge.Evaluator;
import io.migrationguard.report.RuleDoc;
import java.util.ArrayList;
import java.util.List;

/**
 * Every rule id a lint finding can carry: the schema step, the engine's catalogue, and the checks
 * only the lint makes (decoding, duplicates, defaulting idempotence). Feeds {@code --list-rules}
 * and the SARIF rule table.
 */
final class Catalogue {
  private static final List<String> BOTH =
      List.of("VirtualMachineInstanceMigration", "MigrationPolicy");

  private Catalogue() {}

  static List<RuleDoc> of(List<Rule> rules) {
    List<RuleDoc> out = new ArrayList<>();
    out.add(
        new RuleDoc(
            SchemaValidator.RULE_ID,
            BOTH,
            "error",
            "The object matches the JSON Schema of its kind: types, required fields, enums,"
                + " bounds, Quantity syntax; unknown fields are warnings (errors with --strict).",
            "Give the field the type and value the message names, or remove a field the kind does"
                + " not have (check its spelling and indentation)."));
    out.add(
        new RuleDoc(
            BeforeAdmission.DEPRECATED_VERSION,
            List.of("VirtualMachineInstanceMigration"),
            "warning",
            "A deprecated served version (kubevirt.io/v1alpha3) is judged as the current one,"
                + " which the API server converts it to.",
            "Write apiVersion: kubevirt.io/v1."));
    out.add(
        new RuleDoc(
            BeforeAdmission.DROPPED_NULL,
            BOTH,
            "warning",
            "A null in a field that is not nullable is dropped by the API server before"
                + " admission: the same as leaving the field out.",
            "Remove the field, or give it a value."));
    for (Rule r : rules) {
      RuleInfo i = r.info();
      List<String> kinds = i.kinds().stream().sorted().map(Kind::kindName).toList();
      out.add(new RuleDoc(i.id(), kinds, i.severity().label(), i.description(), i.fix()));
    }
    out.add(
        new RuleDoc(
            Checker.DUPLICATE_KEY,
            BOTH,
            "warning",
            "A key appears once per map; Kubernetes keeps the last value (an error with"
                + " --strict).",
            "Remove all but one of the repeated keys."));
    out.add(
        new RuleDoc(
            Checker.DUPLICATE_OBJECT,
            BOTH,
            "error",
            "Each object (kind, namespace, name) is defined once in the input set.",
            "Remove one of the two definitions, or give one another name."));
    out.add(
        new RuleDoc(
            Evaluator.IDEMPOTENT,
            BOTH,
            "error",
            "With --show-patch: defaulting the already-defaulted object changes nothing.",
            "Report it: a defaulter that does not converge is a bug of migration-guard."));
    out.add(
        new RuleDoc(
            Entries.PARSE_ERROR,
            List.of(),
            "error",
            "The document is well-formed YAML or JSON.",
            "Fix the syntax at the position given (indentation, a tab, an unclosed quote)."));
    out.add(
        new RuleDoc(
            Entries.INVALID_OBJECT,
            List.of(),
            "error",
            "A document that names one of our kinds or API groups has both apiVersion and kind.",
            "Add the missing apiVersion or kind (kubectl refuses the object without it)."));
    out.add(
        new RuleDoc(
            Entries.READ_ERROR,
            List.of(),
            "error",
            "The file can be read: it exists, is a regular file, is readable and is no larger"
                + " than --max-file-size.",
            "Check the path and its permissions; split a file over the size limit, or raise"
                + " --max-file-size."));
    out.add(
        new RuleDoc(
            Checker.TOO_MANY_FINDINGS,
            BOTH,
            "warning",
            "A resource reports at most "
                + Checker.MAX_FINDINGS
                + " findings (errors first); one more line says how many were left out (an error"
                + " when one of them is). The summary still counts them all.",
            "Fix the findings shown and lint again."));
    out.add(
        new RuleDoc(
            Entries.UNSERVED_KIND,
            List.of(),
            "warning",
            "A kind or version near one of ours (a typo, a plural, a version KubeVirt does not"
                + " serve) is not checked: said as a warning, not skipped in silence.",
            "Correct the kind or apiVersion to one KubeVirt serves (kubevirt.io/v1"
                + " VirtualMachineInstanceMigration, migrations.kubevirt.io/v1alpha1"
                + " MigrationPolicy)."));
    return out;
  }
}
