package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.explain.Setting.Origin;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.release.FactorSyntax;
import io.migrationguard.core.release.Release;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The configuration a VMI's next migration runs with, computed as virt-controller does:
 *
 * <ol>
 *   <li>the built-in defaults, overridden field by field by the KubeVirt CR's {@code
 *       spec.configuration.migrations} ({@code setConfigFromKubeVirt} unmarshals the CR onto the
 *       defaults);
 *   <li>{@code GetMigrationConfiguration}: {@code allowWorkloadDisruption} left unset follows
 *       {@code allowPostCopy} (all releases);
 *   <li>the chosen policy's fields, each where set, and its {@code allowWorkloadDisruption}
 *       following its own {@code allowPostCopy} when only that is set: v1.9 and main in {@code
 *       applyMigrationPolicySpec} (migrationpolicy.go), v1.5 to v1.8 in {@code
 *       MigrationPolicy.GetMigrationConfByPolicy} (kubevirt.io/api). Both give the same values;
 *       they differ in whether the VMI's status names the policy (see {@link
 *       Resolution#policyNameRecorded}).
 * </ol>
 *
 * <p>Fields the release's schema does not have are pruned by the API server before KubeVirt ever
 * reads them; they are listed in {@link Resolution#pruned}, not applied.
 */
public final class ConfigResolution {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ConfigResolution() {}

  /**
   * The outcome.
   *
   * @param settings every field of the release's configuration, in KubeVirt's field order
   * @param experimental the policy's {@code experimental} options as KubeVirt copies them (v1.9 and
   *     main; null when none)
   * @param policyNameRecorded whether the VMI's status names the chosen policy ({@code
   *     migrationState.migrationPolicyName}): always from v1.9, in v1.5 to v1.8 only when the
   *     policy sets a field; false without a policy. The configuration is recorded either way
   * @param pruned the chosen policy's fields this release does not have, with why
   * @param problems values of the KubeVirt CR that cannot be read (left at their default)
   */
  public record Resolution(
      List<Setting> settings,
      JsonNode experimental,
      boolean policyNameRecorded,
      List<String> pruned,
      List<String> problems) {}

  /** Stall-detector and downtime-tuning keys of each release's {@code experimental} options. */
  private static final List<String> STALL_KEYS =
      List.of(
          "stallMargin",
          "ewmaAlpha",
          "stallProgressTimeout",
          "switchoverTimeout",
          "precopyPossibleFactor",
          "patienceWindowDecayFactor",
          "searchLocalMinima",
          "completionTimeoutFactor");

  private static final List<String> DOWNTIME_KEYS =
      List.of("initialMs", "steps", "startAfterIteration", "cooldownSeconds");

  /**
   * @param crMigrations the KubeVirt CR's {@code spec.configuration.migrations}, or null/missing
   * @param chosen the policy KubeVirt chose, or null
   */
  public static Resolution resolve(Release release, JsonNode crMigrations, Candidate chosen) {
    Map<ConfigField, Setting> out = new EnumMap<>(ConfigField.class);
    List<String> problems = new ArrayList<>();
    for (ConfigField f : ConfigField.values()) {
      if (!f.in(release)) {
        continue;
      }
      JsonNode cr = crMigrations == null ? null : crMigrations.get(f.json);
      JsonNode value = cr == null || cr.isNull() ? null : normalize(f, cr);
      if (cr != null && !cr.isNull() && value == null) {
        problems.add(
            "KubeVirt CR spec.configuration.migrations."
                + f.json
                + ": "
                + cr
                + " is not a "
                + f.type.name().toLowerCase(Locale.ROOT)
                + " (the API server would have refused it); the default is shown");
      }
      Origin origin = value != null ? Origin.KUBEVIRT_CR : Origin.BUILT_IN;
      if (value == null) {
        value = f.builtIn == null ? null : normalize(f, f.builtIn);
        origin = value == null ? Origin.UNSET : Origin.BUILT_IN;
      }
      out.put(f, new Setting(f.json, value, origin, null, f.policySets(release)));
    }
    Setting awd = out.get(ConfigField.ALLOW_WORKLOAD_DISRUPTION);
    if (awd.value() == null) {
      out.put(
          ConfigField.ALLOW_WORKLOAD_DISRUPTION,
          new Setting(
              awd.field(),
              out.get(ConfigField.ALLOW_POST_COPY).value(),
              Origin.CR_FOLLOWS_POST_COPY,
              null,
              awd.policyMaySet()));
    }
    if (chosen == null) {
      return new Resolution(List.copyOf(out.values()), null, false, List.of(), problems);
    }
    JsonNode spec = chosen.spec();
    boolean changed = false;
    JsonNode postCopy = spec.get(ConfigField.ALLOW_POST_COPY.json);
    if (!isSet(spec.get(ConfigField.ALLOW_WORKLOAD_DISRUPTION.json))
        && isSet(postCopy)
        && postCopy.isBoolean()) {
      out.put(
          ConfigField.ALLOW_WORKLOAD_DISRUPTION,
          new Setting(
              ConfigField.ALLOW_WORKLOAD_DISRUPTION.json,
              postCopy,
              Origin.POLICY_FOLLOWS_POST_COPY,
              chosen.name(),
              true));
    }
    List<String> pruned = new ArrayList<>();
    for (ConfigField f : ConfigField.values()) {
      JsonNode v = spec.get(f.json);
      if (!isSet(v)) {
        continue;
      }
      if (!f.policySets(release)) {
        pruned.add(
            f.json
                + ": not in "
                + release.name()
                + "'s MigrationPolicy schema"
                + (f.policyEverSets() ? "" : " (only the KubeVirt CR sets it)"));
        continue;
      }
      JsonNode value = normalize(f, v);
      if (value == null) {
        problems.add(
            "policy "
                + chosen.name()
                + " spec."
                + f.json
                + ": "
                + v
                + " is not of its type; left out");
        continue;
      }
      changed = true;
      out.put(f, new Setting(f.json, value, Origin.POLICY, chosen.name(), true));
    }
    JsonNode experimental = null;
    JsonNode exp = spec.get("experimental");
    if (isSet(exp)) {
      if (ConfigField.atLeast(release, 9)) {
        experimental = experimental(release, exp, pruned);
      } else {
        pruned.add("experimental: not in " + release.name() + "'s MigrationPolicy schema");
      }
    }
    boolean named = ConfigField.atLeast(release, 9) || changed;
    return new Resolution(List.copyOf(out.values()), experimental, named, pruned, problems);
  }

  /**
   * {@code applyExperimentalMigrationOptions} onto no base (the CR has no experimental options).
   */
  private static JsonNode experimental(Release release, JsonNode exp, List<String> pruned) {
    ObjectNode result = JSON.objectNode();
    Set<String> known =
        release.isMain()
            ? Set.of("stallDetector", "downtimeTuning", "compression")
            : Set.of("stallDetector", "compression");
    for (Iterator<String> it = exp.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      JsonNode v = exp.get(key);
      if (!known.contains(key)) {
        pruned.add("experimental." + key + ": not in " + release.name() + "'s schema");
      } else if (isSet(v)) {
        result.set(
            key,
            switch (key) {
              case "stallDetector" ->
                  factors(release, only(v, STALL_KEYS, "experimental.stallDetector.", pruned));
              case "downtimeTuning" ->
                  only(v, DOWNTIME_KEYS, "experimental.downtimeTuning.", pruned);
              default -> v;
            });
      }
    }
    return result;
  }

  /** The stall detector's four factors, Quantities on main: written back in canonical form. */
  private static final List<String> FACTOR_KEYS =
      List.of(
          "ewmaAlpha",
          "precopyPossibleFactor",
          "patienceWindowDecayFactor",
          "completionTimeoutFactor");

  private static JsonNode factors(Release release, JsonNode stall) {
    if (release.factors() != FactorSyntax.QUANTITY) {
      return stall; // strings (v1.9), copied as they are
    }
    ObjectNode o = ((ObjectNode) stall).deepCopy();
    for (String key : FACTOR_KEYS) {
      JsonNode v = o.get(key);
      QuantityParse q = v == null ? null : Quantity.parse(v);
      if (q != null && q.ok()) {
        o.put(key, q.quantity().canonical());
      }
    }
    return o;
  }

  private static JsonNode only(JsonNode v, List<String> keys, String path, List<String> pruned) {
    ObjectNode o = JSON.objectNode();
    for (Iterator<String> it = v.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!keys.contains(key)) {
        pruned.add(path + key + ": not in the schema");
      } else if (isSet(v.get(key))) {
        o.set(key, v.get(key));
      }
    }
    return o;
  }

  private static boolean isSet(JsonNode v) {
    return v != null && !v.isNull() && !v.isMissingNode();
  }

  /**
   * The value as KubeVirt's Go type holds it and writes it back, or null when it is not of the
   * field's type: a Quantity in canonical form ({@code 0Mi} is written {@code 0}), an integral
   * number as an integer.
   */
  static JsonNode normalize(ConfigField f, JsonNode v) {
    return switch (f.type) {
      case BOOLEAN -> v.isBoolean() ? v : null;
      case STRING -> v.isTextual() ? v : null;
      case INTEGER ->
          v.isIntegralNumber()
              ? v
              : v.isNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0
                  ? JSON.numberNode(v.decimalValue().toBigInteger())
                  : null;
      case QUANTITY -> {
        QuantityParse q = Quantity.parse(v);
        yield q.ok() ? JSON.textNode(q.quantity().canonical()) : null;
      }
    };
  }
}
