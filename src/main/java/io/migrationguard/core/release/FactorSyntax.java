package io.migrationguard.core.release;

/** How a release's policy admitter reads the four stall-detector factors. */
public enum FactorSyntax {
  /**
   * Strings read by {@code virtconfig.ParseFactor}: spaces trimmed, then Go's {@code
   * strconv.ParseFloat} (v1.9: {@code "500m"} is refused, {@code " 1.5"} and {@code "0x1.8p0"}
   * accepted; the CRD types them as strings, so {@code 2} unquoted is a type error).
   */
  GO_FLOAT_STRING,
  /** {@code resource.Quantity} values (main: an integer or a Quantity string, {@code "500m"}). */
  QUANTITY
}
