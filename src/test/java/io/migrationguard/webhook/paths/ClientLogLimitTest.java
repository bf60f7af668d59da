package io.migrationguard.webhook.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One line per client per period, with the count of what was not logged; bounded state. */
class ClientLogLimitTest {
  private static final long MINUTE = 60_000_000_000L;

  @Test
  void oneLinePerClientPerPeriodThenTheCountOfTheRest() {
    ClientLogLimit limit = new ClientLogLimit(MINUTE, 100);
    assertEquals(0, limit.admit("10.0.0.1", 0));
    for (int i = 0; i < 1000; i++) {
      assertEquals(-1, limit.admit("10.0.0.1", i * 1_000_000L));
    }
    assertEquals(0, limit.admit("10.0.0.2", 5), "another client has its own line");
    assertEquals(1000, limit.admit("10.0.0.1", MINUTE), "the next line says what was left out");
    assertEquals(-1, limit.admit("10.0.0.1", MINUTE + 1));
  }

  @Test
  void theStateIsBoundedWhateverTheNumberOfClients() {
    ClientLogLimit limit = new ClientLogLimit(MINUTE, 100);
    for (int i = 0; i < 100_000; i++) {
      limit.admit("client-" + i, i);
    }
    assertEquals(100, limit.size());
  }
}
