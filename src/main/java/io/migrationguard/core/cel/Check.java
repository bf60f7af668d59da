package io.migrationguard.core.cel;

import io.migrationguard.core.model.Operation;
import java.util.Set;

/**
 * One finding a rule can report, as CEL: when it is reported and the words it is reported with.
 * Becomes one {@code validations[]} entry of a ValidatingAdmissionPolicy, because a denial shows
 * one message per validation.
 *
 * @param rule the rule id
 * @param operations the operations the rule applies to
 * @param reported a CEL boolean, true when the finding is reported
 * @param message a CEL string: the finding as the webhook words it ({@code <path>: <body>} for an
 *     error, {@code <path>: <detail>} for a warning)
 */
public record Check(String rule, Set<Operation> operations, String reported, String message) {

  /** The validation's expression: true when the finding is not reported (or does not apply). */
  public String expression() {
    String passes = "!(" + reported + ")";
    if (operations.containsAll(Set.of(Operation.CREATE, Operation.UPDATE))) {
      return passes;
    }
    String op = operations.iterator().next().name();
    return "request.operation != '" + op + "' || " + passes;
  }

  /** The checks of {@code rule} on {@code operations}, each made with {@link Of#when}. */
  public static Of of(String rule, Set<Operation> operations) {
    return new Of(rule, operations);
  }

  /** One rule's checks on the same operations: {@code when(reported, message)} makes each. */
  public record Of(String rule, Set<Operation> operations) {
    public Check when(String reported, String message) {
      return new Check(rule, operations, reported, message);
    }
  }
}
