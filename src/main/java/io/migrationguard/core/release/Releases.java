package io.migrationguard.core.release;

import static io.migrationguard.core.release.SchemaEdit.notServed;
import static io.migrationguard.core.release.SchemaEdit.typed;

import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The release profiles, one declaration each, newest first (docs/kubevirt-versions.md has the table
 * and the KubeVirt code each line was read from). A release's schema is the next newer one's with
 * its {@link SchemaEdit}s; its gates and factor syntax are its own. Adding a release: one
 * declaration here (main's edits move to it when main has moved on), its vectors in {@code
 * src/test/resources/parity/releases/}, its row in the docs.
 *
 * <p>Patch releases change none of this (checked for v1.5.3, v1.6.6, v1.7.4, v1.8.4): a version is
 * judged by its minor's profile.
 */
public final class Releases {
  private Releases() {}

  public static final String DECENTRALIZED = "DecentralizedLiveMigration";
  public static final String PRIORITY_QUEUE = "MigrationPriorityQueue";
  public static final String STALL_DETECTION = "MigrationStallDetection";
  public static final String DOWNTIME_TUNING = "MigrationDowntimeTuning";

  private static final String STRING = "{\"type\": \"string\"}";
  private static final String INTEGER = "{\"type\": \"integer\"}";

  /**
   * A release whose two kinds have no unsigned field: v1.5 to v1.8 (their MigrationPolicy has no
   * maxDowntimeMs nor experimental options; no migration field is unsigned in any release).
   */
  private static final List<UnsignedField> NONE_UNSIGNED = List.of();

  private static final String[] STALL = {"spec", "experimental", "stallDetector"};
  private static final String[] STATUS_EXPERIMENTAL = {
    "status", "migrationState", "migrationConfiguration", "experimental"
  };
  private static final List<String> FACTORS =
      List.of(
          "ewmaAlpha",
          "precopyPossibleFactor",
          "patienceWindowDecayFactor",
          "completionTimeoutFactor");

  /** KubeVirt's development branch at the commit the bundled schemas were read from. */
  public static final Release MAIN =
      new Release(
          "main",
          "main at d923fdb815 (2026-08-22)",
          -1,
          GateEra.MATURITY,
          Map.of(
              DECENTRALIZED, Maturity.BETA,
              PRIORITY_QUEUE, Maturity.GA,
              STALL_DETECTION, Maturity.ALPHA,
              DOWNTIME_TUNING, Maturity.ALPHA),
          FactorSyntax.QUANTITY,
          // stallProgressTimeout and switchoverTimeout became *int64 on main (minimum: 0).
          List.of(UnsignedField.uint64("MigrationPolicySpec", "spec", "maxDowntimeMs")),
          List.of(),
          null);

  /** v1.9: no downtime tuning; the stall-detector factors are strings; Decentralized is Alpha. */
  public static final Release V1_9 =
      new Release(
          "v1.9",
          "v1.9.0 at 79d34c1762 (2026-07-27)",
          9,
          GateEra.MATURITY,
          Map.of(
              DECENTRALIZED, Maturity.ALPHA,
              PRIORITY_QUEUE, Maturity.GA,
              STALL_DETECTION, Maturity.ALPHA),
          FactorSyntax.GO_FLOAT_STRING,
          List.of(
              UnsignedField.uint64("MigrationPolicySpec", "spec", "maxDowntimeMs"),
              UnsignedField.uint64("StallDetectorOptions", append(STALL, "stallProgressTimeout")),
              UnsignedField.uint64("StallDetectorOptions", append(STALL, "switchoverTimeout"))),
          v19Schema(),
          MAIN);

  /** v1.8: no maxDowntimeMs and no experimental options; priority needs its (Beta) gate. */
  public static final Release V1_8 =
      new Release(
          "v1.8",
          "v1.8.0 at 85b6a25964 (2026-03-18)",
          8,
          GateEra.LISTED,
          Map.of(DECENTRALIZED, Maturity.ALPHA, PRIORITY_QUEUE, Maturity.BETA),
          FactorSyntax.GO_FLOAT_STRING,
          NONE_UNSIGNED,
          List.of(
              notServed(Kind.POLICY, "spec", "maxDowntimeMs"),
              notServed(Kind.POLICY, "spec", "experimental"),
              notServed(Kind.VMIM, STATUS_EXPERIMENTAL),
              notServed(
                  Kind.VMIM,
                  "status",
                  "migrationState",
                  "migrationConfiguration",
                  "maxDowntimeMs")),
          V1_9);

