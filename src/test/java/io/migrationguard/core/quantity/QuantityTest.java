package io.migrationguard.core.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Quantity against the vectors of docs/architecture.md#quantities and apimachinery's own tests
 * (vectors.tsv).
 */
class QuantityTest {

  static Stream<Arguments> vectors() throws IOException {
    List<Arguments> out = new ArrayList<>();
    try (InputStream in = QuantityTest.class.getResourceAsStream("/quantity/vectors.tsv")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      for (String line : text.split("\n", -1)) {
        if (line.startsWith("#") || line.isEmpty()) {
          continue;
        }
        String[] cols = line.split("\t", -1);
        out.add(Arguments.of(cols[0], cols[1]));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "[{0}] -> {1}")
  @MethodSource("vectors")
  void parsesToCanonical(String input, String expected) {
    QuantityParse p = Quantity.parse(input);
    if ("INVALID".equals(expected)) {
      assertFalse(p.ok(), () -> "expected invalid, got " + p.quantity());
      assertNotNull(p.error());
    } else {
      assertTrue(p.ok(), () -> "expected valid, got error " + p.error());
      assertEquals(expected, p.quantity().canonical());
      // The canonical form parses back to the same value and is a fixed point.
      Quantity again = Quantity.parse(expected).quantity();
      assertEquals(p.quantity(), again);
      assertEquals(expected, again.canonical());
    }
  }

  @Test
  void comparesByValue() {
    assertEquals(Quantity.parse("1Gi").quantity(), Quantity.parse("1024Mi").quantity());
    assertEquals(Quantity.parse("1k").quantity(), Quantity.parse("1000").quantity());
    assertEquals(0, Quantity.parse("1e3").quantity().compareTo(Quantity.parse("1k").quantity()));
    assertTrue(Quantity.parse("1Ki").quantity().compareTo(Quantity.parse("1k").quantity()) > 0);
    assertTrue(Quantity.parse("-1m").quantity().signum() < 0);
    assertEquals(0, Quantity.parse("-0").quantity().signum());
  }

  @Test
  void exactValues() {
    assertEquals(new BigDecimal("0.0001"), Quantity.parse("0.1m").quantity().value());
    assertEquals(0, new BigDecimal("1.024").compareTo(Quantity.parse(".001Ki").quantity().value()));
  }

  @Test
  void jsonIntegersAreQuantitiesButFractionsAreNot() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    assertEquals("5", Quantity.parse(f.numberNode(5)).quantity().canonical());
    assertFalse(Quantity.parse(f.numberNode(1.5)).ok());
    assertFalse(Quantity.parse(f.booleanNode(true)).ok());
    assertFalse(Quantity.parse(f.nullNode()).ok());
    assertEquals("1Mi", Quantity.parse(f.textNode("1Mi")).quantity().canonical());
  }

  @Test
  void hostileInputsAreRejectedWithAReason() {
    String[] hostile = {
      "1e999999999",
      "1e-999999999",
      "9".repeat(100_000),
      "1." + "0".repeat(100_000),
      "1e" + "9".repeat(100_000),
      "1e" + "0".repeat(900) + "1" + "0".repeat(5),
      "9".repeat(999) + "E",
    };
    for (String h : hostile) {
      QuantityParse p = Quantity.parse(h);
      assertFalse(p.ok(), () -> "accepted " + h.substring(0, Math.min(20, h.length())));
      assertFalse(p.error().isEmpty());
    }
  }

  @Test
  void leadingZerosInTheExponentAreNotDigitsOfMagnitude() {
    assertEquals("1e3", Quantity.parse("1e0003").quantity().canonical());
  }
}
