package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.RuleHelpers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The last step of admitting a create a uniqueness rule protects ({@link ReviewGate}): the review's
 * {@link LeaseReservations} Lease, and what its outcome makes of the engine's decision. The caches
 * tell whether the holder of a Lease is done with it.
 */
final class ReservationStep {
  private final LeaseReservations reservations;

  ReservationStep(LeaseReservations reservations) {
    this.reservations = reservations;
  }

  /**
   * Takes the review's reservation in the API server (other replicas take the same Lease): the
   * decision stays an admission only if it is taken; held by another review it becomes a denial by
   * the uniqueness rule, unreachable a 503. Dry runs never get here (no side effects).
   */
  Decision admit(Optional<String> key, Review review, Decision allowed, ClusterView cluster) {
    if (key.isEmpty()) {
      return allowed;
    }
    LeaseReservations.Reservation reservation =
        reservations.reserve(key.get(), review, holder -> holderState(holder, cluster));
    if (reservation instanceof LeaseReservations.Reservation.Reserved) {
      return allowed;
    }
    return refused(reservation, review, allowed);
  }

  /**
   * The denial taking the review's reservation would end in, when this replica's memory of the
   * Leases it holds already says so (a create sent again, a duplicate of one admitted moments ago):
   * answered without the API server, a worker thread or the key's lock, since refusing records
   * nothing. Empty when only taking the Lease can tell. {@code cluster} answers from the caches.
   */
  Optional<Decision> refusedHere(
      Optional<String> key, Review review, Decision allowed, ClusterView cluster) {
    if (key.isEmpty()) {
      return Optional.empty();
    }
    try {
      // Where the caches cannot tell what became of a holder, neither can the memory: a worker
      // asks the API server (a live lookup may find the holder gone, and the Lease taken over).
      return reservations
          .heldHere(key.get(), review, holder -> holderFromCaches(holder, cluster))
          .map(held -> refused(held, review, allowed));
    } catch (ClusterUnavailableException e) {
      return Optional.empty();
    }
  }

  private static Decision refused(
      LeaseReservations.Reservation reservation, Review review, Decision allowed) {
    List<Finding> findings = new ArrayList<>(allowed.findings());
    List<String> unavailable = new ArrayList<>(allowed.unavailable());
    boolean policy = review.kind() == Kind.POLICY;
    String rule = policy ? "policy-selectors-unique" : "vmim-no-inflight";
    if (reservation instanceof LeaseReservations.Reservation.Held held) {
      FieldPath path = policy ? FieldPath.of("spec", "selectors") : FieldPath.of("spec", "vmiName");
      JsonNode value =
          policy
              ? review.object().path("spec").path("selectors")
              : review.object().path("spec").path("vmiName");
      findings.add(
          new Finding(
              rule,
              Severity.ERROR,
              CauseType.DUPLICATE,
              path,
              value,
              held.holder()
                  + " was admitted moments ago (it holds the reservation Lease "
                  + held.lease()
                  + ")"));
    } else if (reservation instanceof LeaseReservations.Reservation.Unavailable u) {
      unavailable.add(rule + ": " + u.message());
    }
    return new Decision(
        findings,
        allowed.patch(),
        unavailable,
        allowed.notChecked(),
        allowed.omittedErrors(),
        allowed.omittedWarnings());
  }

  /**
   * What the caches say of the holder of a reservation ({@code Kind/name} or {@code
   * Kind/namespace/name}): a migration shown finished, an object absent, or live (also whenever the
   * caches cannot tell).
   */
  private static LeaseReservations.Holder holderState(String holder, ClusterView cluster) {
    try {
      return holderFromCaches(holder, cluster);
    } catch (RuntimeException e) {
      return LeaseReservations.Holder.LIVE; // the caches cannot tell: the Lease stands
    }
  }

  /**
   * As {@link #holderState}, throwing {@link ClusterUnavailableException} where {@code cluster}
   * cannot answer.
   */
  private static LeaseReservations.Holder holderFromCaches(String holder, ClusterView cluster) {
    String[] parts = holder.split("/", 3);
    if (parts.length == 3 && parts[0].equals(Kind.VMIM.kindName())) {
      return cluster
          .migration(parts[1], parts[2])
          .map(
              m ->
                  RuleHelpers.isFinalPhase(RuleHelpers.phase(m))
                      ? LeaseReservations.Holder.FINISHED
                      : LeaseReservations.Holder.LIVE)
          .orElse(LeaseReservations.Holder.ABSENT);
    }
    if (parts.length == 2 && parts[0].equals(Kind.POLICY.kindName())) {
      for (JsonNode p : cluster.migrationPolicies()) {
        if (parts[1].equals(RuleHelpers.name(p))) {
          return LeaseReservations.Holder.LIVE;
        }
      }
      return LeaseReservations.Holder.ABSENT;
    }
    return LeaseReservations.Holder.LIVE;
  }
}
