package io.migrationguard.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A stand-in Kubernetes API server for bench/scale.sh: HTTPS on 127.0.0.1 (JDK HttpsServer, the
 * certificate from a PKCS12 file), serving a cluster of the size given ({@link ScaleObjects}:
 * finished migrations, MigrationPolicies, one KubeVirt CR, VMIs, Nodes) generated as JSON text on
 * every request, and Leases ({@code coordination.k8s.io/v1}) held in memory with create, get,
 * update, patch, delete, list and resourceVersion conflicts.
 *
 * <p>Lists honour {@code limit} and {@code continue} (tokens in {@code metadata.continue}); an
 * unpaged list returns every object. {@code watch=true} answers a chunked stream kept open until
 * {@code timeoutSeconds}, with BOOKMARK events when {@code allowWatchBookmarks=true} and nothing
 * else (the generated objects never change). Equality label selectors are honoured. A websocket
 * upgrade is answered 200 without upgrading (as {@code kubectl proxy} does), so that a client falls
 * back to an HTTP watch. Unknown paths get a 404 Status.
 *
 * <p>Every request is logged (one line: time since start, method, URI, status, milliseconds) to
 * standard output; at exit a summary of what was served (count, p50/p99/max latency and bytes by
 * verb and resource) follows. Exits after {@code --max-seconds} or when the {@code --control} file
 * appears.
 *
 * <p>Usage: {@code ScaleApiServer --p12 tls.p12 --p12-pass PASS --ca ca.crt --kubeconfig OUT
 * --control FILE [--migrations N --policies P --nodes K --vmis V --namespaces NS --max-seconds S
 * --bookmark-seconds B --port PORT]}
 */
