package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Plain YAML scalars resolved the way kubectl resolves them, so the lint judges the JSON kubectl
 * would send. kubectl converts YAML with sigs.k8s.io/yaml, which decodes with go-yaml v2 (YAML 1.1
 * rules) into {@code interface{}} and marshals that to JSON. Hence: {@code yes}/{@code on}/{@code
 * y} are booleans, {@code 0777} is octal, {@code 1_000} is 1000, timestamps stay strings, and a
 * float with an integral value ({@code 1e3}, {@code 2.0}) reaches the API server as an integer
 * because Go prints it without a fraction.
 */
final class YamlScalars {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> TRUES =
      Set.of("y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE");
  private static final Set<String> FALSES =
      Set.of("n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE");
  private static final Set<String> SPECIAL_FLOATS =
      Set.of(
          ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan",
          ".NaN", ".NAN");
  // go-yaml v2 resolve.go: yamlStyleFloat.
  private static final Pattern FLOAT =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
  private static final BigInteger UINT64_MAX =
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
  private static final double JSON_INT_LIMIT = 1e21;

  private YamlScalars() {}

  /** The JSON value of a plain (unquoted, untagged) scalar; throws for infinities and NaN. */
  static JsonNode resolve(String s) throws IllegalArgumentException {
    if (s.isEmpty()) {
      return NODES.nullNode();
    }
    char c = s.charAt(0);
    if (s.length() <= 5 && "~nNyYoOtTfF".indexOf(c) >= 0) {
      if (NULLS.contains(s)) {
        return NODES.nullNode();
      }
      if (TRUES.contains(s)) {
        return NODES.booleanNode(true);
      }
      if (FALSES.contains(s)) {
        return NODES.booleanNode(false);
      }
    }
    if (!(c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'))) {
      return NODES.textNode(s);
    }
    if (SPECIAL_FLOATS.contains(s)) {
      throw new IllegalArgumentException("the value " + s + " cannot be represented in JSON");
    }
    String plain = s.replace("_", "");
    BigInteger i = goParseInt(plain);
    if (i != null) {
      return integer(i);
    }
    if (FLOAT.matcher(plain).matches()) {
      return number(Double.parseDouble(plain));
    }
    return NODES.textNode(s);
  }

  /** The map key a plain scalar becomes in JSON: booleans and numbers are spelled out. */
  static String key(String s) {
    JsonNode n;
    try {
      n = resolve(s);
    } catch (IllegalArgumentException e) {
      return s;
    }
    return n.isNull() ? s : n.asText();
  }

  /**
   * A JSON number as Go's encoding/json prints a float64: integral values below 1e21 without a
   * fraction (the API server then decodes them as integers).
   */
  static JsonNode number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < JSON_INT_LIMIT && !Double.isInfinite(d)) {
      return integer(new BigDecimal(d).toBigIntegerExact());
    }
    return NODES.numberNode(d);
  }

  static JsonNode integer(BigInteger i) {
    if (i.bitLength() < 32) {
      return NODES.numberNode(i.intValue());
    }
    if (i.bitLength() < 64) {
      return NODES.numberNode(i.longValue());
    }
    return NODES.numberNode(i);
  }

  /**
   * Go's {@code strconv.ParseInt(s, 0, 64)}, falling back to {@code ParseUint} as go-yaml does:
   * optional sign, then {@code 0x}, {@code 0o}, {@code 0b} or a leading {@code 0} (octal) prefix.
   * Null when the text is not such an integer or out of range.
   */
  static BigInteger goParseInt(String s) {
    int i = 0;
    boolean negative = false;
    if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    String body = s.substring(i);
    int radix = 10;
    if (body.length() > 2 && body.charAt(0) == '0') {
      char p = Character.toLowerCase(body.charAt(1));
      radix = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
      body = radix == 10 ? body : body.substring(2);
    }
    if (radix == 10 && body.length() > 1 && body.charAt(0) == '0') {
      radix = 8;
      body = body.substring(1);
    }
    if (body.isEmpty() || body.charAt(0) == '+' || body.charAt(0) == '-') {
      return null;
    }
    BigInteger v;
    try {
      v = new BigInteger(body, radix);
    } catch (NumberFormatException e) {
      return null;
    }
    v = negative ? v.negate() : v;
    boolean fitsInt64 = v.bitLength() < 64;
    boolean fitsUint64 = !negative && v.signum() >= 0 && v.compareTo(UINT64_MAX) <= 0;
    return fitsInt64 || fitsUint64 ? v : null;
  }
}
