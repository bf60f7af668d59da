package io.migrationguard.manifest;

import java.util.Random;

/** Random block-style YAML documents in the shapes manifests take, for differential tests. */
final class RandomYaml {
  private static final String[] KEYS = {
    "name",
    "spec",
    "a",
    "kubevirt.io/vmi-name",
    "yes",
    "1",
    "on",
    "\"quoted key\"",
    "'single'",
    "with space",
    "x.y",
    "name"
  };
  private static final String[] SCALARS = {
    "64Mi",
    "800",
    "\"800\"",
    "'it''s'",
    "yes",
    "~",
    "",
    "1e3",
    "2.0",
    "0777",
    "\"a: b\"",
    "x # c",
    "-5",
    "1.5",
    "true",
    "null",
    "2024-01-02T03:04:05Z",
    "http://h:1/p",
    "'#'",
    "[]",
    "{}",
    "é",
    "0x1F",
    "1_000",
    "+1",
    ".5",
    "-",
    "a b c"
  };
  private final Random r;
  private final int step;
  private final StringBuilder sb = new StringBuilder();

  RandomYaml(Random r) {
    this.r = r;
    this.step = r.nextBoolean() ? 2 : 4;
  }

  String document() {
    if (r.nextInt(5) == 0) {
      sb.append(r.nextBoolean() ? "---\n" : "# header\n");
    }
    mapping(0, 0);
    return sb.toString();
  }

  private void mapping(int indent, int depth) {
    int n = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      line(indent);
      sb.append(KEYS[r.nextInt(KEYS.length)]).append(':');
      value(indent, depth);
    }
  }

  private void value(int indent, int depth) {
    int kind = depth > 3 ? 0 : r.nextInt(4);
    if (kind == 0 || kind == 3) {
      String s = SCALARS[r.nextInt(SCALARS.length)];
      sb.append(s.isEmpty() ? "" : " " + s).append(comment()).append('\n');
    } else if (kind == 1) {
      sb.append(comment()).append('\n');
      mapping(indent + step, depth + 1);
    } else {
      sb.append('\n');
      sequence(r.nextBoolean() ? indent : indent + step, depth + 1);
    }
  }

  private void sequence(int indent, int depth) {
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      line(indent);
      sb.append("- ");
      if (depth < 4 && r.nextBoolean()) {
        int inner = indent + 2;
        sb.append(KEYS[r.nextInt(KEYS.length)]).append(':');
        value(inner, depth + 1);
        if (r.nextBoolean()) {
          line(inner);
          sb.append("extra:");
          value(inner, depth + 1);
        }
      } else {
        sb.append(SCALARS[r.nextInt(SCALARS.length)]).append(comment()).append('\n');
      }
    }
  }

  private void line(int indent) {
    if (r.nextInt(12) == 0) {
      sb.append(r.nextBoolean() ? "\n" : " ".repeat(indent) + "# note\n");
    }
    sb.append(" ".repeat(indent));
  }

  private String comment() {
    return r.nextInt(6) == 0 ? " # trailing" : "";
  }
}
