package io.migrationguard.cluster;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Cluster mode on, against the test's fabric8 mock API server; the other tests run with it off. */
public class ClusterOnProfile implements QuarkusTestProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    // Judged for KubeVirt main, as the cluster tests were written (ReleaseFollowingTest follows
    // the KubeVirt CR's version instead).
    return Map.of(
        "migration-guard.cluster",
        "on",
        "migration-guard.cluster.lookup-timeout",
        "2s",
        "migration-guard.kubevirt-version",
        "main");
  }
}
