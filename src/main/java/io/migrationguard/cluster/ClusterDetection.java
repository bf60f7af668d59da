package io.migrationguard.cluster;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Finds out whether this process has a way to reach a Kubernetes API server, the way the fabric8
 * client will look for one: an explicit master URL ({@code kubernetes.master} / {@code
 * KUBERNETES_MASTER}, which the Quarkus test server sets), {@code KUBECONFIG} (a path list), {@code
 * ~/.kube/config}, or an in-cluster service account. Pure: environment, system properties and file
 * system locations are passed in, so that {@code auto} can be tested without touching the machine.
 *
 * @param env reads an environment variable (null when unset)
 * @param sysprops reads a system property (null when unset)
 * @param home the user's home directory, or null
 * @param serviceAccountToken where an in-cluster pod finds its token
 */
public record ClusterDetection(
    UnaryOperator<String> env,
    UnaryOperator<String> sysprops,
    Path home,
    Path serviceAccountToken) {

  /** The standard token path of a pod's service account. */
  public static final Path IN_CLUSTER_TOKEN =
      Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token");

  /** Detection against this process's real environment. */
  public static ClusterDetection ofThisProcess() {
    String home = System.getProperty("user.home");
    return new ClusterDetection(
        System::getenv,
        System::getProperty,
        home == null || home.isBlank() ? null : Path.of(home),
        IN_CLUSTER_TOKEN);
  }

  /** Where the API server configuration comes from, in words, or empty when there is none. */
  public Optional<String> source() {
    String master = firstSet(sysprops.apply("kubernetes.master"), env.apply("KUBERNETES_MASTER"));
    if (master != null) {
      return Optional.of("master URL " + master);
    }
    String kubeconfig = firstSet(sysprops.apply("kubeconfig"), env.apply("KUBECONFIG"));
    if (kubeconfig != null) {
      for (String part : kubeconfig.split(File.pathSeparator)) {
        if (!part.isBlank() && Files.isRegularFile(Path.of(part.strip()))) {
          return Optional.of("kubeconfig " + part.strip());
        }
      }
      // fabric8 reads only KUBECONFIG when it is set: a dangling KUBECONFIG means no kubeconfig.
      return inCluster();
    }
    if (home != null && Files.isRegularFile(home.resolve(".kube").resolve("config"))) {
      return Optional.of("kubeconfig " + home.resolve(".kube").resolve("config"));
    }
    return inCluster();
  }

  private Optional<String> inCluster() {
    if (firstSet(env.apply("KUBERNETES_SERVICE_HOST"), null) != null
        && serviceAccountToken != null
        && Files.isRegularFile(serviceAccountToken)) {
      return Optional.of("in-cluster service account");
    }
    return Optional.empty();
  }

  /** Resolves {@code mode} to ON or OFF; ON without a configuration is a start-up error. */
  public ClusterMode resolve(ClusterMode mode) {
    return switch (mode) {
      case OFF -> ClusterMode.OFF;
      // In a pod only: a developer's kubeconfig never makes the service list their cluster.
      case AUTO -> inCluster().isPresent() ? ClusterMode.ON : ClusterMode.OFF;
      case ON -> {
        if (source().isEmpty()) {
          throw new IllegalStateException(
              "migration-guard.cluster=on but no Kubernetes API configuration was found: set"
                  + " KUBECONFIG, provide ~/.kube/config, run in a pod with a service account,"
                  + " or set migration-guard.cluster=off");
        }
        yield ClusterMode.ON;
      }
    };
  }

  private static String firstSet(String a, String b) {
    if (a != null && !a.isBlank()) {
      return a;
    }
    return b != null && !b.isBlank() ? b : null;
  }
}
