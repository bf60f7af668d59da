package io.migrationguard.manifest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads JSON (one value, or several in a row as kubectl accepts them) into documents with the
 * position of every node. Numbers follow kubectl: an integral float such as {@code 2.0} reaches the
 * API server as {@code 2}.
 */
final class JsonReader {
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(TreeBuilder.MAX_DEPTH).build())
          .build();

  private JsonReader() {}

  static List<Document> read(String text) {
    List<Document> out = new ArrayList<>();
    Loc last = Loc.START;
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken t;
      TreeBuilder b = null;
      while ((t = p.nextToken()) != null) {
        last = loc(p.currentTokenLocation());
        if (b == null) {
          b = new TreeBuilder();
        }
        switch (t) {
          case START_OBJECT -> b.startObject(last);
          case START_ARRAY -> b.startArray(last);
          case END_OBJECT, END_ARRAY -> b.end();
          case FIELD_NAME -> b.key(p.currentName(), last);
          case VALUE_STRING -> b.value(JsonNodeFactory.instance.textNode(p.getText()), last, 1);
          case VALUE_NUMBER_INT -> b.value(YamlScalars.integer(p.getBigIntegerValue()), last, 1);
          case VALUE_NUMBER_FLOAT -> b.value(YamlScalars.number(p.getDoubleValue()), last, 1);
          case VALUE_TRUE, VALUE_FALSE ->
              b.value(JsonNodeFactory.instance.booleanNode(t == JsonToken.VALUE_TRUE), last, 1);
          case VALUE_NULL -> b.value(JsonNodeFactory.instance.nullNode(), last, 1);
          default -> {}
        }
        if (b.depth() == 0) {
          if (b.root() != null && !b.root().isNull()) {
            out.add(b.document(out.size() + 1));
          }
          b = null;
        }
      }
    } catch (JsonParseException e) {
      Loc at = e.getLocation() != null ? loc(e.getLocation()) : last;
      out.add(Document.failed(out.size() + 1, at, e.getOriginalMessage()));
    } catch (IOException e) {
      out.add(Document.failed(out.size() + 1, last, String.valueOf(e.getMessage())));
    } catch (DecodeException e) {
      out.add(Document.failed(out.size() + 1, e.loc(), e.getMessage()));
    }
    return out;
  }

  private static Loc loc(JsonLocation l) {
    return new Loc(l.getLineNr(), l.getColumnNr());
  }
}
