package io.migrationguard.core.model;

/**
 * The Kubernetes field error types ({@code k8s.io/apimachinery/pkg/util/validation/field}). The
 * wire name goes into {@code status.details.causes[].reason}; the phrase starts the rendered
 * message exactly as apimachinery prints it.
 */
public enum CauseType {
  NOT_FOUND("FieldValueNotFound", "Not found", true),
  REQUIRED("FieldValueRequired", "Required value", false),
  DUPLICATE("FieldValueDuplicate", "Duplicate value", true),
  INVALID("FieldValueInvalid", "Invalid value", true),
  NOT_SUPPORTED("FieldValueNotSupported", "Unsupported value", true),
  FORBIDDEN("FieldValueForbidden", "Forbidden", false),
  TOO_LONG("FieldValueTooLong", "Too long", false),
  TOO_MANY("FieldValueTooMany", "Too many", false),
  INTERNAL("InternalError", "Internal error", false),
  TYPE_INVALID("FieldValueTypeInvalid", "Invalid value", true);

  private final String wireName;
  private final String phrase;
  private final boolean printsValue;

  CauseType(String wireName, String phrase, boolean printsValue) {
    this.wireName = wireName;
    this.phrase = phrase;
    this.printsValue = printsValue;
  }

  /** The name Kubernetes puts in {@code StatusCause.reason}, e.g. {@code FieldValueInvalid}. */
  public String wireName() {
    return wireName;
  }

  /** The phrase that starts the rendered error body, e.g. {@code Invalid value}. */
  public String phrase() {
    return phrase;
  }

  /** Whether apimachinery prints the bad value after the phrase (it does not for Required etc.). */
  public boolean printsValue() {
    return printsValue;
  }
}
