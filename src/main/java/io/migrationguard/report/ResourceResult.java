package io.migrationguard.report;

import io.migrationguard.core.model.PatchOp;
import io.migrationguard.manifest.Loc;
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
 * @param omittedWarnings warnings past the per-resource cap: not in {@code findings} (whose last
 *     line then says how many were left out), still counted by {@link #warnings()}
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
    List<PatchOp> patch,
    long omittedWarnings) {

  /** The rule id of the line that says how many findings were left out. */
  public static final String TOO_MANY_FINDINGS = "too-many-findings";

  static final String OMITTED = TOO_MANY_FINDINGS;

  public ResourceResult {
    findings = List.copyOf(findings);
    patch = patch == null ? null : List.copyOf(patch);
  }

  /** Every finding kept. */
  public ResourceResult(
      String file,
      Loc loc,
      String apiVersion,
      String kind,
      String name,
      String namespace,
      Status status,
      List<LocatedFinding> findings,
      List<PatchOp> patch) {
    this(file, loc, apiVersion, kind, name, namespace, status, findings, patch, 0);
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

  /** Number of warning findings, those left out included (the line saying so is not one). */
  public long warnings() {
    return findings.stream()
            .filter(f -> !f.finding().isError() && !f.finding().rule().equals(OMITTED))
            .count()
        + omittedWarnings;
  }
}
