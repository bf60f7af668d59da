package io.migrationguard.core.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One RFC 6902 JSON Patch operation. {@code path} is an RFC 6901 pointer; {@code value} is null for
 * {@code remove}.
 */
public record PatchOp(String op, String path, JsonNode value) {
  public static PatchOp add(String path, JsonNode value) {
    return new PatchOp("add", path, value);
  }

  public static PatchOp replace(String path, JsonNode value) {
    return new PatchOp("replace", path, value);
  }

  public static PatchOp remove(String path) {
    return new PatchOp("remove", path, null);
  }
}
