package io.migrationguard.core.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a version as users and KubeVirt CRs write it chooses a profile (rules.md §8). */
class ReleaseChoiceTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "v1.9, v1.9",
    "1.9, v1.9",
    "v1.9.2, v1.9",
    "v1.9.0-rc.1, v1.9",
    "' v1.8 ', v1.8",
    "1.8.4, v1.8",
    "v1.7.4, v1.7",
    "v1.6.6, v1.6",
    "v1.5.0, v1.5",
    "main, main",
    "v1.10.0, main",
    "1.12, main",
    "v2.0.0, main",
    "v1.10.0-alpha.0, main",
  })
  void aVersionNamesItsMinorsProfile(String version, String profile) {
    ReleaseChoice choice = ReleaseChoice.of(version);
    assertEquals(profile, choice.release().name());
    boolean newer = profile.equals("main") && !version.equals("main");
    assertEquals(newer, choice.warning() != null, String.valueOf(choice.warning()));
    if (newer) {
      assertTrue(choice.warning().contains(version) && choice.warning().contains("v1.9"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"v1.4.0", "1.0", "v0.59.0", "latest", "v1", "v1.9.x", "''", "'v1.9; rm -rf'"})
  void whatNamesNoProfileIsRefusedWithTheList(String version) {
    ReleaseChoice.UnknownVersion e =
        assertThrows(ReleaseChoice.UnknownVersion.class, () -> ReleaseChoice.of(version));
    assertTrue(e.getMessage().contains(Releases.names()), e.getMessage());
  }

  @Test
  void aClusterThatReportsNoVersionIsJudgedAsTheNewestWithAWarning() {
    ReleaseChoice none = ReleaseChoice.observed(null, "the KubeVirt CR");
    assertEquals(Releases.NEWEST, none.release());
    assertNotNull(none.warning());
    assertEquals(Releases.NEWEST, ReleaseChoice.observed("garbage", "x").release());
    assertNotNull(ReleaseChoice.observed("garbage", "x").warning());
  }

  @Test
  void aClusterOlderThanTheOldestProfileIsJudgedByTheOldestWithAWarning() {
    ReleaseChoice old = ReleaseChoice.observed("v1.4.2", "the KubeVirt CR");
    assertEquals(Releases.OLDEST, old.release());
    assertTrue(old.warning().contains("v1.4.2"), old.warning());
  }

  @Test
  void aClusterVersionThatNamesAProfileNeedsNoWarning() {
    ReleaseChoice v = ReleaseChoice.observed("v1.8.4", "the KubeVirt CR");
    assertEquals("v1.8", v.release().name());
    assertNull(v.warning());
    assertEquals("v1.8 (v1.8.4)", v.describe());
  }

  @Test
  void aHostileVersionIsShownBounded() {
    String hostile = "v1." + "9".repeat(5000) + "\u001b[31m";
    ReleaseChoice.UnknownVersion e =
        assertThrows(ReleaseChoice.UnknownVersion.class, () -> ReleaseChoice.of(hostile));
    assertTrue(e.getMessage().length() < 400, e.getMessage());
    assertTrue(!e.getMessage().contains("\u001b"), e.getMessage());
  }
}
