package io.migrationguard.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * SARIF 2.1.0, the format GitHub code scanning and most CI dashboards ingest: one run, the whole
 * catalogue as {@code tool.driver.rules} (so results stream and {@code ruleIndex} is stable), each
 * rule with its descriptions, help and documentation link; one result per finding with a physical
 * location relative to the source root ({@code %SRCROOT%}), the field path as a logical location,
 * and a fingerprint that does not depend on the line, so a finding keeps its identity when lines
 * move.
 */
public final class SarifReport implements Report {
  /** The OASIS schema of SARIF 2.1.0 (errata 01), the one the output is tested against. */
  static final String SCHEMA =
      "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

  /** The key of our fingerprint in {@code partialFingerprints}; bump the version if it changes. */
  static final String FINGERPRINT = "migrationGuard/v1";

  /** Where the name of standard input points: no file, so no base id. */
  static final String STDIN_URI = "stdin";

  /** SemVer 2.0.0, the form {@code semanticVersion} must have. */
  private static final Pattern SEMVER =
      Pattern.compile(
          "(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)"
              + "(-(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(\\.(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?"
              + "(\\+[0-9a-zA-Z-]+(\\.[0-9a-zA-Z-]+)*)?");

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final PrintStream out;
  private final Uris uris;
  private final Map<String, Integer> ruleIndex = new HashMap<>();
  private boolean first = true;

  public SarifReport(PrintStream out, ReportContext context) {
    this.out = out;
    this.uris = new Uris(context.workingDirectory());
    BuildInfo build = context.build();
    ObjectNode tool = NODES.objectNode();
    ObjectNode driver = tool.putObject("driver");
    driver.put("name", "migration-guard");
    driver.put("informationUri", build.home());
    driver.put("version", context.version());
    if (SEMVER.matcher(context.version()).matches()) {
      driver.put("semanticVersion", context.version());
    }
    ArrayNode rules = driver.putArray("rules");
    for (RuleDoc d : context.rules()) {
      ruleIndex.put(d.id(), rules.size());
      rules.add(rule(d, build.ruleUri(d.id())));
    }
    ObjectNode bases = NODES.objectNode();
    bases
        .putObject(Uris.SRCROOT)
        .put("uri", uris.rootUri())
        .putObject("description")
        .put("text", "The root of the repository (or the working directory outside one).");
    out.print(
        TerminalText.json(
            "{\"$schema\": \""
                + SCHEMA
                + "\", \"version\": \"2.1.0\", \"runs\": [{\n \"tool\": "
                + tool
                + ",\n \"originalUriBaseIds\": "
                + bases
                + ",\n \"columnKind\": \"unicodeCodePoints\",\n \"results\": ["));
  }

  static ObjectNode rule(RuleDoc d, String helpUri) {
    ObjectNode r = NODES.objectNode();
    r.put("id", d.id());
    r.putObject("shortDescription").put("text", d.description());
    r.putObject("fullDescription").put("text", d.description() + " Fix: " + d.fix());
    r.put("helpUri", helpUri);
    ObjectNode help = r.putObject("help");
    help.put("text", helpText(d, helpUri));
    help.put("markdown", helpMarkdown(d, helpUri));
    r.putObject("defaultConfiguration").put("level", d.severity());
    if (!d.kinds().isEmpty()) {
      ArrayNode tags = r.putObject("properties").putArray("tags");
      d.kinds().forEach(tags::add);
    }
    return r;
  }

  private static String appliesTo(RuleDoc d) {
    return d.kinds().isEmpty() ? "every document" : String.join(", ", d.kinds());
  }

  private static String why(RuleDoc d) {
    return d.severity().equals("error")
        ? "An error finding fails the lint run (non-zero exit code)."
        : "A warning is reported without failing the run, unless --warnings-as-errors is given.";
  }

  private static String helpText(RuleDoc d, String helpUri) {
    return d.id()
        + " ("
        + d.severity()
        + ", applies to "
        + appliesTo(d)
        + ")\n\nWhat is checked: "
        + d.description()
        + "\nWhy it matters: "
        + why(d)
        + "\nHow to fix: "
        + d.fix()
        + "\n\nDocumentation: "
        + helpUri;
  }

