package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * {@code policy-bandwidth-meaning}: what {@code bandwidthPerMigration} does once virt-launcher has
 * converted it. It is bytes per second, turned into whole MiB/s by {@code QuantityToMebiByte}
 * ({@code pkg/virt-launcher/virtwrap/converter/vcpu/vcpu.go}, the same in v1.5 to v1.9): a value
 * that is not a whole number of bytes becomes {@code ceil(value) - 1} bytes; 0 bytes is 0 MiB/s,
 * and libvirt then gets no limit at all ({@code BandwidthSet: bandwidth > 0},
 * live-migration-source.go); 1 byte to 1 MiB - 1 becomes 1 MiB/s; larger values are rounded to the
 * nearest MiB/s. A limit the writer asked for and the cluster drops ({@code 1m}, {@code 500m},
 * {@code 0.5}: meant as "1 MB/s", read as a fraction of a byte) is an error; {@code 0}, and values
 * under 1 MiB that become 1 MiB/s, are warnings. Negative and malformed values are {@code
 * policy-bandwidth}'s.
 */
public final class BandwidthMeaning extends Rule {
  private static final BigDecimal MIB = BigDecimal.valueOf(1L << 20);

  public BandwidthMeaning() {
    super(
        RuleInfo.error(
                "policy-bandwidth-meaning",
                Scope.POLICY_WRITE,
                "The spec.bandwidthPerMigration of a migration policy must mean the limit it"
                    + " appears to: it is bytes per second in whole MiB/s, so a fraction of a byte"
                    + " such as 500m means no limit (an error), and 0, or a value under 1 MiB"
                    + " (rounded up to 1 MiB/s), is warned about.",
                "Write the limit in MiB per second, such as 1Mi for 1 MiB/s or 64Mi for 64 MiB/s"
                    + " (1M is 1,000,000 bytes, under 1 MiB, and also becomes 1 MiB/s); remove the"
                    + " field, not 0, for no limit.")
            .webhookOnly(
                "its messages show the value in MiB/s and Gbit/s, which CEL's quantity library"
                    + " cannot compute"));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode value = RuleHelpers.at(review.object(), "spec", "bandwidthPerMigration");
    if (!RuleHelpers.isSet(value)) {
      return;
    }
    QuantityParse parse = Quantity.parse(value);
    if (!parse.ok() || parse.quantity().signum() < 0) {
      return; // policy-bandwidth reports it
    }
    FieldPath path = FieldPath.of("spec", "bandwidthPerMigration");
    BigDecimal q = parse.quantity().value();
    String shown = value.isTextual() ? value.textValue() : value.asText();
    if (q.signum() == 0) {
      out.as(Severity.WARNING)
          .invalid(
              path,
              value,
              meaning(shown, 0)
                  + ": no limit, as KubeVirt limits the bandwidth only above 0; remove the field"
                  + " to say no limit");
      return;
    }
    BigInteger bytes = bytesPerSecond(q);
    if (bytes.signum() == 0) {
      out.invalid(
          path,
          value,
          meaning(shown, 0)
              + ": "
              + q.stripTrailingZeros().toPlainString()
              + " bytes/s rounds down to 0, which is no limit at all; the unit is bytes per"
              + " second: write 1Mi for 1 MiB/s");
    } else if (bytes.compareTo(MIB.toBigInteger()) < 0) {
      out.as(Severity.WARNING)
          .invalid(
              path,
              value,
              meaning(shown, mebibytesPerSecond(bytes))
                  + ": "
                  + String.format(Locale.ROOT, "%,d", bytes)
                  + " bytes/s is under 1 MiB and rounded up; write 1Mi if 1 MiB/s is meant");
    }
  }

  /** Bytes per second as virt-launcher's {@code QuantityToByte} reads the value. */
  static BigInteger bytesPerSecond(BigDecimal q) {
    if (q.stripTrailingZeros().scale() <= 0) {
      return q.toBigIntegerExact();
    }
    return q.setScale(0, RoundingMode.CEILING).toBigInteger().subtract(BigInteger.ONE);
  }

  /** Whole MiB/s as {@code QuantityToMebiByte} computes them (0 for no limit). */
  static long mebibytesPerSecond(BigInteger bytes) {
    if (bytes.signum() == 0) {
      return 0;
    }
    if (bytes.compareTo(MIB.toBigInteger()) < 0) {
      return 1;
    }
    return new BigDecimal(bytes).divide(MIB).add(new BigDecimal("0.5")).longValue();
  }

  /** MiB/s in Gbit/s, two decimals: 64 MiB/s is 0.54 Gbit/s. */
  static String gbits(long mibPerSecond) {
    return String.format(Locale.ROOT, "%.2f", mibPerSecond * 1048576.0 * 8 / 1e9);
  }

  /** How a value reads once converted: {@code 64Mi = 64 MiB/s (0.54 Gbit/s)}. */
  static String meaning(String shown, long mibPerSecond) {
    return shown + " = " + mibPerSecond + " MiB/s (" + gbits(mibPerSecond) + " Gbit/s)";
  }
}
