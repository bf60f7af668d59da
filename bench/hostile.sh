#!/usr/bin/env bash
# Hostile clients against the packaged jar, started as the Deployment starts it (its JVM options,
# with -XX:MaxRAM=512m standing in for the container's 512 MiB limit): bench/hostile.py runs each
# attack and checks, after each, that the process is alive, answers a normal review within 1 s,
# stays under 480 MiB peak RSS, and answers in under 64 KiB with at most 4 KiB of warnings; then
# the self-signed mode is killed with kill -9 and must leave no key file behind.
# Settings (env): REBUILD=1 rebuilds the jar; NMT=1 prints the JVM's native memory summary at the
# end; ONLY=name,name runs only those attacks. Prints one line per attack and a JSON line.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_tools openssl python3
ensure_jar
WORK=$(mktemp -d)
cleanup() { [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
# The Deployment's JVM options (manifests/base/deployment.yaml, JAVA_TOOL_OPTIONS).
DEPLOYMENT_OPTS=$(python3 - "$ROOT/manifests/base/deployment.yaml" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = next(n for n, l in enumerate(lines) if "name: JAVA_TOOL_OPTIONS" in l)
value = []
for l in lines[i + 1:]:
    s = l.strip()
    if s.startswith("value:"):
        s = s[len("value:"):].strip()
        if s in (">-", ">", "|"):
            continue
    elif s.startswith("- name:") or s.endswith(":"):
        break
    value.append(s)
print(" ".join(v for v in value if v).replace("-Djava.io.tmpdir=/tmp", ""))
PY
)
export JAVA_OPTS="-XX:MaxRAM=512m $DEPLOYMENT_OPTS${NMT:+ -XX:NativeMemoryTracking=summary}"
# The Deployment's environment that shapes memory (glibc arenas).
export MALLOC_ARENA_MAX=$(awk '/name: MALLOC_ARENA_MAX/ { getline; gsub(/[^0-9]/, ""); print }' "$ROOT/manifests/base/deployment.yaml")
[ -n "$MALLOC_ARENA_MAX" ] || unset MALLOC_ARENA_MAX
make_certs "$WORK/certs"
PORT=$(free_port)
start_server "$WORK/certs" "$PORT" "$WORK/server.log"
wait_review "$PORT" "$WORK/certs/ca.crt" "$ROOT/bench/payloads/vmim-create.json" 30
echo "server pid $SERVER_PID, JVM options: $JAVA_OPTS" >&2
status=0
python3 "$ROOT/bench/hostile.py" "$PORT" "$SERVER_PID" || status=$?
if [ -n "${NMT:-}" ]; then
  # Where the memory is after every attack (NMT=1): heap, metaspace, code, threads, direct (Other).
  jcmd "$SERVER_PID" VM.native_memory summary scale=MB | grep -E '^(Total|-  *(Java Heap|Class|Thread|Code|GC|Internal|Other|Symbol|Native Memory Tracking|Arena Chunk|Metaspace))' || true
  grep -E 'VmHWM|VmRSS' "/proc/$SERVER_PID/status"
fi
kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=

# The generated key never reaches the disk: self-signed mode, kill -9, look for key files.
PORT=$(free_port)
env MIGRATION_GUARD_PORT="$PORT" MIGRATION_GUARD_CLUSTER=off QUARKUS_HTTP_HOST=127.0.0.1 \
  java $JAVA_OPTS -Djava.io.tmpdir="$WORK" -jar "$JAR" >"$WORK/self.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 150); do grep -q "CA bundle:" "$WORK/self.log" 2>/dev/null && break; sleep 0.2; done
sleep 1
kill -9 "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
keys=$(grep -rl "PRIVATE KEY" "$WORK" --include='*' 2>/dev/null | grep -v "/certs/" || true)
if [ -n "$keys" ]; then echo "kill -9: key file left: $keys"; status=1; else echo "kill -9: no key file left"; fi
exit $status