  private static String helpMarkdown(RuleDoc d, String helpUri) {
    List<String> kinds = d.kinds().stream().map(k -> "`" + k + "`").toList();
    return "**"
        + d.id()
        + "** ("
        + d.severity()
        + ", applies to "
        + (kinds.isEmpty() ? "every document" : String.join(", ", kinds))
        + ")\n\n**What is checked:** "
        + markdown(d.description())
        + "\n\n**Why it matters:** "
        + markdown(why(d))
        + "\n\n**How to fix:** "
        + markdown(d.fix())
        + "\n\n[Documentation of "
        + d.id()
        + "]("
        + helpUri
        + ")";
  }

  /** Plain text as Markdown: the characters that would start emphasis, code, links or HTML. */
  static String markdown(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ("\\`*_[]<>".indexOf(c) >= 0) {
        sb.append('\\');
      }
      sb.append(c);
    }
    return sb.toString();
  }

  @Override
  public void file(FileResult result) {
    Uris.Location where =
        result.stdin() ? new Uris.Location(STDIN_URI, null) : uris.of(result.file());
    Map<String, Integer> seen = new HashMap<>();
    StringBuilder sb = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      for (LocatedFinding f : r.findings()) {
        sb.append(first ? "\n  " : ",\n  ").append(result(where, r, f, seen));
        first = false;
      }
    }
    out.print(TerminalText.json(sb.toString()));
  }

  private ObjectNode result(
      Uris.Location where, ResourceResult r, LocatedFinding f, Map<String, Integer> seen) {
    ObjectNode o = NODES.objectNode();
    String rule = f.finding().rule();
    o.put("ruleId", rule);
    Integer index = ruleIndex.get(rule);
    if (index != null) {
      o.put("ruleIndex", index);
    }
    o.put("level", f.finding().isError() ? "error" : "warning");
    o.putObject("message").put("text", r.label() + ": " + f.rendered());
    ObjectNode loc = o.putArray("locations").addObject();
    ObjectNode physical = loc.putObject("physicalLocation");
    ObjectNode artifact = physical.putObject("artifactLocation");
    artifact.put("uri", where.uri());
    if (where.uriBaseId() != null) {
      artifact.put("uriBaseId", where.uriBaseId());
    } else if (where.uri().equals(STDIN_URI)) {
      artifact.putObject("description").put("text", "standard input");
    }
    ObjectNode region = physical.putObject("region");
    region.put("startLine", f.loc().line());
    region.put("startColumn", f.loc().column());
    ObjectNode logical = loc.putArray("logicalLocations").addObject();
    String field = f.field();
    logical.put("fullyQualifiedName", field.isEmpty() ? r.label() : r.label() + "/" + field);
    logical.put("kind", field.isEmpty() ? "object" : "member");
    o.putObject("partialFingerprints").put(FINGERPRINT, fingerprint(where, r, f, seen));
    return o;
  }

  /**
   * What identifies a finding across runs: rule, file, object (kind, namespace, name) and field,
   * not the line or the message; the n-th repeat of the same identity in a file gets {@code #n}.
   */
  static String fingerprint(
      Uris.Location where, ResourceResult r, LocatedFinding f, Map<String, Integer> seen) {
    String identity =
        String.join(
            "\u0000",
            f.finding().rule(),
            where.uri(),
            nullToEmpty(r.kind()),
            nullToEmpty(r.namespace()),
            nullToEmpty(r.name()),
            f.field());
    int n = seen.merge(identity, 1, Integer::sum);
    return sha256(n == 1 ? identity : identity + "#" + n);
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }

  private static String sha256(String s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }

  @Override
  public void finish(Summary summary) {
    out.print(first ? "]" : "\n ]");
    if (summary.release() != null) {
      // The run's property bag says which KubeVirt release profile judged (SARIF 3.8).
      ObjectNode props = NODES.objectNode();
      props.put("kubevirtVersion", summary.release().release().name());
      props.put("kubevirtProfileSource", summary.release().release().source());
      if (summary.release().observed() != null) {
        props.put("kubevirtVersionFrom", summary.release().observed());
      }
      out.print(TerminalText.json(",\n \"properties\": " + props));
    }
    out.println("}]}");
    out.flush();
  }
}
