package io.migrationguard.core.release;

import java.util.List;

/**
 * A field that KubeVirt's Go type declares unsigned ({@code uint64}, {@code *uint64}) in a release:
 * KubeVirt's admitter decodes the request with {@code encoding/json}, which cannot put a negative
 * number, or one over 2^64 - 1, into it, and denies the request with the decoder's message. Where
 * the release's CRD schema already refuses the value (a {@code minimum}), the API server answers
 * first; where it has no lower bound (v1.9's stall-detector timeouts), the admitter is the one.
 *
 * @param path the field's path from the object root, e.g. {@code [spec, maxDowntimeMs]}
 * @param goStruct the Go struct that holds it, as the decoder names it ({@code
 *     MigrationPolicySpec})
 * @param goType the Go type as the decoder names it ({@code uint64})
 */
public record UnsignedField(List<String> path, String goStruct, String goType) {
  public UnsignedField {
    path = List.copyOf(path);
  }

  /** A {@code uint64} field of {@code goStruct} at {@code path}. */
  public static UnsignedField uint64(String goStruct, String... path) {
    return new UnsignedField(List.of(path), goStruct, "uint64");
  }

  /** The path in Go's and KubeVirt's words, {@code spec.maxDowntimeMs}. */
  public String dotted() {
    return String.join(".", path);
  }
}
