#!/usr/bin/env bash
# Webhook benchmark: starts the packaged jar with generated certificates on 127.0.0.1, warms it up, then
# drives HTTPS keep-alive load (wrk) with realistic AdmissionReviews at fixed concurrency, and measures the
# same server's floor (a review of the same size for a kind we do not handle: parsed, then allowed).
# Prints requests/s and p50/p90/p99 per case, throughput as a ratio of the floor (the ratio of the medians, and the
# lowest and highest of the rounds' own ratios, each round's case over the floor run beside it), the service's CPU per request
# (user + system, every thread) and the floor's over it, time from process start to the first successful
# review, the RSS after the load, and a final JSON line.
#
# Settings (env): DURATION=8 (s per run), RUNS=3 (median of), CONNS="32 100", THREADS=2, WARMUP=60 (s), JAVA_OPTS,
# CLUSTER=1: cluster lookups on, against a stand-in API server (ApiStandIn: fabric8's mock server, CRUD,
# 50 VMIs, a KubeVirt CR), with a case "api-get" that GETs the VMI of the migration payload from the stand-in
# directly (one API round trip, at the same concurrency) and a line comparing the migration create's p99 with it;
# RESERVATIONS=1 (with CLUSTER=1): POD_NAMESPACE and POD_NAME set, so creates take Leases as in a pod;
# CASES to choose the cases (names from the list below).
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools wrk curl openssl
ensure_jar

DURATION=${DURATION:-8}; RUNS=${RUNS:-3}; CONNS=${CONNS:-"32 100"}; THREADS=${THREADS:-2}; WARMUP=${WARMUP:-60}
# The service as the cluster runs it: the Deployment's JVM options, the memory of its 512 MiB limit, the AppCDS
# archive the image has. JAVA_OPTS replaces them.
JAVA_OPTS=${JAVA_OPTS:-"-XX:MaxRAM=512m $(deployment_java_options) -XX:SharedArchiveFile=app-cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"}
WORK=$(mktemp -d); API_PID=
trap 'stop_server; [ -n "$API_PID" ] && { touch "$WORK/control.exit"; kill "$API_PID" 2>/dev/null; }; rm -rf "$WORK"' EXIT INT TERM
make_certs "$WORK/certs"
PORT=$(free_port)
CLUSTER_ENV=()
if [ -n "${CLUSTER:-}" ]; then
  (cd .. && ./mvnw -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test) >&2
  CP="../target/test-classes:../target/classes:$(cat "$WORK/cp.txt")"
  java -cp "$CP" io.migrationguard.bench.ApiStandIn "$WORK/kubeconfig" "$WORK/control" 50 >"$WORK/api.log" 2>&1 &
  API_PID=$!
  for _ in $(seq 1 600); do [ -s "$WORK/kubeconfig" ] && break; sleep 0.1; done
  [ -s "$WORK/kubeconfig" ] || { cat "$WORK/api.log" >&2; echo "stand-in API server did not start" >&2; exit 1; }
  CLUSTER_ENV=(KUBECONFIG="$WORK/kubeconfig" MIGRATION_GUARD_CLUSTER=on)
  API_URL=$(awk '/server:/ { print $2; exit }' "$WORK/kubeconfig")
  if [ -n "${RESERVATIONS:-}" ]; then
    CLUSTER_ENV+=(POD_NAMESPACE=migration-guard POD_NAME=bench-replica)
  fi
  echo "cluster mode: lookups on against the stand-in API server${RESERVATIONS:+, reservations on}" >&2
fi

t0=$(now_ms)
start_server "$WORK/certs" "$PORT" "$WORK/server.log" "${CLUSTER_ENV[@]}"
if ! wait_review "$PORT" "$WORK/certs/ca.crt" payloads/vmim-create.json 60; then
  echo "server did not answer a review within 60 s; log:" >&2; tail -20 "$WORK/server.log" >&2; exit 1
