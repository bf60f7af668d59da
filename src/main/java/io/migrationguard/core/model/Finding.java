package io.migrationguard.core.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One problem found in an object: the apimachinery {@code field.Error} (type, field, bad value,
 * detail) plus the rule that found it and its severity. Errors are values: rules return these,
 * nothing throws.
 *
 * @param rule the rule id, e.g. {@code policy-bandwidth}, or {@code schema}
 * @param severity error or warning
 * @param type the Kubernetes cause type
 * @param field where, in Kubernetes path form
 * @param badValue the offending value as JSON, or {@code null} when there is none to show
 * @param detail the human explanation, may be empty
 */
public record Finding(
    String rule,
    Severity severity,
    CauseType type,
    FieldPath field,
    JsonNode badValue,
    String detail) {

  public Finding {
    detail = detail == null ? "" : detail;
  }

  /** True when this finding denies / fails. */
  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /**
   * The error body as apimachinery's {@code ErrorBody()} prints it, without the path: {@code
   * Unsupported value: "urgent": supported values: "a", "b"}. Used for {@code causes[].message}.
   */
  public String body() {
    StringBuilder sb = new StringBuilder(type.phrase());
    if (type.printsValue()) {
      sb.append(": ").append(renderValue(badValue));
    }
    if (!detail.isEmpty()) {
      sb.append(": ").append(detail);
    }
    return sb.toString();
  }

  /** The full apimachinery rendering: {@code <path>: <body>}. */
  public String render() {
    String path = field.shown();
    return path.isEmpty() ? body() : path + ": " + body();
  }

  /**
   * The admission-warning form, {@code <path>: <detail>}: a warning is advice, not a field error,
   * so the type phrase is left out.
   */
  public String warningText() {
    String text = detail.isEmpty() ? body() : detail;
    String path = field.shown();
    return path.isEmpty() ? text : path + ": " + text;
  }

  /**
   * A value the way Go's {@code %v}/{@code %q} prints it in a field error, cut by {@link Shown}
   * when it is longer than 256 characters.
   */
  public static String renderValue(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return "null";
    }
    if (value.isTextual()) {
      return Shown.quoted(value.textValue());
    }
    if (value.isNumber() || value.isBoolean()) {
      return Shown.plain(value.asText());
    }
    return Shown.plain(value.toString());
  }
}
