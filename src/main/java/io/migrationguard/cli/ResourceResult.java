package io.migrationguard.cli;

import io.migrationguard.cli.read.Loc;
import io.migrationguard.core.model.PatchOp;
import java.util.List;

/**
 * The verdict on one resource, what every output format prints.
 *
 * @param file the file name as shown
 * @param loc where the resource starts
 * @param apiVersion its apiVersion, or null when unknown
 * @param kind its kind, or null when unknown
 * @param name {@code metadata.name}, or null when absent
 * @param namespace {@code metadata.namespace}, or null when absent
 * @param status valid, invalid, error or skipped
 * @param findings every finding (for {@code error}, the reason it could not be processed)
 * @param patch the defaulting patch with {@code --show-patch}, else null
 */
public record ResourceResult(
    String file,
    Loc loc,
    String apiVersion,
    String kind,
    String name,
    String namespace,
    Status status,
    List<LocatedFinding> findings,
    List<PatchOp> patch) {

  public ResourceResult {
    findings = List.copyOf(findings);
    patch = patch == null ? null : List.copyOf(patch);
  }

  /**
   * {@code KIND/NAME} as the outputs name the resource: {@code KIND/-} without a name
   * (generateName), {@code -} for a document that is not an object of a known kind.
   */
  public String label() {
    if (kind == null || kind.isEmpty()) {
      return "-";
    }
    return kind + "/" + (name == null || name.isEmpty() ? "-" : name);
  }

  /** Number of warning findings. */
  public long warnings() {
    return findings.stream().filter(f -> !f.finding().isError()).count();
  }
}
