package io.migrationguard.cli;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.ExportOptions;
import io.migrationguard.export.KubernetesVersion;
import io.migrationguard.export.PolicyDocuments;
import io.migrationguard.export.PolicyWriter;
import io.migrationguard.export.ServiceSetting;
import io.migrationguard.report.OutputTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code export admission-policies [-o FILE] [--kubernetes-version V] [--kubevirt-version V]
 * [--kubevirt-namespace NS] [--param-not-found Deny|Allow]}: the stateless rules as
 * ValidatingAdmissionPolicies and the defaulters as MutatingAdmissionPolicies, written to FILE or
 * standard output. Arguments in, exit code out, no Quarkus boot.
 */
public final class ExportCommand {
  static final int USAGE = 2;

  public static final String HELP =
      """
      Usage: java -jar quarkus-run.jar export admission-policies [OPTIONS]

      Writes the rules that need no cluster state as ValidatingAdmissionPolicies (with
      bindings) and the defaulters as MutatingAdmissionPolicies (Kubernetes 1.34+), for the
      API server to enforce without the webhook. docs/admission-policies.md says which rules
      stay in the webhook and why.

      Options:
        -o, --output FILE             Write to FILE instead of standard output.
        --kubernetes-version V        Oldest Kubernetes version to run on (default 1.30,
                                      the first with ValidatingAdmissionPolicy v1).
        --kubevirt-version V          KubeVirt release the policies judge for: v1.5 ...
                                      v1.9, main (default v1.9; 1.8 and v1.8.4 mean v1.8).
                                      The feature-gate policies follow its gates.
        --kubevirt-namespace NS       Namespace of the KubeVirt CR the feature-gate policies
                                      read (default kubevirt).
        --param-not-found ACTION      Deny (default) or Allow: what the feature-gate bindings
                                      do when no KubeVirt CR is there.
        -h, --help                    Print this help and exit.

      The priority-requester list is the service's migration-guard.priority-requesters
      (system property or MIGRATION_GUARD_PRIORITY_REQUESTERS); when neither is set, the
      packaged default with KubeVirt's controller in the --kubevirt-namespace namespace.
      """;

  private ExportCommand() {}

  private static final String REQUESTERS = "migration-guard.priority-requesters";

  /**
   * The priority requesters the export enforces: the service's setting when it is set (system
   * property or environment); otherwise the packaged default with KubeVirt's controller account
   * moved to {@code kubevirtNamespace}. A Deny policy cannot fail open: exported for openshift-cnv
   * with {@code kubevirt}'s account, it would refuse every evacuation KubeVirt creates there.
   */
  static Set<String> priorityRequesters(String kubevirtNamespace) {
    Set<String> configured = ServiceSetting.list(REQUESTERS);
    if (ServiceSetting.isSet(REQUESTERS)) {
      return configured;
    }
    Set<String> out = new LinkedHashSet<>();
    for (String user : configured) {
      out.add(
          user.equals(CONTROLLER.formatted(ExportOptions.KUBEVIRT_NAMESPACE))
              ? CONTROLLER.formatted(kubevirtNamespace)
              : user);
    }
    return out;
  }

  private static final String CONTROLLER = "system:serviceaccount:%s:kubevirt-controller";

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || !args[0].equals("admission-policies")) {
      if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
        out.print(HELP);
        return 0;
      }
      return usage(err, "export: what to export? (admission-policies)");
    }
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        out.print(HELP);
        return 0;
      }
      String name = a.equals("-o") ? "--output" : a;
      List<String> known =
          List.of(
              "--output",
              "--kubernetes-version",
              "--kubevirt-version",
              "--kubevirt-namespace",
              "--param-not-found");
      if (!known.contains(name)) {
        String near = Suggest.nearest(name, known);
        return usage(
            err,
            "export: unknown option " + a + (near == null ? "" : ": did you mean " + near + "?"));
      }
      if (i + 1 == args.length) {
        return usage(err, "export: " + a + " needs a value");
      }
      options.put(name, args[++i]);
    }
    KubernetesVersion version =
        KubernetesVersion.parse(
            options.getOrDefault("--kubernetes-version", KubernetesVersion.OLDEST.toString()));
    if (version == null) {
      return usage(err, "export: --kubernetes-version must look like 1.30 or v1.34.2");
    }
    if (!version.atLeast(1, 30)) {
      return usage(
          err, "export: Kubernetes " + version + " has no ValidatingAdmissionPolicy v1 (1.30+)");
    }
    String action = options.getOrDefault("--param-not-found", ExportOptions.DENY);
    if (!action.equals("Deny") && !action.equals("Allow")) {
      return usage(err, "export: --param-not-found must be Deny or Allow");
    }
    ReleaseChoice release;
    try {
      String named = options.get("--kubevirt-version");
      release = named == null ? ReleaseChoice.newest() : ReleaseChoice.of(named);
    } catch (ReleaseChoice.UnknownVersion e) {
      return usage(err, "export: --kubevirt-version: " + e.getMessage());
    }
    if (release.warning() != null) {
      err.println("export: " + release.warning());
    }
    String kubevirtNamespace =
        options.getOrDefault("--kubevirt-namespace", ExportOptions.KUBEVIRT_NAMESPACE);
    if (!kubevirtNamespace.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")
        || kubevirtNamespace.length() > 63) {
      return usage(
          err,
          "export: --kubevirt-namespace '"
              + kubevirtNamespace
              + "' is not a namespace name (a DNS-1123 label: lower-case letters, digits and '-',"
              + " at most 63)");
    }
    Settings defaults = Settings.defaults();
    Settings settings =
        new Settings(priorityRequesters(kubevirtNamespace), defaults.configuredDefaults())
            .forRelease(release.release());
    // The service's own rule actions: the policies enforce what the webhook would.
    try {
      Set<String> off = ServiceSetting.list("migration-guard.disabled-rules");
      List<String> entries = new ArrayList<>(ServiceSetting.list("migration-guard.rule-actions"));
      off.forEach(id -> entries.add(id + "=off"));
      settings = settings.withActions(Rules.parseActions(entries, Rules.engineIds(settings)));
    } catch (IllegalArgumentException e) {
      return usage(err, "export: migration-guard.rule-actions: " + e.getMessage());
    }
    ExportOptions export = new ExportOptions(version, settings, kubevirtNamespace, action);
    String text = PolicyWriter.write(PolicyDocuments.build(export), export);
    String file = options.get("--output");
    if (file == null) {
      out.print(text);
      out.flush();
      if (out.checkError()) {
        err.println("export: could not write to standard output (a full disk, a closed pipe)");
        return USAGE;
      }
      return 0;
    }
    try {
      OutputTarget.check(file);
      Files.writeString(Path.of(file), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      err.println(
          "export: "
              + (e.getMessage() != null && e.getMessage().startsWith("cannot write ")
                  ? e.getMessage()
                  : "cannot write " + file + ": " + e.getMessage()));
      return USAGE;
    }
    return 0;
  }

  private static int usage(PrintStream err, String message) {
    err.println(message);
    err.print(HELP);
    return USAGE;
  }
}
