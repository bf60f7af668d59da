package io.migrationguard.core.cel;

import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.names.LabelSyntax;

/**
 * CEL pieces the name rules share. Lengths are UTF-8 bytes ({@code size(bytes(s))}) as apimachinery
 * counts them; the patterns are apimachinery's, anchored (CEL's {@code matches} is unanchored RE2).
 */
public final class CelNames {
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";

  /** A DNS-1123 subdomain, anchored. */
  public static final String SUBDOMAIN = "^" + LABEL + "(\\." + LABEL + ")*$";

  /** A DNS-1123 label, anchored. */
  public static final String DNS_LABEL = "^" + LABEL + "$";

  /** apimachinery's words for a value that is not even a subdomain ("-" is neither). */
  public static final String LABEL_ERROR = LabelSyntax.dns1123LabelErrors("-").get(0);

  /** Where a migration's selector label is, as a finding names it. */
  public static final String LABEL_PATH = "metadata.labels[" + Kind.VMI_NAME_LABEL + "]";

  private CelNames() {}

  /** The migration's {@code spec.vmiName}, {@code ''} when unset. */
  public static String vmiName() {
    return Cel.text(Cel.opt("object", "spec", "vmiName"));
  }

  /** True when {@code value} is longer than {@code bytes} UTF-8 bytes. */
  public static String tooLong(String value, int bytes) {
    return "size(bytes(" + value + ")) > " + bytes;
  }

  /** An Invalid finding at {@code path} showing {@code value}, with {@code detail}. */
  public static String invalid(String path, String value, String detail) {
    return Words.withValue(path, CauseType.INVALID, Cel.quoted(value), detail);
  }
}
