package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.RequestConfigBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.Lookup;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * Reads straight from the API server, each request bounded by the review's {@link Deadline}: the
 * VMI GET of every migration CREATE, and any cache that is not synced and watching right now. The
 * raw JSON is parsed once into the tree the engine reads (no typed model in between). A 404 means
 * absent (an object) or not served (a collection: nothing); anything else that is not a 2xx, and
 * every I/O failure or timeout, is a {@link ClusterUnavailableException}.
 */
final class LiveLookups {
  private static final long BACKSTOP_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  /**
   * Objects per page of a live list: it runs on a review's thread, up to 32 at once, so a page is
   * kept small (100 migrations as virt-controller leaves them: about 330 KB of JSON).
   */
  static final int PAGE = 100;

  private final HttpClient http;
  private final String root;
  private final ObjectMapper mapper;

  LiveLookups(KubernetesClient client, ObjectMapper mapper) {
    // No retries: within a 2 s budget a retry only hides the outage the caller must report.
    this.http =
        client
            .getHttpClient()
            .newBuilder()
            .tag(new RequestConfigBuilder().withRequestRetryBackoffLimit(0).build())
            .build();
    String url = client.getMasterUrl().toString();
    this.root = url.endsWith("/") ? url : url + "/";
    this.mapper = mapper;
  }

  /** GETs one object; empty when the API server answers 404. */
  Optional<JsonNode> get(String path, Lookup lookup, String what, Deadline deadline) {
    HttpResponse<String> response = send(path, lookup, what, deadline);
    if (response.code() == 404) {
      return Optional.empty();
    }
    return Optional.of(parse(response, lookup, what));
  }

  /**
   * How recent a live list must be, in the API server's {@code resourceVersion} semantics
   * ("Semantics for get and list" in the Kubernetes API concepts).
   */
  enum Read {
    /**
     * The current state (no {@code resourceVersion}): with a {@code limit}, as every page here, a
     * read of etcd, unless the API server is recent enough to serve consistent lists from its watch
     * cache (docs/cluster.md says which). For the lookups a uniqueness rule decides on.
     */
    CONSISTENT,
    /**
     * Any recent state ({@code resourceVersion=0}): served from the API server's watch cache, not
     * etcd (refused with 429 while that cache initialises). A consistent list with a label selector
     * from etcd reads every object of the namespace and filters them afterwards; in a namespace of
     * thousands of pods and a drain's burst of migration creates, that is the API server's load.
     */
    ANY_RECENT
  }

  /**
   * LISTs a collection in pages of {@value #PAGE} ({@code limit}/{@code continue}), keeping what
   * {@code keep} makes of each item (null: dropped), so that a collection of thousands of 3 KB
   * migrations is never one response, nor one tree, in memory; none when the API server does not
   * serve it (404). Every page draws on the same deadline. A consistent read.
   *
   * @param selector a selector made by {@link #byLabel} or {@link #byName}, or null
   */
  List<JsonNode> list(
      String path,
      String selector,
      Lookup lookup,
      String what,
      Deadline deadline,
      UnaryOperator<JsonNode> keep) {
    return list(path, selector, Read.CONSISTENT, lookup, what, deadline, keep);
  }

  /**
   * As {@link #list(String, String, Lookup, String, Deadline, UnaryOperator)}, read as {@code read}
   * says.
   */
  List<JsonNode> list(
      String path,
      String selector,
      Read read,
      Lookup lookup,
      String what,
      Deadline deadline,
      UnaryOperator<JsonNode> keep) {
    List<JsonNode> out = new ArrayList<>();
    String cont = null;
    do {
      StringBuilder query = new StringBuilder(path).append("?limit=").append(PAGE);
      if (selector != null) {
        query.append('&').append(selector);
      }
      if (cont != null) {
        // The token holds the version of the first page: client-go's pager sends no other.
        query.append("&continue=").append(encode(cont));
      } else if (read == Read.ANY_RECENT) {
        query.append("&resourceVersion=0");
      }
      HttpResponse<String> response = send(query.toString(), lookup, what, deadline);
      if (response.code() == 404) {
        return List.of();
      }
      JsonNode page = parse(response, lookup, what);
      for (JsonNode item : page.path("items")) {
        JsonNode kept = keep.apply(item);
        if (kept != null) {
          out.add(kept);
        }
      }
      JsonNode next = page.path("metadata").path("continue");
      cont = next.isTextual() && !next.textValue().isEmpty() ? next.textValue() : null;
    } while (cont != null);
    return out;
  }

