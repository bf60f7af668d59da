package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterDetectionTest {
  @TempDir Path dir;

  private ClusterDetection detect(Map<String, String> env, Map<String, String> props, Path home) {
    return new ClusterDetection(env::get, props::get, home, dir.resolve("sa-token"));
  }

  private Path file(String name) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    return Files.writeString(p, "apiVersion: v1\nkind: Config\n");
  }

  @Test
  void nothingFoundMeansAutoIsOffAndOnFailsClearly() {
    ClusterDetection d = detect(Map.of(), Map.of(), dir.resolve("home"));
    assertTrue(d.source().isEmpty());
    assertEquals(ClusterMode.OFF, d.resolve(ClusterMode.AUTO));
    assertEquals(ClusterMode.OFF, d.resolve(ClusterMode.OFF));
    var e = assertThrows(IllegalStateException.class, () -> d.resolve(ClusterMode.ON));
    assertTrue(e.getMessage().contains("KUBECONFIG"), e.getMessage());
  }

  @Test
  void kubeconfigListFindsAnExistingFile() throws IOException {
    Path real = file("kube/real");
    String list = dir.resolve("missing") + File.pathSeparator + real;
    ClusterDetection d = detect(Map.of("KUBECONFIG", list), Map.of(), null);
    assertEquals("kubeconfig " + real, d.source().orElseThrow());
    assertEquals(ClusterMode.ON, d.resolve(ClusterMode.ON));
    // auto means in a pod: a kubeconfig alone never turns lookups on
    assertEquals(ClusterMode.OFF, d.resolve(ClusterMode.AUTO));
  }

  @Test
  void danglingKubeconfigIsNotAConfiguration() throws IOException {
    file("home/.kube/config");
    ClusterDetection d =
        detect(Map.of("KUBECONFIG", dir.resolve("nope").toString()), Map.of(), dir.resolve("home"));
    // fabric8 reads only KUBECONFIG when it is set, so ~/.kube/config would not be used either
    assertEquals(ClusterMode.OFF, d.resolve(ClusterMode.AUTO));
  }

  @Test
  void homeKubeconfigIsUsedOnlyWithOn() throws IOException {
    file("home/.kube/config");
    ClusterDetection d = detect(Map.of(), Map.of(), dir.resolve("home"));
    assertEquals(ClusterMode.OFF, d.resolve(ClusterMode.AUTO));
    assertEquals(ClusterMode.ON, d.resolve(ClusterMode.ON));
  }

  @Test
  void inClusterNeedsBothTheServiceHostAndTheToken() throws IOException {
    Map<String, String> env = Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1");
    assertEquals(ClusterMode.OFF, detect(env, Map.of(), null).resolve(ClusterMode.AUTO));
    file("sa-token");
    assertEquals("in-cluster service account", detect(env, Map.of(), null).source().orElseThrow());
    assertEquals(ClusterMode.ON, detect(env, Map.of(), null).resolve(ClusterMode.AUTO));
    assertEquals(ClusterMode.OFF, detect(Map.of(), Map.of(), null).resolve(ClusterMode.AUTO));
  }

  @Test
  void explicitMasterUrlCounts() {
    ClusterDetection d =
        detect(Map.of(), Map.of("kubernetes.master", "https://127.0.0.1:6443"), null);
    assertEquals(ClusterMode.ON, d.resolve(ClusterMode.ON));
  }

  @Test
  void modeParsing() {
    assertEquals(ClusterMode.AUTO, ClusterMode.parse(" Auto "));
    assertEquals(ClusterMode.ON, ClusterMode.parse("on"));
    assertEquals(ClusterMode.OFF, ClusterMode.parse("OFF"));
    var e = assertThrows(IllegalArgumentException.class, () -> ClusterMode.parse("yes"));
    assertTrue(e.getMessage().contains("auto, on or off"));
  }
}
