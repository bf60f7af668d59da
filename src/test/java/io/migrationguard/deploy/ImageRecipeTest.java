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

  /**
   * The class-data archive loads only in the JVM that wrote it and records the options it was
   * trained with: the training stage runs on the runtime's base image, with the Deployment's JVM
   * options, and the runtime starts with the archive it wrote.
   */
  @Test
  void theArchiveIsTrainedOnTheRuntimeImageWithTheDeploymentsOptions() throws IOException {
    List<String> lines = Files.readAllLines(DOCKERFILE);
    List<String> from = lines.stream().filter(l -> l.startsWith("FROM ")).toList();
    assertEquals(2, from.size(), "a training stage and the runtime");
    assertEquals(
        from.get(0).replace(" AS appcds", ""), from.get(1), "the same base image for both");
    String trainingOptions =
        lines.stream()
            .filter(l -> l.startsWith("ENV JAVA_TOOL_OPTIONS="))
            .map(l -> l.substring("ENV JAVA_TOOL_OPTIONS=".length()).replace("\"", ""))
            .findFirst()
            .orElseThrow();
    assertEquals(m.env("JAVA_TOOL_OPTIONS"), trainingOptions);
    String training = instruction(lines, "RUN");
    assertTrue(training.contains("\"-XX:ArchiveClassesAtExit=/tmp/app-cds.jsa\""), training);
    assertTrue(training.contains("\"-Dmigration-guard.startup-training=true\""), training);
    assertTrue(
        lines.contains("COPY --from=appcds /tmp/app-cds.jsa /deployments/app-cds.jsa"),
        "the runtime holds the archive");
    int runtime = lines.indexOf(from.get(1));
    assertTrue(
        lines.subList(runtime, lines.size()).stream()
            .filter(l -> l.startsWith("COPY "))
            .allMatch(l -> l.startsWith("COPY --from=appcds ")),
        "the runtime's files are the very ones the archive was written with");
    assertTrue(
        instruction(lines, "ENTRYPOINT")
            .contains("\"-XX:SharedArchiveFile=/deployments/app-cds.jsa\""),
        "and starts with it");
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
