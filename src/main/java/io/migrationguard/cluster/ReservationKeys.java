package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.RuleHelpers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
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
    return "ns="
        + RuleHelpers.stringMap(s.get("namespaceSelector"))
        + " vmi="
        + RuleHelpers.stringMap(s.get("virtualMachineInstanceSelector"));
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
