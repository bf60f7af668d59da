package io.migrationguard.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged jar's {@code export admission-policies}, as the check runs it on a fresh
 * build: exit 0, output in the API's shape for the version, every expression compiling in that
 * version's CEL.
 */
class ExportJarIT {
  @ParameterizedTest
  @ValueSource(strings = {"1.30", "1.34", "1.36"})
  void packagedExportHasTheApisShape(String version, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("policies.yaml");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                "target/quarkus-app/quarkus-run.jar",
                "export",
                "admission-policies",
                "-o",
                file.toString(),
                "--kubernetes-version",
                version)
            .redirectErrorStream(true)
            .start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits on its own");
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), output);
    List<ObjectNode> docs = ExportedDocuments.parse(Files.readString(file));
    assertEquals(
        List.of(), ExportedDocuments.problems(docs, KubernetesVersion.parse(version)), version);
    new PolicyEvaluator(docs).compileAll();
  }
}
