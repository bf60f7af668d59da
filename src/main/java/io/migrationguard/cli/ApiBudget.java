package io.migrationguard.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.migrationguard.judge.StoredJudge;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What one command may spend talking to the API server: {@code --request-timeout} of waiting,
 * summed over all its requests (the time spent judging between pages is not counted), and at most
 * {@value #MAX_ANSWER} bytes per answer. The client's own timeouts cannot do this: a read timeout
 * restarts with every byte, so a server that sends one byte every 2 s never trips it, and the
 * client reads an answer whole before parsing it.
 *
 * <p>Each request runs in {@link #call}: a daemon timer interrupts the waiting thread when the
 * budget runs out (the client then fails the request), and the request ends the command with one
 * {@link Exceeded} line. Should the thread not come back within {@link #GRACE} of that, the timer
 * prints the line itself and halts the JVM with exit 2: the deadline holds whatever the client
 * does. Answers are counted as they arrive ({@link #interceptor}) and cut off at the cap.
 */
final class ApiBudget implements StoredJudge.Calls, AutoCloseable {
  /** The largest answer read: a page of 500 large objects is a few MiB; this is ten times that. */
  static final long MAX_ANSWER = 64L << 20;

  /** How long the timer waits for an interrupted request before it halts the JVM. */
  static final Duration GRACE = Duration.ofSeconds(5);

  /** Ends the command: the budget is spent, or an answer was too big. */
  static final class Exceeded extends RuntimeException {
    Exceeded(String message) {
      super(message, null, false, false);
    }
  }

  private static final class TooLarge extends java.io.IOException {
    TooLarge() {
      super("answer larger than " + (MAX_ANSWER >> 20) + " MiB", null);
    }
  }

  private final Duration limit;
  private final long maxAnswer;
  private final String server;
  private final String command;
  private final PrintStream err;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "request-timeout");
            t.setDaemon(true);
            return t;
          });
  private long spentNanos;
  private volatile boolean tooLarge;

  ApiBudget(Duration limit, long maxAnswer, String server, String command, PrintStream err) {
    this.limit = limit;
    this.maxAnswer = maxAnswer;
    this.server = server;
    this.command = command;
    this.err = err;
  }

  /**
   * A client for {@code config} bounded by this budget: the client's own timeouts no longer than
   * the budget, one retry (a command line is not a controller), answers counted.
   */
  KubernetesClient client(Config config) {
    int ms = (int) Math.min(Integer.MAX_VALUE, limit.toMillis());
    config.setRequestTimeout(ms);
    config.setConnectionTimeout(Math.min(10_000, ms));
    config.setRequestRetryBackoffLimit(1);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("answer-cap", interceptor()))
        .build();
  }

  /** Counts each answer's bytes as they arrive and fails it past {@link #maxAnswer}. */
  Interceptor interceptor() {
    return new Interceptor() {
      @Override
      public AsyncBody.Consumer<List<ByteBuffer>> consumer(
          AsyncBody.Consumer<List<ByteBuffer>> consumer, HttpRequest request) {
        long[] read = new long[1];
        return new AsyncBody.Consumer<>() {
          @Override
          public void consume(List<ByteBuffer> buffers, AsyncBody body) throws Exception {
            for (ByteBuffer b : buffers) {
              read[0] += b.remaining();
            }
            if (read[0] > maxAnswer) {
              tooLarge = true;
              throw new TooLarge();
            }
            consumer.consume(buffers, body);
          }

          @Override
          public <U> U unwrap(Class<U> target) {
            return consumer.unwrap(target);
          }
        };
      }
    };
  }

  @Override
  public <T> T call(Supplier<T> request) {
    long left = limit.toNanos() - spentNanos;
    if (left <= 0) {
      throw spent();
    }
    Thread caller = Thread.currentThread();
    Object lock = new Object();
    boolean[] state = new boolean[2]; // [0]: returned, [1]: interrupted by the timer
    ScheduledFuture<?> alarm =
        timer.schedule(
            () -> {
              synchronized (lock) {
                if (state[0]) {
                  return;
                }
                state[1] = true;
                caller.interrupt();
              }
              timer.schedule(
                  () -> {
                    synchronized (lock) {
                      if (!state[0]) {
                        err.println(command + spent().getMessage());
                        err.flush();
                        Runtime.getRuntime().halt(Lint.ERROR);
                      }
                    }
                  },
                  GRACE.toNanos(),
                  TimeUnit.NANOSECONDS);
            },
            left,
            TimeUnit.NANOSECONDS);
    long start = System.nanoTime();
    try {
      T answer = request.get();
      if (tooLarge) {
        throw tooLarge();
      }
      return answer;
    } catch (RuntimeException e) {
      if (tooLarge) {
        throw tooLarge();
      }
      synchronized (lock) {
        if (state[1]) {
          throw spent();
        }
      }
      throw e;
    } finally {
      alarm.cancel(false);
      synchronized (lock) {
        state[0] = true;
        if (state[1]) {
          Thread.interrupted(); // ours: not the caller's
        }
      }
      spentNanos += System.nanoTime() - start;
    }
  }

  private Exceeded spent() {
    return new Exceeded(
        "the API server at "
            + server
            + " did not answer within --request-timeout "
            + words(limit)
            + " (the time waited for it, summed over the run's requests)");
  }

  private Exceeded tooLarge() {
    return new Exceeded(
        "an answer of the API server at "
            + server
            + " is larger than "
            + (maxAnswer >> 20)
            + " MiB: not read further");
  }

  static String words(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
