package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The MigrationPolicies of the input set, indexed so that each policy meets only the policies its
 * selector rules can fire on, instead of all of them (25,000 policies would otherwise mean 625
 * million comparisons). {@code policy-selectors-unique} needs equal selectors and {@code
 * policy-selectors-tie} equal sizes with no key of conflicting value: both need the same pair of
 * sizes, and no shared key with another value. The answer is a superset of those, in input order;
 * the rules still decide. Policies whose selectors are not maps of scalars are always included.
 */
public final class PolicyIndex {
  private final Map<String, Bucket> buckets = new HashMap<>();
  private final List<JsonNode> odd = new ArrayList<>();
  private final List<JsonNode> all = new ArrayList<>();
  private final Map<JsonNode, Integer> seq = new IdentityHashMap<>();

  /**
   * Policies with one pair of selector sizes, by qualified key and by key=value; each member's
   * selectors are kept, made once when it is added rather than on every review that meets it.
   */
  private static final class Bucket {
    final List<Member> members = new ArrayList<>();
    final Map<String, Integer> keyCount = new HashMap<>();
    final Map<String, List<Member>> byKeyValue = new HashMap<>();
  }

  private record Member(JsonNode policy, Map<String, String> selectors) {}

  public void add(JsonNode policy) {
    seq.put(policy, all.size());
    all.add(policy);
    Map<String, String> sel = selectors(policy);
    if (sel == null) {
      odd.add(policy);
      return;
    }
    Bucket b = buckets.computeIfAbsent(sizes(policy), k -> new Bucket());
    Member member = new Member(policy, sel);
    b.members.add(member);
    sel.forEach(
        (k, v) -> {
          b.keyCount.merge(k, 1, Integer::sum);
          b.byKeyValue.computeIfAbsent(k + "=" + v, x -> new ArrayList<>()).add(member);
        });
  }

  public List<JsonNode> all() {
    return all;
  }

  /** The policies {@code self} may equal or tie with (never {@code self} itself), input order. */
  public List<JsonNode> candidates(JsonNode self) {
    Map<String, String> sel = selectors(self);
    if (sel == null) {
      return Views.without(all, self);
    }
    Bucket b = buckets.get(sizes(self));
    List<JsonNode> out = new ArrayList<>();
    if (b != null) {
      List<Member> pool = b.members;
      for (Map.Entry<String, String> e : sel.entrySet()) {
        // When every policy of the bucket has this key, only those with the same value can match.
        if (b.keyCount.getOrDefault(e.getKey(), 0) == b.members.size()) {
          List<Member> same = b.byKeyValue.getOrDefault(e.getKey() + "=" + e.getValue(), List.of());
          if (same.size() < pool.size()) {
            pool = same;
          }
        }
      }
      for (Member m : pool) {
        if (m.policy() != self && compatible(sel, m.selectors())) {
          out.add(m.policy());
        }
      }
    }
    return Views.union(seq, out, Views.without(odd, self));
  }

  /** No key present in both with different values. */
  private static boolean compatible(Map<String, String> a, Map<String, String> b) {
    for (Map.Entry<String, String> e : a.entrySet()) {
      String other = b.get(e.getKey());
      if (other != null && !other.equals(e.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static String sizes(JsonNode policy) {
    JsonNode s = policy.path("spec").path("selectors");
    return size(s.get("namespaceSelector")) + "/" + size(s.get("virtualMachineInstanceSelector"));
  }

  private static int size(JsonNode map) {
    return map == null || map.isNull() ? 0 : map.size();
  }

  /** Both selectors as one map of {@code n:key}/{@code v:key} to value; null when not maps. */
  public static Map<String, String> selectors(JsonNode policy) {
    JsonNode s = policy.path("spec").path("selectors");
    if (!s.isMissingNode() && !s.isNull() && !s.isObject()) {
      return null;
    }
    Map<String, String> out = new TreeMap<>();
    return put(out, "n:", s.get("namespaceSelector"))
            && put(out, "v:", s.get("virtualMachineInstanceSelector"))
        ? out
        : null;
  }

  private static boolean put(Map<String, String> out, String prefix, JsonNode map) {
    if (map == null || map.isNull()) {
      return true;
    }
    if (!map.isObject()) {
      return false;
    }
    for (var e : map.properties()) {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        return false;
      }
      out.put(prefix + e.getKey(), e.getValue().asText());
    }
    return true;
  }
}
