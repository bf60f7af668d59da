package io.migrationguard.webhook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.AdmissionResponse;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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
  private final JsonFactory json = new JsonFactory();

  public void review(
      Webhook webhook,
      AdmissionRequest r,
      AdmissionResponse v,
      Set<String> rules,
      String kubevirtVersion,
      long nanos) {
    if (!LOG.isInfoEnabled()) {
      return;
    }
    // Streamed, not built as a tree: this runs once per review, on the event loop.
    StringWriter out = new StringWriter(384);
    try (JsonGenerator g = json.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("time", Instant.now().toString());
      g.writeStringField("webhook", webhook.label());
      g.writeStringField("uid", cap(r.uid()));
      g.writeStringField("kind", cap(r.kind()));
      g.writeStringField("namespace", cap(r.namespace()));
      g.writeStringField("name", cap(name(r)));
      g.writeStringField("operation", cap(r.operation()));
      g.writeStringField("user", cap(r.username()));
      g.writeBooleanField("dryRun", r.dryRun());
      g.writeBooleanField("allowed", v.allowed());
      if (v.status() != null) {
        g.writeNumberField("code", v.status().code());
      }
      g.writeNumberField("latencyMs", Math.round(nanos / 1000.0) / 1000.0);
      g.writeArrayFieldStart("rules");
      for (String rule : rules) {
        g.writeString(rule);
      }
      g.writeEndArray();
      g.writeBooleanField("patched", !v.patch().isEmpty());
      if (kubevirtVersion != null) {
        g.writeStringField("kubevirtVersion", kubevirtVersion);
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    LOG.info(out.toString());
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
