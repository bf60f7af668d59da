package io.migrationguard.core.placement;

import java.util.List;

/**
 * The one-line text of a {@link Placement}, for a webhook warning: "0 of 12 nodes can take db-0: 7
 * lack cpu-model-migration.node.kubevirt.io/Cascadelake-Server, 4 are cordoned, 1 is the source".
 * Bounded: at most {@code maxGroups} reasons and {@code maxNames} node names, each label or taint
 * cut at {@link #MAX_KEY} characters.
 */
public final class PlacementSummary {
  private PlacementSummary() {}

  public static final int DEFAULT_GROUPS = 4;
  public static final int DEFAULT_NAMES = 5;
  static final int MAX_KEY = 120;

  public static String line(Placement p, int maxGroups, int maxNames) {
    int total = p.nodes().size();
    StringBuilder out =
        new StringBuilder()
            .append(p.feasible().size())
            .append(" of ")
            .append(total)
            .append(total == 1 ? " node" : " nodes")
            .append(" can take ")
            .append(p.vmi().isEmpty() ? "the VMI" : p.vmi());
    if (total == 0) {
      return out.append(": no Nodes were given").toString();
    }
    if (p.targetPod().noTargetPod() != null) {
      return out.append(": virt-controller makes no target pod: ")
          .append(cut(p.targetPod().noTargetPod()))
          .toString();
    }
    if (p.anyFeasible()) {
      return out.append(": ").append(names(p.feasible(), maxNames)).toString();
    }
    List<ReasonGroup> groups = p.refused();
    out.append(": ");
    int shown = Math.min(groups.size(), Math.max(1, maxGroups));
    for (int i = 0; i < shown; i++) {
      out.append(i == 0 ? "" : ", ").append(phrase(groups.get(i)));
    }
    if (groups.size() > shown) {
      int rest = 0;
      for (int i = shown; i < groups.size(); i++) {
        rest += groups.get(i).count();
      }
      out.append(", ")
          .append(rest)
          .append(" more for ")
          .append(groups.size() - shown)
          .append(groups.size() - shown == 1 ? " other reason" : " other reasons");
    }
    return out.toString();
  }

  /** "7 lack K", "4 are cordoned", "1 is the source", "2 have taint K", "3 fail ...". */
  static String phrase(ReasonGroup g) {
    int n = g.count();
    boolean one = n == 1;
    Reason r = g.reason();
    String what =
        switch (r.kind()) {
          case NO_TARGET_POD -> "get no target pod";
          case SOURCE -> one ? "is the source" : "are the source";
          case CORDONED -> one ? "is cordoned" : "are cordoned";
          case TAINT -> (one ? "has taint " : "have taint ") + cut(r.key());
          case LABEL -> (one ? "lacks " : "lack ") + cut(NodeJudge.label(r.key(), r.want()));
          case AFFINITY ->
              (one ? "fails" : "fail") + " the required node affinity (" + cut(r.want()) + ")";
        };
    return n + " " + what;
  }

  private static String names(List<String> names, int max) {
    int shown = Math.min(names.size(), Math.max(1, max));
    StringBuilder out = new StringBuilder(String.join(", ", names.subList(0, shown)));
    if (names.size() > shown) {
      out.append(" and ").append(names.size() - shown).append(" more");
    }
    return out.toString();
  }

  private static String cut(String s) {
    return s.length() <= MAX_KEY ? s : s.substring(0, MAX_KEY - 3) + "...";
  }
}
