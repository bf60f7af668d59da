package io.migrationguard.export;

import com.google.re2j.Pattern;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.extensions.CelExtensions;
import dev.cel.extensions.CelStringExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelFunctionBinding;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;

/**
 * cel-java set up as the API server's CEL for admission policies: the variables {@code object},
 * {@code oldObject}, {@code request}, {@code params} and {@code variables}, optional types, the
 * strings extension and two-variable comprehensions, and the Kubernetes library functions the
 * exported expressions call, written here over the engine's own {@link Quantity}: {@code quantity},
 * {@code isLessThan}, {@code compareTo} (library {@code kubernetes.quantity}), {@code find} (regex)
 * and {@code indexOf} (lists).
 */
final class KubernetesCel {
  /** A Kubernetes Quantity as the policies see it: its exact value. */
  record QuantityValue(BigDecimal value) {}

  private static final CelType QUANTITY = OpaqueType.create("kubernetes.Quantity");
  private static final BigDecimal OUT_OF_RANGE = BigDecimal.TEN.pow(21);

  private KubernetesCel() {}

  /**
   * The environment of Kubernetes 1.30 (ValidatingAdmissionPolicy), or with {@code
   * twoVarComprehensions} that of 1.32 and later (MutatingAdmissionPolicy is 1.34+): an expression
   * calling what its version lacks fails to compile.
   */
  static Cel build(boolean twoVarComprehensions) {
    CelType t = TypeParamType.create("T");
    // ext.Strings version 2, as the API server's base environment has it from 1.29: no reverse.
    var strings =
        CelExtensions.strings(
            EnumSet.complementOf(EnumSet.of(CelStringExtensions.Function.REVERSE)));
    var builder =
        CelFactory.standardCelBuilder()
            .setOptions(CelOptions.current().enableHeterogeneousNumericComparisons(true).build())
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addCompilerLibraries(strings, CelExtensions.optional())
            .addRuntimeLibraries(strings, CelExtensions.optional());
    if (twoVarComprehensions) {
      builder
          .addCompilerLibraries(CelExtensions.comprehensions())
          .addRuntimeLibraries(CelExtensions.comprehensions());
    }
    return builder
        .addVar("object", SimpleType.DYN)
        .addVar("oldObject", SimpleType.DYN)
        .addVar("request", SimpleType.DYN)
        .addVar("params", SimpleType.DYN)
        .addVar("variables", SimpleType.DYN)
        .addFunctionDeclarations(
            CelFunctionDecl.newFunctionDeclaration(
                "quantity",
                CelOverloadDecl.newGlobalOverload(
                    "string_to_quantity", QUANTITY, SimpleType.STRING)),
            CelFunctionDecl.newFunctionDeclaration(
                "isLessThan",
                CelOverloadDecl.newMemberOverload(
                    "quantity_is_less_than", SimpleType.BOOL, QUANTITY, QUANTITY)),
            CelFunctionDecl.newFunctionDeclaration(
                "compareTo",
                CelOverloadDecl.newMemberOverload(
                    "quantity_compare_to", SimpleType.INT, QUANTITY, QUANTITY)),
            CelFunctionDecl.newFunctionDeclaration(
                "find",
                CelOverloadDecl.newMemberOverload(
                    "string_find_string", SimpleType.STRING, SimpleType.STRING, SimpleType.STRING)),
            CelFunctionDecl.newFunctionDeclaration(
                "indexOf",
                CelOverloadDecl.newMemberOverload(
                    "list_a_index_of_int", SimpleType.INT, ListType.create(t), t)))
        .addFunctionBindings(
            CelFunctionBinding.from("string_to_quantity", String.class, KubernetesCel::quantity),
            CelFunctionBinding.from(
                "quantity_is_less_than",
                QuantityValue.class,
                QuantityValue.class,
                (a, b) -> a.value().compareTo(b.value()) < 0),
            CelFunctionBinding.from(
                "quantity_compare_to",
                QuantityValue.class,
                QuantityValue.class,
                (a, b) -> (long) a.value().compareTo(b.value())),
            CelFunctionBinding.from(
                "string_find_string", String.class, String.class, KubernetesCel::find),
            CelFunctionBinding.from(
                "list_a_index_of_int", List.class, Object.class, (l, o) -> (long) l.indexOf(o)))
        .build();
  }

  /**
   * {@code quantity(s)} by the engine's parser. The policies call it only on strings that parser
   * accepts, or refuses as out of range (10^21 and beyond): such a value stands as 10^21 with its
   * sign, beyond every bound the policies compare with, as Go's parser would give it.
   */
  private static QuantityValue quantity(String s) {
    QuantityParse parse = Quantity.parse(s);
    if (parse.ok()) {
      return new QuantityValue(parse.quantity().value());
    }
    if (parse.error().startsWith("out of range")) {
      return new QuantityValue(s.startsWith("-") ? OUT_OF_RANGE.negate() : OUT_OF_RANGE);
    }
    throw new IllegalArgumentException("quantity() called on " + s + ": " + parse.error());
  }

  /** The regex library's {@code find}: the first match, or {@code ''}. */
  private static String find(String s, String regex) {
    var m = Pattern.compile(regex).matcher(s);
    return m.find() ? m.group() : "";
  }
}
