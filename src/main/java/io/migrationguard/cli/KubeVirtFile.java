package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.manifest.Document;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@code --kubevirt FILE}: the first KubeVirt object in the file, for its feature gates and its
 * {@code status.observedKubeVirtVersion} (the release profile when none is named).
 */
final class KubeVirtFile {
  private KubeVirtFile() {}

  /** The KubeVirt object of {@code file}. */
  static JsonNode load(String file) throws UsageException {
    String text;
    try {
      text =
          new String(
              Reading.regularFile(Path.of(file), ConfigFile.MAX_BYTES * 8, "KubeVirt CR file"),
              StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("--kubevirt " + file + ": cannot read: " + Parsing.reason(e));
    }
    for (Document d : ManifestFiles.decoded("--kubevirt ", file, text)) {
      // A List too, as kubectl get kubevirt -A -o yaml prints one.
      for (JsonNode o : ManifestFiles.objects(d.root())) {
        if ("KubeVirt".equals(o.path("kind").asText())
            && o.path("apiVersion").asText().startsWith("kubevirt.io/")) {
          return o;
        }
      }
    }
    throw new UsageException("--kubevirt " + file + ": no KubeVirt object (kubevirt.io) in it");
  }

  /** The gates of a loaded KubeVirt object, or none listed without one. */
  static FeatureGates gates(JsonNode kubevirt) {
    return kubevirt == null ? FeatureGates.defaults() : FeatureGates.fromKubeVirt(kubevirt);
  }

  /**
   * The release profile: {@code named} ({@code --kubevirt-version}, the config file) first, else
   * the {@code --kubevirt} file's observed version, else the newest release. A named version that
   * names no profile is a usage error; what the file says and cannot be used is a warning on {@code
   * err}, with the profile used instead.
   */
  static ReleaseChoice release(String named, String file, JsonNode kubevirt, PrintStream err)
      throws UsageException {
    return releaseFrom(named, "--kubevirt " + file, kubevirt, err);
  }

  /** As {@link #release}, the CR named by {@code from} ("--kubevirt FILE", "the cluster's"). */
  static ReleaseChoice releaseFrom(String named, String from, JsonNode kubevirt, PrintStream err)
      throws UsageException {
    return releaseFrom(named, from, kubevirt, err, "lint");
  }

  /** As {@link #releaseFrom}, warnings prefixed with {@code command} ("lint", "explain"). */
  static ReleaseChoice releaseFrom(
      String named, String from, JsonNode kubevirt, PrintStream err, String command)
      throws UsageException {
    ReleaseChoice choice;
    if (named != null) {
      try {
        choice = ReleaseChoice.of(named);
      } catch (ReleaseChoice.UnknownVersion e) {
        throw new UsageException("--kubevirt-version: " + e.getMessage());
      }
    } else if (kubevirt != null) {
      JsonNode v = kubevirt.path("status").path("observedKubeVirtVersion");
      choice = ReleaseChoice.observed(v.isTextual() ? v.textValue() : null, from);
    } else {
      choice = ReleaseChoice.newest();
    }
    if (choice.warning() != null) {
      err.println(command + ": " + choice.warning());
    }
    return choice;
  }
}
