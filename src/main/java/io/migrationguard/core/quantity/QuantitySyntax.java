package io.migrationguard.core.quantity;

/**
 * KubeVirt's CRD pattern for Quantity strings ({@link #CRD_PATTERN}) as a hand-written recogniser:
 * a scan of the characters instead of a regex match (a {@code Matcher} per string, backtracking
 * over the alternatives). Every Quantity field is checked twice per review, by the schema and by
 * the Quantity rules. {@code QuantitySyntaxTest} holds it equal to the regex on random strings.
 */
public final class QuantitySyntax {
  /** The pattern, as the CRDs and {@code docs/architecture.md#quantities} write it (full match). */
  public static final String CRD_PATTERN =
      "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$";

  private QuantitySyntax() {}

  /** Whether the whole of {@code s} matches {@link #CRD_PATTERN}. */
  public static boolean matchesCrdPattern(String s) {
    int n = s.length();
    int i = sign(s, 0);
    i = number(s, i);
    if (i < 0) {
      return false;
    }
    if (i == n) {
      return true;
    }
    char c = s.charAt(i);
    if (i + 2 == n && s.charAt(i + 1) == 'i' && "KMGTPE".indexOf(c) >= 0) {
      return true; // binary SI: Ki .. Ei
    }
    if (i + 1 == n && "numkMGTPE".indexOf(c) >= 0) {
      return true; // decimal SI
    }
    if (c == 'e' || c == 'E') {
      return number(s, sign(s, i + 1)) == n; // decimal exponent
    }
    return false;
  }

  private static int sign(String s, int i) {
    return i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-') ? i + 1 : i;
  }

  /** The end of {@code [0-9]+(\.[0-9]*)?|\.[0-9]+} from {@code i}, or -1 when there is none. */
  private static int number(String s, int i) {
    int start = i;
    i = digits(s, i);
    boolean leading = i > start;
    if (i < s.length() && s.charAt(i) == '.') {
      int fraction = i + 1;
      i = digits(s, fraction);
      if (!leading && i == fraction) {
        return -1;
      }
      return i;
    }
    return leading ? i : -1;
  }

  private static int digits(String s, int i) {
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i;
  }
}
