package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.release.UnsignedField;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.math.BigInteger;
import java.util.List;

/**
 * {@code policy-unsigned-fields}: a field the release's Go types declare unsigned ({@link
 * io.migrationguard.core.release.Release#unsigned}) holds a whole number from 0 to 2^64 - 1.
 * KubeVirt's policy admitter decodes the request with {@code encoding/json} ({@code
 * pkg/virt-api/webhooks/validating-webhook/admitters/migrationpolicy-admitter.go}) and denies one
 * it cannot decode with the decoder's message, which this rule repeats. A value the CRD schema
 * refuses (a fraction, a string, under a {@code minimum}) never reaches the admitter: the schema
 * step reports it first. KubeVirt names the first such field only; this rule names each.
 */
public final class UnsignedFields extends Rule {
  private static final BigInteger MAX_UINT64 =
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private final List<UnsignedField> fields;

  public UnsignedFields(List<UnsignedField> fields) {
    super(
        RuleInfo.error(
                "policy-unsigned-fields",
                Scope.POLICY_WRITE,
                "A field KubeVirt declares unsigned (uint64) must hold a whole number from 0 to"
                    + " 18446744073709551615: KubeVirt's admitter cannot decode another and denies"
                    + " the request.",
                "Give the field a number of 0 or more (a timeout in seconds, a downtime in milliseconds), or leave it out for KubeVirt's default.")
            .webhookOnly(
                "it repeats the message of KubeVirt's decoder, which names the Go struct holding"
                    + " the field; an admission policy would need one message per field and"
                    + " release"));
    this.fields = List.copyOf(fields);
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    for (UnsignedField f : fields) {
      JsonNode value = review.object();
      for (String name : f.path()) {
        value = value.path(name);
      }
      if (!value.isIntegralNumber()) {
        continue; // absent, or not an integer: the schema's to refuse
      }
      if ((value.isInt() || value.isLong()) && value.longValue() >= 0) {
        continue; // the usual case, without a BigInteger
      }
      BigInteger n = value.bigIntegerValue();
      // Over 2^64 - 1 never gets here through an API server (above): said as Go would say it all
      // the same.
      if (n.signum() < 0 || n.compareTo(MAX_UINT64) > 0) {
        out.invalid(
            FieldPath.of(f.path().toArray(String[]::new)),
            value,
            "json: cannot unmarshal number "
                + n
                + " into Go struct field "
                + f.goStruct()
                + "."
                + f.dotted()
                + " of type "
                + f.goType());
      }
    }
  }
}