fi
startup_ms=$(( $(now_ms) - t0 ))
echo "first successful review after ${startup_ms} ms (process start included)"

URL="https://127.0.0.1:$PORT"
CLK_TCK=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; } # user + system
run_wrk() { # conns path body duration -> RESULT line (path "api": a GET of the VMI from the stand-in)
  local url="$URL$2" body="payloads/$3" t0 line
  if [ "$2" = api ]; then url="$API_URL/apis/kubevirt.io/v1/namespaces/prod-databases/virtualmachineinstances/db-0"; body=; fi
  t0=$(cpu_ticks "$SERVER_PID")
  line=$(BODY="$body" timeout $(( $4 + 30 )) wrk -t"$THREADS" -c"$1" -d"${4}s" --timeout 5s -s post.lua "$url" | grep '^RESULT')
  # The service's own CPU (user + system, all its threads) per answered request: what a case costs the
  # service, apart from the load generator and the kernel's share of the loopback, which a slower case
  # also inflates (fewer answers per wake-up on both sides).
  awk -v l="$line" -v t=$(( $(cpu_ticks "$SERVER_PID") - t0 )) -v hz="$CLK_TCK" -v d="$4" 'BEGIN {
    match(l, /rps=[0-9.]+/); r = substr(l, RSTART + 4, RLENGTH - 4) + 0
    printf "%s cpu_us=%.2f\n", l, (r > 0 ? t / hz * 1e6 / (r * d) : 0) }'
}
# Warm-up: every case, twice over. Measured with per-review CPU timers: the engine's code reaches its steady cost
# only after about a minute of mixed load on this machine (50 us per review after 10 s, 12-15 us after 60 s), and
# the floor's code, shared by every case, warms faster than the engine's, so a short warm-up favours the floor.
echo "warming up for ${WARMUP} s"
for _ in 1 2; do
  for p in vmim-create.json policy-create.json vmim-update.json floor-other-kind.json floor-other-kind-update.json; do
    run_wrk 16 /validate "$p" $(( (WARMUP + 11) / 12 )) >/dev/null
  done
  run_wrk 16 /mutate vmim-create.json $(( (WARMUP + 11) / 12 )) >/dev/null
done

# Each case is compared with the floor of its own size: 2 KB creates with "floor", the 4 KB update with "floor-4k".
# Runs are interleaved (round 1 of every case, then round 2, ...) so that drift over the run (JIT, heap sizing,
# a neighbour on the machine) falls on every case alike instead of on whichever case comes first.
CASES=${CASES:-"floor:/validate:floor-other-kind.json vmim-create:/validate:vmim-create.json policy-create:/validate:policy-create.json mutate-vmim:/mutate:vmim-create.json floor-4k:/validate:floor-other-kind-update.json vmim-update:/validate:vmim-update.json${API_URL:+ api-get:api:}"}
RAW="$WORK/raw"; : > "$RAW"
for r in $(seq 1 "$RUNS"); do
  for c in $CONNS; do
    for spec in $CASES; do
      IFS=: read -r name path body <<<"$spec"
      line=$(run_wrk "$c" "$path" "$body" "$DURATION")
      echo "$name $c $line round=$r" >> "$RAW"
      printf '  round %s/%s %-14s %4s conns: %s\n' "$r" "$RUNS" "$name" "$c" "${line#RESULT }" >&2
    done
  done
