package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code NodeSelectorTerm}: its expressions and fields are AND-ed. A term with neither matches
 * nothing, and so does a term with a requirement the scheduler cannot parse (component-helpers
 * nodeaffinity.go, newNodeSelectorTerm).
 */
public record SelectorTerm(List<Requirement> requirements) {
  public SelectorTerm {
    requirements = List.copyOf(requirements);
  }

  static SelectorTerm of(JsonNode term) {
    List<Requirement> out = new ArrayList<>();
    term.path("matchExpressions").forEach(r -> out.add(Requirement.of(r, false)));
    term.path("matchFields").forEach(r -> out.add(Requirement.of(r, true)));
    return new SelectorTerm(out);
  }

  /** The same term with one more requirement, as virt-controller appends them. */
  SelectorTerm with(Requirement r) {
    List<Requirement> out = new ArrayList<>(requirements);
    out.add(r);
    return new SelectorTerm(out);
  }

  /** The first requirement that keeps the node out, or null when the term matches it. */
  Requirement firstFailing(NodeFacts node) {
    if (requirements.isEmpty()) {
      return new Requirement("", "(empty term)", List.of(), false);
    }
    for (Requirement r : requirements) {
      if (!r.valid()) {
        return r;
      }
    }
    for (Requirement r : requirements) {
      if (!r.matches(node)) {
        return r;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return requirements.isEmpty()
        ? "(empty term)"
        : String.join(", ", requirements.stream().map(Requirement::toString).toList());
  }
}
