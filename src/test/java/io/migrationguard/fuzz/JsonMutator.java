package io.migrationguard.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutates JSON trees at random for the fuzz tests: replaces a node with a value of another type
 * (hostile strings and Quantities, huge numbers, deep nesting), removes a field, adds an unknown
 * one. Deterministic for a given {@link Random}. Shared by the engine and the HTTPS fuzz tests.
 */
public final class JsonMutator {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String[] HOSTILE_STRINGS = {
    "",
    "1e999999999",
    "-1m",
    "1e1.5",
    "0.1mi",
    "urgent",
    "-0",
    ".",
    "Ki",
    "8Ei",
    "a\nb",
    "kubevirt.io/vmi-name",
    "only/one/slash",
    "\u0000",
    "\ud83d\ude00",
    "9".repeat(5000),
    "x".repeat(70_000),
    "system-critical",
    "NaN",
    "Infinity",
  };

  private final Random rnd;

  public JsonMutator(Random rnd) {
    this.rnd = rnd;
  }

  /** A mutated deep copy of {@code seed} with 1 to 4 mutations. */
  public JsonNode mutate(JsonNode seed) {
    JsonNode copy = seed.deepCopy();
    int n = 1 + rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      copy = mutateOnce(copy);
    }
    return copy;
  }

  private JsonNode mutateOnce(JsonNode root) {
    List<JsonNode> containers = new ArrayList<>();
    collect(root, containers);
    if (containers.isEmpty() || rnd.nextInt(50) == 0) {
      return randomValue(0); // replace the whole object
    }
    JsonNode target = containers.get(rnd.nextInt(containers.size()));
    if (target instanceof ObjectNode obj) {
      List<String> names = new ArrayList<>();
      obj.fieldNames().forEachRemaining(names::add);
      int action = rnd.nextInt(4);
      if (names.isEmpty() || action == 0) {
        obj.set(rnd.nextBoolean() ? "unknownField" + rnd.nextInt(3) : randomKey(), randomValue(0));
      } else if (action == 1) {
        obj.remove(names.get(rnd.nextInt(names.size())));
      } else {
        obj.set(names.get(rnd.nextInt(names.size())), randomValue(0));
      }
    } else if (target instanceof ArrayNode arr) {
      if (arr.isEmpty() || rnd.nextBoolean()) {
        arr.add(randomValue(0));
      } else {
        arr.set(rnd.nextInt(arr.size()), randomValue(0));
      }
    }
    return root;
  }

  private void collect(JsonNode n, List<JsonNode> out) {
    if (n.isContainerNode()) {
      out.add(n);
      n.forEach(c -> collect(c, out));
    }
  }

  private String randomKey() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "kubevirt.io/vmi-name";
      case 1 -> "Bad Key!";
      case 2 -> "a".repeat(64);
      default -> "k" + rnd.nextInt(100);
    };
  }

  /** A random value (scalars, hostile strings, containers, deep nesting). */
  public JsonNode randomValue(int depth) {
    return switch (rnd.nextInt(depth > 3 ? 8 : 11)) {
      case 0 -> F.textNode(HOSTILE_STRINGS[rnd.nextInt(HOSTILE_STRINGS.length)]);
      case 1 -> F.numberNode(rnd.nextInt(2_000_001) - 1000);
      case 2 -> F.numberNode(new BigInteger("9".repeat(1 + rnd.nextInt(40))));
      case 3 -> F.numberNode(rnd.nextDouble() * 10 - 5);
      case 4 -> F.booleanNode(rnd.nextBoolean());
      case 5 -> F.nullNode();
      case 6 -> F.textNode(Integer.toString(rnd.nextInt(1000)) + pick("", "Mi", "Gi", "m", "e3"));
      case 7 -> deep(1 + rnd.nextInt(300));
      case 8 -> {
        ObjectNode o = F.objectNode();
        int k = rnd.nextInt(4);
        for (int i = 0; i < k; i++) {
          o.set(randomKey(), randomValue(depth + 1));
        }
        yield o;
      }
      case 9 -> {
        ArrayNode a = F.arrayNode();
        int k = rnd.nextInt(4);
        for (int i = 0; i < k; i++) {
          a.add(randomValue(depth + 1));
        }
        yield a;
      }
      default -> F.textNode(randomString());
    };
  }

  private JsonNode deep(int levels) {
    JsonNode n = F.textNode("bottom");
    for (int i = 0; i < levels; i++) {
      n = rnd.nextBoolean() ? F.objectNode().set("n", n) : F.arrayNode().add(n);
    }
    return n;
  }

  private String randomString() {
    int len = rnd.nextInt(20);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) {
      sb.appendCodePoint(rnd.nextInt(4) == 0 ? rnd.nextInt(0x3000) : 'a' + rnd.nextInt(26));
    }
    return sb.toString();
  }

  private String pick(String... options) {
    return options[rnd.nextInt(options.length)];
  }
}
