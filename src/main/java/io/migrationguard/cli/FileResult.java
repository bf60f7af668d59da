package io.migrationguard.cli;

import java.util.List;

/** Every resource of one input file, in file order: the unit the outputs receive. */
public record FileResult(String file, List<ResourceResult> resources) {
  public FileResult {
    resources = List.copyOf(resources);
  }
}