  /** The objects labelled {@code key=value} (parts that passed {@link Names}). */
  static String byLabel(String key, String value) {
    return "labelSelector=" + encode(key + "=" + value);
  }

  /**
   * The object named {@code name}, by field selector: a list, not a GET, so the service needs no
   * {@code get} on the resource (the API server serves {@code metadata.name} for every kind).
   */
  static String byName(String name) {
    return "fieldSelector=" + encode("metadata.name=" + name);
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private HttpResponse<String> send(String path, Lookup lookup, String what, Deadline deadline) {
    return send(path, lookup, what, deadline, true);
  }

  /**
   * @param mayRetry whether a GET that met a pooled connection closed under it (an idle connection
   *     a load balancer or the API server dropped) may be sent once more, on a new connection,
   *     within the same deadline: the one failure a retry cures without hiding an outage
   */
  private HttpResponse<String> send(
      String path, Lookup lookup, String what, Deadline deadline, boolean mayRetry) {
    long nanos = deadline.remainingNanos();
    if (nanos == 0) {
      throw new ClusterUnavailableException(lookup, what + ": lookup timeout already spent");
    }
    HttpRequest request =
        http.newHttpRequestBuilder()
            .uri(root + path)
            .header("Accept", "application/json")
            // a backstop that frees the connection should the cancel below not reach it
            .timeout(nanos + BACKSTOP_NANOS, TimeUnit.NANOSECONDS)
            .build();
    CompletableFuture<HttpResponse<String>> future = http.sendAsync(request, String.class);
    try {
      HttpResponse<String> response = future.get(nanos, TimeUnit.NANOSECONDS);
      if (response.code() != 404 && !response.isSuccessful()) {
        throw new ClusterUnavailableException(
            lookup, what + ": API server answered HTTP " + response.code());
      }
      return response;
    } catch (TimeoutException e) {
      future.cancel(true);
      throw noAnswer(lookup, what);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof TimeoutException
          || cause.getClass().getSimpleName().contains("Timeout")) {
        throw noAnswer(lookup, what); // the HTTP client's own timer fired first: same thing
      }
      if (mayRetry && closedUnderUs(cause) && !deadline.expired()) {
        return send(path, lookup, what, deadline, false);
      }
      throw new ClusterUnavailableException(lookup, what + ": " + describe(cause));
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new ClusterUnavailableException(lookup, what + ": interrupted");
    }
  }

  /** A connection that was closed or reset while idle in the pool, not a refused one. */
  static boolean closedUnderUs(Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
      // The transports word it differently (Vert.x: "Connection was closed", a JDK socket:
      // "Connection reset"); a refused connection or a timeout says neither.
      if (m.contains("closed") || m.contains("reset")) {
        return true;
      }
    }
    return false;
  }

  private JsonNode parse(HttpResponse<String> response, Lookup lookup, String what) {
    try {
      JsonNode tree = mapper.readTree(response.body() == null ? "" : response.body());
      if (tree == null || !tree.isObject()) {
        throw new ClusterUnavailableException(lookup, what + ": API server sent no JSON object");
      }
      return tree;
    } catch (IOException e) {
      throw new ClusterUnavailableException(lookup, what + ": API server sent malformed JSON");
    }
  }

  private static ClusterUnavailableException noAnswer(Lookup lookup, String what) {
    return new ClusterUnavailableException(
        lookup, what + ": no answer from the API server within the lookup timeout");
  }

  /**
   * What went wrong, for the 503's message: the transport's own words, never a Java class name (the
   * answer goes to the API server's client; issue 8, no internal detail in any response).
   */
  private static String describe(Throwable t) {
    String message = t.getMessage();
    return "cannot reach the API server" + (message == null ? "" : " (" + message + ")");
  }
}
