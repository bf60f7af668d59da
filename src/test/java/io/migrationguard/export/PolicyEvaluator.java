package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.bundle.Cel;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.values.NullValue;
import dev.cel.runtime.CelEvaluationException;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.mutate.JsonPatches;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs exported admission policies the way the API server does: the policies and bindings that
 * match a request's kind and operation, their variables, then every validation (a false expression
 * is a failure worded by its messageExpression), or every mutation in order (each JSON Patch
 * applied to the object the next one sees).
 */
public final class PolicyEvaluator {
  /**
   * A failed validation.
   *
   * @param rule the rule id the validation belongs to (its static message names it)
   * @param action Deny or Warn, from the binding
   * @param message the messageExpression's text
   */
  public record Failure(String rule, String action, String message) {}

  /** A request as the API server binds it. */
  public record Request(
      Kind kind,
      String operation,
      JsonNode object,
      JsonNode oldObject,
      String username,
      JsonNode params) {}

  private static final String NO_PARAMS =
      "no params found for policy binding with `Deny` parameterNotFoundAction";

  private final List<ObjectNode> objects;
  private final Cel validating = KubernetesCel.build(false);
  private final Cel mutating = KubernetesCel.build(true);
  private final Map<String, CelAbstractSyntaxTree> compiled = new HashMap<>();

  public PolicyEvaluator(List<ObjectNode> objects) {
    this.objects = objects;
  }

  /** Every failed validation of every matching ValidatingAdmissionPolicy. */
  public List<Failure> validate(Request r) {
    List<Failure> out = new ArrayList<>();
    for (ObjectNode policy : matching("ValidatingAdmissionPolicy", r)) {
      ObjectNode binding = binding("ValidatingAdmissionPolicyBinding", policy);
      String action = binding.at("/spec/validationActions/0").asText();
      JsonNode params = null;
      if (policy.at("/spec/paramKind").isObject()) {
        params = r.params();
        if (params == null
            && binding.at("/spec/paramRef/parameterNotFoundAction").asText().equals("Deny")) {
          out.add(new Failure(policy.at("/metadata/name").asText(), action, NO_PARAMS));
          continue;
        }
      }
      Map<String, Object> vars = bindings(r, params);
      vars.put("variables", variables(validating, policy, vars));
      for (JsonNode v : policy.at("/spec/validations")) {
        if (!Boolean.TRUE.equals(eval(validating, v.path("expression").asText(), vars))) {
          String rule = v.path("message").asText().replaceFirst("^failed rule ", "");
          String message = (String) eval(validating, v.path("messageExpression").asText(), vars);
          out.add(new Failure(rule, action, message));
        }
      }
    }
    return out;
  }

  /** The object after every matching MutatingAdmissionPolicy's mutations. */
  public JsonNode mutate(Request r) {
    JsonNode object = r.object();
    for (ObjectNode policy : matching("MutatingAdmissionPolicy", r)) {
      binding("MutatingAdmissionPolicyBinding", policy);
      for (JsonNode m : policy.at("/spec/mutations")) {
        Request now =
            new Request(r.kind(), r.operation(), object, r.oldObject(), r.username(), null);
        Map<String, Object> vars = bindings(now, null);
        vars.put("variables", variables(mutating, policy, vars));
        String expression = mapPatches(m.at("/jsonPatch/expression").asText());
        List<PatchOp> ops = new ArrayList<>();
        for (Object p : (List<?>) eval(mutating, expression, vars)) {
          Map<?, ?> op = (Map<?, ?>) p;
          ops.add(
              new PatchOp(
                  (String) op.get("op"),
                  (String) op.get("path"),
                  CelValues.toJson(op.get("value"))));
        }
        object = JsonPatches.apply(object, ops);
      }
    }
    return object;
  }

  /** A JSONPatch object is a map with the same fields here: cel-java has no such type. */
  private static String mapPatches(String expression) {
    return expression
        .replace("JSONPatch{op: ", "{'op': ")
        .replace(", path: ", ", 'path': ")
        .replace(", value: ", ", 'value': ");
  }

  private List<ObjectNode> matching(String kind, Request r) {
    List<ObjectNode> out = new ArrayList<>();
    for (ObjectNode o : objects) {
      JsonNode rule = o.at("/spec/matchConstraints/resourceRules/0");
      if (o.path("kind").asText().equals(kind)
          && rule.path("apiGroups").get(0).asText().equals(r.kind().group())
          && rule.path("resources").get(0).asText().equals(Resources.plural(r.kind()))
          && rule.path("operations").toString().contains("\"" + r.operation() + "\"")) {
        out.add(o);
      }
    }
    return out;
  }

  private ObjectNode binding(String kind, ObjectNode policy) {
    String name = policy.at("/metadata/name").asText();
    for (ObjectNode o : objects) {
      if (o.path("kind").asText().equals(kind) && o.at("/spec/policyName").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no " + kind + " for " + name);
  }

  private static Map<String, Object> bindings(Request r, JsonNode params) {
    Map<String, Object> user = new LinkedHashMap<>();
    if (r.username() != null) {
      user.put("username", r.username());
    }
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("operation", r.operation());
    request.put("userInfo", user);
    Map<String, Object> vars = new HashMap<>();
    vars.put("object", CelValues.of(r.object()));
    vars.put("oldObject", CelValues.of(r.oldObject()));
    vars.put("request", request);
    vars.put("params", params == null ? NullValue.NULL_VALUE : CelValues.of(params));
    return vars;
  }

  /** The policy's variables, each seeing the ones before it. */
  private Map<String, Object> variables(Cel cel, ObjectNode policy, Map<String, Object> vars) {
    Map<String, Object> values = new LinkedHashMap<>();
    vars.put("variables", values);
    for (JsonNode v : policy.at("/spec/variables")) {
      values.put(v.path("name").asText(), eval(cel, v.path("expression").asText(), vars));
    }
    return values;
  }

  /** Compiles {@code expression} in {@code cel} (an assertion error when it does not). */
  CelAbstractSyntaxTree compile(Cel cel, String expression) {
    return compiled.computeIfAbsent(
        (cel == validating ? "v:" : "m:") + expression,
        e -> {
          try {
            return cel.compile(expression).getAst();
          } catch (dev.cel.common.CelValidationException ex) {
            throw new AssertionError("does not compile: " + ex.getMessage(), ex);
          }
        });
  }

  /** Compiles every expression of the export: validating ones in 1.30's environment. */
  public void compileAll() {
    for (ObjectNode o : objects) {
      Cel cel = o.path("kind").asText().startsWith("Validating") ? validating : mutating;
      for (String list : List.of("variables", "validations", "mutations", "matchConditions")) {
        for (JsonNode item : o.at("/spec/" + list)) {
          for (String field : List.of("expression", "messageExpression")) {
            if (item.hasNonNull(field)) {
              compile(cel, item.get(field).asText());
            }
          }
          if (item.at("/jsonPatch/expression").isTextual()) {
            compile(cel, mapPatches(item.at("/jsonPatch/expression").asText()));
          }
        }
      }
    }
  }

  private Object eval(Cel cel, String expression, Map<String, Object> vars) {
    try {
      CelAbstractSyntaxTree ast = compile(cel, expression);
      return cel.createProgram(ast).eval(vars);
    } catch (CelEvaluationException e) {
      throw new AssertionError("evaluation failed: " + e.getMessage() + " in " + expression, e);
    }
  }
}
