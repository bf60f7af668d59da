#!/usr/bin/env bash
# API server outage under load: the packaged jar in cluster mode (MIGRATION_GUARD_CLUSTER=on) against a
# stoppable stand-in API server (ApiStandIn: fabric8's mock server, CRUD, HTTPS, on 127.0.0.1), driven by
# OutageProbe with VMIM and MigrationPolicy creates (need the cluster) and reviews of another kind (do not).
# The API server is stopped at DOWN_AT_MS for OUTAGE_MS, then a new one comes up on the same port. Checks:
#   - every answer during the outage within the lookup timeout (2 s) + 500 ms margin;
#   - cluster-dependent reviews during the outage are denied with 503 naming what could not be checked;
#   - reviews that need no cluster keep flowing (no thread pool exhaustion), no HTTP error, no socket error;
#   - normal answers resume after the return (time to recover).
# Prints each figure and a final JSON line. Bounded in time; stops everything it starts.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools openssl curl python3
ensure_jar
RUN_S=${RUN_S:-40}; DOWN_AT_MS=${DOWN_AT_MS:-10000}; OUTAGE_MS=${OUTAGE_MS:-15000}; CONNS=${CONNS:-16}
LOOKUP_TIMEOUT_MS=2000; MARGIN_MS=${MARGIN_MS:-500}
WORK=$(mktemp -d)
cleanup() {
  stop_server
  if [ -n "${API_PID:-}" ]; then
    touch "$WORK/control.exit"
    for _ in $(seq 1 50); do kill -0 "$API_PID" 2>/dev/null || break; sleep 0.1; done
    kill "$API_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
(cd .. && ./mvnw -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test) >&2
CP="../target/test-classes:../target/classes:$(cat "$WORK/cp.txt")"

make_certs "$WORK/a"
java -cp "$CP" io.migrationguard.bench.ApiStandIn "$WORK/kubeconfig" "$WORK/control" 50 >"$WORK/api.log" 2>&1 &
API_PID=$!
for _ in $(seq 1 600); do [ -s "$WORK/kubeconfig" ] && break; sleep 0.1; done
[ -s "$WORK/kubeconfig" ] || { cat "$WORK/api.log" >&2; echo "stand-in API server did not start" >&2; exit 1; }

PORT=$(free_port)
start_server "$WORK/a" "$PORT" "$WORK/server.log" KUBECONFIG="$WORK/kubeconfig" MIGRATION_GUARD_CLUSTER=on
ready=0
for _ in $(seq 1 600); do
  if curl -sf -o /dev/null --cacert "$WORK/a/ca.crt" "https://127.0.0.1:$PORT/q/health/ready"; then ready=1; break; fi
  sleep 0.1
done
[ "$ready" = 1 ] || { tail -30 "$WORK/server.log" >&2; echo "migration-guard not ready" >&2; exit 1; }
echo "migration-guard ready on $PORT (cluster mode), API server $(grep -o '127.0.0.1:[0-9]*' "$WORK/api.log" | head -1)"

P=payloads
java -cp "$CP" io.migrationguard.bench.OutageProbe --url "https://127.0.0.1:$PORT" --ca "$WORK/a/ca.crt" \
  --conns "$CONNS" --seconds "$RUN_S" --down-at-ms "$DOWN_AT_MS" --up-at-ms $((DOWN_AT_MS + OUTAGE_MS)) \
  --control "$WORK/control" \
  "vmim:$P/vmim-create.json:/validate" "policy:$P/policy-create.json:/validate" \
  "other:$P/floor-other-kind.json:/validate" "vmim-mutate:$P/vmim-create.json:/mutate" | tee "$WORK/probe.txt"
result=$(sed -n 's/^RESULT //p' "$WORK/probe.txt")
echo
RESULT="$result" LIMIT=$((LOOKUP_TIMEOUT_MS + MARGIN_MS)) python3 - <<'PY'
import json, os
r = json.loads(os.environ["RESULT"]); limit = float(os.environ["LIMIT"])
cells = {c["cell"]: c for c in r["cells"]}
during = [c for k, c in cells.items() if k.startswith("during/")]
checks = {
    "during_max_ms_within_limit": max(c["max_ms"] for c in during) <= limit,
    "cluster_reviews_503_during": all(cells[k]["unavailable_503"] > 0 for k in ("during/vmim", "during/policy") if k in cells),
    "503_names_lookup": bool(r["messages_503"]) and all("could not" in m for m in r["messages_503"]),
    "503_without_class_names": not any("Exception" in m or "java." in m for m in r["messages_503"]),
    "other_kind_flows_during": cells.get("during/other", {}).get("answers", 0) > 0
        and cells["during/other"]["unavailable_503"] == 0,
    "no_http_or_socket_errors": all(c["http_errors"] == 0 and c["socket_errors"] == 0 and c["malformed"] == 0
        for c in r["cells"]),
    "recovered": r["recovered_after_ms"] >= 0,
}
print("max answer during the outage: %.0f ms (limit %.0f ms)" % (max(c["max_ms"] for c in during), limit))
print("503 denials during the outage: vmim %d, policy %d; other kind answered %d times"
      % (cells.get("during/vmim", {}).get("unavailable_503", 0), cells.get("during/policy", {}).get("unavailable_503", 0),
         cells.get("during/other", {}).get("answers", 0)))
print("after the API server returned: first normal VMIM answer after %d ms, last 503 after %d ms"
      % (r["recovered_after_ms"], r["last_503_after_return_ms"]))
for k, v in checks.items():
    print("%-28s %s" % (k, "ok" if v else "FAILED"))
print(json.dumps({"bench": "outage", "pass": all(checks.values()), "checks": checks, **r}, separators=(",", ":")))
PY
