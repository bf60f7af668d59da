package io.migrationguard.cli;

import io.migrationguard.cli.LintOptions.OutputSpec;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.judge.CheckOptions;
import io.migrationguard.report.Format;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parses the lint's arguments by hand: a dozen options do not need a framework, and this keeps
 * start-up free of reflection and the error messages ours. Accepts {@code --opt value}, {@code
 * --opt=value}, {@code -o value}, {@code -ovalue}; {@code --} ends the options; {@code -} alone is
 * stdin.
 */
public final class LintArgs {
  private LintArgs() {}

  static LintOptions parse(String[] args) throws UsageException {
    List<OutputSpec> outputs = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    boolean strict = false, showPatch = false, wae = false, summary = false;
    boolean listRules = false, version = false, help = false;
    boolean noHints = false, verbose = false, failIfNoObjects = false;
    String against = null, kubevirt = null, kubevirtVersion = null, as = null, config = null;
    boolean cluster = false, stored = false;
    String context = null, namespace = null;
    java.time.Duration requestTimeout = null;
    long maxFileSize = ByteSize.DEFAULT_MAX_FILE_SIZE;
    List<String> excludes = new ArrayList<>();
    Set<String> disabled = new TreeSet<>();
    boolean optionsEnded = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (optionsEnded || a.equals("-") || !a.startsWith("-")) {
        paths.add(a);
        continue;
      }
      String name = a;
      String inline = null;
      if (a.startsWith("--") && a.indexOf('=') > 0) {
        name = a.substring(0, a.indexOf('='));
        inline = a.substring(a.indexOf('=') + 1);
      } else if (!a.startsWith("--") && a.length() > 2 && isLongWord(a.substring(1))) {
        // kubeconform spells long options with one dash (-output json): say what was meant.
        throw new UsageException(unknown(a.contains("=") ? a.substring(0, a.indexOf('=')) : a));
      } else if (a.startsWith("-o") && a.length() > 2 && !a.startsWith("--")) {
        name = "-o";
        inline = a.startsWith("-o=") ? a.substring(3) : a.substring(2);
      }
      switch (name) {
        case "--" -> optionsEnded = true;
        case "-o", "--output" -> {
          String v = inline != null ? inline : value(args, ++i, name);
          outputs.add(output(v));
        }
        case "--against" -> against = inline != null ? inline : value(args, ++i, name);
        case "--kubevirt" -> kubevirt = inline != null ? inline : value(args, ++i, name);
        case "--kubevirt-version" ->
            kubevirtVersion = inline != null ? inline : value(args, ++i, name);
        case "--as" -> as = inline != null ? inline : value(args, ++i, name);
        case "--context" -> context = inline != null ? inline : value(args, ++i, name);
        case "-n", "--namespace" -> namespace = inline != null ? inline : value(args, ++i, name);
        case RequestTimeout.OPTION ->
            requestTimeout =
                RequestTimeout.parse(name, inline != null ? inline : value(args, ++i, name));
        case "--config" -> config = inline != null ? inline : value(args, ++i, name);
        case "--exclude" -> excludes.add(inline != null ? inline : value(args, ++i, name));
        case "--max-file-size" ->
            maxFileSize = ByteSize.parse(name, inline != null ? inline : value(args, ++i, name));
        case "--disable" ->
            disabled.addAll(
                CheckOptions.ruleList(inline != null ? inline : value(args, ++i, name)));
        default -> {
          if (inline != null) {
            throw new UsageException("option " + name + " takes no value");
          }
          switch (name) {
            case "--strict" -> strict = true;
            case "--show-patch" -> showPatch = true;
            case "--warnings-as-errors" -> wae = true;
            case "--summary" -> summary = true;
            case "--list-rules" -> listRules = true;
            case "--version" -> version = true;
            case "-h", "--help" -> help = true;
            case "--no-hints" -> noHints = true;
            case "--verbose" -> verbose = true;
            case "--fail-if-no-objects" -> failIfNoObjects = true;
            case "--cluster" -> cluster = true;
            case "--stored" -> stored = true;
            default -> throw new UsageException(unknown(name));
          }
        }
      }
    }
    if (outputs.isEmpty()) {
      outputs.add(new OutputSpec(Format.DEFAULT, null));
    }
    checkOutputs(outputs);
    if (as != null && as.isBlank()) {
      throw new UsageException("--as needs a user name");
    }
    if (cluster) {
      if (!paths.isEmpty()) {
        throw new UsageException(
            "--cluster reads the cluster: give no files (" + paths.get(0) + ")");
      }
      if (against != null || kubevirt != null) {
        throw new UsageException(
            "--cluster reads the KubeVirt CR and the stored objects itself: no "
                + (against != null ? "--against" : "--kubevirt"));
      }
      if (stored) {
        throw new UsageException("--cluster judges stored objects already: no --stored");
      }
      if (namespace != null && !namespace.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
        throw new UsageException("-n " + namespace + ": not a namespace name");
      }
    } else if (context != null || namespace != null || requestTimeout != null) {
      throw new UsageException(
          (context != null ? "--context" : namespace != null ? "-n" : RequestTimeout.OPTION)
              + " needs --cluster");
    }
    if (!help && !version && !listRules && !cluster && paths.isEmpty()) {
      throw new UsageException("no input: give files, directories, or - for stdin");
    }
    return new LintOptions(
        List.copyOf(outputs),
        strict,
        against,
        kubevirt,
        kubevirtVersion,
        as,
        showPatch,
        wae,
        summary,
        listRules,
        version,
        help,
        List.copyOf(paths),
        List.copyOf(excludes),
        Set.copyOf(disabled),
        List.of(),
        cluster,
        context,
        namespace,
        stored,
        requestTimeout == null ? RequestTimeout.DEFAULT : requestTimeout,
        config,
        !noHints,
        verbose,
        failIfNoObjects,
        maxFileSize);
  }

  /** Every long option, for "did you mean". */
  static final List<String> LONG_OPTIONS =
      List.of(
          "--output",
          "--strict",
          "--against",
          "--kubevirt",
          "--kubevirt-version",
          "--as",
          "--cluster",
          "--stored",
          "--context",
          "--namespace",
          RequestTimeout.OPTION,
          "--show-patch",
          "--warnings-as-errors",
          "--summary",
          "--list-rules",
          "--version",
          "--help",
          "--exclude",
          "--disable",
          "--config",
          "--no-hints",
          "--verbose",
          "--fail-if-no-objects",
          "--max-file-size");

  /**
   * The message for an unknown option, with the option meant where one is near: {@code -output}
   * (kubeconform's single-dash spelling) or a typo.
   */
  static String unknown(String name) {
    String bare = name.replaceFirst("^-+", "");
    for (String o : LONG_OPTIONS) {
      if (o.substring(2).equals(bare)) {
        return "unknown option " + name + ": did you mean " + o + "?";
      }
    }
    String near = Suggest.nearest(name, LONG_OPTIONS);
    return "unknown option " + name + (near == null ? "" : ": did you mean " + near + "?");
  }

  /** {@code a,b , c} as rule ids (blank parts dropped). */

  /**
   * A single-dash argument that spells one of the long options ({@code -output}, {@code -strict}).
   */
  private static boolean isLongWord(String word) {
    String w = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
    return LONG_OPTIONS.contains("--" + w);
  }

  private static String value(String[] args, int i, String name) throws UsageException {
    if (i >= args.length || (args[i].startsWith("-") && !args[i].equals("-"))) {
      throw new UsageException("option " + name + " needs a value");
    }
    return args[i];
  }

  private static OutputSpec output(String v) throws UsageException {
    int eq = v.indexOf('=');
    String fmt = (eq < 0 ? v : v.substring(0, eq)).toLowerCase(Locale.ROOT);
    String file = eq < 0 ? null : v.substring(eq + 1);
    Format format =
        Format.parse(fmt)
            .orElseThrow(
                () ->
                    new UsageException(
                        "unknown output format \"" + fmt + "\" (" + Format.labels() + ")"));
    if (file != null && (file.isEmpty() || file.equals("-"))) {
      file = null;
    }
    return new OutputSpec(format, file);
  }

  private static void checkOutputs(List<OutputSpec> outputs) throws UsageException {
    long toStdout = outputs.stream().filter(o -> o.file() == null).count();
    if (toStdout > 1) {
      throw new UsageException(
          "only one output can go to stdout; send the others to files (-o json=report.json)");
    }
    Set<String> files = new HashSet<>();
    for (OutputSpec o : outputs) {
      if (o.file() != null && !files.add(o.file())) {
        throw new UsageException("two outputs write to " + o.file());
      }
    }
  }
}
