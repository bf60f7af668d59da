package io.migrationguard.core.placement;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The migration target pod's node constraints, rendered once per call as virt-controller renders
 * them (docs/placement.md), and what the node filters read.
 *
 * @param noTargetPod why virt-controller creates no target pod at all, or null when it does
 * @param nodeSelector the pod's {@code spec.nodeSelector}, sorted by key
 * @param origins for each nodeSelector key, what put it there, in words
 * @param requiredAffinity whether the pod has a required node affinity
 * @param terms its {@code nodeSelectorTerms} (OR-ed), empty when there is none
 * @param tolerations the pod's tolerations, with the API server's default ones
 * @param sourceNode the node the VMI runs on (the pod's anti-affinity keeps it off), or empty
 * @param sourceHostname that node's {@code kubernetes.io/hostname} label, or null when unknown
 * @param notes what had to be assumed, in words (empty when nothing)
 */
public record TargetPod(
    String noTargetPod,
    Map<String, String> nodeSelector,
    Map<String, String> origins,
    boolean requiredAffinity,
    List<SelectorTerm> terms,
    List<Toleration> tolerations,
    String sourceNode,
    String sourceHostname,
    List<String> notes) {
  public TargetPod {
    nodeSelector = Collections.unmodifiableMap(new TreeMap<>(nodeSelector));
    origins = Map.copyOf(origins);
    terms = List.copyOf(terms);
    tolerations = List.copyOf(tolerations);
    notes = List.copyOf(notes);
  }
}
