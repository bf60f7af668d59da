package io.migrationguard.core.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The target pod while it is being rendered: the mutable state the two render steps share. */
final class Rendering {
  final Map<String, String> selector = new TreeMap<>();
  final Map<String, String> origins = new HashMap<>();

  /** null while the pod has no required node affinity. */
  List<SelectorTerm> terms;

  final List<String> notes = new ArrayList<>();
  String noTargetPod;

  void put(String key, String value, String origin) {
    selector.put(key, value);
    origins.put(key, origin);
  }

  void remove(String key) {
    selector.remove(key);
    origins.remove(key);
  }

  /**
   * modifyNodeAffintyToRejectLabel (template.go): a DoesNotExist requirement appended to every
   * term, or a term of its own when there is no required affinity yet.
   */
  void reject(String label) {
    Requirement r = new Requirement(label, "DoesNotExist", List.of(), false);
    if (terms == null) {
      terms = new ArrayList<>(List.of(new SelectorTerm(List.of(r))));
    } else {
      terms.replaceAll(t -> t.with(r));
    }
  }

  /**
   * createDecentralizedMigrationPodAntiAffinity (migration.go): appended to the first term only, an
   * empty first term created when there is none.
   */
  void appendToFirstTerm(Requirement r) {
    if (terms == null) {
      terms = new ArrayList<>();
    }
    if (terms.isEmpty()) {
      terms.add(new SelectorTerm(List.of()));
    }
    terms.set(0, terms.get(0).with(r));
  }
}
