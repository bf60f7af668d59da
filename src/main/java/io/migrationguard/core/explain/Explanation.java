package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.release.Release;
import java.util.List;
import java.util.Map;

/**
 * Which MigrationPolicy KubeVirt would apply to a VMI's next migration, and the configuration it
 * would run with.
 *
 * @param release the release profile KubeVirt's behaviour is taken from
 * @param namespace the VMI's namespace
 * @param vmi the VMI's name
 * @param vmiLabels the labels matched, the target-node label included (null value: not chosen)
 * @param namespaceLabels the namespace's labels matched
 * @param choice every policy's match and the one chosen
 * @param config the resolved configuration
 */
public record Explanation(
    Release release,
    String namespace,
    String vmi,
    Map<String, String> vmiLabels,
    Map<String, String> namespaceLabels,
    PolicyChoice.Outcome choice,
    ConfigResolution.Resolution config) {

  /** Matches and resolves. */
  public static Explanation of(
      Release release,
      String namespace,
      String vmi,
      Map<String, String> vmiLabels,
      Map<String, String> namespaceLabels,
      List<Candidate> policies,
      JsonNode crMigrations) {
    PolicyChoice.Outcome outcome = PolicyChoice.choose(policies, vmiLabels, namespaceLabels);
    ConfigResolution.Resolution config =
        ConfigResolution.resolve(
            release, crMigrations, outcome.chosen() == null ? null : outcome.chosen().policy());
    return new Explanation(release, namespace, vmi, vmiLabels, namespaceLabels, outcome, config);
  }
}