public final class ScaleApiServer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long START = System.nanoTime();
  private static final long OBJECT_RV = 1000;

  private final ScaleObjects objects;
  private final Map<String, Generated> generated = new LinkedHashMap<>();
  private final AtomicLong resourceVersion = new AtomicLong(10_000_000);
  private final ScaleLeases leases = new ScaleLeases(resourceVersion);
  private final ScaleServerStats stats = new ScaleServerStats();
  private final PrintStream log;
  private final long deadlineNanos;
  private final int bookmarkSeconds;
  private volatile boolean stopping;

  /** A generated collection: its objects by index. */
  private record Generated(
      String group,
      String version,
      String plural,
      String kind,
      boolean namespaced,
      int count,
      IntFunction<String> namespace,
      IntFunction<String> name,
      IntFunction<Map<String, String>> labels,
      ObjectJson json) {
    String apiVersion() {
      return group.isEmpty() ? version : group + "/" + version;
    }
  }

  private interface ObjectJson {
    String json(int index, long resourceVersion);
  }

  ScaleApiServer(ScaleObjects o, PrintStream log, long deadlineNanos, int bookmarkSeconds) {
    this.objects = o;
    this.log = log;
    this.deadlineNanos = deadlineNanos;
    this.bookmarkSeconds = bookmarkSeconds;
    add(
        new Generated(
            "kubevirt.io",
            "v1",
            "virtualmachineinstancemigrations",
            "VirtualMachineInstanceMigration",
            true,
            o.migrations,
            o::migrationNamespace,
            o::migrationName,
            o::migrationLabels,
            o::migration));
    add(
        new Generated(
            "kubevirt.io",
            "v1",
            "virtualmachineinstances",
            "VirtualMachineInstance",
            true,
            o.vmis,
            o::namespaceOfVmi,
            ScaleObjects::vmiName,
            o::vmiLabels,
            o::vmi));
    add(
        new Generated(
            "kubevirt.io",
            "v1",
            "kubevirts",
            "KubeVirt",
            true,
            1,
            i -> "kubevirt",
            i -> "kubevirt",
            i -> Map.of(),
            (i, rv) -> o.kubevirt(rv)));
    add(
        new Generated(
            "migrations.kubevirt.io",
            "v1alpha1",
            "migrationpolicies",
            "MigrationPolicy",
            false,
            o.policies,
            i -> null,
            i -> "policy-" + i,
            o::policyLabels,
            o::policy));
    add(
        new Generated(
            "",
            "v1",
            "nodes",
            "Node",
            false,
            o.nodes,
            i -> null,
            o::nodeName,
            o::nodeLabels,
            o::node));
  }

  private void add(Generated g) {
    generated.put(g.apiVersion() + "/" + g.plural(), g);
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    System.setProperty("sun.net.httpserver.nodelay", "true");
    // Keep idle keep-alive connections (the JDK closes them after 30 s): a close racing the
    // client's
    // reuse of the connection would fail a VMI GET for a reason of this stand-in's own.
    System.setProperty("sun.net.httpserver.idleInterval", "900");
    ScaleObjects o =
        new ScaleObjects(
            Integer.parseInt(opt.getOrDefault("migrations", "500")),
            Integer.parseInt(opt.getOrDefault("policies", "20")),
            Integer.parseInt(opt.getOrDefault("nodes", "500")),
            Integer.parseInt(opt.getOrDefault("vmis", "10000")),
            Integer.parseInt(opt.getOrDefault("namespaces", "50")));
    long maxSeconds = Long.parseLong(opt.getOrDefault("max-seconds", "1200"));
    Path control = Path.of(opt.getOrDefault("control", "scale-api.exit"));
    PrintStream log = new PrintStream(new java.io.BufferedOutputStream(System.out, 1 << 16), false);
    ScaleApiServer api =
        new ScaleApiServer(
            o,
            log,
            START + maxSeconds * 1_000_000_000L,
            Integer.parseInt(opt.getOrDefault("bookmark-seconds", "10")));
    api.printSizes();

    HttpsServer server =
        HttpsServer.create(
            new InetSocketAddress("127.0.0.1", Integer.parseInt(opt.getOrDefault("port", "0"))),
            512);
    server.setHttpsConfigurator(
        new HttpsConfigurator(tls(Path.of(opt.get("p12")), opt.get("p12-pass").toCharArray())));
    ExecutorService pool =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "api");
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(pool);
    server.createContext("/", api::handle);
    server.start();
    int port = server.getAddress().getPort();
    Path kubeconfig = Path.of(opt.get("kubeconfig"));
    Path tmp = Path.of(kubeconfig + ".tmp");
    Files.writeString(tmp, kubeconfig(port, Path.of(opt.get("ca")).toAbsolutePath().toString()));
    Files.move(tmp, kubeconfig, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    System.out.println("API server up on https://127.0.0.1:" + port);
    System.out.flush();
    while (!Files.exists(control) && System.nanoTime() < api.deadlineNanos) {
      Thread.sleep(100);
      synchronized (log) {
        log.flush();
      }
    }
    api.stopping = true;
    Thread.sleep(300); // the watches see it within 100 ms and are counted
    System.out.println(
        Files.exists(control) ? "control file seen: stopping" : "maximum lifetime: stopping");
    server.stop(0);
    pool.shutdownNow();
    synchronized (log) {
      log.flush();
      api.stats.print(System.out, api.leases.size());
      System.out.flush();
    }
    System.exit(0);
  }

  /** The average JSON size of each generated kind, measured on a sample. */
  private void printSizes() {
    StringBuilder out = new StringBuilder("objects:");
    for (Generated g : generated.values()) {
      int n = Math.min(g.count(), 1000);
      long bytes = 0;
      for (int i = 0; i < n; i++) {
        bytes += g.json().json(i * Math.max(1, g.count() / Math.max(1, n)), OBJECT_RV).length();
      }
      out.append(
          String.format(
              " %s=%d (avg %d B)", g.plural(), g.count(), n == 0 ? 0 : bytes / Math.max(1, n)));
    }
    System.out.println(out);
  }

  private static SSLContext tls(Path p12, char[] pass) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(p12.toFile())) {
      ks.load(in, pass);
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, pass);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(kmf.getKeyManagers(), null, null);
    return ctx;
  }

  static String kubeconfig(int port, String ca) {
    return String.join(
        "\n",
        "apiVersion: v1",
        "kind: Config",
        "clusters:",
        "- name: scale",
        "  cluster:",
        "    server: https://127.0.0.1:" + port,
        "    certificate-authority: " + ca,
        "users:",
        "- name: bench",
        "  user:",
        "    token: bench",
        "contexts:",
        "- name: scale",
        "  context: {cluster: scale, user: bench, namespace: migration-guard}",
        "current-context: scale",
        "");
  }

  // ---- dispatch ----

  private void handle(HttpExchange ex) throws IOException {
    long t0 = System.nanoTime();
    String method = ex.getRequestMethod();
    String rawPath = ex.getRequestURI().getRawPath();
    Map<String, String> q = query(ex.getRequestURI().getRawQuery());
    String category = "UNKNOWN " + method;
    int status = 500;
    long bytes = 0;
    String failure = "";
    try {
      byte[] body = ex.getRequestBody().readAllBytes();
      Route r = route(rawPath);
      if (ex.getRequestHeaders().getFirst("Upgrade") != null) {
        category = "WEBSOCKET-UPGRADE (answered 200, no upgrade)";
        status = 200;
        bytes = send(ex, 200, "{}");
      } else if (r == null) {
        Discovery d = discovery(rawPath);
        if (d != null && method.equals("GET")) {
          category = "DISCOVERY " + rawPath;
          status = 200;
          bytes = send(ex, 200, d.json);
        } else {
          category = "NOT-FOUND " + method;
          status = 404;
          bytes =
              send(
                  ex,
                  404,
                  statusJson(
                      404,
                      "NotFound",
                      "the server could not find the requested resource",
                      null,
                      null));
        }
      } else if (r.resource().equals("leases") && r.apiVersion().equals("coordination.k8s.io/v1")) {
        ScaleLeases.Answer a = leases.handle(method, r.namespace(), r.name(), q, body);
        category = a.category();
        status = a.status();
        bytes = send(ex, a.status(), a.body());
      } else {
        Generated g = generated.get(r.apiVersion() + "/" + r.resource());
        if (g == null || (r.namespace() != null && !g.namespaced()) || !method.equals("GET")) {
          category = "NOT-FOUND " + method + " " + r.resource();
          status = g == null ? 404 : 405;
          bytes =
              send(
                  ex,
                  status,
                  statusJson(
                      status,
                      g == null ? "NotFound" : "MethodNotAllowed",
                      g == null
                          ? "the server could not find the requested resource"
                          : "the stand-in serves generated " + r.resource() + " read-only",
                      null,
                      null));
        } else if (r.name() != null) {
          category = "GET " + g.plural();
          int i = find(g, r.namespace(), r.name());
          status = i < 0 ? 404 : 200;
          bytes =
              send(
                  ex,
                  status,
                  i < 0
                      ? statusJson(
                          404,
                          "NotFound",
                          g.plural() + ".kubevirt.io \"" + r.name() + "\" not found",
                          r.name(),
                          g.plural())
                      : g.json().json(i, OBJECT_RV + i));
        } else if (isTrue(q.get("watch"))) {
          category =
              "WATCH " + g.plural() + (isTrue(q.get("allowWatchBookmarks")) ? " (bookmarks)" : "");
          status = 200;
          bytes = watch(ex, g, q);
        } else {
          boolean paged = q.containsKey("limit") && !q.get("limit").equals("0");
          category =
              (paged ? "LIST-PAGE " : "LIST ")
                  + g.plural()
                  + (r.namespace() == null ? "" : " (namespaced)");
          status = 200;
          bytes = list(ex, g, r.namespace(), q);
        }
      }
    } catch (IOException | RuntimeException e) {
      failure = e.toString();
      if (status == 500) {
        category = "ERROR " + category;
      }
    } finally {
      long nanos = System.nanoTime() - t0;
      stats.record(category, nanos, bytes);
      synchronized (log) {
        log.printf(
            "%.3f %s %s %d %.2fms [%s]%s%n",
            (t0 - START) / 1e9,
            method,
            ex.getRequestURI(),
            status,
            nanos / 1e6,
            category,
            failure.isEmpty() ? "" : " " + failure);
      }
      ex.close();
    }
  }

  private record Route(String apiVersion, String namespace, String resource, String name) {}

  /** {@code /api/v1/...} or {@code /apis/G/V/...}: [namespaces/NS/]RESOURCE[/NAME]. */
  static Route route(String path) {
    String[] p = path.replaceAll("^/+|/+$", "").split("/");
    int at;
    String apiVersion;
    if (p.length >= 3 && p[0].equals("api")) {
      apiVersion = p[1];
      at = 2;
    } else if (p.length >= 4 && p[0].equals("apis")) {
      apiVersion = p[1] + "/" + p[2];
      at = 3;
    } else {
      return null;
    }
    String ns = null;
    if (p.length - at >= 3 && p[at].equals("namespaces")) {
      ns = p[at + 1];
      at += 2;
    }
    if (p.length - at == 1) {
      return new Route(apiVersion, ns, p[at], null);
    }
    if (p.length - at == 2) {
      return new Route(apiVersion, ns, p[at], p[at + 1]);
    }
    return null;
  }

  private static boolean isTrue(String v) {
    return "true".equals(v) || "1".equals(v);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw != null) {
      for (String kv : raw.split("&")) {
        int eq = kv.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8);
        String v = eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
        q.put(k, v);
      }
    }
    return q;
  }

  private static long send(HttpExchange ex, int status, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
    if (b.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(b);
      }
    }
    return b.length;
  }

  static String statusJson(int code, String reason, String message, String name, String kind) {
    ObjectNode s = JSON.createObjectNode();
    s.put("kind", "Status").put("apiVersion", "v1");
    s.putObject("metadata");
    s.put("status", "Failure").put("message", message).put("reason", reason);
    if (name != null) {
      s.putObject("details").put("name", name).put("kind", kind);
    }
    s.put("code", code);
    return s.toString();
  }

  // ---- generated collections ----

  private int find(Generated g, String namespace, String name) {
    if (g.plural().equals("virtualmachineinstances")) {
      return objects.vmiIndex(namespace, name); // the hot path: no scan
    }
    for (int i = 0; i < g.count(); i++) {
      if (Objects.equals(g.namespace().apply(i), g.namespaced() ? namespace : null)
          && g.name().apply(i).equals(name)) {
        return i;
      }
    }
    return -1;
  }

  static Map<String, String> selector(String raw) {
    Map<String, String> sel = new LinkedHashMap<>();
    if (raw == null || raw.isBlank()) {
      return sel;
    }
    for (String term : raw.split(",")) {
      String t = term.strip();
      int eq = t.indexOf("==") >= 0 ? t.indexOf("==") : t.indexOf('=');
      if (eq < 0) {
        sel.put(t, null); // existence
      } else {
        sel.put(t.substring(0, eq), t.substring(eq + (t.startsWith("==", eq) ? 2 : 1)));
      }
    }
    return sel;
  }

  static boolean matches(Map<String, String> sel, Map<String, String> labels) {
    for (Map.Entry<String, String> e : sel.entrySet()) {
      String v = labels.get(e.getKey());
      if (v == null || (e.getValue() != null && !e.getValue().equals(v))) {
        return false;
      }
    }
    return true;
  }

  /** A list (one page when {@code limit} is set), streamed chunked: no tree, no whole body. */
  private long list(HttpExchange ex, Generated g, String namespace, Map<String, String> q)
      throws IOException {
    long limit = q.containsKey("limit") ? Long.parseLong(q.get("limit")) : 0;
    long rv = resourceVersion.get();
    int from = 0;
    String token = q.get("continue");
    if (token != null && !token.isEmpty()) {
      String[] t =
          new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split(":");
      rv = Long.parseLong(t[0]);
      from = Integer.parseInt(t[1]);
    }
    Map<String, String> sel = selector(q.get("labelSelector"));
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, 0);
    long bytes = 0;
    try (OutputStream out = new java.io.BufferedOutputStream(ex.getResponseBody(), 1 << 16)) {
      StringBuilder head =
          new StringBuilder("{\"apiVersion\":\"")
              .append(g.apiVersion())
              .append("\",\"kind\":\"")
              .append(g.kind())
              .append("List\",\"items\":[");
      bytes += write(out, head);
      int taken = 0;
      int i = from;
      for (; i < g.count() && (limit <= 0 || taken < limit); i++) {
        if (namespace != null && !namespace.equals(g.namespace().apply(i))) {
          continue;
        }
        if (!sel.isEmpty() && !matches(sel, g.labels().apply(i))) {
          continue;
        }
        bytes += write(out, (taken > 0 ? "," : "") + g.json().json(i, OBJECT_RV + i));
        taken++;
      }
      StringBuilder tail = new StringBuilder("],\"metadata\":{\"resourceVersion\":\"").append(rv);
      if (i < g.count()) {
        String next =
            Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((rv + ":" + i).getBytes(StandardCharsets.UTF_8));
        tail.append("\",\"continue\":\"").append(next);
        tail.append("\",\"remainingItemCount\":").append(g.count() - i).append("}}");
      } else {
        tail.append("\"}}");
      }
      bytes += write(out, tail);
    }
    stats.items(g.plural(), bytes);
    return bytes;
  }

  private static long write(OutputStream out, CharSequence s) throws IOException {
    byte[] b = s.toString().getBytes(StandardCharsets.UTF_8);
    out.write(b);
    return b.length;
  }

  /**
   * A watch: a chunked stream that sends BOOKMARKs (when allowed) and nothing else, kept open until
   * {@code timeoutSeconds} (the server's lifetime at most), the client going away, or the server
   * stopping.
   */
  private long watch(HttpExchange ex, Generated g, Map<String, String> q) throws IOException {
    long timeout = q.containsKey("timeoutSeconds") ? Long.parseLong(q.get("timeoutSeconds")) : 1800;
    long end = Math.min(System.nanoTime() + timeout * 1_000_000_000L, deadlineNanos);
    boolean bookmarks = isTrue(q.get("allowWatchBookmarks"));
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, 0);
    long bytes = 0;
    OutputStream out = ex.getResponseBody();
    out.flush(); // the status line and headers now, as the API server sends them
    // fabric8 counts an HTTP watch as up only once something arrives on it (over a websocket, which
    // this server cannot speak, the upgrade alone does): a first BOOKMARK at once stands in for it.
    long nextBookmark = System.nanoTime();
    try {
      while (!stopping && System.nanoTime() < end) {
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          break;
        }
        if (bookmarks && System.nanoTime() >= nextBookmark) {
          String event =
              "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\""
                  + g.kind()
                  + "\",\"apiVersion\":\""
                  + g.apiVersion()
                  + "\",\"metadata\":{\"resourceVersion\":\""
                  + resourceVersion.get()
                  + "\"}}}\n";
          bytes += write(out, event);
          out.flush();
          nextBookmark = System.nanoTime() + bookmarkSeconds * 1_000_000_000L;
        }
      }
      out.close();
    } catch (IOException e) {
      // the client went away
    }
    return bytes;
  }

  // ---- discovery ----

  private record Discovery(String json) {}

  private Discovery discovery(String path) {
    String p = path.replaceAll("/+$", "");
    switch (p) {
      case "/version":
        return new Discovery(
            "{\"major\":\"1\",\"minor\":\"33\",\"gitVersion\":\"v1.33.1\",\"gitCommit\":\"bench\","
                + "\"gitTreeState\":\"clean\",\"buildDate\":\"2026-05-15T00:00:00Z\","
                + "\"goVersion\":\"go1.24.2\",\"compiler\":\"gc\",\"platform\":\"linux/amd64\"}");
      case "/api":
        return new Discovery(
            "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"],\"serverAddressByClientCIDRs\":"
                + "[{\"clientCIDR\":\"0.0.0.0/0\",\"serverAddress\":\"127.0.0.1:6443\"}]}");
      case "/apis":
        {
          ObjectNode list =
              JSON.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
          ArrayNode groups = list.putArray("groups");
          for (String gv :
              List.of(
                  "kubevirt.io/v1", "migrations.kubevirt.io/v1alpha1", "coordination.k8s.io/v1")) {
            ObjectNode g = groups.addObject().put("name", gv.substring(0, gv.indexOf('/')));
            ObjectNode v =
                JSON.createObjectNode()
                    .put("groupVersion", gv)
                    .put("version", gv.substring(gv.indexOf('/') + 1));
            g.putArray("versions").add(v);
            g.set("preferredVersion", v);
          }
          return new Discovery(list.toString());
        }
      default:
        break;
    }
    String gv =
        p.startsWith("/apis/") ? p.substring(6) : p.startsWith("/api/") ? p.substring(5) : null;
    if (gv == null) {
      return null;
    }
    ObjectNode list =
        JSON.createObjectNode()
            .put("kind", "APIResourceList")
            .put("apiVersion", "v1")
            .put("groupVersion", gv);
    ArrayNode resources = list.putArray("resources");
    for (Generated g : generated.values()) {
      if (g.apiVersion().equals(gv)) {
        resources
            .addObject()
            .put("name", g.plural())
            .put("namespaced", g.namespaced())
            .put("kind", g.kind())
            .putArray("verbs")
            .add("get")
            .add("list")
            .add("watch");
      }
    }
    if (gv.equals("coordination.k8s.io/v1")) {
      resources
          .addObject()
          .put("name", "leases")
          .put("namespaced", true)
          .put("kind", "Lease")
          .putArray("verbs")
          .add("create")
          .add("delete")
          .add("get")
          .add("list")
          .add("patch")
          .add("update")
          .add("watch");
    }
    return resources.isEmpty() ? null : new Discovery(list.toString());
  }
}
