package io.migrationguard.webhook.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What a path names once escapes and dot segments are resolved; what the service serves. */
class CanonicalPathTest {
  @Test
  void escapesAndDotSegmentsAreResolved() {
    assertEquals("/q/metrics", CanonicalPath.of("/q/health/..%2fmetrics"));
    assertEquals("/q/metrics", CanonicalPath.of("/q/health/../metrics"));
    assertEquals("/q/metrics", CanonicalPath.of("/q/health/%2E%2E/metrics"));
    assertEquals("/validate", CanonicalPath.of("//validate"));
    assertEquals("/", CanonicalPath.of("/%2e%2e/"));
    assertEquals("/", CanonicalPath.of("/../../.."));
    assertEquals("/a%zz", CanonicalPath.of("/a%zz"), "a malformed escape is kept");
    assertEquals("/a%", CanonicalPath.of("/a%"));
  }

  @Test
  void onlyTheExactSpellingIsServed() {
    assertTrue(CanonicalPath.isCanonical("/q/health/ready"));
    assertFalse(CanonicalPath.isCanonical("/q/health/./ready"));
    assertTrue(ServedPaths.served("/q/health/ready"));
    assertTrue(ServedPaths.served("/validate"));
    for (String path : ErrorPathsTest.UNSERVED.toArray(String[]::new)) {
      assertFalse(ServedPaths.served(path), path);
    }
  }
}
