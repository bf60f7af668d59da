package io.migrationguard.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.Verdict;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * One JSON line per answered review on the logger {@value #CATEGORY} (application.properties gives
 * it a handler that prints the message alone, so each line is a JSON document): time, webhook, uid,
 * kind, namespace, name, operation, user, dryRun, allowed, code, latencyMs, rules, patched.
 */
@ApplicationScoped
public class ReviewLog {
  /** The log category of review lines. */
  public static final String CATEGORY = "migration-guard.review";

  private static final Logger LOG = Logger.getLogger(CATEGORY);
  private static final int MAX_FIELD_CHARS = 256;
  private final ObjectMapper mapper = new ObjectMapper();

  public void review(
      Webhook webhook, AdmissionRequest r, Verdict v, Set<String> rules, long nanos) {
    if (!LOG.isInfoEnabled()) {
      return;
    }
    ObjectNode line = mapper.createObjectNode();
    line.put("time", Instant.now().toString());
    line.put("webhook", webhook.label());
    line.put("uid", cap(r.uid()));
    line.put("kind", cap(r.kind()));
    line.put("namespace", cap(r.namespace()));
    line.put("name", cap(name(r)));
    line.put("operation", cap(r.operation()));
    line.put("user", cap(r.username()));
    line.put("dryRun", r.dryRun());
    line.put("allowed", v.allowed());
    if (v.status() != null) {
      line.put("code", v.status().code());
    }
    line.put("latencyMs", Math.round(nanos / 1000.0) / 1000.0);
    rules.forEach(line.putArray("rules")::add);
    line.put("patched", !v.patch().isEmpty());
    LOG.info(line.toString());
  }

  // Values come from the request: a hostile megabyte-long name must not become a megabyte of log.
  private static String cap(String s) {
    return s == null || s.length() <= MAX_FIELD_CHARS ? s : s.substring(0, MAX_FIELD_CHARS) + "...";
  }

  private static String name(AdmissionRequest r) {
    String name = r.object() == null ? "" : r.object().path("metadata").path("name").asText("");
    return name.isEmpty() ? r.name() : name;
  }
}
