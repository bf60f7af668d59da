package io.migrationguard.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Generates hostile AdmissionReview request bodies for the HTTPS fuzz test: the tree mutations of
 * {@link JsonMutator} anywhere in the envelope, targeted envelope damage (no request, uid / kind /
 * operation / options of the wrong type or value), and byte-level damage (truncation, invalid
 * UTF-8, deep nesting, bodies near and over the 3 MiB limit). Deterministic for a given {@link
 * Random}.
 */
public final class ReviewFuzz {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] OPERATIONS = {
    "CREATE", "UPDATE", "DELETE", "CONNECT", "create", "", "PATCH", "CREATE "
  };
  private static final byte[][] BAD_UTF8 = {
    {(byte) 0xC3, 0x28},
    {(byte) 0xFF},
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
    {(byte) 0xC0, (byte) 0xAF}
  };

  private final Random rnd;
  private final JsonMutator mutator;
  private final List<ObjectNode> seeds;

  /** Mutates copies of {@code seeds} (whole AdmissionReview envelopes). */
  public ReviewFuzz(Random rnd, List<ObjectNode> seeds) {
    this.rnd = rnd;
    this.mutator = new JsonMutator(rnd);
    this.seeds = seeds;
  }

  /** One generated body. */
  public byte[] next() {
    ObjectNode review = seeds.get(rnd.nextInt(seeds.size())).deepCopy();
    return switch (rnd.nextInt(20)) {
      case 0, 1, 2, 3, 4, 5, 6 -> bytes(mutator.mutate(review));
      case 7, 8, 9 -> bytes(review.set("request", mutator.mutate(review.get("request"))));
      case 10, 11, 12 -> bytes(damageEnvelope(review));
      case 13 -> truncate(bytes(review));
      case 14 -> invalidUtf8(bytes(review));
      case 15 -> deep(review, 50 + rnd.nextInt(5000));
      case 16 -> rnd.nextInt(10) == 0 ? huge(review) : bytes(review);
      default -> bytes(review); // a well-formed review keeps the mix realistic
    };
  }

  private ObjectNode damageEnvelope(ObjectNode review) {
    ObjectNode request = (ObjectNode) review.get("request");
    switch (rnd.nextInt(7)) {
      case 0 -> review.remove("request");
      case 1 -> request.set("uid", mutator.randomValue(0));
      case 2 -> request.set("kind", mutator.randomValue(0));
      case 3 -> request.put("operation", OPERATIONS[rnd.nextInt(OPERATIONS.length)]);
      case 4 -> request.set("options", mutator.randomValue(0));
      case 5 -> review.set(rnd.nextBoolean() ? "apiVersion" : "kind", mutator.randomValue(0));
      default -> request.set(rnd.nextBoolean() ? "object" : "oldObject", mutator.randomValue(0));
    }
    return review;
  }

  private byte[] truncate(byte[] body) {
    return Arrays.copyOf(body, rnd.nextInt(Math.max(1, body.length)));
  }

  private byte[] invalidUtf8(byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8);
    int at = text.indexOf("\"name\":\"");
    byte[] bad = BAD_UTF8[rnd.nextInt(BAD_UTF8.length)];
    int pos =
        at < 0
            ? rnd.nextInt(body.length)
            : text.substring(0, at + 8).getBytes(StandardCharsets.UTF_8).length;
    byte[] out = new byte[body.length + bad.length];
    System.arraycopy(body, 0, out, 0, pos);
    System.arraycopy(bad, 0, out, pos, bad.length);
    System.arraycopy(body, pos, out, pos + bad.length, body.length - pos);
    return out;
  }

  private byte[] deep(ObjectNode review, int levels) {
    String nested = "[".repeat(levels) + "]".repeat(levels);
    String text = review.toString();
    int at = text.lastIndexOf('}');
    return (text.substring(0, at) + ",\"deep\":" + nested + "}").getBytes(StandardCharsets.UTF_8);
  }

  private byte[] huge(ObjectNode review) {
    // Around the 3 MiB limit, on both sides of it.
    int size = 3 * 1024 * 1024 - 4096 + rnd.nextInt(8192);
    JsonNode object = review.path("request").path("object");
    if (object instanceof ObjectNode o) {
      o.put("padding", "p".repeat(size));
    }
    return bytes(review);
  }

  private static byte[] bytes(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
