package io.migrationguard.cli.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Reads a YAML stream into documents, straight from SnakeYAML's event parser so that every node
 * keeps its position and scalars resolve as kubectl resolves them ({@link YamlScalars}). Aliases
 * are shared, not copied, and their expanded size is bounded (no billion laughs).
 */
final class YamlReader {
  static final long MAX_ALIAS_NODES = 100_000;

  private static final String MERGE_KEY = "<<";
  private static final String MERGE_USAGE = "a merge key (<<) takes an alias or a list of aliases";

  private final List<Document> out;
  private final int lineOffset;
  private TreeBuilder builder;
  private final Map<String, Anchored> anchors = new HashMap<>();
  private final Deque<OpenAnchor> open = new ArrayDeque<>();
  private long aliasNodes;
  private Merge merge = Merge.NONE;

  /** Where we are in a YAML merge key: none, expecting its value, inside its list of aliases. */
  private enum Merge {
    NONE,
    VALUE,
    LIST
  }

  private record Anchored(JsonNode node, long weight) {}

  private record OpenAnchor(String name, JsonNode node, long sizeBefore) {}

  private YamlReader(List<Document> out, int lineOffset) {
    this.out = out;
    this.lineOffset = lineOffset;
  }

  /** Parses one chunk of a stream with SnakeYAML, appending its documents to {@code out}. */
  static void parse(DocumentSplitter.Chunk chunk, List<Document> out) {
    new YamlReader(out, chunk.firstLine()).parse(chunk.text());
  }

  private void parse(String text) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setNestingDepthLimit(TreeBuilder.MAX_DEPTH);
    options.setProcessComments(false);
    Parser parser = new ParserImpl(new StreamReader(text), options);
    Loc last = new Loc(lineOffset + 1, 1);
    try {
      while (true) {
        Event e = parser.getEvent();
        last = loc(e.getStartMark());
        if (!handle(e)) {
          return;
        }
      }
    } catch (MarkedYAMLException e) {
      Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      out.add(Document.failed(out.size() + 1, m != null ? loc(m) : last, problem(e)));
    } catch (YAMLException e) {
      out.add(Document.failed(out.size() + 1, last, e.getMessage()));
    } catch (DecodeException e) {
      out.add(Document.failed(out.size() + 1, e.loc(), e.getMessage()));
    }
  }

  /** Feeds one event to the builder; false at the end of the stream. */
  private boolean handle(Event e) throws DecodeException {
    switch (e.getEventId()) {
      case StreamEnd -> {
        return false;
      }
      case DocumentStart -> {
        builder = new TreeBuilder();
        anchors.clear();
        aliasNodes = 0;
      }
      case DocumentEnd -> finishDocument();
      case MappingStart, SequenceStart -> startCollection((CollectionStartEvent) e);
      case MappingEnd, SequenceEnd -> endCollection();
      case Scalar -> scalar((ScalarEvent) e);
      case Alias -> alias((AliasEvent) e);
      default -> {}
    }
    return true;
  }

  private void finishDocument() {
    JsonNode root = builder.root();
    if (root != null && !root.isNull()) {
      out.add(
          new Document(
              out.size() + 1,
              root,
              builder.rootLoc(),
              builder.locations(),
              List.copyOf(builder.duplicates()),
              null));
    }
  }

  private void startCollection(CollectionStartEvent e) throws DecodeException {
    Loc loc = loc(e.getStartMark());
    if (merge != Merge.NONE) {
      if (merge != Merge.VALUE || e.getEventId() != Event.ID.SequenceStart) {
        throw new DecodeException(MERGE_USAGE, loc);
      }
      merge = Merge.LIST;
      return;
    }
    if (builder.expectsKey()) {
      throw new DecodeException("a map or list cannot be a map key", loc);
    }
    long before = builder.size();
    if (e.getEventId() == Event.ID.MappingStart) {
      builder.startObject(loc);
    } else {
      builder.startArray(loc);
    }
    open.push(new OpenAnchor(e.getAnchor(), builder.current(), before));
  }

  private void endCollection() {
    if (merge == Merge.LIST) {
      endMerge();
      return;
    }
    builder.end();
    OpenAnchor a = open.pop();
    if (a.name() != null) {
      anchors.put(a.name(), new Anchored(a.node(), builder.size() - a.sizeBefore()));
    }
  }

  private void scalar(ScalarEvent e) throws DecodeException {
    Loc loc = loc(e.getStartMark());
    boolean plain = e.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN;
    String tag = e.getTag();
    if (merge != Merge.NONE) {
      throw new DecodeException(MERGE_USAGE, loc);
    }
    if (builder.expectsKey()) {
      if (plain && tag == null && MERGE_KEY.equals(e.getValue())) {
        merge = Merge.VALUE;
        return;
      }
      builder.key(plain && tag == null ? YamlScalars.key(e.getValue()) : e.getValue(), loc);
      return;
    }
    JsonNode value = ScalarTags.value(e.getValue(), plain, tag, loc);
    builder.value(value, loc, 1);
    if (e.getAnchor() != null) {
      anchors.put(e.getAnchor(), new Anchored(value, 1));
    }
  }

  private void alias(AliasEvent e) throws DecodeException {
    Loc loc = loc(e.getStartMark());
    Anchored a = anchors.get(e.getAnchor());
    if (a == null) {
      throw new DecodeException("unknown anchor '" + e.getAnchor() + "' referenced", loc);
    }
    aliasNodes += a.weight();
    if (aliasNodes > MAX_ALIAS_NODES && aliasNodes > 10 * (builder.size() - aliasNodes)) {
      throw new DecodeException("document contains excessive aliasing", loc);
    }
    if (merge != Merge.NONE) {
      if (!(a.node() instanceof ObjectNode obj)) {
        throw new DecodeException("a merge key (<<) must refer to a map", loc);
      }
      builder.merge(obj);
      if (merge == Merge.VALUE) {
        endMerge();
      }
      return;
    }
    if (builder.expectsKey()) {
      if (!a.node().isValueNode()) {
        throw new DecodeException("a map or list cannot be a map key", loc);
      }
      builder.key(a.node().asText(), loc);
      return;
    }
    builder.value(a.node(), loc, a.weight());
  }

  private void endMerge() {
    merge = Merge.NONE;
  }

  private Loc loc(Mark m) {
    return new Loc(m.getLine() + 1 + lineOffset, m.getColumn() + 1);
  }

  private static String problem(MarkedYAMLException e) {
    String p = e.getProblem();
    String c = e.getContext();
    if (p == null) {
      return c == null ? "invalid YAML" : c;
    }
    return c == null ? p : c + ": " + p;
  }
}
