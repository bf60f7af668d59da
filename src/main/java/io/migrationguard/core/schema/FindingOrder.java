package io.migrationguard.core.schema;

import io.migrationguard.core.model.Finding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts schema findings into the shape callers rely on: one finding per distinct problem, in the
 * object's document order (then by path), so the same input always reads the same way.
 *
 * <p>A value of the wrong type gets only its type error: an enum, bound, pattern or format
 * complaint about a value that is not even of the right type is noise.
 */
final class FindingOrder {
  private static final Comparator<ErrorMapper.Ranked> DOCUMENT_ORDER =
      Comparator.<ErrorMapper.Ranked, int[]>comparing(ErrorMapper.Ranked::order, Arrays::compare)
          .thenComparing(r -> r.finding().field().toString());

  private FindingOrder() {}

  static List<Finding> arrange(List<ErrorMapper.Ranked> ranked) {
    Set<String> mistyped = new HashSet<>();
    for (ErrorMapper.Ranked r : ranked) {
      if (r.wrongType()) {
        mistyped.add(r.finding().field().toString());
      }
    }
    Map<Finding, ErrorMapper.Ranked> unique = new LinkedHashMap<>();
    for (ErrorMapper.Ranked r : ranked) {
      Finding f = r.finding();
      boolean superseded = !r.wrongType() && mistyped.contains(f.field().toString());
      if (!superseded) {
        unique.putIfAbsent(f, r);
      }
    }
    List<ErrorMapper.Ranked> sorted = new ArrayList<>(unique.values());
    sorted.sort(DOCUMENT_ORDER);
    return sorted.stream().map(ErrorMapper.Ranked::finding).toList();
  }
}
