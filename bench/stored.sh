#!/usr/bin/env bash
# Stored-objects benchmark: `lint --cluster` of the packaged jar against a test API server on 127.0.0.1 that stores N
# generated migrations (src/test/java/io/migrationguard/bench/StoredServer.java, run from source: ~3.3 KB of JSON
# each with managedFields, status.migrationState and phase timestamps, mostly Succeeded) and pages its lists as a real
# one does. Prints wall time, peak RSS (/usr/bin/time) and exit code of each run, then a JSON line.
# Settings (env): N=50000 HEAP=256m (the -Xmx of the runs); HEAPS="64m 96m" also runs N under each of those heaps
# (the smallest that still works is what it takes); BASE_JAR=<an older build's quarkus-run.jar> and BASE_N=20000 run
# that build too, with its default heap, as a comparison in the same session; BASE_AT_N=1 also runs that build over N
# under -Xmx$HEAP.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
ensure_jar
N=${N:-50000}; HEAP=${HEAP:-256m}; BASE_N=${BASE_N:-20000}
WORK=$(mktemp -d)
SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# serve COUNT: starts the test API server, sets KUBECONFIG at it.
serve() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  : >"$WORK/port"
  $JAVA -Xmx128m "$ROOT/src/test/java/io/migrationguard/bench/StoredServer.java" "$1" >"$WORK/port" 2>"$WORK/server.err" &
  SERVER=$!
  for _ in $(seq 1 300); do grep -q '^port ' "$WORK/port" && break; sleep 0.1; done
  grep -q '^port ' "$WORK/port" || { cat "$WORK/server.err" >&2; exit 1; }
  local port; port=$(awk '/^port / { print $2 }' "$WORK/port")
  cat >"$WORK/kubeconfig" <<EOF
apiVersion: v1
kind: Config
current-context: bench
clusters: [{name: bench, cluster: {server: "http://127.0.0.1:$port"}}]
contexts: [{name: bench, context: {cluster: bench, user: u}}]
users: [{name: u, user: {token: t}}]
EOF
  export KUBECONFIG="$WORK/kubeconfig"
}

# run LABEL JAR COUNT JAVA_OPTIONS...: one lint --cluster, timed.
run() {
  local label="$1" jar="$2" count="$3"; shift 3
  local t0 code
  t0=$(now_ms)
  set +e
  timeout 600 /usr/bin/time -f '%M' -o "$WORK/time.txt" $JAVA "$@" -jar "$jar" lint --cluster -o json="$WORK/$label.json" \
    >/dev/null 2>"$WORK/$label.err"
  code=$?
  set -e
  local wall=$(( $(now_ms) - t0 )) rss; rss=$(tail -1 "$WORK/time.txt")
  local summary; summary=$(grep -o '"summary":{[^}]*}' "$WORK/$label.json" 2>/dev/null || echo none)
  echo "$label: $count migrations, java $*: ${wall} ms wall, peak RSS $(( rss / 1024 )) MiB, exit $code, $summary"
  [ "$code" -le 1 ] || sed -n 1,3p "$WORK/$label.err" | sed 's/^/  stderr: /'
  RESULTS+=("{\"run\":\"$label\",\"migrations\":$count,\"options\":\"$*\",\"wall_ms\":$wall,\"rss_kib\":$rss,\"exit\":$code}")
}

RESULTS=()
serve "$N"
run new "$JAR" "$N" "-Xmx$HEAP"
for h in ${HEAPS:-}; do run "new-xmx$h" "$JAR" "$N" "-Xmx$h"; done
if [ -n "${BASE_JAR:-}" ] && [ -n "${BASE_AT_N:-}" ]; then
  run "base-$N" "$BASE_JAR" "$N" "-Xmx$HEAP"
fi
if [ -n "${BASE_JAR:-}" ]; then
  serve "$BASE_N"
  run "base" "$BASE_JAR" "$BASE_N"
  run "new-$BASE_N" "$JAR" "$BASE_N"
  cmp -s "$WORK/base.json" "$WORK/new-$BASE_N.json" && echo "reports of $BASE_N: identical" \
    || echo "reports of $BASE_N: differ"
fi
echo "[$(IFS=,; echo "${RESULTS[*]}")]"
