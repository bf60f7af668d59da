package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** certs/generate.sh makes a CA and a serving certificate the API server accepts, and rotates. */
class CertsScriptTest {
  private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";

  @TempDir Path out;

  private final Manifests m = Manifests.base();
  private final String service = m.one("Service").at("/metadata/name").asText();
  private final String namespace = m.one("Service").at("/metadata/namespace").asText();

  @BeforeAll
  static void needsOpenssl() {
    OpensslAssumption.require();
  }

  @Test
  void makesACaAndAServingCertificateForTheServiceDnsNames() throws Exception {
    Commands.generate(out).ok();
    X509Certificate ca = Pem.certificate(out.resolve("ca.crt"));
    X509Certificate tls = Pem.certificate(out.resolve("tls.crt"));
    ca.verify(ca.getPublicKey());
    assertTrue(ca.getBasicConstraints() >= 0, "the CA is a CA");
    tls.verify(ca.getPublicKey());
    assertEquals(ca.getSubjectX500Principal(), tls.getIssuerX500Principal());
    assertEquals(-1, tls.getBasicConstraints(), "the serving certificate is not a CA");
    assertTrue(tls.getExtendedKeyUsage().contains(SERVER_AUTH), "serverAuth usage");
    assertEquals(
        List.of(
            service + "." + namespace + ".svc", service + "." + namespace + ".svc.cluster.local"),
        Pem.dnsNames(tls));
    tls.checkValidity();
    assertTrue(Pem.matches(Pem.privateKey(out.resolve("tls.key")), tls), "tls.key fits tls.crt");
    assertTrue(Pem.matches(Pem.privateKey(out.resolve("ca.key")), ca), "ca.key fits ca.crt");
    assertEquals(List.of(ca), Pem.certificates(out.resolve("ca-bundle.crt")), "bundle = the CA");
    for (String key : List.of("tls.key", "ca.key", "workload/secret.yaml")) {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(out.resolve(key));
      assertEquals(
          Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), perms, key);
    }
    assertTrue(Files.readString(out.resolve(".gitignore")).lines().anyMatch("*"::equals));
  }

  @Test
  void rerunRotatesTheServingCertificateAndKeepsTheCa() throws Exception {
    Commands.generate(out).ok();
    byte[] ca = Files.readAllBytes(out.resolve("ca.crt"));
    byte[] caKey = Files.readAllBytes(out.resolve("ca.key"));
    X509Certificate first = Pem.certificate(out.resolve("tls.crt"));
    byte[] firstKey = Files.readAllBytes(out.resolve("tls.key"));
    String output = Commands.generate(out).ok().output();
    assertTrue(output.contains("keeping the existing CA"), output);
    assertArrayEquals(ca, Files.readAllBytes(out.resolve("ca.crt")), "CA kept");
    assertArrayEquals(caKey, Files.readAllBytes(out.resolve("ca.key")), "CA key kept");
    X509Certificate second = Pem.certificate(out.resolve("tls.crt"));
    assertNotEquals(first.getSerialNumber(), second.getSerialNumber(), "a new certificate");
    assertFalse(
        java.util.Arrays.equals(firstKey, Files.readAllBytes(out.resolve("tls.key"))), "new key");
    second.verify(Pem.certificate(out.resolve("ca.crt")).getPublicKey());
  }

  @Test
  void refusesToReplaceAnIncompleteCaUnlessAskedAndThenTrustsBothDuringTheChange()
      throws Exception {
    Commands.generate(out).ok();
    X509Certificate oldCa = Pem.certificate(out.resolve("ca.crt"));
    Files.delete(out.resolve("ca.key"));
    Commands.Result refused = Commands.generate(out);
    assertNotEquals(0, refused.exit());
    assertTrue(refused.output().contains("--new-ca"), refused.output());
    assertEquals(oldCa, Pem.certificate(out.resolve("ca.crt")), "the CA was not touched");

    Commands.generate(out, "--new-ca").ok();
    X509Certificate newCa = Pem.certificate(out.resolve("ca.crt"));
    assertNotEquals(oldCa, newCa);
    assertEquals(oldCa, Pem.certificate(out.resolve("ca.previous.crt")));
    assertEquals(List.of(newCa, oldCa), Pem.certificates(out.resolve("ca-bundle.crt")));
    Pem.certificate(out.resolve("tls.crt")).verify(newCa.getPublicKey());
  }

  @Test
  void honoursServiceNamespaceAndDays() throws Exception {
    Commands.generate(out, "--service", "guard", "--namespace", "kv-tools", "--days", "30").ok();
    X509Certificate tls = Pem.certificate(out.resolve("tls.crt"));
    assertEquals(
        List.of("guard.kv-tools.svc", "guard.kv-tools.svc.cluster.local"), Pem.dnsNames(tls));
    Duration left = Duration.between(Instant.now(), tls.getNotAfter().toInstant());
    assertTrue(left.toDays() >= 29 && left.toDays() <= 30, "30 days, was " + left);
    var secret = Manifests.readAll(out.resolve("workload/secret.yaml")).get(0);
    assertEquals("kv-tools", secret.at("/metadata/namespace").asText());
    String patch = Files.readString(out.resolve("webhooks/validating-webhook-patch.yaml"));
    assertTrue(patch.contains("service: {name: guard, namespace: kv-tools}"), patch);
    assertTrue(patch.contains("values: [kv-tools]"), "own namespace excluded: " + patch);
  }

  @Test
  void rejectsBadArgumentsBeforeWritingAnything() {
    Path target = out.resolve("never");
    for (String[] args :
        List.of(
            new String[] {"--service", "Bad_Name"},
            new String[] {"--namespace", "-x"},
            new String[] {"--days", "0"},
            new String[] {"--bogus"})) {
      Commands.Result r = Commands.generate(target, args);
      assertNotEquals(0, r.exit(), String.join(" ", args));
      assertTrue(r.output().contains("error"), r.output());
      assertFalse(Files.exists(target), "nothing written for " + String.join(" ", args));
    }
  }
}
