package io.migrationguard.cli;

import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.judge.Entry;
import io.migrationguard.judge.ManifestView;
import io.migrationguard.judge.ObjectKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The input set as the cross-document checks see it, filled file by file in input order (on the
 * thread that waits for the parsers, so it costs no wall time): our objects for the {@link
 * ManifestView}, and each object defined twice mapped to where it was first defined.
 */
final class InputSet {
  private final FeatureGates gates;
  private final List<Entry.Ours> ours = new ArrayList<>();
  private final Map<ObjectKey, Place> firstSeen = new HashMap<>();
  private final Map<Entry.Ours, String> duplicates = new IdentityHashMap<>();

  private record Place(String file, int line) {}

  InputSet(FeatureGates gates) {
    this.gates = gates;
  }

  void add(ParsedFile p) {
    for (Entry e : p.entries()) {
      if (e instanceof Entry.Ours o) {
        ours.add(o);
        if (!o.name().isEmpty()) {
          Place here = new Place(p.name(), o.loc().line());
          Place first = firstSeen.putIfAbsent(ObjectKey.of(o.kind(), o.object()), here);
          if (first != null) {
            duplicates.put(o, first.file() + ":" + first.line());
          }
        }
      }
    }
  }

  /**
   * The cluster the input set describes, holding only the objects {@code takesPart} admits: in a
   * cluster only objects that could be created are stored, so a nameless fragment or a policy the
   * schema rejects never makes a valid one a duplicate.
   */
  ManifestView view(Predicate<Entry.Ours> takesPart, boolean stored) {
    ManifestView view = new ManifestView(gates, stored);
    for (Entry.Ours o : ours) {
      if (!o.name().isEmpty() && takesPart.test(o)) {
        view.add(o.kind(), o.object());
      }
    }
    return view;
  }

  /** Each repeated object (by identity) and where its first definition is, {@code file:line}. */
  Map<Entry.Ours, String> duplicates() {
    return duplicates;
  }
}
