package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.Lookup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Live lookups: what each API server answer means, and that a silent server cannot hold us. */
class LiveLookupsTest {
  private static final String PATH = ApiResource.VMI.objectPath("ns", "vm");
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private LiveLookups against(String url) {
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder().withMasterUrl(url).withRequestRetryBackoffLimit(5).build())
            .build();
    open.add(client);
    return new LiveLookups(client, new ObjectMapper());
  }

  private KubernetesMockServer last;

  /** A mock API server on 127.0.0.1 with no expectations yet, stopped after the test. */
  private KubernetesMockServer started() {
    KubernetesMockServer server = new KubernetesMockServer(false);
    server.init(InetAddress.getLoopbackAddress(), 0);
    open.add(server::destroy);
    return server;
  }

  private LiveLookups mock(int code, String body) {
    KubernetesMockServer server = started();
    last = server;
    server.expect().get().withPath("/" + PATH).andReturn(code, body).always();
    server
        .expect()
        .get()
        .withPath("/" + ApiResource.POLICY.collectionPath(null))
        .andReturn(code, body)
        .always();
    return against(server.url("/"));
  }

  @Test
  void okIsTheObjectAnd404IsAbsent() {
    var vmi = mock(200, "{\"metadata\":{\"name\":\"vm\"}}").get(PATH, Lookup.VMI, "ns/vm", soon());
    assertEquals("vm", vmi.orElseThrow().path("metadata").path("name").asText());
    assertTrue(mock(404, "{}").get(PATH, Lookup.VMI, "ns/vm", soon()).isEmpty());
  }

  @Test
  void aListIsReadInPagesKeepingWhatTheCallerKeepsAndAnUnservedListIsEmpty() {
    String path = "/" + ApiResource.POLICY.collectionPath(null);
    KubernetesMockServer server = started();
    server
        .expect()
        .get()
        .withPath(path + "?limit=" + LiveLookups.PAGE)
        .andReturn(200, "{\"metadata\":{\"continue\":\"t 2\"},\"items\":[{\"a\":1},{\"b\":2}]}")
        .once();
    server
        .expect()
        .get()
        .withPath(path + "?limit=" + LiveLookups.PAGE + "&continue=t+2")
        .andReturn(200, "{\"metadata\":{\"continue\":\"\"},\"items\":[{\"c\":3}]}")
        .once();
    var items =
        against(server.url("/"))
            .list(
                path.substring(1),
                null,
                Lookup.POLICIES,
                "x",
                soon(),
                item -> item.has("b") ? null : item);
    assertEquals("[{\"a\":1}, {\"c\":3}]", items.toString());
    assertEquals(2, server.getRequestCount());
    assertEquals(
        List.of(),
        mock(404, "{}").list(path.substring(1), null, Lookup.POLICIES, "x", soon(), i -> i));
  }

  @Test
  void aLabelSelectorIsSentEncoded() throws Exception {
    String path = "/" + ApiResource.VMIM.collectionPath("ns");
    KubernetesMockServer server = started();
    server
        .expect()
        .get()
        .withPath(
            path + "?limit=" + LiveLookups.PAGE + "&labelSelector=kubevirt.io%2Fvmi-name%3Dvm")
        .andReturn(200, "{\"items\":[{\"a\":1}]}")
        .once();
    var items =
        against(server.url("/"))
            .list(
                path.substring(1),
                LiveLookups.byLabel("kubevirt.io/vmi-name", "vm"),
                Lookup.MIGRATIONS,
                "x",
                soon(),
                i -> i);
    assertEquals(1, items.size());
  }

  @Test
  void anyRecentReadAsksTheWatchCacheOnTheFirstPageOnly() {
    // resourceVersion=0 beside a continue token is ignored at best; client-go's pager drops it.
    String path = "/" + ApiResource.POD.collectionPath("ns");
    String first =
        path + "?limit=" + LiveLookups.PAGE + "&labelSelector=kubevirt.io%2Fcreated-by%3Du1";
    KubernetesMockServer server = started();
    server
        .expect()
        .get()
        .withPath(first + "&resourceVersion=0")
        .andReturn(200, "{\"metadata\":{\"continue\":\"t\"},\"items\":[{\"a\":1}]}")
        .once();
    server
        .expect()
        .get()
        .withPath(first + "&continue=t")
        .andReturn(200, "{\"items\":[{\"b\":2}]}")
        .once();
    var items =
        against(server.url("/"))
            .list(
                path.substring(1),
                LiveLookups.byLabel("kubevirt.io/created-by", "u1"),
                LiveLookups.Read.ANY_RECENT,
                Lookup.NODES,
                "x",
                soon(),
                i -> i);
    assertEquals("[{\"a\":1}, {\"b\":2}]", items.toString());
  }

  @Test
  void aConnectionClosedUnderTheRequestIsTriedOnceMoreOnANewOne() throws Exception {
    // The first connection is closed as soon as the request arrives (an idle pooled connection a
    // load balancer dropped); the second one answers.
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      Thread server =
          new Thread(
              () -> {
                try {
                  try (java.net.Socket first = socket.accept()) {
                    first.getInputStream().read(new byte[4096]);
                  }
                  try (java.net.Socket second = socket.accept()) {
                    second.getInputStream().read(new byte[4096]);
                    String body = "{\"metadata\":{\"name\":\"vm\"}}";
                    second
                        .getOutputStream()
                        .write(
                            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                    + "Content-Length: "
                                    + body.length()
                                    + "\r\nConnection: close\r\n\r\n"
                                    + body)
                                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                  }
                } catch (java.io.IOException e) {
                  // the test's assertion says what went wrong
                }
              });
      server.setDaemon(true);
      server.start();
      var vmi =
          against("http://127.0.0.1:" + socket.getLocalPort() + "/")
              .get(PATH, Lookup.VMI, "ns/vm", soon());
      assertEquals("vm", vmi.orElseThrow().path("metadata").path("name").asText());
      server.join(5_000);
    }
  }

  @Test
  void forbiddenServerErrorsAndGarbageAreUnavailable() {
    for (int code : new int[] {401, 403, 500, 503}) {
      var e =
          assertThrows(
              ClusterUnavailableException.class,
              () -> mock(code, "{}").get(PATH, Lookup.VMI, "ns/vm", soon()));
      assertTrue(e.getMessage().contains("HTTP " + code), e.getMessage());
      assertEquals(Lookup.VMI, e.lookup());
      // no retries: within the lookup timeout a retry would only hide the outage
      assertEquals(1, last.getRequestCount(), "requests for HTTP " + code);
    }
    var e =
        assertThrows(
            ClusterUnavailableException.class,
            () -> mock(200, "not json").get(PATH, Lookup.VMI, "ns/vm", soon()));
    assertTrue(e.getMessage().contains("JSON"), e.getMessage());
  }

  @Test
  void aServerThatNeverAnswersIsUnavailableAtTheDeadline() throws IOException {
    ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    open.add(silent);
    List<Socket> accepted = new ArrayList<>();
    Thread acceptor =
        new Thread(
            () -> {
              try {
                while (true) {
                  accepted.add(silent.accept()); // and never answer
                }
              } catch (IOException closed) {
                // test over
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
    LiveLookups live = against("http://127.0.0.1:" + silent.getLocalPort());
    long start = System.nanoTime();
    var e =
        assertThrows(
            ClusterUnavailableException.class,
            () -> live.get(PATH, Lookup.VMI, "ns/vm", Deadline.after(Duration.ofMillis(300))));
    long ms = (System.nanoTime() - start) / 1_000_000;
    // At the deadline, not at the client's own 10 s request timeout; the upper bound is wide for
    // a loaded machine.
    assertTrue(ms >= 300 && ms < 5_000, "took " + ms + " ms");
    assertTrue(e.getMessage().contains("within the lookup timeout"), e.getMessage());
    // a spent budget is not even tried
    Deadline spent = Deadline.after(Duration.ZERO);
    var e2 =
        assertThrows(
            ClusterUnavailableException.class, () -> live.get(PATH, Lookup.VMI, "ns/vm", spent));
    assertTrue(e2.getMessage().contains("already spent"), e2.getMessage());
  }

  private static Deadline soon() {
    return Deadline.after(Duration.ofSeconds(5));
  }
}
