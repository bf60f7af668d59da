package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a rule reports, one constructor per kind of problem as in apimachinery's {@code field}
 * package. Bound to one rule id and severity so rules cannot mislabel their findings.
 */
public final class Findings {
  private final String rule;
  private final Severity severity;
  private final List<Finding> list = new ArrayList<>();

  public Findings(String rule, Severity severity) {
    this.rule = rule;
    this.severity = severity;
  }

  /** The findings reported so far. */
  public List<Finding> list() {
    return list;
  }

  public void add(CauseType type, FieldPath field, JsonNode value, String detail) {
    list.add(new Finding(rule, severity, type, field, value, detail));
  }

  public void required(FieldPath field, String detail) {
    add(CauseType.REQUIRED, field, null, detail);
  }

  public void invalid(FieldPath field, JsonNode value, String detail) {
    add(CauseType.INVALID, field, value, detail);
  }

  public void invalid(FieldPath field, String value, String detail) {
    add(CauseType.INVALID, field, text(value), detail);
  }

  public void notSupported(FieldPath field, JsonNode value, String detail) {
    add(CauseType.NOT_SUPPORTED, field, value, detail);
  }

  public void forbidden(FieldPath field, String detail) {
    add(CauseType.FORBIDDEN, field, null, detail);
  }

  public void duplicate(FieldPath field, JsonNode value, String detail) {
    add(CauseType.DUPLICATE, field, value, detail);
  }

  public void notFound(FieldPath field, JsonNode value, String detail) {
    add(CauseType.NOT_FOUND, field, value, detail);
  }

  public void tooLong(FieldPath field, String detail) {
    add(CauseType.TOO_LONG, field, null, detail);
  }

  private static JsonNode text(String s) {
    return s == null ? null : JsonNodeFactory.instance.textNode(s);
  }
}
