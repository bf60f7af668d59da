package io.migrationguard.webhook;

import io.migrationguard.webhook.tls.ServingCertificate;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.value.registry.ValueRegistry;
import io.quarkus.vertx.http.HttpServer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The training run of the service's class-data archive: with {@code
 * migration-guard.startup-training=true} the service starts as usual, sends itself a few reviews of
 * each kind (validate and mutate, create and update) over HTTPS, as HTTP/2 (the API server's
 * choice) and HTTP/1.1, and the probes' and Prometheus' requests, then exits. Run under {@code
 * -XX:ArchiveClassesAtExit}, the archive then holds what the start and the first requests load,
 * which Quarkus' own archive (written at the end of static initialisation) and an in-process
 * training do not: the first HTTP/2 request alone loaded about 460 classes from the jars. The run
 * exits 1 unless every request was answered, so that a build never ships an archive trained on
 * errors. Never set in a cluster; the image build and the package step set it
 * (docs/performance.md).
 */
@ApplicationScoped
public class StartupTraining {
  private static final Logger LOG = Logger.getLogger(StartupTraining.class);

  /** The whole run: the port, then every request. */
  private static final Duration LIMIT = Duration.ofSeconds(120);

  private static final List<String> PROBES =
      List.of("/q/health/ready", "/q/health/live", "/q/metrics");

  @ConfigProperty(name = "migration-guard.startup-training", defaultValue = "false")
  boolean training;

  @Inject ServingCertificate serving;
  @Inject ValueRegistry values;

  void onStart(@Observes StartupEvent event) {
    if (training) {
      // The HTTPS server opens its port after the start-up observers have run.
      Thread t = new Thread(this::train, "startup-training");
      t.setDaemon(true);
      t.start();
    }
  }

  private void train() {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    int answered = 0;
    int sent = 0;
    try {
      URI base = URI.create("https://127.0.0.1:" + awaitPort(deadline));
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(null, new TrustManager[] {new Pinned(serving.current().orElseThrow())}, null);
      // HTTP/2 first: the API server's choice.
      for (HttpClient.Version version :
          List.of(HttpClient.Version.HTTP_2, HttpClient.Version.HTTP_1_1)) {
        HttpClient client =
            HttpClient.newBuilder().version(version).sslContext(tls).connectTimeout(LIMIT).build();
        for (byte[] body : TrainingReviews.bodies()) {
          for (Webhook w : Webhook.values()) {
            sent++;
            answered += send(client, post(base.resolve("/" + w.label()), body), deadline) ? 1 : 0;
          }
        }
        for (String probe : PROBES) {
          sent++;
          answered +=
              send(client, HttpRequest.newBuilder(base.resolve(probe)).GET(), deadline) ? 1 : 0;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.errorf(e, "Start-up training interrupted");
    } catch (Throwable e) { // whatever it is, the run must still exit, and non-zero
      LOG.errorf(e, "Start-up training failed");
    } finally {
      LOG.infof("Start-up training: %d of %d requests answered; exiting", answered, sent);
      Quarkus.asyncExit(answered == sent && sent > 0 ? 0 : 1);
    }
  }

  private static HttpRequest.Builder post(URI uri, byte[] body) {
    return HttpRequest.newBuilder(uri)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
  }

  private static boolean send(HttpClient client, HttpRequest.Builder request, long deadline)
      throws Exception {
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      throw new IllegalStateException("the training run took longer than " + LIMIT);
    }
    HttpResponse<byte[]> r =
        client.send(
            request.timeout(Duration.ofNanos(left)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    return r.statusCode() == 200;
  }

  /** The port the server bound (Quarkus registers it once listening, also when configured as 0). */
  private int awaitPort(long deadline) throws InterruptedException {
    while (System.nanoTime() < deadline) {
      Integer port = values.getOrDefault(HttpServer.HTTPS_PORT, 0);
      if (port != null && port > 0) {
        return port;
      }
      Thread.sleep(10);
    }
    throw new IllegalStateException("the HTTPS port did not open within " + LIMIT);
  }

  /**
   * Trusts exactly the certificate this process serves, whatever names it carries: a configured
   * certificate names the Service, not 127.0.0.1, and the HTTP client would refuse it by host name.
   */
  private static final class Pinned extends X509ExtendedTrustManager {
    private final X509Certificate serving;

    Pinned(X509Certificate serving) {
      this.serving = serving;
    }

    private void check(X509Certificate[] chain) throws CertificateException {
      if (chain == null || chain.length == 0 || !serving.equals(chain[0])) {
        throw new CertificateException("not the certificate this process serves");
      }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      throw new CertificateException("a client-side trust manager");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      throw new CertificateException("a client-side trust manager");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("a client-side trust manager");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
