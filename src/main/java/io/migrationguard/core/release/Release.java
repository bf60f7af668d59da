package io.migrationguard.core.release;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One KubeVirt release profile (docs/kubevirt-versions.md): everything in which the release's
 * admission of the two kinds differs from another's, as data. The rules, the schema step and the
 * export read it; none of them names a release.
 *
 * @param name the profile's name, {@code v1.9} or {@code main}
 * @param source what it was read from: the tag and commit (or main's commit) and date
 * @param minor the minor version ({@code 9} for v1.9), or -1 for main
 * @param gateEra how the release resolves feature gates
 * @param gates the maturity of every gate a rule asks about, in this release; a gate the release
 *     does not register is absent
 * @param factors how the release reads the stall-detector factors
 * @param unsigned the fields of the two kinds that the release's Go types declare unsigned
 * @param schemaEdits how the release's CRD schemas differ from {@code newer}'s (empty for main,
 *     whose schemas are the bundled files)
 * @param newer the next newer profile, or null for main
 */
public record Release(
    String name,
    String source,
    int minor,
    GateEra gateEra,
    Map<String, Maturity> gates,
    FactorSyntax factors,
    List<UnsignedField> unsigned,
    List<SchemaEdit> schemaEdits,
    Release newer) {

  public Release {
    gates = Map.copyOf(gates);
    unsigned = List.copyOf(unsigned);
    schemaEdits = List.copyOf(schemaEdits);
  }

  /** Whether this is KubeVirt's development branch rather than a release. */
  public boolean isMain() {
    return minor < 0;
  }

  /** Every edit from the bundled (main) schemas to this release's, newest release's first. */
  public List<SchemaEdit> allSchemaEdits() {
    List<SchemaEdit> all = new ArrayList<>(newer == null ? List.of() : newer.allSchemaEdits());
    all.addAll(schemaEdits);
    return all;
  }

  /** Whether the release registers {@code gate} at all. */
  public boolean knows(String gate) {
    return gates.containsKey(gate);
  }

  /** Whether {@code gate} is on in this release, given the KubeVirt CR's gate lists. */
  public boolean enabled(GateLists listed, String gate) {
    Maturity maturity = gates.get(gate);
    if (maturity == Maturity.GA) {
      return true;
    }
    return switch (gateEra) {
      case LISTED -> listed.enabledGates().contains(gate);
      case MATURITY -> {
        if (maturity == null) {
          yield false;
        }
        if (listed.enabledGates().contains(gate)) {
          yield true;
        }
        yield !listed.disabledGates().contains(gate) && maturity == Maturity.BETA;
      }
    };
  }

  @Override
  public String toString() {
    return name;
  }
}
