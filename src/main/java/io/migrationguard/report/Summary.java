package io.migrationguard.report;

import io.migrationguard.core.release.ReleaseChoice;
import java.util.List;

/**
 * The totals of a run, the kubeconform summary plus warnings and the rules that could not run
 * offline.
 *
 * @param notChecked ids of rules skipped because they need a live cluster (sorted)
 * @param notObjects documents that are not Kubernetes objects (not resources, not counted above)
 * @param release the KubeVirt release profile that judged, or null when not known
 */
public record Summary(
    int files,
    int resources,
    int valid,
    int invalid,
    int errors,
    int skipped,
    long warnings,
    List<String> notChecked,
    int notObjects,
    ReleaseChoice release) {

  public Summary {
    notChecked = List.copyOf(notChecked);
  }

  /** The kubeconform summary line (kubeconform pluralises only above one). */
  public String line() {
    return "Summary: "
        + resources
        + " resource"
        + (resources > 1 ? "s" : "")
        + " found in "
        + files
        + " file"
        + (files > 1 ? "s" : "")
        + " - Valid: "
        + valid
        + ", Invalid: "
        + invalid
        + ", Errors: "
        + errors
        + ", Skipped: "
        + skipped
        + (release == null ? "" : " - KubeVirt " + release.describe());
  }
}
