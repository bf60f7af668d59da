package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.cli.read.Document;
import io.migrationguard.cli.read.ManifestReader;
import io.migrationguard.core.cluster.FeatureGates;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The feature gates of {@code --kubevirt FILE}: the first KubeVirt object in the file. */
final class KubeVirtGates {
  private KubeVirtGates() {}

  static FeatureGates load(String file) throws UsageException {
    String text;
    try {
      text = new String(Files.readAllBytes(Path.of(file)), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("--kubevirt " + file + ": cannot read: " + Parsing.reason(e));
    }
    for (Document d : ManifestReader.read(file, text)) {
      if (d.failed()) {
        throw new UsageException(
            "--kubevirt "
                + file
                + ":"
                + d.start().line()
                + ":"
                + d.start().column()
                + ": "
                + d.error());
      }
      JsonNode root = d.root();
      if ("KubeVirt".equals(root.path("kind").asText())
          && root.path("apiVersion").asText().startsWith("kubevirt.io/")) {
        return FeatureGates.fromKubeVirt(root);
      }
    }
    throw new UsageException("--kubevirt " + file + ": no KubeVirt object (kubevirt.io) in it");
  }
}
