package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Shown;
import java.util.ArrayDeque;
import java.util.ArrayList;
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
  private static final String MERGE_TAG = "tag:yaml.org,2002:merge";

  /** go-yaml v2's words. */
  private static final String MERGE_USAGE =
      "map merge requires map or sequence of maps as the value";

  private final List<Document> out;
  private final int lineOffset;
  private TreeBuilder builder;
  private final Map<String, Anchored> anchors = new HashMap<>();
  private final Deque<OpenAnchor> open = new ArrayDeque<>();
  private long aliasNodes;
  private Merge merge = Merge.NONE;

  /** The maps of the merge list being read, in list order. */
  private List<ObjectNode> pending;

  /** The merge states around the inline merge maps being read, innermost first. */
  private final Deque<Suspended> suspended = new ArrayDeque<>();

  /** Where we are in a YAML merge key: none, expecting its value, inside its list of maps. */
  private enum Merge {
    NONE,
    VALUE,
    LIST
  }

  private record Anchored(JsonNode node, long weight) {}

  private record OpenAnchor(String name, JsonNode node, long sizeBefore) {}

  private record Suspended(Merge merge, List<ObjectNode> pending) {}

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
      out.add(Document.failed(out.size() + 1, m != null ? loc(m) : last, Shown.plain(problem(e))));
    } catch (YAMLException e) {
      out.add(Document.failed(out.size() + 1, last, Shown.plain(String.valueOf(e.getMessage()))));
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
        merge = Merge.NONE;
        pending = null;
        suspended.clear();
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
    long before = builder.size();
    if (merge != Merge.NONE) {
      if (e.getEventId() == Event.ID.SequenceStart) {
        if (merge != Merge.VALUE) {
          throw new DecodeException(MERGE_USAGE, loc); // a list inside the merge list
        }
        merge = Merge.LIST;
        pending = new ArrayList<>();
        return;
      }
      // An inline map to merge: read as a map of its own, merged when it ends.
      suspended.push(new Suspended(merge, pending));
      merge = Merge.NONE;
      pending = null;
      builder.startMergeSource(loc);
      open.push(new OpenAnchor(e.getAnchor(), builder.current(), before));
      return;
    }
    if (builder.expectsKey()) {
      throw new DecodeException("a map or list cannot be a map key", loc);
    }
    if (e.getEventId() == Event.ID.MappingStart) {
      builder.startObject(loc);
    } else {
      builder.startArray(loc);
    }
    open.push(new OpenAnchor(e.getAnchor(), builder.current(), before));
  }

  private void endCollection() {
    if (merge == Merge.LIST) {
      // go-yaml merges a list from its end, so that the earlier maps win.
      for (int i = pending.size() - 1; i >= 0; i--) {
        builder.merge(pending.get(i));
      }
      merge = Merge.NONE;
      pending = null;
      return;
    }
    boolean source = builder.inMergeSource();
    JsonNode node = builder.end();
    OpenAnchor a = open.pop();
    if (a.name() != null) {
      anchors.put(a.name(), new Anchored(a.node(), builder.size() - a.sizeBefore()));
    }
    if (source) {
      Suspended s = suspended.pop();
      merge = s.merge();
      pending = s.pending();
      mergeSource((ObjectNode) node);
    }
  }

  /** One map to merge, the value of {@code <<} itself or one element of its list. */
  private void mergeSource(ObjectNode source) {
    if (merge == Merge.VALUE) {
      builder.merge(source);
      merge = Merge.NONE;
    } else {
      pending.add(source);
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
      if (MERGE_KEY.equals(e.getValue()) && (plain && tag == null || MERGE_TAG.equals(tag))) {
        merge = Merge.VALUE;
        return;
      }
      String key;
      if (plain && tag == null) {
        key = YamlScalars.key(e.getValue());
      } else if (ScalarTags.isBinary(tag)) {
        key = ScalarTags.binary(e.getValue(), loc);
      } else {
        key = e.getValue();
      }
      builder.key(key, loc);
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
      throw new DecodeException(
          "unknown anchor " + Shown.quoted(e.getAnchor()) + " referenced", loc);
    }
    aliasNodes += a.weight();
    if (aliasNodes > MAX_ALIAS_NODES && aliasNodes > 10 * (builder.size() - aliasNodes)) {
      throw new DecodeException("document contains excessive aliasing", loc);
    }
    if (merge != Merge.NONE) {
      if (!(a.node() instanceof ObjectNode obj)) {
        throw new DecodeException(MERGE_USAGE, loc);
      }
      mergeSource(obj);
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
