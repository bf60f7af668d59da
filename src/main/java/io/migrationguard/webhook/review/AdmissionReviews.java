package io.migrationguard.webhook.review;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Locale;

/**
 * The AdmissionReview wire format ({@code admission.k8s.io/v1}): parses a request body into an
 * {@link AdmissionRequest} and writes responses. Parsing is bounded (see {@link #MAX_DEPTH} and
 * friends) so that hostile bodies fail fast with a 400 instead of exhausting the stack or heap.
 * Thread-safe; build one and share it.
 */
public final class AdmissionReviews {
  /** The only AdmissionReview version served (webhook configurations ask for {@code [v1]}). */
  public static final String API_VERSION = "admission.k8s.io/v1";

  /** The largest body the service reads, as the Kubernetes API server's own request limit. */
  public static final int MAX_BODY_BYTES = 3 * 1024 * 1024;

  /**
   * JSON nesting limit. Objects of both kinds nest about 10 levels inside the review; 200 leaves
   * room for anything legitimate and stops recursion bombs long before they cost anything.
   */
  public static final int MAX_DEPTH = 200;

  /** Longest number literal, in characters (Jackson's default). */
  public static final int MAX_NUMBER_CHARS = 1000;

  /** Longest object key, in characters; label keys, the longest legitimate ones, are 317. */
  public static final int MAX_NAME_CHARS = 64 * 1024;

  private final ObjectMapper mapper;
  private final ResponseWriter writer;

  public AdmissionReviews() {
    StreamReadConstraints limits =
        StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH)
            .maxStringLength(MAX_BODY_BYTES)
            .maxNumberLength(MAX_NUMBER_CHARS)
            .maxNameLength(MAX_NAME_CHARS)
            .maxDocumentLength(MAX_BODY_BYTES)
            .build();
    JsonFactory factory = JsonFactory.builder().streamReadConstraints(limits).build();
    this.mapper = new ObjectMapper(factory).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    this.writer = new ResponseWriter(mapper);
  }

  /** Parses a request body; never throws for bad input. */
  public Parsed parse(byte[] body) {
    JsonNode root;
    try {
      root = mapper.readTree(body);
    } catch (StreamConstraintsException e) {
      return bad("the body exceeds a parsing limit: " + limitExceeded(e.getMessage()));
    } catch (JsonProcessingException e) {
      return bad("the body is not valid JSON: " + e.getOriginalMessage() + at(e.getLocation()));
    } catch (IOException e) {
      return bad("the body could not be read");
    }
    if (root == null || root.isMissingNode()) {
      return bad("the body is empty; expected an " + API_VERSION + " AdmissionReview");
    }
    return Envelope.read(root);
  }

  /** The AdmissionReview answering {@code request} with the response {@code answer}. */
  public byte[] response(AdmissionRequest request, AdmissionResponse answer) {
    return writer.review(request, answer);
  }

  /** A bare {@code v1 Status} body for answers outside a review (400, 404, 413, ...). */
  public byte[] status(int code, String reason, String message) {
    return writer.status(code, reason, message);
  }

  static Parsed bad(String message) {
    return new Parsed.BadRequest(message);
  }

  private static String at(JsonLocation loc) {
    if (loc == null || loc.getLineNr() < 1) {
      return "";
    }
    return " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
  }

  // Jackson's own text names its classes; say the same thing in our words.
  private static String limitExceeded(String jackson) {
    String m = jackson == null ? "" : jackson.toLowerCase(Locale.ROOT);
    if (m.contains("nesting")) {
      return "JSON nested deeper than " + MAX_DEPTH + " levels";
    }
    if (m.contains("number")) {
      return "a number longer than " + MAX_NUMBER_CHARS + " characters";
    }
    if (m.contains("name")) {
      return "an object key longer than " + MAX_NAME_CHARS + " characters";
    }
    if (m.contains("string")) {
      return "a string longer than " + MAX_BODY_BYTES + " characters";
    }
    return "a document larger than " + MAX_BODY_BYTES + " bytes";
  }
}
