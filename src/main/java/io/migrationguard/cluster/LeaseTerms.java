package io.migrationguard.cluster;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Duration;
import java.time.Instant;

/**
 * Who holds a reservation Lease and until when: read from the API server's Lease, or remembered
 * from the one this replica wrote. The rules of taking one over live here, in one place.
 *
 * @param holder {@code Kind/[namespace/]name @replica}
 * @param renewed when it was taken (null: never, as good as expired)
 * @param duration how long it lasts from then
 */
record LeaseTerms(String holder, Instant renewed, Duration duration) {
  /**
   * How long after a Lease is taken the same object counts as a retry: longer than the spread of
   * requests sent together, shorter than any client's retry after a denial or a timeout.
   */
  static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  static LeaseTerms of(Lease l) {
    var spec = l.getSpec();
    if (spec == null) {
      return new LeaseTerms(null, null, Duration.ZERO);
    }
    Integer seconds = spec.getLeaseDurationSeconds();
    return new LeaseTerms(
        spec.getHolderIdentity(),
        spec.getRenewTime() == null ? null : spec.getRenewTime().toInstant(),
        Duration.ofSeconds(seconds == null ? 0 : seconds.longValue()));
  }

  /** The object part of a holder identity ({@code Kind/[namespace/]name}). */
  static String objectOf(String holder) {
    int at = holder == null ? -1 : holder.lastIndexOf(" @");
    return at < 0 ? String.valueOf(holder) : holder.substring(0, at);
  }

  boolean expired(Instant now) {
    return renewed == null || renewed.plus(duration).isBefore(now);
  }

  /**
   * Whether a review of {@code otherHolder}'s object may take this Lease over now: it is expired;
   * or it is the same object and the Lease was taken {@link #RETRY_AFTER} ago or more (a retried
   * create; identical creates sent at the same moment are two requests, of which the API server
   * would store at most one, so at most one is admitted); or the caches say the holder is done with
   * it.
   */
  boolean yieldsTo(String otherHolder, LeaseReservations.Holder state, Instant now) {
    return yieldsTo(otherHolder, state, now, duration.dividedBy(2));
  }

  /**
   * As {@link #yieldsTo(String, LeaseReservations.Holder, Instant)}, with an absent holder done
   * with the Lease {@code unseen} after it was taken.
   */
  boolean yieldsTo(
      String otherHolder, LeaseReservations.Holder state, Instant now, Duration unseen) {
    if (expired(now)) {
      return true;
    }
    if (objectOf(holder).equals(objectOf(otherHolder))) {
      return !renewed.plus(RETRY_AFTER).isAfter(now);
    }
    return state == LeaseReservations.Holder.FINISHED
        || (state == LeaseReservations.Holder.ABSENT && !renewed.plus(unseen).isAfter(now));
  }
}
