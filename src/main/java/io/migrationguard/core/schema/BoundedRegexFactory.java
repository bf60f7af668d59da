package io.migrationguard.core.schema;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import java.util.regex.Pattern;

/**
 * Compiles the schemas' {@code pattern}s once, with the API server's (Go RE2) meaning and a length
 * bound. The only pattern in the schemas is the Quantity one; no valid Quantity comes near {@link
 * #MAX_INPUT} characters (the Quantity rules reject more than 1,000 digits), so longer input is
 * refused without running the regex at all: a 10 MB string costs nothing.
 */
final class BoundedRegexFactory implements RegularExpressionFactory {
  /** Strings longer than this never match any pattern of ours. */
  static final int MAX_INPUT = 1100;

  @Override
  public RegularExpression getRegularExpression(String regex) {
    Pattern pattern = Pattern.compile(toJava(regex));
    return value -> value.length() <= MAX_INPUT && pattern.matcher(value).find();
  }

  /**
   * In RE2, {@code $} without the multi-line flag matches only at the very end of the text; in Java
   * it also matches before a final line terminator, which would let {@code "1\n"} through. A
   * trailing unescaped {@code $} therefore becomes {@code \z}.
   */
  static String toJava(String regex) {
    if (regex.endsWith("$") && !isEscaped(regex, regex.length() - 1)) {
      return regex.substring(0, regex.length() - 1) + "\\z";
    }
    return regex;
  }

  private static boolean isEscaped(String s, int at) {
    int backslashes = 0;
    for (int i = at - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }
}
