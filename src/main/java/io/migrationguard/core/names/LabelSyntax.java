package io.migrationguard.core.names;

import io.migrationguard.core.model.StringMemo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Label keys and values and DNS-1123 names exactly as apimachinery's {@code
 * k8s.io/apimachinery/pkg/util/validation} checks them ({@code IsQualifiedName}, {@code
 * IsValidLabelValue}, {@code IsDNS1123Subdomain}, {@code IsDNS1123Label}). Each method returns the
 * error messages apimachinery would return, in its order and words (empty when valid). Use these
 * wherever a rule checks a name or a label; never hand-roll a pattern.
 *
 * <p>As in Go: lengths are UTF-8 byte counts, character classes are ASCII only, and the whole
 * string must match ({@code "abc\n"} is invalid: Go's {@code $} does not match before a final
 * newline, and {@link java.util.regex.Matcher#matches()} anchors the same way).
 */
public final class LabelSyntax {
  /** The longest label value, label-key name part and DNS-1123 label, in bytes. */
  public static final int LABEL_MAX_LENGTH = 63;

  /** The longest DNS-1123 subdomain (and label-key prefix), in bytes. */
  public static final int SUBDOMAIN_MAX_LENGTH = 253;

  private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final String QUALIFIED_NAME_ERR =
      "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an"
          + " alphanumeric character";
  private static final String LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?";
  private static final String LABEL_VALUE_ERR =
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or"
          + " '.', and must start and end with an alphanumeric character";
  private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final String DNS1123_LABEL_ERR =
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and"
          + " must start and end with an alphanumeric character";
  private static final String DNS1123_SUBDOMAIN_FMT =
      DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
  private static final String DNS1123_SUBDOMAIN_ERR =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or"
          + " '.', and must start and end with an alphanumeric character";

  private static final Pattern QUALIFIED_NAME = Pattern.compile(QUALIFIED_NAME_FMT);
  private static final Pattern LABEL_VALUE = Pattern.compile(LABEL_VALUE_FMT);
  private static final Pattern DNS1123_LABEL = Pattern.compile(DNS1123_LABEL_FMT);
  private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(DNS1123_SUBDOMAIN_FMT);

  /**
   * Valid label keys seen lately. A cluster's objects use a few dozen keys over and over, and the
   * JSON parser hands each key over as the same String instance, so a hit costs less than the scan.
   */
  private static final StringMemo<Boolean> VALID_KEYS = new StringMemo<>(512, 128);

  private LabelSyntax() {}

  /** {@code IsQualifiedName}: a label key, an optional DNS-1123 subdomain prefix and a name. */
  public static List<String> keyErrors(String key) {
    if (VALID_KEYS.get(key) != null) {
      return List.of();
    }
    if (NameRecognizers.labelKey(key)) {
      VALID_KEYS.put(key, Boolean.TRUE);
      return List.of();
    }
    List<String> errs = new ArrayList<>();
    String[] parts = key.split("/", -1);
    String name;
    switch (parts.length) {
      case 1 -> name = parts[0];
      case 2 -> {
        String prefix = parts[0];
        name = parts[1];
        if (prefix.isEmpty()) {
          errs.add("prefix part " + emptyError());
        } else {
          for (String msg : dns1123SubdomainErrors(prefix)) {
            errs.add("prefix part " + msg);
          }
        }
      }
      default -> {
        errs.add(
            "a qualified name "
                + regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
                + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        return errs;
      }
    }
    if (name.isEmpty()) {
      errs.add("name part " + emptyError());
    } else if (utf8Length(name) > LABEL_MAX_LENGTH) {
      errs.add("name part " + maxLenError(LABEL_MAX_LENGTH));
    }
    if (!QUALIFIED_NAME.matcher(name).matches()) {
      errs.add(
          "name part "
              + regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
    }
    return errs;
  }

  /** {@code IsValidLabelValue}: empty, or at most 63 bytes of the qualified-name alphabet. */
  public static List<String> valueErrors(String value) {
    if (NameRecognizers.labelValue(value)) {
      return List.of();
    }
    List<String> errs = new ArrayList<>();
    if (utf8Length(value) > LABEL_MAX_LENGTH) {
      errs.add(maxLenError(LABEL_MAX_LENGTH));
    }
    if (!LABEL_VALUE.matcher(value).matches()) {
      errs.add(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
    }
    return errs;
  }

  /** {@code IsDNS1123Subdomain}: object names, label-key prefixes. */
  public static List<String> dns1123SubdomainErrors(String value) {
    if (NameRecognizers.dns1123Subdomain(value, 0, value.length())) {
      return List.of();
    }
    List<String> errs = new ArrayList<>();
    if (utf8Length(value) > SUBDOMAIN_MAX_LENGTH) {
      errs.add(maxLenError(SUBDOMAIN_MAX_LENGTH));
    }
    if (!isDns1123SubdomainFormat(value)) {
      errs.add(dns1123SubdomainFormatError());
    }
    return errs;
  }

  /** {@code IsDNS1123Label}: namespaces. */
  public static List<String> dns1123LabelErrors(String value) {
    if (NameRecognizers.dns1123Label(value)) {
      return List.of();
    }
    List<String> errs = new ArrayList<>();
    if (utf8Length(value) > LABEL_MAX_LENGTH) {
      errs.add(maxLenError(LABEL_MAX_LENGTH));
    }
    if (!DNS1123_LABEL.matcher(value).matches()) {
      if (DNS1123_SUBDOMAIN.matcher(value).matches()) {
        // A valid subdomain that is not a valid label: the length is checked above, so it is dots.
        errs.add("must not contain dots");
      } else {
        errs.add(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, "my-name", "123-abc"));
      }
    }
    return errs;
  }

  /** Whether {@code value} has the DNS-1123 subdomain form, ignoring its length. */
  public static boolean isDns1123SubdomainFormat(String value) {
    return NameRecognizers.dns1123SubdomainForm(value, 0, value.length());
  }

  /** The message {@code IsDNS1123Subdomain} gives for a value of the wrong form. */
  public static String dns1123SubdomainFormatError() {
    return regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, "example.com");
  }

  /** apimachinery's {@code MaxLenError}. */
  public static String maxLenError(int length) {
    return "must be no more than " + length + " characters";
  }

  /** The length Kubernetes limits are counted in: UTF-8 bytes, not chars or code points. */
  public static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String emptyError() {
    return "must be non-empty";
  }

  private static String regexError(String msg, String fmt, String... examples) {
    StringBuilder sb = new StringBuilder(msg).append(" (e.g. ");
    for (int i = 0; i < examples.length; i++) {
      if (i > 0) {
        sb.append(" or ");
      }
      sb.append('\'').append(examples[i]).append("', ");
    }
    return sb.append("regex used for validation is '").append(fmt).append("')").toString();
  }
}
