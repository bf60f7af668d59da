#!/usr/bin/env bash
# Lint benchmark: generates 50,000 resources in 5,000 files (gen-manifests.sh), lints them with the packaged jar
# and prints wall time, resources/s and peak RSS (median of RUNS); then the wall time of linting one small file,
# start-up included (hyperfine). Ends with a JSON line.
# Settings (env): FILES=5000 DOCS=10 RUNS=3; BLOCK_YAML=compare also runs each round without the block-YAML
# fast path (-Dmigration-guard.lint.block-yaml=false), interleaved, and prints both medians.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools hyperfine
ensure_jar
FILES=${FILES:-5000}; DOCS=${DOCS:-10}; RUNS=${RUNS:-3}
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT INT TERM
./gen-manifests.sh "$WORK/set" "$FILES" "$DOCS"
resources=$(( FILES * DOCS ))

# The options bin/migration-guard-lint runs the jar with (C1 only, the lint's class-data archive), measured beside
# plain `java -jar` in the same rounds.
LAUNCHER="-XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$(dirname "$JAR")/lint-cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
walls=(); rsss=(); code=0; plain=(); launched=()
for i in $(seq 1 "$RUNS"); do
  t0=$(now_ms)
  set +e
  /usr/bin/time -f '%M' -o "$WORK/time.txt" java ${JAVA_OPTS:-} -jar "$JAR" lint -o json="$WORK/report.json" "$WORK/set" \
    >/dev/null 2>"$WORK/err.txt"
  code=$?
  set -e
  walls+=($(( $(now_ms) - t0 ))); rsss+=("$(tail -1 "$WORK/time.txt")")
  echo "run $i: ${walls[-1]} ms, peak RSS $(( ${rsss[-1]} / 1024 )) MiB, exit $code"
  t0=$(now_ms)
  java $LAUNCHER -jar "$JAR" lint -o json="$WORK/launched.json" "$WORK/set" >/dev/null 2>&1 || true
  launched+=($(( $(now_ms) - t0 )))
  echo "run $i with the launcher's options: ${launched[-1]} ms"
  if [ "${BLOCK_YAML:-}" = compare ]; then
    t0=$(now_ms)
    /usr/bin/time -f '%M %U %S' -o "$WORK/time.txt" java ${JAVA_OPTS:-} -Dmigration-guard.lint.block-yaml=false \
      -jar "$JAR" lint -o json="$WORK/plain.json" "$WORK/set" >/dev/null 2>&1 || true
    plain+=($(( $(now_ms) - t0 )))
    echo "run $i without the block-YAML path: ${plain[-1]} ms, peak RSS/user/sys $(tail -1 "$WORK/time.txt")"
  fi
done
if [ "${BLOCK_YAML:-}" = compare ]; then
  echo "without the block-YAML path: $(printf '%s\n' "${plain[@]}" | median) ms wall (median of $RUNS)"
  cmp -s "$WORK/report.json" "$WORK/plain.json" && echo "reports identical" || echo "reports differ"
fi
wall=$(printf '%s\n' "${walls[@]}" | median); rss=$(printf '%s\n' "${rsss[@]}" | median)
rate=$(awk -v n="$resources" -v ms="$wall" 'BEGIN { printf "%.0f", n / (ms / 1000) }')
summary=$(grep -o '"summary":{[^}]*}' "$WORK/report.json" || true)
echo "lint of $resources resources in $FILES files: ${wall} ms wall (median of $RUNS), ${rate} resources/s, peak RSS $(( rss / 1024 )) MiB, exit $code"
echo "report $summary"
echo "with bin/migration-guard-lint's options: $(printf '%s\n' "${launched[@]}" | median) ms wall (median of $RUNS)"
cmp -s "$WORK/report.json" "$WORK/launched.json" && echo "reports identical" || echo "reports differ"

cat > "$WORK/one.yaml" <<'YAML'
apiVersion: migrations.kubevirt.io/v1alpha1
kind: MigrationPolicy
metadata:
  name: fast
spec:
  bandwidthPerMigration: 64Mi
  selectors:
    namespaceSelector:
      tier: db
YAML
hyperfine -N --warmup 3 --runs 20 -i --export-json "$WORK/one.json" "java ${JAVA_OPTS:-} -jar $JAR lint $WORK/one.yaml" >/dev/null
one_ms=$(grep -o '"median": *[0-9.]*' "$WORK/one.json" | head -1 | awk '{printf "%.0f", $2 * 1000}')
echo "one small file: ${one_ms} ms wall (median of 20, JVM start included)"
hyperfine -N --warmup 3 --runs 20 -i --export-json "$WORK/one-l.json" "java $LAUNCHER -jar $JAR lint $WORK/one.yaml" >/dev/null
one_l=$(grep -o '"median": *[0-9.]*' "$WORK/one-l.json" | head -1 | awk '{printf "%.0f", $2 * 1000}')
echo "one small file with bin/migration-guard-lint's options: ${one_l} ms wall (median of 20)"
echo "{\"bench\":\"lint\",\"resources\":$resources,\"files\":$FILES,\"wall_ms\":$wall,\"resources_per_s\":$rate,\"peak_rss_kb\":$rss,\"exit_code\":$code,\"one_file_ms\":$one_ms,\"one_file_launcher_ms\":$one_l,\"runs\":$RUNS}"
