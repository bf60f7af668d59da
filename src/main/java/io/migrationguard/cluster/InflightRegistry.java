package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Review;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What this process admitted that the cluster does not show yet. Between our "allowed" and the
 * informer's event lie the other webhooks, the etcd write and the watch: a second review of a
 * duplicate in that window would find nothing in the cache. {@link InformerClusterView} lays these
 * entries over what it reads, so for the rules "the cluster" already holds them.
 *
 * <p>An entry leaves when the cluster shows the object at a resource version other than the one it
 * replaced (the write landed), or after {@code ttl} (the write never happened: another webhook
 * denied it, the client gave up). Until then a retried create of a rejected object may be denied as
 * a duplicate of itself under another name; the ttl bounds that.
 */
public final class InflightRegistry {
  private record Pending(JsonNode object, String name, String replacedVersion, long expiresAt) {}

  private final long ttlNanos;
  private final LongSupplier clock;
  private final Map<String, Pending> policies = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Pending>> migrations = new ConcurrentHashMap<>();
  private final AtomicLong unnamed = new AtomicLong();

  public InflightRegistry(Duration ttl) {
    this(ttl, System::nanoTime);
  }

  InflightRegistry(Duration ttl, LongSupplier nanoClock) {
    this.ttlNanos = ttl.toNanos();
    this.clock = nanoClock;
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
    Pending pending = new Pending(object, name, replaced, clock.getAsLong() + ttlNanos);
    if (review.kind() == Kind.POLICY) {
      policies.put(name, pending);
    } else if (review.kind() == Kind.VMIM) {
      // A VMIM without a name yet (generateName) cannot be matched to its event: ttl only.
      String key = name.isEmpty() ? "\0" + unnamed.incrementAndGet() : name;
      migrations
          .computeIfAbsent(review.effectiveNamespace(), ns -> new ConcurrentHashMap<>())
          .put(key, pending);
    }
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
    return policies.size() + migrations.values().stream().mapToInt(Map::size).sum();
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
    for (Map.Entry<String, Pending> e : pending.entrySet()) {
      Pending p = e.getValue();
      JsonNode seen = byName.get(p.name());
      if (now - p.expiresAt() >= 0
          || (seen != null && !Objects.equals(version(seen), p.replacedVersion()))) {
        pending.remove(e.getKey(), p); // not a newer entry a concurrent review just put there
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
