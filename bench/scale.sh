#!/usr/bin/env bash
# Scale benchmark (issue 34): for each cluster size, starts a stand-in API server (ScaleApiServer: HTTPS on
# 127.0.0.1, finished migrations shaped as virt-controller leaves them, MigrationPolicies, a KubeVirt CR, VMIs and
# Nodes, generated on the fly; Leases in memory) and the packaged service as the Deployment starts it (its
# JAVA_TOOL_OPTIONS, the memory of its 512 MiB limit, the class-data archive, cluster on, POD_NAMESPACE/POD_NAME
# set), then measures: seconds from process start to ready (/q/health/ready 200: every cache synced) and to
# watching (readiness shows every cache "synced, watching"), RSS at ready, RSS after the load, heap after a full
# GC, and req/s and p99 of cache-answered policy CREATEs and of migration CREATEs (a live VMI GET each), all
# dry-run, at fixed concurrency. Prints a table with each figure as a ratio to the first size of the run, the
# targets of issue 34 for the last size, and a final JSON line. A service that dies (OutOfMemoryError) or does not
# get ready is reported as "failed: ..." for that size.
# Then a drain burst: DRAIN concurrent migration CREATEs (not dry-run: each takes its reservation Lease) for
# distinct VMIs, at once, against a server holding VMIS VMIs; how many were answered, p99, max, and whether all
# came within the API server's 3 s webhook timeout.
#
# Settings (env): SIZES="500:20 10000:200 50000:1000" (migrations:policies, the first is the baseline), NODES=500,
# VMIS=10000, NAMESPACES=50, DURATION=60 (s of load per size, half policy creates, half migration creates),
# WARMUP=16 (s, the same split, not measured), CONNS=16, READY_TIMEOUT=120 (s), DRAIN=200 (0: no drain burst),
# DRAIN_SIZE (migrations:policies of the drain's server; default: the first of SIZES), JAVA_OPTS, KEEP=1 (keep the
# work directory with every log), MAX_RUN=1500 (s: the stand-in servers never outlive it).
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools curl openssl
ensure_jar

SIZES=${SIZES:-"500:20 10000:200 50000:1000"}; NODES=${NODES:-500}; VMIS=${VMIS:-10000}; NAMESPACES=${NAMESPACES:-50}
DURATION=${DURATION:-60}; WARMUP=${WARMUP:-16}; CONNS=${CONNS:-16}; READY_TIMEOUT=${READY_TIMEOUT:-120}
DRAIN=${DRAIN:-200}; DRAIN_SIZE=${DRAIN_SIZE:-${SIZES%% *}}; MAX_RUN=${MAX_RUN:-1500}
APP_DIR="$(dirname "$JAR")"
CDS=""
[ -f "$APP_DIR/app-cds.jsa" ] && CDS="-XX:SharedArchiveFile=app-cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
JAVA_OPTS=${JAVA_OPTS:-"-XX:MaxRAM=512m $(deployment_java_options) $CDS"}
WORK=$(mktemp -d); API_PID=
cleanup() {
  stop_server
  stop_api
  if [ -n "${KEEP:-}" ]; then echo "work directory kept: $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT INT TERM
make_certs "$WORK/certs"
openssl pkcs12 -export -in "$WORK/certs/tls.crt" -inkey "$WORK/certs/tls.key" -out "$WORK/certs/api.p12" \
  -passout pass:bench 2>/dev/null
(cd .. && ./mvnw -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test) >&2
CP="../target/test-classes:../target/classes:$(cat "$WORK/cp.txt")"

# start_api NAME MIGRATIONS POLICIES: the stand-in API server, its kubeconfig in $WORK/NAME.kubeconfig.
start_api() {
  local name="$1"
  rm -f "$WORK/$name.kubeconfig" "$WORK/$name.exit"
  java -Xmx512m -XX:+UseSerialGC -cp "$CP" io.migrationguard.bench.ScaleApiServer --p12 "$WORK/certs/api.p12" \
    --p12-pass bench --ca "$WORK/certs/ca.crt" --kubeconfig "$WORK/$name.kubeconfig" --control "$WORK/$name.exit" \
    --migrations "$2" --policies "$3" --nodes "$NODES" --vmis "$VMIS" --namespaces "$NAMESPACES" \
    --max-seconds "$MAX_RUN" >"$WORK/$name.api.log" 2>&1 &
  API_PID=$!; API_NAME=$name
  for _ in $(seq 1 600); do [ -s "$WORK/$name.kubeconfig" ] && return 0; kill -0 "$API_PID" 2>/dev/null || break; sleep 0.1; done
  tail -5 "$WORK/$name.api.log" >&2; echo "stand-in API server did not start" >&2; return 1
}

stop_api() {
  if [ -n "${API_PID:-}" ]; then
    touch "$WORK/$API_NAME.exit"
    for _ in $(seq 1 100); do kill -0 "$API_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$API_PID" 2>/dev/null || true
    wait "$API_PID" 2>/dev/null || true
  fi
  API_PID=
}

# dead_reason LOG: sets DEAD to why the service is gone, from its exit code and log.
dead_reason() {
  local rc=0
  wait "$SERVER_PID" 2>/dev/null || rc=$?
  SERVER_PID=
  if grep -q OutOfMemoryError "$1"; then
    DEAD="$(grep -m1 -o 'OutOfMemoryError[^"]*' "$1" | head -c 100), exit $rc"
  else
    DEAD="exited with $rc: $(grep -v '^{' "$1" | tail -1 | head -c 160)"
  fi
}

