package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * What this process admitted that the cluster does not show yet. Between our "allowed" and the
 * informer's event lie the other webhooks, the etcd write and the watch: a second review of a
 * duplicate in that window would find nothing in the cache. {@link InformerClusterView} lays these
 * entries over what it reads, so for the rules "the cluster" already holds them.
 *
 * <p>An entry leaves when the cluster shows the object at a resource version other than the one it
 * replaced (the write landed), or when it has gone unseen too long (the write never happened:
 * another webhook denied it, the client gave up, or the review was forged by a client that is not
 * the API server): {@code unseen} (2 s by default) while the caches are synced and watching, where
 * a real write shows up within milliseconds of its admission; {@code ttl} (10 s) while they are
 * not, and the watch may be late. Until then a retried create of a rejected object may be denied as
 * a duplicate of itself under another name, and a forged create holds its VMI's migrations back;
 * the unseen time bounds both.
 *
 * <p>Bounded whatever clients send (a forged review is admitted like any other): an entry keeps
 * only the fields the cluster rules compare ({@link InflightEntry#slim}), at most {@value
 * #MAX_ENTRIES} entries and {@value #MAX_BYTES} bytes of them are held (past that the entries
 * closest to expiry go first), and expired entries are swept on a timer and by admissions, not only
 * when read.
 */
public final class InflightRegistry {
  /** At most this many entries; a burst of admissions past it evicts the oldest. */
  static final int MAX_ENTRIES = 20_000;

  /** At most this many bytes of entries (estimated from their text); past it, the oldest go. */
  static final long MAX_BYTES = 16L << 20;

  private record Pending(
      JsonNode object, String name, String replacedVersion, long admittedAt, long bytes) {}

  private final long ttlNanos;
  private final long unseenNanos;
  private final BooleanSupplier cachesFresh;
  private final LongSupplier clock;
  private final Map<String, Pending> policies = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Pending>> migrations = new ConcurrentHashMap<>();
  private final AtomicLong unnamed = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong lastSweep = new AtomicLong(Long.MIN_VALUE / 2);
  // Counts every entry added or removed: a view may reuse what it read while this is unchanged.
  private final AtomicLong changes = new AtomicLong();

  /** How often an admission also sweeps out the expired entries (the timer sweeps too). */
  static final long SWEEP_PERIOD_NANOS = 100_000_000L;

  /** Entries last {@code ttl} whatever the caches' state (tests, one-process tools). */
  public InflightRegistry(Duration ttl) {
    this(ttl, ttl, () -> false, System::nanoTime);
  }

  InflightRegistry(Duration ttl, LongSupplier nanoClock) {
    this(ttl, ttl, () -> false, nanoClock);
  }

  /**
   * @param ttl how long an entry lasts while the caches are not fresh
   * @param unseen how long an entry the caches do not show lasts while they are fresh
   * @param cachesFresh whether the caches are synced and watching now
   */
  public InflightRegistry(Duration ttl, Duration unseen, BooleanSupplier cachesFresh) {
    this(ttl, unseen, cachesFresh, System::nanoTime);
  }

  InflightRegistry(
      Duration ttl, Duration unseen, BooleanSupplier cachesFresh, LongSupplier nanoClock) {
    this.ttlNanos = ttl.toNanos();
    this.unseenNanos = Math.min(unseen.toNanos(), ttlNanos);
    this.cachesFresh = cachesFresh;
    this.clock = nanoClock;
  }

  /** How long entries last now: the unseen time while the caches are fresh, else the ttl. */
  private long lifetime() {
    return cachesFresh.getAsBoolean() ? unseenNanos : ttlNanos;
  }

  /**
   * Records an admitted (not dry-run) review of a MigrationPolicy or a VMIM. A policy UPDATE that
   * keeps its selectors changes nothing the cluster rules compare, and is not recorded.
   */
  public void admitted(Review review) {
    JsonNode object = review.object();
    if (review.oldObject() != null && selectors(object).equals(selectors(review.oldObject()))) {
      return;
    }
    String name = review.name();
    String replaced = review.oldObject() == null ? null : version(review.oldObject());
    JsonNode kept = InflightEntry.slim(review.kind(), object);
    long now = clock.getAsLong();
    Pending pending = new Pending(kept, name, replaced, now, InflightEntry.bytes(kept));
    // A sweep walks every entry: at most one per sweep period of admissions, not one each.
    long last = lastSweep.get();
    if (now - last >= SWEEP_PERIOD_NANOS && lastSweep.compareAndSet(last, now)) {
      sweep();
    }
    if (review.kind() == Kind.POLICY) {
      account(policies.put(name, pending), pending);
    } else if (review.kind() == Kind.VMIM) {
      // A VMIM without a name yet (generateName) cannot be matched to its event: ttl only.
      String key = name.isEmpty() ? "\0" + unnamed.incrementAndGet() : name;
      // Created and filled under the namespace's bin lock: a sweep dropping the namespaces left
      // empty (computeIfPresent, the same lock) cannot drop this one between the two.
      Pending[] previous = new Pending[1];
      migrations.compute(
          review.effectiveNamespace(),
          (ns, held) -> {
            Map<String, Pending> map = held == null ? new ConcurrentHashMap<>() : held;
            previous[0] = map.put(key, pending);
            return map;
          });
      account(previous[0], pending);
    }
    changes.incrementAndGet();
    if (size() > MAX_ENTRIES || bytes.get() > MAX_BYTES) {
      evictOldest();
    }
  }

  /**
   * Changes whenever an entry is added or removed: what {@link #policies} and {@link #migrations}
   * lay over a listing is the same while this is.
   */
  public long generation() {
    return changes.get();
  }

  /** Removes the expired entries (also run on a timer by the cluster runtime). */
  public void sweep() {
    long now = clock.getAsLong();
    long lifetime = lifetime();
    removeIf(p -> now - p.admittedAt() >= lifetime);
  }

  /** How many bytes the held entries take, estimated (for tests and the docs' budget). */
  long bytes() {
    return bytes.get();
  }

  private void account(Pending replaced, Pending added) {
    bytes.addAndGet(added.bytes() - (replaced == null ? 0 : replaced.bytes()));
  }

  private void removeIf(Predicate<Pending> gone) {
    sweep(policies, gone);
    for (Map<String, Pending> ns : migrations.values()) {
      sweep(ns, gone);
    }
    for (String ns : migrations.keySet()) {
      migrations.computeIfPresent(ns, (k, held) -> held.isEmpty() ? null : held);
    }
  }

  private void sweep(Map<String, Pending> map, Predicate<Pending> gone) {
    for (Map.Entry<String, Pending> e : map.entrySet()) {
      if (gone.test(e.getValue()) && map.remove(e.getKey(), e.getValue())) {
        bytes.addAndGet(-e.getValue().bytes());
        changes.incrementAndGet();
      }
    }
  }

  /**
   * Past a bound: the entries closest to expiry go first, down to 90 % of both bounds, so that a
   * burst pays for one sort per tenth of the bound rather than one per admission.
   */
  private synchronized void evictOldest() {
    List<Pending> all = new ArrayList<>(policies.values());
    migrations.values().forEach(m -> all.addAll(m.values()));
    if (all.size() <= MAX_ENTRIES && bytes.get() <= MAX_BYTES) {
      return; // another admission evicted meanwhile
    }
    all.sort(Comparator.comparingLong(Pending::admittedAt));
    int excess = Math.max(0, all.size() - MAX_ENTRIES * 9 / 10);
    long over = bytes.get() - MAX_BYTES * 9 / 10;
    Set<Pending> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Pending p : all) {
      if (excess <= 0 && over <= 0) {
        break;
      }
      out.add(p);
      excess--;
      over -= p.bytes();
    }
    removeIf(out::contains);
  }

  /** {@code listed} (every policy the cluster shows) with the pending policies laid over it. */
  public List<JsonNode> policies(List<JsonNode> listed) {
    return overlay(listed, policies);
  }

  /** {@code listed} (the VMIMs of {@code namespace}) with the pending ones laid over it. */
  public List<JsonNode> migrations(String namespace, List<JsonNode> listed) {
    Map<String, Pending> pending = migrations.get(namespace);
    return pending == null ? listed : overlay(listed, pending);
  }

  /** How many entries are waiting (for tests and metrics). */
  public int size() {
    int n = policies.size();
    for (Map<String, Pending> ns : migrations.values()) { // once per admission: no stream
      n += ns.size();
    }
    return n;
  }

  private List<JsonNode> overlay(List<JsonNode> listed, Map<String, Pending> pending) {
    if (pending.isEmpty()) {
      return listed;
    }
    Map<String, JsonNode> byName = new LinkedHashMap<>();
    List<JsonNode> unnamedOut = new ArrayList<>();
    for (JsonNode o : listed) {
      byName.put(o.path("metadata").path("name").asText(""), o);
    }
    long now = clock.getAsLong();
    long lifetime = lifetime();
    for (Map.Entry<String, Pending> e : pending.entrySet()) {
      Pending p = e.getValue();
      JsonNode seen = byName.get(p.name());
      if (now - p.admittedAt() >= lifetime
          || (seen != null && !Objects.equals(version(seen), p.replacedVersion()))) {
        // Not a newer entry a concurrent review just put there.
        if (pending.remove(e.getKey(), p)) {
          bytes.addAndGet(-p.bytes());
          changes.incrementAndGet();
        }
      } else if (p.name().isEmpty()) {
        unnamedOut.add(p.object());
      } else {
        byName.put(p.name(), p.object());
      }
    }
    List<JsonNode> out = new ArrayList<>(byName.values());
    out.addAll(unnamedOut);
    return out;
  }

  private static JsonNode selectors(JsonNode policy) {
    return policy.path("spec").path("selectors");
  }

  private static String version(JsonNode object) {
    JsonNode rv = object.path("metadata").path("resourceVersion");
    return rv.isTextual() ? rv.textValue() : null;
  }
}
