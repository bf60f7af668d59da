package io.migrationguard.webhook;

import io.migrationguard.webhook.support.Pkcs1RsaProfile;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.quarkus.test.junit.TestProfile;

/**
 * The TLS policy of the packaged jar ({@code java -jar}, through {@code Main}), served with an RSA
 * key in PKCS#1 form: ECDHE_RSA suites instead of ECDHE_ECDSA, and no RSA key exchange nor DHE_RSA
 * though the key would allow them.
 */
@QuarkusIntegrationTest
@TestProfile(Pkcs1RsaProfile.class)
class TlsPolicyIT extends TlsPolicyTest {}
