package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.GoQuote;
import io.migrationguard.core.model.JsonTypes;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.model.Shown;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps one networknt error to the field error the API server reports for the same CRD schema
 * violation (apiextensions-apiserver {@code kubeOpenAPIErrorToFieldError}, messages of
 * kube-openapi's {@code validation/errors}): required is {@code Required} at the missing field's
 * own path; type and format are {@code TypeInvalid}; enum is {@code NotSupported}; bounds and
 * pattern are {@code Invalid}. Unknown fields are {@code Forbidden}, weighed by the request's
 * {@code fieldValidation}.
 */
final class ErrorMapper {
  /** Detail of an unknown field under Warn, as docs/rules.md words it. */
  static final String UNKNOWN_WARN = "unknown field, it will be dropped";

  /** Detail of an unknown field under Strict (the API server says {@code unknown field}). */
  static final String UNKNOWN_STRICT = "unknown field";

  private final Locator locator;
  private final FieldValidation mode;

  ErrorMapper(Locator locator, FieldValidation mode) {
    this.locator = locator;
    this.mode = mode;
  }

  /** The finding for {@code error} with its document order, or null when the mode ignores it. */
  Ranked map(Error error) {
    String keyword = error.getKeyword();
    boolean namesProperty = keyword.equals("required") || keyword.equals("additionalProperties");
    Locator.Located at =
        locator.locate(
            error.getInstanceLocation(),
            error.getEvaluationPath(),
            namesProperty ? error.getProperty() : null);
    Finding finding = finding(keyword, at.path(), error);
    return finding == null ? null : new Ranked(finding, at.order(), keyword.equals("type"));
  }

  private Finding finding(String keyword, FieldPath path, Error error) {
    JsonNode value = error.getInstanceNode();
    JsonNode schema = error.getSchemaNode();
    String name = path.isRoot() ? "body" : path + " in body";
    return switch (keyword) {
      case "required" -> error(CauseType.REQUIRED, path, null, "");
      case "additionalProperties" -> unknown(path);
      case "type" -> {
        String actual = JsonTypes.nameOf(value);
        String expected = String.valueOf(error.getArguments()[1]);
        String detail = name + " must be of type " + expected + ": " + GoQuote.quote(actual);
        yield error(CauseType.TYPE_INVALID, path, TextNode.valueOf(actual), detail);
      }
      case "format" -> {
        String detail =
            name + " must be of type " + schema.asText() + ": " + Shown.quoted(value.asText());
        yield error(CauseType.TYPE_INVALID, path, value, detail);
      }
      case "enum" -> error(CauseType.NOT_SUPPORTED, path, value, supported(schema));
      case "minimum" ->
          error(
              CauseType.INVALID,
              path,
              value,
              name + " should be greater than or equal to " + number(schema));
      case "maximum" ->
          error(
              CauseType.INVALID,
              path,
              value,
              name + " should be less than or equal to " + number(schema));
      case "pattern" ->
          error(CauseType.INVALID, path, value, name + " should match '" + schema.asText() + "'");
      default -> error(CauseType.INVALID, path, value, Shown.plain(error.getMessage()));
    };
  }

  private Finding unknown(FieldPath path) {
    return switch (mode) {
      case STRICT -> error(CauseType.FORBIDDEN, path, null, UNKNOWN_STRICT);
      case WARN ->
          new Finding(
              JsonSchemaValidator.RULE_ID,
              Severity.WARNING,
              CauseType.FORBIDDEN,
              path,
              null,
              UNKNOWN_WARN);
      case IGNORE -> null;
    };
  }

  private static Finding error(CauseType type, FieldPath path, JsonNode value, String detail) {
    return new Finding(JsonSchemaValidator.RULE_ID, Severity.ERROR, type, path, value, detail);
  }

  /** apimachinery's {@code NotSupported} detail: {@code supported values: "none", "zstd"}. */
  private static String supported(JsonNode values) {
    List<String> quoted = new ArrayList<>();
    for (JsonNode v : values) {
      quoted.add(GoQuote.quote(v.isTextual() ? v.textValue() : v.toString()));
    }
    return "supported values: " + String.join(", ", quoted);
  }

  /** A bound as Go prints it for an integer value: {@code 2000000}, not {@code 2e+06}. */
  private static String number(JsonNode bound) {
    if (bound.isIntegralNumber()) {
      return bound.asText();
    }
    return bound.decimalValue().stripTrailingZeros().toPlainString();
  }

  /**
   * A finding, the document position of its field (for ordering) and whether it says the value has
   * the wrong JSON type (which makes other complaints about the same value noise).
   */
  record Ranked(Finding finding, int[] order, boolean wrongType) {}
}
