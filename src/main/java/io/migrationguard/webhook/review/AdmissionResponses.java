package io.migrationguard.webhook.review;

import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Shown;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the engine's {@link Decision} into what the API server expects back
 * (docs/webhook.md#endpoints): a 422 {@code Invalid} Status with one cause per field error,
 * warnings as {@code <path>: <message>}, a 503 when a cluster lookup could not be answered, and the
 * rule ids for the audit log.
 */
public final class AdmissionResponses {
  /** At most this many findings are spelled out in the message and the causes. */
  public static final int MAX_LISTED = 10;

  /** Longest admission warning, in characters, as Kubernetes recommends. */
  public static final int MAX_WARNING_CHARS = 120;

  /**
   * Most bytes of all warnings of one answer: the API server relays at most 4 KiB of warnings
   * (apiserver's warning recorder), so more would be dropped on the way anyway.
   */
  public static final int MAX_WARNING_BYTES = 4096;

  /**
   * Longest field path shown in a message or cause: each segment is already cut ({@link Shown}),
   * this bounds a path of many of them (nesting goes 200 levels deep).
   */
  static final int MAX_FIELD_CHARS = 256;

  /** Longest error body shown (the value echoed in it is cut to 256 characters before). */
  static final int MAX_BODY_CHARS = 1024;

  /** Audit annotation with the comma-separated ids of the rules that reported something. */
  public static final String AUDIT_RULES = "rules";

  private AdmissionResponses() {}

  /** The answer of {@code /validate}. {@code name} is the object's name for the message. */
  public static AdmissionResponse validation(Kind kind, String name, Decision decision) {
    if (decision.findings().isEmpty() && decision.unavailable().isEmpty()) {
      return AdmissionResponse.allow(); // the common case, without building empty lists and maps
    }
    List<Finding> errors = decision.errors();
    int omitted = decision.omittedErrors();
    List<String> warnings = warnings(decision.warnings(), decision.omittedWarnings());
    Map<String, String> audit = audit(decision.findings());
    AdmissionResponse.Status status = null;
    if (!decision.unavailable().isEmpty() || !errors.isEmpty() || omitted > 0) {
      // Each listed error rendered once, for both the message and its cause.
      List<AdmissionResponse.Cause> causes = causes(errors);
      String invalid = listed(causes, errors.size() + omitted);
      AdmissionResponse.Details details =
          new AdmissionResponse.Details(Shown.plain(name), kind.group(), kind.kindName(), causes);
      if (!decision.unavailable().isEmpty()) {
        String message =
            subject(kind, name)
                + " could not be checked: "
                + String.join("; ", decision.unavailable())
                + (errors.isEmpty() ? "" : "; it is also invalid: " + invalid);
        status = new AdmissionResponse.Status(503, "ServiceUnavailable", message, details);
      } else {
        String message = subject(kind, name) + " is invalid: " + invalid;
        status = new AdmissionResponse.Status(422, "Invalid", message, details);
      }
    }
    return new AdmissionResponse(status == null, status, List.of(), warnings, audit);
  }

  /** The answer of {@code /mutate}: always allowed, with the defaulting patch if any. */
  public static AdmissionResponse mutation(Decision decision) {
    return new AdmissionResponse(true, null, decision.patch(), List.of(), Map.of());
  }

  /** A review whose object cannot be read as its kind: refused with code 400. */
  public static AdmissionResponse undecodable(String message) {
    return AdmissionResponse.refuse(new AdmissionResponse.Status(400, "BadRequest", message, null));
  }

  /** The ids of the rules that reported findings, in first-seen order. */
  public static Set<String> ruleIds(List<Finding> findings) {
    Set<String> ids = new LinkedHashSet<>();
    findings.forEach(f -> ids.add(f.rule()));
    return ids;
  }

  private static String subject(Kind kind, String name) {
    return kind.kindName() + " \"" + Shown.plain(name) + "\"";
  }

  /** The first {@link #MAX_LISTED} errors as causes: the type, the body, the field. */
  private static List<AdmissionResponse.Cause> causes(List<Finding> errors) {
    int n = Math.min(errors.size(), MAX_LISTED);
    List<AdmissionResponse.Cause> causes = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Finding f = errors.get(i);
      causes.add(new AdmissionResponse.Cause(f.type().wireName(), body(f), field(f)));
    }
    return causes;
  }

  /**
   * The listed errors as apimachinery renders them ({@code <path>: <body>}), then how many more of
   * the {@code total} (stored or only counted).
   */
  private static String listed(List<AdmissionResponse.Cause> causes, int total) {
    StringBuilder out = new StringBuilder();
    for (AdmissionResponse.Cause c : causes) {
      if (!out.isEmpty()) {
        out.append(", ");
      }
      if (!c.field().isEmpty()) {
        out.append(c.field()).append(": ");
      }
      out.append(c.message());
    }
    int more = total - causes.size();
    return more > 0 ? out + ", and " + more + " more validation errors" : out.toString();
  }

  /** The error body, bounded: values are cut where they are rendered; this bounds the rest. */
  private static String body(Finding f) {
    return cut(f.body(), MAX_BODY_CHARS);
  }

  private static String field(Finding f) {
    return cut(f.field().toString(), MAX_FIELD_CHARS);
  }

  private static String cut(String s, int max) {
    if (s.length() <= max) {
      return s;
    }
    return s.substring(0, max - 3) + "...";
  }

  /**
   * The warnings of an answer, each at most {@link #MAX_WARNING_CHARS} characters, together at most
   * {@link #MAX_WARNING_BYTES} bytes: past that, one {@code N more warnings} closes the list.
   */
  static List<String> warnings(List<Finding> findings, int omitted) {
    if (findings.isEmpty() && omitted == 0) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    int bytes = 0;
    // Room kept for the closing line, so that the list never exceeds the bound.
    int budget = MAX_WARNING_BYTES - 32;
    for (int i = 0; i < findings.size(); i++) {
      String w = warning(findings.get(i));
      int size = w.getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > budget) {
        out.add((findings.size() - i + omitted) + " more warnings");
        return out;
      }
      out.add(w);
      bytes += size;
    }
    if (omitted > 0) {
      out.add(omitted + " more warnings");
    }
    return out;
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
