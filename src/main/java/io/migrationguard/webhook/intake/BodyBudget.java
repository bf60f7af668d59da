package io.migrationguard.webhook.intake;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of request bodies the service holds at once, across every connection: a body is read
 * only while its bytes fit, so many large or stalled bodies cannot fill the heap. Lock-free; each
 * chunk takes its bytes as it arrives and the whole body gives them back when its answer is written
 * or its connection closes.
 */
public final class BodyBudget {
  private final long capacity;
  private final AtomicLong used = new AtomicLong();

  public BodyBudget(long capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("the body budget must be positive, got " + capacity);
    }
    this.capacity = capacity;
  }

  /** Takes {@code bytes} if they fit; false (nothing taken) when they do not. */
  public boolean take(long bytes) {
    while (true) {
      long now = used.get();
      if (now + bytes > capacity) {
        return false;
      }
      if (used.compareAndSet(now, now + bytes)) {
        return true;
      }
    }
  }

  public void give(long bytes) {
    used.addAndGet(-bytes);
  }

  public long used() {
    return used.get();
  }

  public long capacity() {
    return capacity;
  }
}