# readiness PORT: the readiness JSON (empty when it does not answer within 2 s).
readiness() { curl -s -m 2 --cacert "$WORK/certs/ca.crt" "https://127.0.0.1:$1/q/health/ready" 2>/dev/null || true; }

# wait_ready PORT LOG T0: sets READY_MS (readiness 200) and WATCH_MS (every cache "synced, watching"), or FAILED.
wait_ready() {
  local port="$1" log="$2" t0="$3" limit=$(( $3 + READY_TIMEOUT * 1000 )) code body
  READY_MS=; WATCH_MS=; FAILED=
  while [ "$(now_ms)" -lt "$limit" ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    kill -0 "$SERVER_PID" 2>/dev/null || { dead_reason "$log"; FAILED="$DEAD, before listening, $(( ($(now_ms) - t0) / 1000 )) s after start"; return 1; }
    sleep 0.05
  done
  while [ "$(now_ms)" -lt "$limit" ]; do
    kill -0 "$SERVER_PID" 2>/dev/null || { dead_reason "$log"; FAILED="$DEAD, before ready, $(( ($(now_ms) - t0) / 1000 )) s after start"; return 1; }
    code=$(curl -s -m 2 -o "$WORK/ready.json" -w '%{http_code}' --cacert "$WORK/certs/ca.crt" \
      "https://127.0.0.1:$port/q/health/ready" 2>/dev/null || true)
    if [ "$code" = 200 ]; then
      [ -z "$READY_MS" ] && READY_MS=$(( $(now_ms) - t0 ))
      if [ "$(grep -c 'synced, watching' "$WORK/ready.json")" -ge 3 ]; then
        WATCH_MS=$(( $(now_ms) - t0 )); return 0
      fi
      # Ready but a watch not up yet: bounded by 30 s more.
      [ $(( $(now_ms) - t0 - READY_MS )) -gt 30000 ] && { WATCH_MS=-1; return 0; }
    fi
    sleep 0.1
  done
  FAILED="not ready within ${READY_TIMEOUT} s: $(tr -d '\n ' < "$WORK/ready.json" 2>/dev/null | grep -o '"virtualmachineinstancemigrations":"[^"]*"' || true)"
  return 1
}

# load CASE SECONDS [extra ScaleLoad args]: one ScaleLoad run against the service; prints its RESULT line.
load() {
  local kase="$1" secs="$2"; shift 2
  timeout $(( ${secs%.*} + 60 )) java -Xmx512m -cp "$CP" io.migrationguard.bench.ScaleLoad --url "https://127.0.0.1:$PORT" \
    --ca "$WORK/certs/ca.crt" --payloads payloads --case "$kase" --conns "$CONNS" --seconds "$secs" \
    --vmis "$VMIS" --namespaces "$NAMESPACES" "$@" >"$WORK/load.out" 2>&1 || true
  grep '^DENIAL' "$WORK/load.out" | head -1 | sed "s/^DENIAL/    ${TAG:-$kase}: first denial:/" >&2 || true
  if ! grep '^RESULT' "$WORK/load.out"; then
    # The load client itself failed: say why, and give a line the table can read.
    tail -3 "$WORK/load.out" | sed "s/^/    ${TAG:-$kase}: load client: /" >&2
    echo "RESULT case=$kase requests=0 rps=0 p50_ms=0 p99_ms=0 max_ms=0 allowed=0 denied=0 unavailable=0 non2xx=0 errors=1"
  fi
}
kv() { tr ' ' '\n' <<<"$2" | awk -F= -v k="$1" '$1 == k { print $2 }'; }

# heap_after_gc PID: KiB used in the heap after a full GC (jcmd GC.run, then GC.heap_info's generations).
heap_after_gc() {
  timeout 30 jcmd "$1" GC.run >/dev/null 2>&1 || { echo 0; return; }
  timeout 30 jcmd "$1" GC.heap_info 2>/dev/null | awk '/generation/ && /used/ {
      for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/[K,]+$/, "", v); s += v } } END { print s + 0 }'
}

