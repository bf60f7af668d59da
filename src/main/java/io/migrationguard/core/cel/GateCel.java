package io.migrationguard.core.cel;

import io.migrationguard.core.model.Kind;
import io.migrationguard.core.release.Maturity;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.schema.ReleaseSchemas;

/**
 * The feature-gate pieces of the gate rules' CEL, for one release profile. The gates are read from
 * the policy's parameter, the KubeVirt CR ({@code params}), and resolved as that release resolves
 * them ({@link Release#enabled}: its gate era and each gate's maturity in it). A null {@code
 * params} lists no gate, as a cluster without a KubeVirt CR does for the webhook.
 */
public final class GateCel {
  /** The condition of a check on a field the release does not serve: it never fails. */
  public static final String NOT_SERVED = "false";

  private GateCel() {}

  /**
   * The failure condition of a field set without {@code gate}: never, where the release does not
   * serve the field (its API server prunes it, and an export kept past an upgrade must not refuse
   * what the newer release allows), or where the gate is GA.
   */
  public static String gated(Release release, Kind kind, String gate, String... path) {
    if (!ReleaseSchemas.of(release).serves(kind, path)) {
      return NOT_SERVED;
    }
    String on = enabled(release, gate);
    return on.equals("true") ? "false" : Cel.opt("object", path) + ".hasValue() && !" + on;
  }

  /**
   * Whether a scalar field is set on CREATE, or set to something new on UPDATE (a policy written
   * before a gate was turned off stays editable while the gated field is left alone).
   */
  public static String setOrChanged(String... path) {
    String now = Cel.opt("object", path);
    String before = Cel.opt("oldObject", path);
    return "("
        + now
        + ".hasValue() && (request.operation != 'UPDATE' || oldObject == null || !"
        + before
        + ".hasValue() || "
        + before
        + ".value() != "
        + now
        + ".value()))";
  }

  /**
   * Whether {@code gate} is on in the KubeVirt CR bound as {@code params}, as {@code release}
   * resolves it (the CEL twin of {@link Release#enabled}).
   */
  public static String enabled(Release release, String gate) {
    Maturity maturity = release.gates().get(gate);
    String name = Cel.lit(gate);
    String listed = "(params != null && " + name + " in " + gates("featureGates") + ")";
    String disabled = "(params != null && " + name + " in " + gates("disabledFeatureGates") + ")";
    if (maturity == Maturity.GA) {
      return "true";
    }
    return switch (release.gateEra()) {
      case LISTED -> listed;
      case MATURITY ->
          maturity == null
              ? "false"
              : maturity == Maturity.BETA ? "(" + listed + " || !" + disabled + ")" : listed;
    };
  }

  private static String gates(String list) {
    return Cel.opt("params", "spec", "configuration", "developerConfiguration", list)
        + ".orValue([])";
  }
}
