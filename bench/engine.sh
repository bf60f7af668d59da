#!/usr/bin/env bash
# Engine microbenchmarks (JMH): Quantity parse, schema validation, the full pipeline for one object, in ns/op.
# Settings (env): FORKS=1 WARMUP_ITERS=3 ITERS=5 ITER_TIME=1s, FILTER (a JMH regex, default all of EngineBench;
# FILTER=HandlerBench: one whole answer, body to response bytes, without HTTP, next to the floor of its size).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT INT TERM
./mvnw -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test >&2
CP="target/test-classes:target/classes:$(cat "$WORK/cp.txt")"
java -cp "$CP" org.openjdk.jmh.Main "${FILTER:-EngineBench}" -f "${FORKS:-1}" -wi "${WARMUP_ITERS:-3}" \
  -i "${ITERS:-5}" -w "${ITER_TIME:-1s}" -r "${ITER_TIME:-1s}" -rf csv -rff "$WORK/jmh.csv" \
  -jvmArgs "-Dpayloads=bench/payloads" | grep -E '^(Benchmark|EngineBench|HandlerBench)'
# CSV columns: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit"[,"Param: payload"]
# A parameterised benchmark (HandlerBench) is keyed by method and payload: "validate/vmim-create.json".
awk -F, 'NR > 1 { gsub(/"/, "", $1); gsub(/"/, "", $8); n = split($1, p, "."); k = p[n] ($8 != "" ? "/" $8 : "");
  printf "%s\"%s\":%.1f", (c++ ? "," : ""), k, $5 }
  BEGIN { printf "{\"bench\":\"engine\",\"unit\":\"ns/op\",\"results\":{" } END { print "}}" }' "$WORK/jmh.csv"
