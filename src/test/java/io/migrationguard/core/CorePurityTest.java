package io.migrationguard.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine stays pure Java: no Quarkus, Jakarta, Vert.x or Kubernetes client in core/.
 * zjsonpatch, a plain Jackson library that only ships under fabric8's name, is the one fabric8
 * package allowed.
 */
class CorePurityTest {
  private static final Pattern FORBIDDEN =
      Pattern.compile(
          "^import\\s+(static\\s+)?(io\\.quarkus|jakarta|javax\\.inject|io\\.vertx|io\\.fabric8\\.(?!zjsonpatch\\.)|io\\.smallrye|io\\.micrometer)\\b.*",
          Pattern.MULTILINE);

  @Test
  void coreImportsNoFramework() throws IOException {
    Path core = Path.of("src/main/java/io/migrationguard/core");
    assertTrue(
        Files.isDirectory(core), "core sources not found from " + Path.of("").toAbsolutePath());
    List<String> offenders;
    try (Stream<Path> files = Files.walk(core)) {
      offenders =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> FORBIDDEN.matcher(read(p)).find())
              .map(Path::toString)
              .toList();
    }
    assertEquals(List.of(), offenders);
  }

  @Test
  void detectorCatchesAFrameworkImport() {
    assertTrue(FORBIDDEN.matcher("package x;\nimport io.quarkus.runtime.Quarkus;\n").find());
    assertTrue(FORBIDDEN.matcher("import io.fabric8.kubernetes.client.KubernetesClient;").find());
    assertFalse(FORBIDDEN.matcher("import io.fabric8.zjsonpatch.JsonDiff;").find());
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
