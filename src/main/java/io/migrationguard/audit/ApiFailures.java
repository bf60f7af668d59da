package io.migrationguard.audit;

import io.fabric8.kubernetes.client.KubernetesClientException;

/** The API server's refusals of report reads and writes, in one line an operator can act on. */
final class ApiFailures {
  private ApiFailures() {}

  /** {@code HTTP <code> <message>}, or "no answer" when the request got none. */
  static String status(KubernetesClientException e) {
    return e.getCode() > 0
        ? "HTTP " + e.getCode() + " " + firstLine(e)
        : "no answer (" + firstLine(e) + ")";
  }

  /** The first line of the API server's message (its Status), else of the client's. */
  static String firstLine(KubernetesClientException e) {
    String m =
        e.getStatus() != null && e.getStatus().getMessage() != null
            ? e.getStatus().getMessage()
            : String.valueOf(e.getMessage());
    return m.lines().findFirst().orElse("");
  }

  /** Why the reports cannot be written at all, and what to do: CRDs, RBAC, or the message. */
  static ReportStore.NotWritable refused(KubernetesClientException e, String plural) {
    String what = plural + "." + ReportStore.GROUP;
    return switch (e.getCode()) {
      case 404 ->
          new ReportStore.NotWritable(
              what
                  + " is not served: the OpenReports CRDs (openreports.io) are not installed; the"
                  + " audit keeps its metrics and writes no report");
      case 403 ->
          new ReportStore.NotWritable(
              "forbidden to write "
                  + what
                  + ": apply the audit component's RBAC (manifests/components/audit)");
      default -> new ReportStore.NotWritable("cannot write " + what + ": " + e.getMessage());
    };
  }
}
