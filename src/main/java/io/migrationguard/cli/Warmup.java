package io.migrationguard.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.slf4j.LoggerFactory;

/**
 * Start-up of a small lint is mostly class loading: the engine thread compiles the schemas
 * (networknt, which also initialises logging and Jackson databind) while the main thread reads the
 * inputs, and then waits. Loading the shared libraries from the waiting thread meanwhile puts the
 * second core to work on the same critical path. Purely an optimisation: it changes no result.
 */
final class Warmup {
  private Warmup() {}

  static void whileTheEngineLoads() {
    try {
      LoggerFactory.getLogger(Warmup.class);
      new ObjectMapper().readTree("{\"a\":[1,\"b\",true,null,1.5]}");
      JsonNodeFactory.instance.objectNode().put("a", 1).toString();
    } catch (Exception | LinkageError e) {
      // Nothing depends on it; the engine will load what it needs itself.
    }
  }
}