# api_summary NAME: what the stand-in served (its exit summary), indented.
api_summary() { sed -n '/^--- served/,$p' "$WORK/$1.api.log" | sed 's/^/    /' >&2; }

declare -A R
run_size() {
  local m="${1%%:*}" p="${1##*:}" name="size-$1" log t0 pol mig
  name=${name//:/-}; log="$WORK/$name.server.log"
  echo "== $m migrations, $p policies, $NODES nodes, $VMIS VMIs" >&2
  R[$1.failed]=
  if ! start_api "$name" "$m" "$p"; then R[$1.failed]="the stand-in API server did not start"; stop_api; return; fi
  grep -m1 '^objects:' "$WORK/$name.api.log" | sed 's/^/    /' >&2
  PORT=$(free_port)
  t0=$(now_ms)
  JAVA_OPTS="$JAVA_OPTS" start_server "$WORK/certs" "$PORT" "$log" KUBECONFIG="$WORK/$name.kubeconfig" \
    MIGRATION_GUARD_CLUSTER=on POD_NAMESPACE=migration-guard POD_NAME=migration-guard-bench-0
  if ! wait_ready "$PORT" "$log" "$t0"; then
    R[$1.failed]=$FAILED; stop_server; stop_api; api_summary "$name"; return
  fi
  R[$1.ready]=$READY_MS; R[$1.watch]=$WATCH_MS; R[$1.rss_ready]=$(rss_kb "$SERVER_PID")
  echo "    ready after ${READY_MS} ms, watching after ${WATCH_MS} ms, RSS $(( R[$1.rss_ready] / 1024 )) MiB" >&2
  local half=$(( DURATION / 2 )) whalf=$(( WARMUP / 2 ))
  if [ "$whalf" -gt 0 ]; then
    TAG="warm-up policy" load policy "$whalf" --offset 9000000 >/dev/null
    TAG="warm-up migration" load vmim "$whalf" --offset 17 >/dev/null
  fi
  pol=$(load policy "$half"); echo "    policy: ${pol#RESULT }" >&2
  if kill -0 "$SERVER_PID" 2>/dev/null; then mig=$(load vmim "$half"); echo "    migration: ${mig#RESULT }" >&2; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    dead_reason "$log"; R[$1.failed]="$DEAD, under load"; stop_api; api_summary "$name"; return
  fi
  R[$1.rss_load]=$(rss_kb "$SERVER_PID")
  R[$1.heap]=$(heap_after_gc "$SERVER_PID")
  R[$1.pol_rps]=$(kv rps "$pol"); R[$1.pol_p99]=$(kv p99_ms "$pol"); R[$1.pol_err]=$(( $(kv errors "$pol") + $(kv non2xx "$pol") ))
  R[$1.mig_rps]=$(kv rps "$mig"); R[$1.mig_p99]=$(kv p99_ms "$mig"); R[$1.mig_err]=$(( $(kv errors "$mig") + $(kv non2xx "$mig") ))
  R[$1.mig_denied]=$(kv denied "$mig")
  stop_server; stop_api; api_summary "$name"
}

for s in $SIZES; do run_size "$s"; done

# ---- the table: each figure and its ratio to the first size ----
base=${SIZES%% *}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a != "") printf "%.2f", a / b; else printf "-" }'; }
cell() { printf '%s (%s)' "$1" "$(ratio "$1" "$2")"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
echo
printf '%-12s %-13s %-13s %-13s %-13s %-13s %-15s %-15s %-15s %-15s\n' size ready_s watching_s rss_ready_MiB \
  rss_load_MiB heap_gc_MiB policy_req/s policy_p99_ms migr_req/s migr_p99_ms
json_sizes=()
for s in $SIZES; do
  m="${s%%:*}"; p="${s##*:}"
  if [ -n "${R[$s.failed]}" ]; then
    printf '%-12s failed: %s\n' "$s" "${R[$s.failed]}"
    json_sizes+=("{\"migrations\":$m,\"policies\":$p,\"failed\":\"$(sed 's/"/\\"/g' <<<"${R[$s.failed]}")\"}")
    continue
  fi
  rs=$(awk -v v="${R[$s.ready]}" 'BEGIN { printf "%.1f", v / 1000 }')
  ws=$(awk -v v="${R[$s.watch]}" 'BEGIN { printf "%.1f", v / 1000 }')
  if [ -n "${R[$base.failed]}" ]; then b=""; else b=$base; fi
  bv() { [ -n "$b" ] && echo "${R[$b.$1]}" || echo 0; }
  brs=$(awk -v v="$(bv ready)" 'BEGIN { printf "%.1f", v / 1000 }'); bws=$(awk -v v="$(bv watch)" 'BEGIN { printf "%.1f", v / 1000 }')
  printf '%-12s %-13s %-13s %-13s %-13s %-13s %-15s %-15s %-15s %-15s\n' "$s" "$(cell "$rs" "$brs")" "$(cell "$ws" "$bws")" \
    "$(cell "$(mib "${R[$s.rss_ready]}")" "$(mib "$(bv rss_ready)")")" "$(cell "$(mib "${R[$s.rss_load]}")" "$(mib "$(bv rss_load)")")" \
    "$(cell "$(mib "${R[$s.heap]}")" "$(mib "$(bv heap)")")" "$(cell "${R[$s.pol_rps]}" "$(bv pol_rps)")" \
    "$(cell "${R[$s.pol_p99]}" "$(bv pol_p99)")" "$(cell "${R[$s.mig_rps]}" "$(bv mig_rps)")" "$(cell "${R[$s.mig_p99]}" "$(bv mig_p99)")"
  [ "${R[$s.pol_err]}${R[$s.mig_err]}" != 00 ] && echo "  $s: errors or non-2xx answers: policy ${R[$s.pol_err]}, migration ${R[$s.mig_err]}"
  [ "${R[$s.mig_denied]:-0}" != 0 ] && echo "  $s: ${R[$s.mig_denied]} migration creates denied (see the DENIAL line above)"
  json_sizes+=("{\"migrations\":$m,\"policies\":$p,\"ready_ms\":${R[$s.ready]},\"watching_ms\":${R[$s.watch]},\"rss_ready_kb\":${R[$s.rss_ready]},\"rss_load_kb\":${R[$s.rss_load]},\"heap_after_gc_kb\":${R[$s.heap]},\"policy_rps\":${R[$s.pol_rps]},\"policy_p99_ms\":${R[$s.pol_p99]},\"migration_rps\":${R[$s.mig_rps]},\"migration_p99_ms\":${R[$s.mig_p99]},\"errors\":$(( R[$s.pol_err] + R[$s.mig_err] ))}")
done
echo "(ratios to $base; load: ${DURATION} s per size, half each case, $CONNS connections, dry-run reviews)"

# Targets of issue 34, for the last size (they are stated for 50000:1000).
last=${SIZES##* }
if [ "$last" != "$base" ]; then
  if [ -n "${R[$last.failed]}" ] || [ -n "${R[$base.failed]}" ]; then
    echo "targets at $last: not met (failed: ${R[$last.failed]:-baseline ${R[$base.failed]}})"
  else
    awk -v r="${R[$last.ready]}" -v rl="${R[$last.rss_load]}" -v brl="${R[$base.rss_load]}" \
      -v pr="${R[$last.pol_rps]}" -v bpr="${R[$base.pol_rps]}" -v pp="${R[$last.pol_p99]}" -v bpp="${R[$base.pol_p99]}" \
      -v mr="${R[$last.mig_rps]}" -v bmr="${R[$base.mig_rps]}" -v mp="${R[$last.mig_p99]}" -v bmp="${R[$base.mig_p99]}" -v s="$last" 'BEGIN {
        ok = "met"; no = "NOT met"
        printf "targets at %s: ready %.1f s <= 30 s %s; RSS after load %+.0f MiB vs baseline (<= 64) %s, %.0f MiB (< 300) %s;",
          s, r / 1000, (r <= 30000 ? ok : no), (rl - brl) / 1024, ((rl - brl) <= 65536 ? ok : no), rl / 1024, (rl < 307200 ? ok : no)
        printf " policy req/s x%.2f (>= 0.9) %s, p99 x%.2f (<= 1.5) %s; migration req/s x%.2f (>= 0.9) %s, p99 x%.2f (<= 1.5) %s\n",
          pr / bpr, (pr / bpr >= 0.9 ? ok : no), pp / bpp, (pp / bpp <= 1.5 ? ok : no),
          mr / bmr, (mr / bmr >= 0.9 ? ok : no), mp / bmp, (mp / bmp <= 1.5 ? ok : no) }'
  fi
fi

# ---- drain burst ----
drain_json=null
if [ "$DRAIN" -gt 0 ]; then
  dm="${DRAIN_SIZE%%:*}"; dp="${DRAIN_SIZE##*:}"
  echo >&2; echo "== drain burst: $DRAIN concurrent migration creates, $VMIS VMIs, $dm migrations, $dp policies" >&2
  if ! start_api drain "$dm" "$dp"; then echo "drain burst: failed: the stand-in API server did not start"; exit 1; fi
  PORT=$(free_port); t0=$(now_ms); log="$WORK/drain.server.log"
  JAVA_OPTS="$JAVA_OPTS" start_server "$WORK/certs" "$PORT" "$log" KUBECONFIG="$WORK/drain.kubeconfig" \
    MIGRATION_GUARD_CLUSTER=on POD_NAMESPACE=migration-guard POD_NAME=migration-guard-bench-0
  if ! wait_ready "$PORT" "$log" "$t0"; then
    echo "drain burst: failed: $FAILED"
    drain_json="{\"n\":$DRAIN,\"failed\":\"$(sed 's/"/\\"/g' <<<"$FAILED")\"}"
  else
    # Warmed as a running replica is (dry-run: no Lease taken), then the burst on VMIs the warm-up did not use.
    [ "$WARMUP" -gt 0 ] && TAG="warm-up migration" load vmim "$WARMUP" --offset 17 >/dev/null
    res=$(load vmim 0 --mode burst --n "$DRAIN" --dry-run false --offset 5003 --within-ms 3000)
    echo "    burst: ${res#RESULT }" >&2
    alive=yes
    kill -0 "$SERVER_PID" 2>/dev/null || { dead_reason "$log"; alive="no: $DEAD"; }
    answered=$(( $(kv allowed "$res") + $(kv denied "$res") ))
    over=$(kv over_3000ms "$res"); p99=$(kv p99_ms "$res"); max=$(kv max_ms "$res")
    all=no; [ "$answered" -eq "$DRAIN" ] && [ "$over" = 0 ] && all=yes
    # The service's own view: the latency its review log records for the burst's reviews (from its handler on).
    own=$(grep '"dryRun":false' "$log" | grep -o '"latencyMs":[0-9.]*' | cut -d: -f2 | sort -g | awk '{ a[NR] = $1 }
      END { if (NR) printf "p50 %.0f ms, p99 %.0f ms, max %.0f ms over %d reviews", a[int((NR + 1) / 2)], a[int(NR * 0.99 + 0.999)], a[NR], NR }')
    echo "drain burst: $answered/$DRAIN answered ($(kv allowed "$res") allowed, $(kv denied "$res") denied, of which $(kv unavailable "$res") 503), p50 $(kv p50_ms "$res") ms, p99 $p99 ms, max $max ms, over 3 s: $over, all within 3 s: $all; service alive: $alive; in the service's review log: ${own:-none}"
    drain_json="{\"n\":$DRAIN,\"answered\":$answered,\"allowed\":$(kv allowed "$res"),\"denied\":$(kv denied "$res"),\"unavailable_503\":$(kv unavailable "$res"),\"p50_ms\":$(kv p50_ms "$res"),\"p99_ms\":$p99,\"max_ms\":$max,\"over_3s\":$over,\"all_within_3s\":$([ $all = yes ] && echo true || echo false)}"
  fi
  stop_server; stop_api; api_summary drain
fi
joined=$(IFS=,; echo "${json_sizes[*]}")
echo "{\"bench\":\"scale\",\"nodes\":$NODES,\"vmis\":$VMIS,\"duration_s\":$DURATION,\"connections\":$CONNS,\"sizes\":[${joined}],\"drain\":$drain_json}"
