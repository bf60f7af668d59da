package io.migrationguard.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.schema.JsonSchemaValidator;
import io.migrationguard.core.schema.ReleaseSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH microbenchmarks of the engine, run by {@code bench/engine.sh}: Quantity parsing, the schema
 * step alone, and the full pipeline for one object of each kind (the objects of the webhook
 * benchmark's payloads).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EngineBench {
  private Engine admission;
  private JsonSchemaValidator schema;
  private InMemoryClusterView cluster;
  private JsonNode vmim;
  private JsonNode policy;
  private JsonNode vmimUpdateNew;
  private JsonNode vmimUpdateOld;

  @Setup
  public void setup() throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Path payloads = Path.of(System.getProperty("payloads", "bench/payloads"));
    vmim =
        mapper
            .readTree(Files.readString(payloads.resolve("vmim-create.json")))
            .at("/request/object");
    policy =
        mapper
            .readTree(Files.readString(payloads.resolve("policy-create.json")))
            .at("/request/object");
    JsonNode update = mapper.readTree(Files.readString(payloads.resolve("vmim-update.json")));
    vmimUpdateNew = update.at("/request/object");
    vmimUpdateOld = update.at("/request/oldObject");
    admission = Engine.standard(Settings.defaults());
    schema = JsonSchemaValidator.load(ReleaseSchemas.of(Releases.MAIN));
    cluster = new InMemoryClusterView();
  }

  @Benchmark
  public QuantityParse quantityParseBinary() {
    return Quantity.parse("1536Mi");
  }

  @Benchmark
  public QuantityParse quantityParseDecimalFraction() {
    return Quantity.parse("0.00000012345");
  }

  @Benchmark
  public QuantityParse quantityRejectHostile() {
    return Quantity.parse("1e999999999");
  }

  @Benchmark
  public List<Finding> schemaVmim() {
    return schema.validate(Kind.VMIM, vmim, FieldValidation.STRICT);
  }

  @Benchmark
  public List<Finding> schemaPolicy() {
    return schema.validate(Kind.POLICY, policy, FieldValidation.STRICT);
  }

  @Benchmark
  public Decision pipelineVmimCreate() {
    return admission.validate(
        new Review(
            Kind.VMIM,
            Operation.CREATE,
            vmim,
            null,
            "prod-databases",
            "bench",
            FieldValidation.STRICT),
        cluster);
  }

  @Benchmark
  public Decision pipelinePolicyCreate() {
    return admission.validate(
        new Review(
            Kind.POLICY, Operation.CREATE, policy, null, "", "bench", FieldValidation.STRICT),
        cluster);
  }

  @Benchmark
  public Decision pipelineVmimUpdate() {
    return admission.validate(
        new Review(
            Kind.VMIM,
            Operation.UPDATE,
            vmimUpdateNew,
            vmimUpdateOld,
            "prod-databases",
            "bench",
            FieldValidation.STRICT),
        cluster);
  }

  @Benchmark
  public Decision mutateVmimCreate() {
    return admission.mutate(
        new Review(
            Kind.VMIM,
            Operation.CREATE,
            vmim,
            null,
            "prod-databases",
            "bench",
            FieldValidation.STRICT));
  }
}
