package io.migrationguard.core.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Go's {@code strconv.ParseFloat} grammar and values, from the cases of Go's own {@code
 * atof_test.go} (underscores, hexadecimal floats, special values) and the ones Java would take
 * where Go does not.
 */
class GoFloatTest {
  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource({
    "1, 1.0",
    "+1, 1.0",
    "-1, -1.0",
    "1.5, 1.5",
    ".5, 0.5",
    "5., 5.0",
    "1e3, 1000.0",
    "1E-2, 0.01",
    "1.5e1, 15.0",
    "0x1.8p0, 1.5",
    "0X1P-2, 0.25",
    "0x1_ep-1, 15.0",
    "1_23.50_0_0e+1_2, 1.235E14",
    "0x_1_2.3_4_5p+1_2, 74565.0",
    "1e-10000, 0.0",
    "1e400, Infinity",
    "inf, Infinity",
    "-Infinity, -Infinity",
    "+INF, Infinity",
  })
  void goAccepts(String s, double expected) {
    assertEquals(expected, GoFloat.parse(s));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "500m",
    "1d",
    "1f",
    "' 1'",
    "'1 '",
    "''",
    "1e",
    "1e+",
    "0x1.8",
    "0x",
    "0xp1",
    ".",
    "-",
    "1.2.3",
    "_123.5e+12",
    "1__23.5e+12",
    "123_.5e+12",
    "123._5e+12",
    "123.5e+12_",
    "-_0x12.345p+12",
    "+nan",
    "'1,5'",
    "١",
    "NaN1",
    "infinit",
    "1e1.5",
    "0b101",
  })
  void goRefuses(String s) {
    assertNull(GoFloat.parse(s), s);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"nan", "NaN", "NAN"})
  void nanIsReadAsNan(String s) {
    assertEquals(Double.NaN, GoFloat.parse(s));
  }

  /** Go has no length limit: a long spelling of a short number is that number. */
  @org.junit.jupiter.api.Test
  void aLongSpellingIsRead() {
    assertEquals(1.0, GoFloat.parse("1." + "0".repeat(100_000)));
    assertEquals(Double.POSITIVE_INFINITY, GoFloat.parse("1" + "0".repeat(400)));
  }
}
