package io.migrationguard.webhook.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Every record the service logs while open (the root logger's), for tests that read the log. */
public final class CapturedLog implements AutoCloseable {
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Logger root = Logger.getLogger("");
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          records.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  public CapturedLog() {
    root.addHandler(handler);
  }

  public List<LogRecord> records() {
    return List.copyOf(records);
  }

  /** Records that carry a throwable, or whose text holds a stack frame or an error page's. */
  public List<LogRecord> withStackTraces() {
    return records.stream()
        .filter(
            r ->
                r.getThrown() != null
                    || String.valueOf(r.getMessage()).contains("\tat ")
                    || String.valueOf(r.getMessage()).contains("Stack"))
        .toList();
  }

  @Override
  public void close() {
    root.removeHandler(handler);
  }
}
