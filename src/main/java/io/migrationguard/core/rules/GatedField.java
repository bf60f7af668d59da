package io.migrationguard.core.rules;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.schema.ReleaseSchemas;
import io.migrationguard.core.schema.Shape;
import java.util.Arrays;
import java.util.List;

/**
 * The template of the feature-gate rules ({@link GateRules}): each of its fields, when set on
 * CREATE or changed on UPDATE ({@link GateChange}), needs one of its gates enabled in the KubeVirt
 * CR, as the release judged resolves gates ({@link Release#enabled}: a gate the release does not
 * have is off, and is not named). The gates are looked up only when such a field is present, so
 * that objects without gated fields never wait on the cluster.
 */
public final class GatedField extends Rule {
  /** How a gated field used without its gate is reported. */
  @FunctionalInterface
  public interface Report {
    /** Reports {@code field} (a path below the object root) needing one of {@code gates}. */
    void to(Findings out, Review review, List<String> field, String gates);
  }

  /**
   * An invalid value naming the field below {@code spec} (KubeVirt's wording for its Alpha gates).
   */
  public static final Report INVALID =
      (out, review, field, gates) ->
          out.invalid(
              FieldPath.of(field.toArray(String[]::new)),
              RuleHelpers.at(review.object(), field.toArray(String[]::new)),
              String.join(".", field.subList(1, field.size()))
                  + " cannot be set or changed without enabling the "
                  + gates
                  + " feature gate");

  private final Release release;
  private final List<String> gates;
  private final String named;
  private final Report report;
  // Arrays, made once: a review walks each path without copying it.
  private final String[][] paths;
  private final Shape shape;

  /**
   * A rule requiring one of {@code gates} (in {@code release}) for each path of {@code fields};
   * {@code info} gains the feature-gate lookup.
   */
  public GatedField(
      RuleInfo info,
      Release release,
      List<String> gates,
      Report report,
      List<List<String>> fields) {
    super(info.needs(Lookup.FEATURE_GATES));
    this.release = release;
    this.gates = List.copyOf(gates);
    List<String> known = gates.stream().filter(release::knows).toList();
    this.named = String.join(" or ", known.isEmpty() ? gates : known);
    this.report = report;
    this.paths = fields.stream().map(f -> f.toArray(String[]::new)).toArray(String[][]::new);
    this.shape = ReleaseSchemas.of(release).shape(info.kinds().iterator().next());
  }

  /** A forbidden field: {@code what} (the feature, in words) requires the gate, disabled. */
  public static Report forbidding(String what) {
    return (out, review, field, gates) ->
        out.forbidden(
            FieldPath.of(field.toArray(String[]::new)),
            what
                + " requires the "
                + gates
                + " feature gate, which is disabled in the KubeVirt configuration");
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    for (String[] path : paths) {
      if (GateChange.setOrChanged(review, shape, path) && !anyEnabled(cluster.featureGates())) {
        report.to(out, review, List.of(path), named);
      }
    }
  }

  private boolean anyEnabled(FeatureGates listed) {
    return gates.stream().anyMatch(gate -> release.enabled(listed, gate));
  }

  /** A path below the object root, e.g. {@code path("spec", "maxDowntimeMs")}. */
  public static List<String> path(String... names) {
    return Arrays.asList(names);
  }
}
