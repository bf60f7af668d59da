package io.migrationguard.core.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.regex.RegularExpression;
import io.migrationguard.core.model.JsonTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pieces that give networknt the API server's semantics. */
class SchemaPartsTest {
  private static final JsonNodeFactory N = JsonNodeFactory.instance;

  @Test
  void integersAreWhatKubeOpenApiCallsIntegers() {
    JsonNode[] integers = {
      N.numberNode(0), N.numberNode(Long.MAX_VALUE), N.numberNode(Long.MIN_VALUE),
      N.numberNode(1.0), N.numberNode(-1e2), N.numberNode(9007199254740991d),
      N.numberNode(new BigDecimal("150.000")), N.numberNode(BigInteger.valueOf(42))
    };
    for (JsonNode n : integers) {
      assertTrue(JsonTypes.hasType(n, "integer"), n.toString());
      assertTrue(JsonTypes.hasType(n, "number"), n.toString());
    }
    JsonNode[] notIntegers = {
      N.numberNode(1.5),
      N.numberNode(1e30),
      N.numberNode(9007199254740992d * 2),
      N.numberNode(Double.NaN),
      N.numberNode(new BigDecimal("0.001")),
      N.numberNode(BigInteger.TWO.pow(63)),
      N.textNode("1"),
      N.booleanNode(true),
      N.nullNode()
    };
    for (JsonNode n : notIntegers) {
      assertFalse(JsonTypes.hasType(n, "integer"), n.toString());
    }
  }

  @Test
  void typeNamesFollowTheGoDecoding() {
    assertEquals("integer", JsonTypes.nameOf(N.numberNode(5)));
    assertEquals("number", JsonTypes.nameOf(N.numberNode(5.0)));
    assertEquals("number", JsonTypes.nameOf(N.numberNode(BigInteger.TWO.pow(64))));
    assertEquals("string", JsonTypes.nameOf(N.textNode("")));
    assertEquals("boolean", JsonTypes.nameOf(N.booleanNode(false)));
    assertEquals("object", JsonTypes.nameOf(N.objectNode()));
    assertEquals("array", JsonTypes.nameOf(N.arrayNode()));
    assertEquals("null", JsonTypes.nameOf(N.nullNode()));
    assertTrue(JsonTypes.hasType(N.nullNode(), "null"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2025-03-14T09:26:53Z", "2025-03-14t09:26:53z", "2025-03-14T09:26:53.5Z",
        "2025-03-14T09:26:53.123456789+05:30", "2024-02-29T00:00:00-23:59", "0001-01-01T00:00:00Z",
        "2000-02-29T23:59:59Z"
      })
  void acceptsRfc3339DateTimes(String s) {
    assertTrue(Rfc3339.isDateTime(s));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "2025-03-14",
        "2025-03-14T09:26:53",
        "2025-03-14 09:26:53Z",
        "2025-3-14T09:26:53Z",
        "2025-03-14T9:26:53Z",
        "2025-00-14T09:26:53Z",
        "2025-13-14T09:26:53Z",
        "2025-02-29T09:26:53Z",
        "1900-02-29T09:26:53Z",
        "2025-04-31T09:26:53Z",
        "2025-03-14T24:00:00Z",
        "2025-03-14T09:60:00Z",
        "2025-03-14T09:26:60Z",
        "2025-03-14T09:26:53.Z",
        "2025-03-14T09:26:53,5Z",
        "2025-03-14T09:26:53+0530",
        "2025-03-14T09:26:53+24:00",
        "2025-03-14T09:26:53+05:60",
        "2025-03-14T09:26:53Zx",
        "2025-03-14T09:26:53Z\n",
        "+2025-03-14T09:26:53Z",
        "２０２５-03-14T09:26:53Z"
      })
  void rejectsEverythingElse(String s) {
    assertFalse(Rfc3339.isDateTime(s));
  }

  @Test
  void patternsAnchorTheGoWay() {
    BoundedRegexFactory factory = new BoundedRegexFactory();
    RegularExpression anchored = factory.getRegularExpression("^[0-9]+$");
    assertTrue(anchored.matches("123"));
    assertFalse(anchored.matches("123\n"));
    assertFalse(anchored.matches("x123"));
    RegularExpression unanchored = factory.getRegularExpression("[0-9]");
    assertTrue(unanchored.matches("a1b"));
    assertEquals("a\\$", BoundedRegexFactory.toJava("a\\$"));
    assertEquals("a\\\\\\z", BoundedRegexFactory.toJava("a\\\\$"));
    assertEquals("^x\\z", BoundedRegexFactory.toJava("^x$"));
  }
}