done
total() { awk '{ s += $1 } END { print s + 0 }'; }
# field NAME CONNS KEY: the values of KEY over the runs of one case.
field() { awk -v n="$1" -v c="$2" -v k="$3" '$1 == n && $2 == c { for (i = 4; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) print kv[2] } }' "$RAW"; }
json_cases=()
# paired NAME FLOOR CONNS: the lowest and highest of the rounds' own ratios (each round's case over the floor run
# beside it, matched by round number; a round without a result for either is left out), "min-max": how far one
# round's ratio moves on this machine, which the median alone does not show.
paired() {
  awk -v n="$1" -v f="$2" -v c="$3" '
    $2 == c && ($1 == n || $1 == f) { rps = ""; round = ""
      for (i = 4; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "rps") rps = kv[2]; if (kv[1] == "round") round = kv[2] }
      if (rps != "" && round != "") { if ($1 == f) fl[round] = rps; if ($1 == n) cs[round] = rps } }
    END { for (r in cs) if ((r in fl) && fl[r] > 0) { x = cs[r] / fl[r]; if (k++ == 0 || x < lo) lo = x; if (k == 1 || x > hi) hi = x }
      if (k) printf "%.3f-%.3f", lo, hi; else printf "-" }' "$RAW"
}
printf '\n%-14s %5s %10s %8s %8s %8s %7s %11s %8s %9s %6s\n' case conns req/s p50_ms p90_ms p99_ms floor rounds cpu_us cpu_floor errors
for c in $CONNS; do
  floor_rps=0; floor_cpu=0; floor_name=
  for spec in $CASES; do
    IFS=: read -r name path body <<<"$spec"
    m_rps=$(field "$name" "$c" rps | median); m50=$(field "$name" "$c" p50 | median)
    m90=$(field "$name" "$c" p90 | median); m99=$(field "$name" "$c" p99 | median)
    errs=$(( $(field "$name" "$c" errors | total) + $(field "$name" "$c" non2xx | total) ))
    m_cpu=$(field "$name" "$c" cpu_us | median)
    case "$name" in floor*) floor_rps=$m_rps; floor_cpu=$m_cpu; floor_name=$name ;; esac
    ratio=$(awk -v a="$m_rps" -v b="$floor_rps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
    rounds=-
    case "$name:$path" in floor*|*:api) ;; *) rounds=$(paired "$name" "$floor_name" "$c") ;; esac
    # The floor's service CPU per request over the case's: the share of the floor by the service's own cost.
    cpu_ratio=$(awk -v a="$m_cpu" -v b="$floor_cpu" 'BEGIN { printf "%.3f", (a > 0 ? b / a : 0) }')
    printf '%-14s %5s %10.0f %8.2f %8.2f %8.2f %7s %11s %8.2f %9s %6s\n' "$name" "$c" "$m_rps" "$m50" "$m90" "$m99" "$ratio" "$rounds" "$m_cpu" "$cpu_ratio" "$errs"
    json_cases+=("{\"case\":\"$name\",\"connections\":$c,\"rps\":$m_rps,\"p50_ms\":$m50,\"p90_ms\":$m90,\"p99_ms\":$m99,\"floor_ratio\":$ratio,\"floor_ratio_rounds\":\"$rounds\",\"cpu_us_per_request\":$m_cpu,\"cpu_floor_ratio\":$cpu_ratio,\"errors\":$errs}")
  done
done
if [ -n "${API_URL:-}" ]; then
  for c in $CONNS; do
    own=$(field vmim-create "$c" p99 | median); rt=$(field api-get "$c" p99 | median)
    [ -n "$own" ] && [ -n "$rt" ] && awk -v c="$c" -v a="$own" -v b="$rt" 'BEGIN { printf "migration create p99 %.2f ms = one API round trip (GET p99 %.2f ms) + %.2f ms, %s conns\n", a, b, a - b, c }'
  done
fi
rss=$(rss_kb "$SERVER_PID")
echo
echo "RSS after load: $(( rss / 1024 )) MiB; runs per figure: $RUNS (median), ${DURATION} s each, wrk -t$THREADS"
joined=$(IFS=,; echo "${json_cases[*]}")
echo "{\"bench\":\"webhook\",\"startup_to_first_review_ms\":$startup_ms,\"rss_after_load_kb\":$rss,\"runs\":$RUNS,\"duration_s\":$DURATION,\"cases\":[${joined}]}"
