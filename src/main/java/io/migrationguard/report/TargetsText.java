package io.migrationguard.report;

import static io.migrationguard.report.TerminalText.safe;

import io.migrationguard.core.placement.Placement;
import io.migrationguard.core.placement.ReasonGroup;
import io.migrationguard.core.placement.Unjudged;
import java.util.List;
import java.util.stream.Collectors;

/** The target view of {@code explain}'s text: the feasible nodes, then the others by reason. */
public final class TargetsText {
  /** Node names shown per line before "and N more": a reason shared by 500 nodes stays readable. */
  static final int NAMES = 10;

  private TargetsText() {}

  public static String render(Placement p) {
    StringBuilder sb = new StringBuilder();
    sb.append("Target nodes (").append(safe(p.release())).append("): ");
    sb.append(safe(p.summary())).append('\n');
    if (p.anyFeasible()) {
      sb.append("  can take it (").append(p.feasible().size()).append("): ");
      sb.append(names(p.feasible())).append('\n');
    }
    for (ReasonGroup g : p.refused()) {
      sb.append("  ")
          .append(g.count())
          .append(g.count() == 1 ? " node " : " nodes ")
          .append(safe(g.reason().text()))
          .append(": ")
          .append(names(g.nodes()))
          .append('\n');
    }
    if (!p.targetPod().nodeSelector().isEmpty()) {
      sb.append("  target pod nodeSelector: ")
          .append(
              p.targetPod().nodeSelector().entrySet().stream()
                  .map(e -> safe(e.getKey() + "=" + e.getValue()))
                  .collect(Collectors.joining(", ")))
          .append('\n');
    }
    List<String> inUse =
        p.notJudged().stream().filter(Unjudged::inUse).map(Unjudged::what).toList();
    sb.append("  not judged (the scheduler checks them too): ")
        .append(safe(String.join("; ", inUse)))
        .append('\n');
    for (String note : p.notes()) {
      sb.append("  note: ").append(safe(note)).append('\n');
    }
    return sb.toString();
  }

  static String names(List<String> names) {
    int shown = Math.min(names.size(), NAMES);
    String out =
        names.subList(0, shown).stream().map(TerminalText::safe).collect(Collectors.joining(", "));
    return names.size() > shown ? out + " and " + (names.size() - shown) + " more" : out;
  }
}
