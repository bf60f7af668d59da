package io.migrationguard.webhook.config;

/**
 * The upper bound of {@code migration-guard.body-budget}: a quarter of the JVM's maximum heap (64M
 * under the Deployment's 256M heap). A body is held twice for a moment while its chunks are joined,
 * so the budget can cost half the heap at worst; the other half stays for the reviews being parsed
 * and judged and for the caches. A larger budget only lets stalled bodies fill the heap: with
 * {@code 1T}, 150 stalled bodies made the probes take 6.9 s (issue 37).
 */
public final class BodyBudgetBound {
  /** Why the bound, for the preflight's line. */
  public static final String WHY =
      "at most a quarter of the maximum heap (bodies are held twice while joined)";

  private BodyBudgetBound() {}

  /** The largest budget allowed under a heap of at most {@code maxHeapBytes}. */
  public static long most(long maxHeapBytes) {
    return maxHeapBytes / 4;
  }
}
