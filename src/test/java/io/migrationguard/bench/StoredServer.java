package io.migrationguard.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A read-only API server on 127.0.0.1 that stores {@code N} migrations without holding them: each
 * is generated on the fly from its index, as virt-controller leaves one (managedFields,
 * status.migrationState, phase timestamps; about 3.3 KB of JSON), 97 in 100 Succeeded, 2 Failed, 1
 * Running. Lists page as a real API server does ({@code limit}, a {@code continue} token, {@code
 * remainingItemCount}), in key order (namespace, then name). Also serves five MigrationPolicies and
 * one KubeVirt CR (v1.8.2). Plain HTTP, JDK only: {@code java StoredServer.java N} runs it from
 * source and prints {@code port P}; bench/stored.sh uses it, and so does StoredPagesTest (which
 * counts its lists).
 */
public final class StoredServer implements AutoCloseable {
  private static final int PER_NAMESPACE = 1_000;
  private final int count;
  private final HttpServer http;

  /** Lists served, by resource plural. */
  public final Map<String, AtomicInteger> lists = new ConcurrentHashMap<>();

  public StoredServer(int count) throws IOException {
    this.count = count;
    http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    http.createContext("/", this::serve);
    http.start();
  }

  public int port() {
    return http.getAddress().getPort();
  }

  public static void main(String[] args) throws Exception {
    StoredServer s = new StoredServer(Integer.parseInt(args[0]));
    System.out.println("port " + s.port());
    System.out.flush();
    Thread.currentThread().join(); // until killed
  }

  private void serve(HttpExchange x) throws IOException {
    try (x) {
      URI uri = x.getRequestURI();
      Map<String, String> q = query(uri.getRawQuery());
      String path = uri.getPath();
      String body;
      if (path.endsWith("/virtualmachineinstancemigrations")) {
        count("virtualmachineinstancemigrations");
        body = migrations(q);
      } else if (path.endsWith("/migrationpolicies")) {
        count("migrationpolicies");
        body = list("migrations.kubevirt.io/v1alpha1", "MigrationPolicyList", policies(), null, 0);
      } else if (path.endsWith("/kubevirts")) {
        count("kubevirts");
        body = list("kubevirt.io/v1", "KubeVirtList", KUBEVIRT, null, 0);
      } else {
        body = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":404}";
        send(x, 404, body);
        return;
      }
      send(x, 200, body);
    }
  }

  private void count(String plural) {
    lists.computeIfAbsent(plural, k -> new AtomicInteger()).incrementAndGet();
  }

