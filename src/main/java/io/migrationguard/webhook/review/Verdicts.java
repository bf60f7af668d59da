package io.migrationguard.webhook.review;

import io.migrationguard.core.Decision;
import io.migrationguard.core.Kind;
import io.migrationguard.core.model.Finding;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns the engine's {@link Decision} into what the API server expects back (rules.md §7): a 422
 * {@code Invalid} Status with one cause per field error, warnings as {@code <path>: <message>}, a
 * 503 when a cluster lookup could not be answered, and the rule ids for the audit log.
 */
public final class Verdicts {
  /** At most this many findings are spelled out in the message and the causes. */
  public static final int MAX_LISTED = 10;

  /** Longest admission warning, in characters, as Kubernetes recommends. */
  public static final int MAX_WARNING_CHARS = 120;

  /** Audit annotation with the comma-separated ids of the rules that reported something. */
  public static final String AUDIT_RULES = "rules";

  private Verdicts() {}

  /** The answer of {@code /validate}. {@code name} is the object's name for the message. */
  public static Verdict validation(Kind kind, String name, Decision decision) {
    if (decision.findings().isEmpty() && decision.unavailable().isEmpty()) {
      return Verdict.allow(); // the common case, without building empty lists and maps
    }
    List<Finding> errors = decision.errors();
    List<String> warnings = decision.warnings().stream().map(Verdicts::warning).toList();
    Map<String, String> audit = audit(decision.findings());
    Verdict.Status status = null;
    if (!decision.unavailable().isEmpty()) {
      String message =
          subject(kind, name)
              + " could not be checked: "
              + String.join("; ", decision.unavailable())
              + (errors.isEmpty() ? "" : "; it is also invalid: " + listed(errors));
      status = new Verdict.Status(503, "ServiceUnavailable", message, details(kind, name, errors));
    } else if (!errors.isEmpty()) {
      String message = subject(kind, name) + " is invalid: " + listed(errors);
      status = new Verdict.Status(422, "Invalid", message, details(kind, name, errors));
    }
    return new Verdict(status == null, status, List.of(), warnings, audit);
  }

  /** The answer of {@code /mutate}: always allowed, with the defaulting patch if any. */
  public static Verdict mutation(Decision decision) {
    return new Verdict(true, null, decision.patch(), List.of(), Map.of());
  }

  /** A review whose object cannot be read as its kind: refused with code 400. */
  public static Verdict undecodable(String message) {
    return Verdict.refuse(new Verdict.Status(400, "BadRequest", message, null));
  }

  /** The ids of the rules that reported findings, in first-seen order. */
  public static Set<String> ruleIds(List<Finding> findings) {
    Set<String> ids = new LinkedHashSet<>();
    findings.forEach(f -> ids.add(f.rule()));
    return ids;
  }

  private static String subject(Kind kind, String name) {
    return kind.kindName() + " \"" + name + "\"";
  }

  private static String listed(List<Finding> errors) {
    String first =
        errors.stream().limit(MAX_LISTED).map(Finding::render).collect(Collectors.joining(", "));
    int more = errors.size() - MAX_LISTED;
    return more > 0 ? first + ", and " + more + " more validation errors" : first;
  }

  private static Verdict.Details details(Kind kind, String name, List<Finding> errors) {
    List<Verdict.Cause> causes =
        errors.stream()
            .limit(MAX_LISTED)
            .map(f -> new Verdict.Cause(f.type().wireName(), f.body(), f.field().toString()))
            .toList();
    return new Verdict.Details(name, kind.group(), kind.kindName(), causes);
  }

  private static Map<String, String> audit(List<Finding> findings) {
    Set<String> ids = ruleIds(findings);
    return ids.isEmpty() ? Map.of() : Map.of(AUDIT_RULES, String.join(",", ids));
  }

  /** {@code <path>: <message>}, printable, at most {@link #MAX_WARNING_CHARS} characters. */
  static String warning(Finding f) {
    String text =
        f.warningText()
            .codePoints()
            .map(c -> Character.isISOControl(c) ? ' ' : c)
            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
            .toString();
    if (text.codePointCount(0, text.length()) <= MAX_WARNING_CHARS) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, MAX_WARNING_CHARS - 3)) + "...";
  }
}
