#!/usr/bin/env bash
# Footprint benchmark: for each JVM option set, starts the packaged jar under native memory tracking with the
# memory a 512 MiB container gives it (-XX:MaxRAM), drives mixed keep-alive load (wrk, 64 connections) for
# DURATION seconds, then prints the RSS, the committed memory per NMT category (heap, classes, threads, code,
# GC, direct buffers under "Other") and the load's throughput and p99, side by side in one run.
#
# Settings (env): DURATION=60 (s of load per option set), CONNS=64, MAXRAM=512m,
# SETS: option sets separated by "|" (default: the Deployment's JAVA_TOOL_OPTIONS with the class-data archive, as
# the image starts, then the same without the archive).
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools wrk curl openssl
ensure_jar

DURATION=${DURATION:-60}; CONNS=${CONNS:-64}; MAXRAM=${MAXRAM:-512m}
DEPLOYMENT=$(deployment_java_options)
SETS=${SETS:-"$DEPLOYMENT -XX:SharedArchiveFile=app-cds.jsa -Xshare:on|$DEPLOYMENT"}
WORK=$(mktemp -d)
trap 'stop_server; rm -rf "$WORK"' EXIT INT TERM
make_certs "$WORK/certs"

printf '%-6s %7s %6s %6s %6s %6s %6s %6s %6s %6s %7s %8s %8s\n' set rss_MiB heap meta+cls thread code gc symbol other total threads req/s p99_ms
i=0
IFS='|' read -r -a sets <<<"$SETS"
for opts in "${sets[@]}"; do
  i=$((i + 1)); PORT=$(free_port)
  JAVA_OPTS="-XX:MaxRAM=$MAXRAM -XX:NativeMemoryTracking=summary $opts" \
    start_server "$WORK/certs" "$PORT" "$WORK/server-$i.log"
  wait_review "$PORT" "$WORK/certs/ca.crt" payloads/vmim-create.json 60 || { tail -20 "$WORK/server-$i.log" >&2; exit 1; }
  URL="https://127.0.0.1:$PORT"
  # Mixed load: creates, updates and mutations at once, a third of the connections each.
  per=$(( CONNS / 3 ))
  BODY=payloads/vmim-create.json timeout $((DURATION + 30)) wrk -t1 -c"$per" -d"${DURATION}s" --timeout 5s -s post.lua "$URL/validate" >"$WORK/a" & pa=$!
  BODY=payloads/vmim-update.json timeout $((DURATION + 30)) wrk -t1 -c"$per" -d"${DURATION}s" --timeout 5s -s post.lua "$URL/validate" >"$WORK/b" & pb=$!
  BODY=payloads/vmim-create.json timeout $((DURATION + 30)) wrk -t1 -c$((CONNS - 2 * per)) -d"${DURATION}s" --timeout 5s -s post.lua "$URL/mutate" >"$WORK/c" & pc=$!
  wait "$pa" "$pb" "$pc"
  rps=$(cat "$WORK/a" "$WORK/b" "$WORK/c" | awk -F'[ =]' '/^RESULT/ { s += $3 } END { printf "%.0f", s }')
  p99=$(cat "$WORK/a" "$WORK/b" "$WORK/c" | awk -F'[ =]' '/^RESULT/ { if ($9 > m) m = $9 } END { printf "%.2f", m }')
  rss=$(( $(rss_kb "$SERVER_PID") / 1024 ))
  nmt=$(jcmd "$SERVER_PID" VM.native_memory summary scale=MB 2>/dev/null || true)
  cat_mb() { echo "$nmt" | awk -v c="$1" '!f && $0 ~ "^-? *" c " \\(reserved" { for (i = 1; i <= NF; i++) if ($i ~ /^committed=/) { sub("committed=", "", $i); sub("MB\\)?", "", $i); print $i + 0; f = 1 } } END { if (!f) print 0 }'; }
  total=$(echo "$nmt" | awk '/^Total:/ { for (i = 1; i <= NF; i++) if ($i ~ /^committed=/) { sub("committed=", "", $i); sub("MB", "", $i); print $i } }')
  threads=$(echo "$nmt" | awk '/\(thread #/ { gsub(/[^0-9]/, "", $0); print; exit }')
  printf '%-6s %7s %6s %6s %6s %6s %6s %6s %6s %6s %7s %8s %8s\n' "set$i" "$rss" "$(cat_mb 'Java Heap')" \
    "$(( $(cat_mb Class) + $(cat_mb Metaspace) ))" "$(cat_mb Thread)" "$(cat_mb Code)" "$(cat_mb GC)" "$(cat_mb Symbol)" \
    "$(( $(cat_mb Other) + $(cat_mb Internal) ))" "$total" "$threads" "$rps" "$p99"
  echo "$nmt" | awk '/^-/ || /^Total/' > "$WORK/nmt-$i.txt"
  echo "  set$i: $opts" >&2
  stop_server
done
