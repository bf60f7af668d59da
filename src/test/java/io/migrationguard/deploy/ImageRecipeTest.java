package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The image recipe runs the packaged app as the user and on the port the Deployment expects. */
class ImageRecipeTest {
  private static final Path DOCKERFILE = Path.of("src", "main", "docker", "Dockerfile.jvm");

  private final Manifests m = Manifests.base();

  @Test
  void userPortAndEntrypointMatchTheDeployment() throws IOException {
    List<String> lines = Files.readAllLines(DOCKERFILE);
    var sc = m.container().path("securityContext");
    assertEquals(
        "USER " + sc.path("runAsUser").asInt() + ":" + sc.path("runAsGroup").asInt(),
        instruction(lines, "USER"));
    assertEquals("EXPOSE " + m.env("MIGRATION_GUARD_PORT"), instruction(lines, "EXPOSE"));
    String entrypoint = instruction(lines, "ENTRYPOINT");
    assertTrue(entrypoint.contains("\"-jar\", \"/deployments/quarkus-run.jar\""), entrypoint);
    assertTrue(entrypoint.contains("-Djava.io.tmpdir=/tmp"), "temp files on the emptyDir");
    assertTrue(
        entrypoint.contains("\"-Djdk.tls.rejectClientInitiatedRenegotiation=true\""),
        "client-initiated TLS renegotiation refused from the first instruction on");
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("COPY target/quarkus-app/lib/")),
        "copies the packaged app");
  }

  @Test
  void buildContextHoldsOnlyThePackagedApp() throws IOException {
    List<String> ignore =
        Files.readAllLines(Path.of(".dockerignore")).stream()
            .filter(l -> !l.isBlank() && !l.startsWith("#"))
            .toList();
    assertEquals(List.of("*", "!target/quarkus-app/"), ignore, "never certs/out (private keys)");
  }

  private static String instruction(List<String> lines, String keyword) {
    List<String> found = lines.stream().filter(l -> l.startsWith(keyword + " ")).toList();
    assertEquals(1, found.size(), keyword + " instructions");
    return found.get(0).trim();
  }
}
