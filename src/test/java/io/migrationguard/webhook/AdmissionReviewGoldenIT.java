package io.migrationguard.webhook;

import io.migrationguard.webhook.support.Pkcs1RsaProfile;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.quarkus.test.junit.TestProfile;

/**
 * The golden reviews against the packaged jar ({@code target/quarkus-app/quarkus-run.jar}), served
 * with an RSA key in PKCS#1 form: a start-up failure of the real artifact fails the build.
 */
@QuarkusIntegrationTest
@TestProfile(Pkcs1RsaProfile.class)
class AdmissionReviewGoldenIT extends AdmissionReviewGoldenTest {}
