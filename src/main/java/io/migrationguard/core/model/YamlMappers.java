package io.migrationguard.core.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

/** The YAML the tool writes for people and for {@code kubectl apply}: one way, shared. */
public final class YamlMappers {
  private YamlMappers() {}

  /**
   * Documents as {@code kubectl apply -f} takes them: no {@code ---} before the first, strings
   * quoted only where YAML needs it. A new mapper each call: callers keep theirs in a constant.
   */
  public static ObjectMapper plain() {
    return new ObjectMapper(documents().build());
  }

  /** As {@link #plain()}, and a long string never folded onto a second line. */
  public static ObjectMapper oneLinePerScalar() {
    return new ObjectMapper(documents().disable(YAMLGenerator.Feature.SPLIT_LINES).build());
  }

  private static YAMLFactoryBuilder documents() {
    return YAMLFactory.builder()
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES);
  }
}
