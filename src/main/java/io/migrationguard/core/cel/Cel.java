package io.migrationguard.core.cel;

import io.migrationguard.core.model.GoQuote;
import io.migrationguard.core.model.Shown;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * CEL source text shared by the exported policies: literals, optional field access, and the one
 * template that shows a string value as the engine's {@link Shown#quoted} does. Only what the API
 * server's CEL has from Kubernetes 1.30 on is used: optional types, the strings extension (split,
 * join, replace, substring) and the regex library's {@code find}.
 */
public final class Cel {
  /** The policy variable holding the escapes of {@link #quoted}, built only when one is needed. */
  public static final String ESCAPES = "escapes";

  private Cel() {}

  /** A CEL string literal of {@code s}. */
  public static String lit(String s) {
    StringBuilder sb = new StringBuilder("'");
    s.codePoints()
        .forEach(
            cp -> {
              switch (cp) {
                case '\\' -> sb.append("\\\\");
                case '\'' -> sb.append("\\'");
                default -> {
                  if (cp < 0x20 || cp == 0x7F) {
                    sb.append(String.format("\\x%02x", cp));
                  } else if (cp < 0x7F) {
                    sb.append((char) cp);
                  } else {
                    sb.append(String.format("\\U%08x", cp));
                  }
                }
              }
            });
    return sb.append('\'').toString();
  }

  /** A CEL list literal of strings, sorted so that an export is the same every time. */
  public static String list(Collection<String> values) {
    List<String> out = new ArrayList<>();
    new TreeSet<>(values).forEach(v -> out.add(lit(v)));
    return "[" + String.join(", ", out) + "]";
  }

  /** {@code root.?a.?b}: an optional that is empty when any step is absent. */
  public static String opt(String root, String... names) {
    StringBuilder sb = new StringBuilder(root);
    for (String n : names) {
      sb.append(".?").append(n);
    }
    return sb.toString();
  }

  /** The value of an optional map entry: {@code base[?'key']}. */
  public static String optKey(String base, String key) {
    return base + "[?" + lit(key) + "]";
  }

  /** The string at an optional, {@code ''} when absent (as the rules' {@code textOrEmpty}). */
  public static String text(String optional) {
    return optional + ".orValue('')";
  }

  /**
   * {@code value} (a string expression) Go-quoted and cut as {@link Shown#quoted} does: whole up to
   * {@value Shown#MAX_CHARS} code points, else its first {@value Shown#PREFIX_CHARS}, "..." and its
   * length.
   */
  public static String quoted(String value) {
    String cut = value + ".substring(0, " + Shown.PREFIX_CHARS + ") + '...'";
    return "(size("
        + value
        + ") > "
        + Shown.MAX_CHARS
        + " ? "
        + goQuote(cut)
        + " + ' (' + string(size("
        + value
        + ")) + ' characters)' : "
        + goQuote(value)
        + ")";
  }

  /**
   * Go's {@code %q}: the value between double quotes, each character {@link GoQuote} escapes
   * replaced by its escape (looked up in the {@value #ESCAPES} variable), only when the value has
   * one (most values never pay for the lookup).
   */
  private static String goQuote(String value) {
    return "(("
        + value
        + ").matches(r'["
        + EscapeTable.regexClass()
        + "]') ? '\"' + ("
        + value
        + ").split('').map(c, c in variables."
        + ESCAPES
        + " ? variables."
        + ESCAPES
        + "[c] : c).join('') + '\"' : '\"' + ("
        + value
        + ") + '\"')";
  }

  /** The {@value #ESCAPES} variable's expression: a map from character to its Go escape. */
  public static String escapesMap() {
    Map<Integer, String> table = new TreeMap<>(EscapeTable.escapes());
    List<String> entries = new ArrayList<>();
    table.forEach(
        (cp, esc) -> entries.add(lit(new String(Character.toChars(cp))) + ": " + lit(esc)));
    return "{" + String.join(", ", entries) + "}";
  }
}
