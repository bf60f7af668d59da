package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.bundle.Cel;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.values.NullValue;
import dev.cel.runtime.CelEvaluationException;
import io.migrationguard.core.Kind;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.mutate.JsonPatchApply;
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
  private final Cel cel = KubernetesCel.build();
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
      vars.put("variables", variables(policy, vars));
      for (JsonNode v : policy.at("/spec/validations")) {
        if (!Boolean.TRUE.equals(eval(v.path("expression").asText(), vars))) {
          String rule = v.path("message").asText().replaceFirst("^failed rule ", "");
          out.add(
              new Failure(rule, action, (String) eval(v.path("messageExpression").asText(), vars)));
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
        vars.put("variables", variables(policy, vars));
        // A JSONPatch object is a map with the same fields here: cel-java has no such type.
        String expression =
            m.at("/jsonPatch/expression")
                .asText()
                .replace("JSONPatch{op: ", "{'op': ")
                .replace(", path: ", ", 'path': ")
                .replace(", value: ", ", 'value': ");
        List<PatchOp> ops = new ArrayList<>();
        for (Object p : (List<?>) eval(expression, vars)) {
          Map<?, ?> op = (Map<?, ?>) p;
          ops.add(
              new PatchOp(
                  (String) op.get("op"),
                  (String) op.get("path"),
                  CelValues.toJson(op.get("value"))));
        }
        object = JsonPatchApply.apply(object, ops);
      }
    }
    return object;
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
  private Map<String, Object> variables(ObjectNode policy, Map<String, Object> vars) {
    Map<String, Object> values = new LinkedHashMap<>();
    vars.put("variables", values);
    for (JsonNode v : policy.at("/spec/variables")) {
      values.put(v.path("name").asText(), eval(v.path("expression").asText(), vars));
    }
    return values;
  }

  private Object eval(String expression, Map<String, Object> vars) {
    try {
      CelAbstractSyntaxTree ast =
          compiled.computeIfAbsent(
              expression,
              e -> {
                try {
                  return cel.compile(e).getAst();
                } catch (dev.cel.common.CelValidationException ex) {
                  throw new AssertionError("does not compile: " + ex.getMessage(), ex);
                }
              });
      return cel.createProgram(ast).eval(vars);
    } catch (CelEvaluationException e) {
      throw new AssertionError("evaluation failed: " + e.getMessage() + " in " + expression, e);
    }
  }
}
