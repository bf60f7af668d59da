package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.rendered;
import static io.migrationguard.core.schema.SchemaFixtures.sample;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shared sample objects are valid under the schema in every mode. */
class SamplesSchemaTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "vmim-full.yaml, VMIM",
    "vmim-minimal.yaml, VMIM",
    "vmim-decentralized.yaml, VMIM",
    "migrationpolicy-full.yaml, POLICY",
    "migrationpolicy-minimal.yaml, POLICY",
    "migrationpolicy-downtime-tuning.yaml, POLICY"
  })
  void sampleHasNoFinding(String file, Kind kind) {
    JsonNode object = sample(file);
    assertEquals(kind.apiVersion(), object.path("apiVersion").asText());
    for (FieldValidation mode : FieldValidation.values()) {
      assertEquals(List.of(), rendered(validate(kind, object, mode)), file + " under " + mode);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"vmim-full.yaml, VMIM", "migrationpolicy-full.yaml, POLICY"})
  void fullSamplesAreCheckedAgainstTheOtherKind(String file, Kind kind) {
    // Guards against a schema that accepts anything: each full sample fails the other kind.
    Kind other = kind == Kind.VMIM ? Kind.POLICY : Kind.VMIM;
    assertTrue(!validate(other, sample(file)).isEmpty(), file + " against " + other);
  }
}
