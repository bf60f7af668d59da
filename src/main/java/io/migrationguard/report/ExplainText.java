package io.migrationguard.report;

import static io.migrationguard.report.TerminalText.safe;

import io.migrationguard.core.explain.Explanation;
import io.migrationguard.core.explain.PolicyMatch;
import io.migrationguard.core.explain.Setting;
import io.migrationguard.core.placement.Placement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** {@code explain}'s text for people: the labels, every policy's match, the choice, the config. */
public final class ExplainText {
  private ExplainText() {}

  /** Matching policies best first (KubeVirt's order, then the name), then the others by name. */
  static final Comparator<PolicyMatch> ORDER =
      Comparator.comparing((PolicyMatch m) -> !m.matches())
          .thenComparing(m -> -m.total())
          .thenComparing(m -> -m.vmiLabels())
          .thenComparing(m -> m.policy().name());

  public static String render(Explanation e, String releaseFrom) {
    return render(e, releaseFrom, null);
  }

  /** With the target-node view ({@link TargetsText}) at the end when {@code targets} is given. */
  public static String render(Explanation e, String releaseFrom, Placement targets) {
    String policies = policies(e, releaseFrom);
    return targets == null ? policies : policies + "\n" + TargetsText.render(targets);
  }

  private static String policies(Explanation e, String releaseFrom) {
    StringBuilder sb = new StringBuilder();
    sb.append("VMI ")
        .append(safe(e.namespace()))
        .append('/')
        .append(safe(e.vmi()))
        .append(" (")
        .append(safe(releaseFrom))
        .append(")\n");
    sb.append("  VMI labels:       ").append(labels(e.vmiLabels())).append('\n');
    sb.append("  namespace labels: ").append(labels(e.namespaceLabels())).append("\n\n");
    List<PolicyMatch> sorted = new ArrayList<>(e.choice().matches());
    sorted.sort(ORDER);
    sb.append("MigrationPolicies: ").append(sorted.size()).append('\n');
    int width = sorted.stream().mapToInt(m -> safe(m.policy().name()).length()).max().orElse(0);
    for (PolicyMatch m : sorted) {
      String name = safe(m.policy().name());
      sb.append(m.matches() ? "  match     " : "  no match  ")
          .append(name)
          .append(" ".repeat(width - name.length() + 2));
      if (m.matches()) {
        sb.append("VMI labels ")
            .append(m.vmiLabels())
            .append(" + namespace labels ")
            .append(m.namespaceLabels())
            .append(" = ")
            .append(m.total());
      } else {
        sb.append(safe(m.failure()));
      }
      sb.append('\n');
    }
    sb.append('\n').append(chosen(e, sorted)).append("\n\n");
    sb.append("Migration configuration:\n");
    int fw = e.config().settings().stream().mapToInt(s -> s.field().length()).max().orElse(0);
    for (Setting s : e.config().settings()) {
      String value = s.value() == null ? "(unset)" : safe(s.value().asText());
      sb.append("  ")
          .append(s.field())
          .append(" ".repeat(fw - s.field().length() + 2))
          .append(value)
          .append(" ".repeat(Math.max(2, 20 - value.length())))
          .append(origin(s))
          .append('\n');
    }
    if (e.config().experimental() != null) {
      sb.append("  experimental")
          .append(" ".repeat(Math.max(2, fw - 10)))
          .append(safe(e.config().experimental().toString()))
          .append("  policy ")
          .append(safe(e.choice().chosen().policy().name()))
          .append('\n');
    }
    for (String p : e.config().pruned()) {
      sb.append("Not applied, the API server prunes it from the policy: ")
          .append(safe(p))
          .append('\n');
    }
    for (String p : e.config().problems()) {
      sb.append("Problem: ").append(safe(p)).append('\n');
    }
    if (e.choice().chosen() != null && !e.config().policyNameRecorded()) {
      sb.append(
          "Note: the policy sets no field, so KubeVirt "
              + e.release().name()
              + " does not name it in the VMI's status (migrationPolicyName)\n"
              + "      (v1.5 to v1.8; from v1.9 a chosen policy is always named).\n");
    }
    return sb.toString();
  }

  private static String chosen(Explanation e, List<PolicyMatch> sorted) {
    boolean node = sorted.stream().anyMatch(PolicyMatch::onTargetNode);
    String nodeNote =
        node
            ? "\n  Policies that select on the target node could change this: give --target-node"
                + " NODE to see whether they match."
            : "";
    return chosenWithoutNote(e, sorted) + nodeNote;
  }

  private static String chosenWithoutNote(Explanation e, List<PolicyMatch> sorted) {
    PolicyMatch c = e.choice().chosen();
    if (c == null) {
      return "Chosen: none. The KubeVirt CR's configuration applies.";
    }
    String name = safe(c.policy().name());
    List<PolicyMatch> matching = sorted.stream().filter(PolicyMatch::matches).toList();
    if (matching.size() == 1) {
      return "Chosen: " + name + " (the only policy that matches).";
    }
    if (e.choice().tied().size() > 1) {
      return "Chosen: "
          + name
          + ": "
          + String.join(", ", e.choice().tied().stream().map(TerminalText::safe).toList())
          + " tie on "
          + c.total()
          + " labels ("
          + c.vmiLabels()
          + " of the VMI); the smallest name wins.";
    }
    PolicyMatch next = matching.get(1);
    if (next.total() < c.total()) {
      return "Chosen: "
          + name
          + ": the most matching labels ("
          + c.total()
          + "; next "
          + safe(next.policy().name())
          + " with "
          + next.total()
          + ").";
    }
    return "Chosen: "
        + name
        + ": as many labels as "
        + safe(next.policy().name())
        + " ("
        + c.total()
        + "), more of them the VMI's ("
        + c.vmiLabels()
        + " against "
        + next.vmiLabels()
        + ").";
  }

  private static String origin(Setting s) {
    String o =
        switch (s.origin()) {
          case POLICY -> "policy " + safe(s.from());
          case POLICY_FOLLOWS_POST_COPY ->
              "policy " + safe(s.from()) + ": follows its allowPostCopy";
          default -> s.origin().words;
        };
    return s.policyMaySet() ? o : o + " (only the KubeVirt CR sets it)";
  }

  private static String labels(Map<String, String> labels) {
    List<String> out = new ArrayList<>();
    labels.forEach(
        (k, v) ->
            out.add(
                safe(k)
                    + "="
                    + (v == null ? "<target node, not chosen yet: --target-node>" : safe(v))));
    return out.isEmpty() ? "(none)" : String.join(", ", out);
  }
}
