package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.RuleHelpers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Optional;

/**
 * The canonical key a review reserves (what a uniqueness rule protects) and the name of its Lease.
 * Two reviews that a uniqueness rule would call duplicates have the same key, whatever their
 * spelling: the in-process lock stripe and the Lease in the API server both derive from it.
 */
final class ReservationKeys {
  private ReservationKeys() {}

  /**
   * The key of {@code review}, or empty when it needs none: a MigrationPolicy CREATE, or an UPDATE
   * that changes the selectors (by their canonical form); a migration CREATE (its namespace and
   * VMI).
   */
  static Optional<String> of(Review review) {
    if (review.kind() == Kind.POLICY) {
      String selectors = canonicalSelectors(review.object());
      boolean changes =
          review.operation() == Operation.CREATE
              || (review.operation() == Operation.UPDATE
                  && review.oldObject() != null
                  && !selectors.equals(canonicalSelectors(review.oldObject())));
      return changes ? Optional.of("MigrationPolicy " + selectors) : Optional.empty();
    }
    if (review.kind() == Kind.VMIM && review.operation() == Operation.CREATE) {
      String vmi = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
      return vmi.isEmpty()
          ? Optional.empty()
          : Optional.of(
              "VirtualMachineInstanceMigration " + review.effectiveNamespace() + "/" + vmi);
    }
    return Optional.empty();
  }

  /**
   * Both selectors as sorted maps (absent, null and {@code {}} the same): the canonical form the
   * selector rules compare ({@link RuleHelpers#stringMap}). Selector values are strings: no
   * Quantity to normalise.
   */
  static String canonicalSelectors(JsonNode policy) {
    var s = RuleHelpers.at(policy, "spec", "selectors");
    StringBuilder out = new StringBuilder(96).append("ns=");
    appendSorted(out, s.get("namespaceSelector"));
    out.append(" vmi=");
    appendSorted(out, s.get("virtualMachineInstanceSelector"));
    return out.toString();
  }

  /**
   * {@code map} exactly as {@code RuleHelpers.stringMap(map).toString()} writes it ({@code {k=v,
   * k2=v2}}, keys sorted), without building the TreeMap: Lease names hash this text, so replicas of
   * two releases must write it alike (ReservationKeysTest holds it to the TreeMap's text).
   */
  private static void appendSorted(StringBuilder out, JsonNode map) {
    out.append('{');
    if (map != null && map.isObject() && !map.isEmpty()) {
      String[] keys = new String[map.size()];
      int n = 0;
      for (Iterator<String> it = map.fieldNames(); it.hasNext(); ) {
        keys[n++] = it.next();
      }
      Arrays.sort(keys);
      for (int i = 0; i < n; i++) {
        JsonNode v = map.get(keys[i]);
        out.append(i == 0 ? "" : ", ").append(keys[i]).append('=');
        out.append(v.isTextual() ? v.textValue() : v.toString());
      }
    }
    out.append('}');
  }

  /** The Lease name of a key: {@code migration-guard-} and 24 hex digits of its SHA-256. */
  static String leaseName(String key) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      return "migration-guard-" + HexFormat.of().formatHex(hash, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
