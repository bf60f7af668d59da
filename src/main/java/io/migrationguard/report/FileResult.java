package io.migrationguard.report;

import java.util.List;

/**
 * Every resource of one input file, in file order: the unit the outputs receive.
 *
 * @param file the file name as shown
 * @param stdin whether it is standard input (whose name a file could also have)
 * @param resources its resources, in file order
 * @param nanos how long reading, decoding and checking the file took (summed over the workers), 0
 *     when not measured
 */
public record FileResult(String file, boolean stdin, List<ResourceResult> resources, long nanos) {
  public FileResult {
    resources = List.copyOf(resources);
  }

  /** A file on disk, its time not measured. */
  public FileResult(String file, List<ResourceResult> resources) {
    this(file, false, resources, 0);
  }
}
