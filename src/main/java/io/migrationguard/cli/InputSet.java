package io.migrationguard.cli;

import io.migrationguard.core.cluster.FeatureGates;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The input set as the cross-document checks see it, filled file by file in input order (on the
 * thread that waits for the parsers, so it costs no wall time): the {@link ManifestView}, and each
 * object defined twice mapped to where it was first defined.
 */
final class InputSet {
  private final ManifestView view;
  private final Map<ObjectKey, Place> firstSeen = new HashMap<>();
  private final Map<Entry.Ours, String> duplicates = new IdentityHashMap<>();

  private record Place(String file, int line) {}

  InputSet(FeatureGates gates) {
    this.view = new ManifestView(gates);
  }

  void add(ParsedFile p) {
    for (Entry e : p.entries()) {
      if (e instanceof Entry.Ours o) {
        view.add(o.kind(), o.object());
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

  ManifestView view() {
    return view;
  }

  /** Each repeated object (by identity) and where its first definition is, {@code file:line}. */
  Map<Entry.Ours, String> duplicates() {
    return duplicates;
  }
}
