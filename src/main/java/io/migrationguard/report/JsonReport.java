package io.migrationguard.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * One JSON document, {@code {"resources": [...], "summary": {...}}}, in the shape of
 * docs/lint.md#the-json-report. Streams: one resource per line as it is ready, written with
 * Jackson's generator (no tree, no object mapper), so memory stays flat and large runs stay cheap.
 */
public final class JsonReport implements Report {
  private static final JsonFactory JSON = new JsonFactory();
  private final PrintStream out;
  private final Map<String, String> fixes;
  private boolean first = true;

  /** Findings carry no fix. */
  public JsonReport(PrintStream out) {
    this(out, Map.of());
  }

  /** Each finding carries its rule's {@code fix} (rule id to fix). */
  public JsonReport(PrintStream out, Map<String, String> fixes) {
    this.out = out;
    this.fixes = Map.copyOf(fixes);
    out.print("{\"resources\": [");
  }

  @Override
  public void file(FileResult result) {
    // One resource at a time: a file of a hundred thousand resources is never one huge string.
    try {
      for (ResourceResult r : result.resources()) {
        StringWriter sw = new StringWriter();
        sw.write(first ? "\n  " : ",\n  ");
        first = false;
        try (JsonGenerator g = JSON.createGenerator(sw)) {
          resource(g, r, fixes);
        }
        out.print(TerminalText.json(sw.toString()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
  }

  private static void resource(JsonGenerator g, ResourceResult r, Map<String, String> fixes)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("filename", r.file());
    g.writeNumberField("line", r.loc().line());
    g.writeStringField("kind", r.kind());
    g.writeStringField("name", r.name());
    g.writeStringField("namespace", r.namespace());
    g.writeStringField("version", r.apiVersion());
    g.writeStringField("status", r.status().label());
    g.writeArrayFieldStart("findings");
    for (LocatedFinding f : r.findings()) {
      g.writeStartObject();
      g.writeStringField("rule", f.finding().rule());
      g.writeStringField("severity", f.finding().severity().label());
      g.writeStringField("type", f.finding().type().wireName());
      g.writeStringField("field", f.field());
      g.writeStringField("message", f.message());
      g.writeNumberField("line", f.loc().line());
      g.writeNumberField("column", f.loc().column());
      String fix = fixes.get(f.finding().rule());
      if (fix != null) {
        g.writeStringField("fix", fix);
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    if (r.patch() != null) {
      g.writeFieldName("patch");
      g.writeRawValue(Patches.toJson(r.patch()));
    }
    g.writeEndObject();
  }

  @Override
  public void finish(Summary s) {
    StringWriter sw = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(sw)) {
      g.writeStartObject();
      g.writeNumberField("files", s.files());
      g.writeNumberField("resources", s.resources());
      g.writeNumberField("valid", s.valid());
      g.writeNumberField("invalid", s.invalid());
      g.writeNumberField("errors", s.errors());
      g.writeNumberField("skipped", s.skipped());
      g.writeNumberField("warnings", s.warnings());
      g.writeArrayFieldStart("notChecked");
      for (String id : s.notChecked()) {
        g.writeString(id);
      }
      g.writeEndArray();
      if (s.release() != null) {
        g.writeStringField("kubevirtVersion", s.release().release().name());
        if (s.release().observed() != null) {
          g.writeStringField("kubevirtVersionFrom", s.release().observed());
        }
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.print(first ? "],\n \"summary\":" : "\n ],\n \"summary\":");
    out.print(TerminalText.json(sw.toString()));
    out.println("}");
    out.flush();
  }
}
