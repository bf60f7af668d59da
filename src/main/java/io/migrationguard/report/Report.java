package io.migrationguard.report;

/**
 * One output format. Receives the results file by file in input order, as soon as each is ready,
 * then the totals; writes to the stream it was built with. Formats that can stream do; those whose
 * header needs the totals (JUnit) buffer their body.
 */
public interface Report {
  /** The results of one input file. */
  void file(FileResult result);

  /** The end of the run. */
  void finish(Summary summary);
}
