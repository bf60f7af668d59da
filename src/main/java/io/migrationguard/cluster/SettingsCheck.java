package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.mutate.DefaultsConfig;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.core.names.ServiceAccounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Settings that would block evacuations, found at start (docs/configuration.md): a priority
 * allow-list without KubeVirt's controller (its evacuations set {@code spec.priority}) is a
 * warning; a configured default that the validating rules refuse (a {@code spec.priority} default
 * refuses every user's migration) stops the service.
 */
final class SettingsCheck {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A user who is neither KubeVirt's controller nor on any allow-list: what users are. */
  static final String ORDINARY_USER = "system:serviceaccount:default:default";

  private SettingsCheck() {}

  /** The warning for a priority allow-list without KubeVirt's controller, or null. */
  static String requestersWarning(Set<String> requesters) {
    for (String r : requesters) {
      if (ServiceAccounts.isKubeVirtController(r)) {
        return null;
      }
    }
    return "migration-guard.priority-requesters (MIGRATION_GUARD_PRIORITY_REQUESTERS) has no"
        + " KubeVirt controller account (system:serviceaccount:<kubevirt namespace>:kubevirt-controller):"
        + " its evacuations and workload updates set spec.priority and will be refused";
  }

  /**
   * The first finding the validating rules report for a minimal object of each kind once the
   * configured defaults are added, as an ordinary user creates it; null when the defaults pass.
   */
  static String defaultsProblem(Engine engine) {
    for (Kind kind : engine.settings().configuredDefaults().keySet()) {
      ObjectNode object = minimal(kind);
      Review create =
          new Review(
              kind,
              Operation.CREATE,
              object,
              null,
              kind.namespaced() ? "default" : null,
              ORDINARY_USER,
              FieldValidation.WARN);
      JsonNode defaulted = JsonPatches.apply(object, engine.mutate(create).patch());
      Review judged =
          new Review(
              kind,
              Operation.CREATE,
              defaulted,
              null,
              create.namespace(),
              ORDINARY_USER,
              FieldValidation.WARN);
      Decision d = engine.validate(judged, ClusterView.none());
      List<Finding> errors = new ArrayList<>(d.errors());
      if (!errors.isEmpty()) {
        return DefaultsConfig.PREFIX
            + kind.kindName().toLowerCase(Locale.ROOT)
            + ": the validating rules refuse what it adds, so every "
            + kind.kindName()
            + " created would be denied: "
            + errors.get(0).render()
            + " ["
            + errors.get(0).rule()
            + "]";
      }
    }
    return null;
  }

  private static ObjectNode minimal(Kind kind) {
    ObjectNode o = JSON.createObjectNode();
    o.put("apiVersion", kind.apiVersion()).put("kind", kind.kindName());
    ObjectNode meta = o.putObject("metadata").put("name", "settings-check");
    if (kind == Kind.VMIM) {
      meta.put("namespace", "default");
      o.putObject("spec").put("vmiName", "settings-check");
    } else {
      o.putObject("spec").putObject("selectors").putObject("namespaceSelector").put("check", "1");
    }
    return o;
  }
}