  private static void send(HttpExchange x, int code, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", "application/json");
    x.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(bytes);
    }
  }

  private String migrations(Map<String, String> q) {
    int limit = q.containsKey("limit") ? Integer.parseInt(q.get("limit")) : count;
    int from = q.containsKey("continue") ? Integer.parseInt(q.get("continue")) : 0;
    int to = Math.min(count, from + Math.max(1, limit));
    StringBuilder items = new StringBuilder(3_400 * (to - from));
    for (int i = from; i < to; i++) {
      items.append(i > from ? "," : "").append(migration(i));
    }
    return list(
        "kubevirt.io/v1",
        "VirtualMachineInstanceMigrationList",
        items.toString(),
        to < count ? String.valueOf(to) : null,
        count - to);
  }

  private static String list(String apiVersion, String kind, String items, String cont, int left) {
    return "{\"apiVersion\":\""
        + apiVersion
        + "\",\"kind\":\""
        + kind
        + "\",\"metadata\":{\"resourceVersion\":\"900000\""
        + (cont == null ? "" : ",\"continue\":\"" + cont + "\",\"remainingItemCount\":" + left)
        + "},\"items\":["
        + items
        + "]}";
  }

  /** The phase of migration {@code i}. */
  public static String phase(int i) {
    return i % 100 == 7 ? "Running" : i % 50 == 1 ? "Failed" : "Succeeded";
  }

  /** Migration {@code i} as the API server serves it. */
  public static String migration(int i) {
    String ns = String.format("ns-%03d", i / PER_NAMESPACE);
    String name = String.format("mig-%06d", i);
    String vm = String.format("vm-%06d", i);
    String uid = String.format("5f0c%04x-1b2d-4c3e-9f40-%012x", i & 0xffff, (long) i * 7919);
    String phase = phase(i);
    boolean done = !phase.equals("Running");
    int h = 10 + (i / 3600) % 12;
    int m = (i / 60) % 60;
    int s = i % 60;
    String t0 = String.format("2026-11-0%dT%02d:%02d:%02dZ", 1 + i % 9, h, m, s);
    String t1 = String.format("2026-11-0%dT%02d:%02d:%02dZ", 1 + i % 9, h, m, Math.min(59, s + 1));
    String t2 = String.format("2026-11-0%dT%02d:%02d:%02dZ", 1 + i % 9, h + 1, m, s);
    String node = "node-" + (i % 40);
    String target = "node-" + ((i + 13) % 40);
    StringBuilder phases = new StringBuilder();
    String[] seen = {
      "Pending", "Scheduling", "Scheduled", "PreparingTarget", "TargetReady", "Running"
    };
    for (int k = 0; k < seen.length; k++) {
      phases
          .append(k > 0 ? "," : "")
          .append("{\"phase\":\"")
          .append(seen[k])
          .append("\",\"phaseTransitionTimestamp\":\"")
          .append(k < 3 ? t0 : t1)
          .append("\"}");
    }
    if (done) {
      phases
          .append(",{\"phase\":\"")
          .append(phase)
          .append("\",\"phaseTransitionTimestamp\":\"")
          .append(t2)
          .append("\"}");
    }
    return "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
        + "\"metadata\":{\"annotations\":{\"kubevirt.io/latest-observed-api-version\":\"v1\","
        + "\"kubevirt.io/storage-observed-api-version\":\"v1\"},"
        + "\"creationTimestamp\":\""
        + t0
        + "\",\"finalizers\":[\"kubevirt.io/migrationJobFinalize\"],\"generation\":1,"
        + "\"labels\":{\"kubevirt.io/vmi-name\":\""
        + vm
        + "\"},\"managedFields\":[{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":\"FieldsV1\","
        + "\"fieldsV1\":{\"f:spec\":{\".\":{},\"f:vmiName\":{}}},\"manager\":\"kubectl-create\","
        + "\"operation\":\"Update\",\"time\":\""
        + t0
        + "\"},{\"apiVersion\":\"kubevirt.io/v1\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":"
        + "{\"f:metadata\":{\"f:annotations\":{\".\":{},"
        + "\"f:kubevirt.io/latest-observed-api-version\":{},"
        + "\"f:kubevirt.io/storage-observed-api-version\":{}},\"f:finalizers\":{\".\":{},"
        + "\"v:\\\"kubevirt.io/migrationJobFinalize\\\"\":{}},\"f:labels\":{\".\":{},"
        + "\"f:kubevirt.io/vmi-name\":{}}},\"f:status\":{\".\":{},\"f:migrationState\":{\".\":{},"
        + "\"f:completed\":{},\"f:endTimestamp\":{},\"f:migrationUid\":{},\"f:mode\":{},"
        + "\"f:sourceNode\":{},\"f:sourcePod\":{},\"f:startTimestamp\":{},\"f:targetNode\":{},"
        + "\"f:migrationConfiguration\":{\".\":{},\"f:allowAutoConverge\":{},"
        + "\"f:allowPostCopy\":{},\"f:bandwidthPerMigration\":{},\"f:completionTimeoutPerGiB\":{},"
        + "\"f:nodeDrainTaintKey\":{},\"f:parallelMigrationsPerCluster\":{},"
        + "\"f:parallelOutboundMigrationsPerNode\":{},\"f:progressTimeout\":{},"
        + "\"f:unsafeMigrationOverride\":{}},\"f:targetAttachmentPodUID\":{},"
        + "\"f:targetDirectMigrationNodePorts\":{},\"f:targetNodeDomainDetected\":{},"
        + "\"f:targetNodeDomainReadyTimestamp\":{},"
        + "\"f:targetNodeAddress\":{},\"f:targetPod\":{}},\"f:phase\":{},"
        + "\"f:phaseTransitionTimestamps\":{}}},\"manager\":\"virt-controller\","
        + "\"operation\":\"Update\",\"time\":\""
        + t2
        + "\"}],\"name\":\""
        + name
        + "\",\"namespace\":\""
        + ns
        + "\",\"resourceVersion\":\""
        + (100_000 + i)
        + "\",\"uid\":\""
        + uid
        + "\"},\"spec\":{\"vmiName\":\""
        + vm
        + "\"},\"status\":{\"migrationState\":{\"completed\":"
        + done
        + (done ? ",\"endTimestamp\":\"" + t2 + "\"" : "")
        + ",\"migrationUid\":\""
        + uid
        + "\",\"migrationConfiguration\":{\"allowAutoConverge\":false,\"allowPostCopy\":false,"
        + "\"bandwidthPerMigration\":\"0\",\"completionTimeoutPerGiB\":150,"
        + "\"nodeDrainTaintKey\":\"kubevirt.io/drain\",\"parallelMigrationsPerCluster\":5,"
        + "\"parallelOutboundMigrationsPerNode\":2,\"progressTimeout\":150,"
        + "\"unsafeMigrationOverride\":false},\"mode\":\"PreCopy\",\"sourceNode\":\""
        + node
        + "\",\"sourcePod\":\"virt-launcher-"
        + vm
        + "-x7k2q\",\"startTimestamp\":\""
        + t1
        + "\",\"targetAttachmentPodUID\":\""
        + uid.replace("5f0c", "7e21")
        + "\",\"targetDirectMigrationNodePorts\":{\"37633\":0,\"42353\":49152},"
        + "\"targetNodeDomainDetected\":true,\"targetNodeDomainReadyTimestamp\":\""
        + t1
        + "\",\"targetNode\":\""
        + target
        + "\",\"targetNodeAddress\":\"10.244."
        + (i % 40)
        + ".17\",\"targetPod\":\"virt-launcher-"
        + vm
        + "-p9f4d\"},\"phase\":\""
        + phase
        + "\",\"phaseTransitionTimestamps\":["
        + phases
        + "]}}";
  }

  private static String policies() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      out.append(i > 0 ? "," : "")
          .append(
              "{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\",")
          .append("\"metadata\":{\"name\":\"policy-")
          .append(i)
          .append("\",\"resourceVersion\":\"")
          .append(10 + i)
          .append("\",\"uid\":\"9a1c0000-0000-4000-8000-00000000000")
          .append(i)
          .append("\"},\"spec\":{\"allowAutoConverge\":true,\"bandwidthPerMigration\":\"")
          .append(64 * (i + 1))
          .append("Mi\",\"completionTimeoutPerGiB\":300,\"selectors\":{\"namespaceSelector\":")
          .append("{\"team\":\"team-")
          .append(i)
          .append("\"}}}}");
    }
    return out.toString();
  }

  private static final String KUBEVIRT =
      "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"KubeVirt\","
          + "\"metadata\":{\"name\":\"kubevirt\","
          + "\"namespace\":\"kubevirt\",\"resourceVersion\":\"5\"},\"spec\":{\"configuration\":"
          + "{\"developerConfiguration\":{\"featureGates\":[]}}},\"status\":"
          + "{\"observedKubeVirtVersion\":\"v1.8.2\",\"phase\":\"Deployed\"}}";

  private static Map<String, String> query(String raw) {
    Map<String, String> out = new HashMap<>();
    if (raw == null) {
      return out;
    }
    for (String kv : raw.split("&")) {
      int eq = kv.indexOf('=');
      if (eq > 0) {
        out.put(
            kv.substring(0, eq),
            java.net.URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return out;
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