  /** v1.7: priority is new and needs its Alpha gate. */
  public static final Release V1_7 =
      new Release(
          "v1.7",
          "v1.7.0 at 50b9b4d0cf (2025-11-22)",
          7,
          GateEra.LISTED,
          Map.of(DECENTRALIZED, Maturity.ALPHA, PRIORITY_QUEUE, Maturity.ALPHA),
          FactorSyntax.GO_FLOAT_STRING,
          NONE_UNSIGNED,
          List.of(
              notServed(
                  Kind.VMIM,
                  "status",
                  "migrationState",
                  "migrationConfiguration",
                  "utilityVolumesTimeout"),
              notServed(Kind.VMIM, "status", "migrationState", "targetMemoryOverhead")),
          V1_8);

  /** v1.6: no priority field. */
  public static final Release V1_6 =
      new Release(
          "v1.6",
          "v1.6.0 at d53baa7f84 (2025-07-24)",
          6,
          GateEra.LISTED,
          Map.of(DECENTRALIZED, Maturity.ALPHA),
          FactorSyntax.GO_FLOAT_STRING,
          NONE_UNSIGNED,
          List.of(notServed(Kind.VMIM, "spec", "priority")),
          V1_7);

  /** v1.5: no addedNodeSelector, sendTo or receive (decentralized migration is new in v1.6). */
  public static final Release V1_5 =
      new Release(
          "v1.5",
          "v1.5.0 at 522b44c0ce (2025-03-10)",
          5,
          GateEra.LISTED,
          Map.of(),
          FactorSyntax.GO_FLOAT_STRING,
          NONE_UNSIGNED,
          List.of(
              notServed(Kind.VMIM, "spec", "addedNodeSelector"),
              notServed(Kind.VMIM, "spec", "sendTo"),
              notServed(Kind.VMIM, "spec", "receive"),
              notServed(Kind.VMIM, "status", "migrationState", "migrationNetworkType"),
              notServed(Kind.VMIM, "status", "migrationState", "sourceState"),
              notServed(Kind.VMIM, "status", "migrationState", "targetState"),
              notServed(Kind.VMIM, "status", "synchronizationAddresses")),
          V1_6);

  /** Every profile, newest first. */
  public static final List<Release> ALL = List.of(MAIN, V1_9, V1_8, V1_7, V1_6, V1_5);

  /** The newest release: the profile when nothing says which. */
  public static final Release NEWEST = V1_9;

  /** The oldest profile; older versions are refused. */
  public static final Release OLDEST = V1_5;

  /** The profile named exactly {@code name} ({@code v1.9}, {@code main}), or null. */
  public static Release named(String name) {
    for (Release r : ALL) {
      if (r.name().equals(name)) {
        return r;
      }
    }
    return null;
  }

  /** The profile names, newest release first and main last, for messages and help. */
  public static String names() {
    StringBuilder out = new StringBuilder();
    for (Release r : ALL) {
      if (!r.isMain()) {
        out.append(out.length() == 0 ? "" : ", ").append(r.name());
      }
    }
    return out.append(", ").append(MAIN.name()).toString();
  }

  private static List<SchemaEdit> v19Schema() {
    List<SchemaEdit> edits = new ArrayList<>();
    edits.add(notServed(Kind.POLICY, "spec", "experimental", "downtimeTuning"));
    edits.add(notServed(Kind.VMIM, append(STATUS_EXPERIMENTAL, "downtimeTuning")));
    for (String factor : FACTORS) {
      edits.add(typed(Kind.POLICY, STRING, append(STALL, factor)));
      edits.add(
          typed(Kind.VMIM, STRING, append(append(STATUS_EXPERIMENTAL, "stallDetector"), factor)));
    }
    // v1.9's CRD has no lower bound on the two timeouts (main added minimum: 0).
    for (String timeout : List.of("stallProgressTimeout", "switchoverTimeout")) {
      edits.add(typed(Kind.POLICY, INTEGER, append(STALL, timeout)));
    }
    return edits;
  }

  private static String[] append(String[] path, String name) {
    String[] out = Arrays.copyOf(path, path.length + 1);
    out[path.length] = name;
    return out;
  }
}
