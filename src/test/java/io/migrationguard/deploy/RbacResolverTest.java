package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two halves of {@code RbacRequestsIT} on their own: requests resolved to RBAC attributes as
 * the API server resolves them, and the RBAC authorizer over the shipped rules, including what a
 * real API server refuses and the fake servers accept (a PATCH where only update is granted, a
 * named verb outside resourceNames, a Role used outside its namespace).
 */
class RbacResolverTest {
  @Test
  void requestsResolveAsTheApiServerResolvesThem() {
    assertEquals(
        "patch coordination.k8s.io/leases in mg named a",
        strip(RequestInfo.of("PATCH", "/apis/coordination.k8s.io/v1/namespaces/mg/leases/a")));
    assertEquals(
        "watch kubevirt.io/kubevirts",
        strip(
            RequestInfo.of("GET", "/apis/kubevirt.io/v1/kubevirts?resourceVersion=1&watch=true")));
    assertEquals(
        "list kubevirt.io/kubevirts",
        strip(RequestInfo.of("GET", "/apis/kubevirt.io/v1/kubevirts?watch=false")));
    assertEquals(
        "watch kubevirt.io/kubevirts named k",
        strip(
            RequestInfo.of(
                "GET", "/apis/kubevirt.io/v1/kubevirts?fieldSelector=metadata.name%3Dk&watch=1")));
    assertEquals(
        "deletecollection coordination.k8s.io/leases in mg",
        strip(RequestInfo.of("DELETE", "/apis/coordination.k8s.io/v1/namespaces/mg/leases")));
    assertEquals(
        "get namespaces in vms named vms", strip(RequestInfo.of("GET", "/api/v1/namespaces/vms")));
    assertEquals(
        "update pods/status in a named p",
        strip(RequestInfo.of("PUT", "/api/v1/namespaces/a/pods/p/status")));
    assertEquals(
        "create openreports.io/reports in a",
        strip(RequestInfo.of("POST", "/apis/openreports.io/v1alpha1/namespaces/a/reports")));
    assertFalse(RequestInfo.of("GET", "/version").isResourceRequest());
    assertFalse(RequestInfo.of("GET", "/apis/kubevirt.io/v1").isResourceRequest());
  }

  @Test
  void theShippedRulesRefuseWhatARealApiServerRefuses() {
    Commands.assumeKubectl();
    Manifests base = Manifests.built(java.nio.file.Path.of("manifests"));
    List<JsonNode> objects = new java.util.ArrayList<>(base.objects());
    objects.addAll(
        Manifests.readAll(java.nio.file.Path.of("manifests/components/audit/rbac.yaml")));
    RbacRules rbac = RbacRules.boundTo(objects, "migration-guard", "migration-guard");
    String leases = "/apis/coordination.k8s.io/v1/namespaces/migration-guard/leases";
    assertTrue(rbac.allows(RequestInfo.of("PUT", leases + "/reservation-x")));
    assertFalse(
        rbac.allows(RequestInfo.of("PATCH", leases + "/reservation-x")), "patch: audit's only");
    assertTrue(rbac.allows(RequestInfo.of("PATCH", leases + "/migration-guard-audit")));
    assertFalse(
        rbac.allows(
            RequestInfo.of("PUT", "/apis/coordination.k8s.io/v1/namespaces/other/leases/x")),
        "a Role grants in its own namespace only");
    assertTrue(
        rbac.allows(
            RequestInfo.of("GET", "/apis/kubevirt.io/v1/namespaces/a/virtualmachineinstances/v")));
    assertFalse(
        rbac.allows(
            RequestInfo.of("GET", "/apis/kubevirt.io/v1/virtualmachineinstances?watch=true")),
        "VMIs are never watched");
    String reports = "/apis/openreports.io/v1alpha1/namespaces/a/reports";
    assertTrue(
        rbac.allows(
            RequestInfo.of(
                "DELETE", reports + "/migration-guard-virtualmachineinstancemigrations")));
    assertFalse(rbac.allows(RequestInfo.of("DELETE", reports + "/kyverno-report")), "another's");
    assertFalse(rbac.allows(RequestInfo.of("PUT", reports + "/kyverno-report")), "another's");
    assertFalse(rbac.allows(RequestInfo.of("DELETE", reports)), "no deletecollection");
    assertTrue(rbac.allows(RequestInfo.of("POST", reports)));
    assertFalse(
        rbac.allows(
            RequestInfo.of(
                "DELETE",
                "/apis/openreports.io/v1alpha1/clusterreports/migration-guard-migrationpolicies")),
        "the ClusterReport is never deleted");
    assertFalse(rbac.allows(RequestInfo.of("GET", "/api/v1/namespaces/a/secrets/s")));
    // Every verb of every rule is reported unused when nothing was asked.
    assertFalse(rbac.unused(List.of()).isEmpty());
  }

  private static String strip(RequestInfo r) {
    String s = r.toString();
    return s.substring(0, s.indexOf(" ("));
  }
}
