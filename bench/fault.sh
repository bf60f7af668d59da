#!/usr/bin/env bash
# Fault harness: soak with certificate rotation under load, then SIGTERM under load, against the packaged jar on
# 127.0.0.1. Prints each figure and a final JSON line. Bounded in time; stops everything it starts.
#   soak:     SOAK_SECONDS (60) at SOAK_CONNS (64) keep-alive HTTPS connections, a mix of validate and mutate
#             reviews (both kinds, CREATE and UPDATE, valid and invalid), in three windows.
#   rotation: during the soak, the serving certificate is replaced by rewriting the files in place, then by a
#             Kubernetes-Secret-style ..data symlink swap; then a mismatched pair is swapped in (must be refused,
#             the previous certificate kept).
#   sigterm:  SIGTERM after 4 s of load: every request sent before the signal must be answered; the process must
#             exit within its grace period.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools openssl curl
ensure_jar
SOAK_SECONDS=${SOAK_SECONDS:-60}; SOAK_CONNS=${SOAK_CONNS:-64}; RELOAD=${RELOAD:-2s}; GRACE_S=${GRACE_S:-10}
WORK=$(mktemp -d)
cleanup() { stop_server; [ -n "${ROT_PID:-}" ] && kill "$ROT_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
(cd .. && ./mvnw -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test) >&2
CP="../target/test-classes:../target/classes:$(cat "$WORK/cp.txt")"

make_certs "$WORK/a"
# A second serving certificate from the same CA, and a key that matches neither.
mkdir -p "$WORK/b" "$WORK/bad"
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" -keyout "$WORK/b/tls.key" \
  -out "$WORK/b/tls.csr" 2>/dev/null
openssl x509 -req -in "$WORK/b/tls.csr" -CA "$WORK/a/ca.crt" -CAkey "$WORK/a/ca.key" -CAcreateserial -days 2 \
  -extfile "$WORK/a/ext.cnf" -out "$WORK/b/tls.crt" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=x" -keyout "$WORK/bad/tls.key" \
  -out /dev/null 2>/dev/null
cp "$WORK/a/tls.crt" "$WORK/bad/tls.crt"
# The layout kubelet gives a mounted Secret: files are symlinks through ..data to a timestamped directory.
S="$WORK/secret"; mkdir -p "$S/..v1"; cp "$WORK/a/tls.crt" "$WORK/a/tls.key" "$S/..v1/"
ln -s ..v1 "$S/..data"; ln -s ..data/tls.crt "$S/tls.crt"; ln -s ..data/tls.key "$S/tls.key"
swap_to() { # dir-with-pair version
  mkdir -p "$S/..$2"; cp "$1/tls.crt" "$1/tls.key" "$S/..$2/"
  ln -s "..$2" "$S/..data_tmp"; mv -T "$S/..data_tmp" "$S/..data"
}
serial() { echo | timeout 5 openssl s_client -connect "127.0.0.1:$PORT" -servername localhost 2>/dev/null \
  | openssl x509 -noout -serial 2>/dev/null | cut -d= -f2; }
serial_of() { openssl x509 -in "$1" -noout -serial | cut -d= -f2; }
wait_serial() { # expected-serial timeout-s -> prints ms or -1
  local t0; t0=$(now_ms); local limit=$(( t0 + $2 * 1000 ))
  while [ "$(now_ms)" -lt "$limit" ]; do
    [ "$(serial)" = "$1" ] && { echo $(( $(now_ms) - t0 )); return; }
    sleep 0.2
  done
  echo -1
}

PORT=$(free_port)
start_server "$S" "$PORT" "$WORK/server.log" JAVA_TOOL_OPTIONS="-Dquarkus.tls.reload-period=$RELOAD"
wait_review "$PORT" "$WORK/a/ca.crt" payloads/vmim-create.json 60 || { tail -20 "$WORK/server.log"; exit 1; }
MIX="payloads/vmim-create.json:/validate payloads/policy-create.json:/validate payloads/vmim-update.json:/validate
payloads/policy-update.json:/validate payloads/vmim-invalid.json:/validate payloads/policy-invalid.json:/validate
payloads/vmim-create.json:/mutate payloads/policy-create.json:/mutate payloads/floor-other-kind.json:/validate"

echo "soak: ${SOAK_SECONDS} s at ${SOAK_CONNS} connections, rotation during the second window"
(
  sleep $(( SOAK_SECONDS / 3 + 2 ))
  cp "$WORK/b/tls.crt" "$S/..v1/tls.crt.new"; cp "$WORK/b/tls.key" "$S/..v1/tls.key.new"
  mv "$S/..v1/tls.key.new" "$S/..v1/tls.key"; mv "$S/..v1/tls.crt.new" "$S/..v1/tls.crt"
  echo "rewrite $(wait_serial "$(serial_of "$WORK/b/tls.crt")" 15)" > "$WORK/rot1"
  swap_to "$WORK/a" v2
  echo "swap $(wait_serial "$(serial_of "$WORK/a/tls.crt")" 15)" > "$WORK/rot2"
  swap_to "$WORK/bad" v3
  sleep 5
  echo "mismatched_kept $([ "$(serial)" = "$(serial_of "$WORK/a/tls.crt")" ] && echo true || echo false)" > "$WORK/rot3"
) &
ROT_PID=$!
java -cp "$CP" io.migrationguard.bench.LoadClient --url "https://127.0.0.1:$PORT" --ca "$WORK/a/ca.crt" \
  --conns "$SOAK_CONNS" --seconds "$SOAK_SECONDS" --windows 3 --pid "$SERVER_PID" $MIX | tee "$WORK/soak.txt"
wait "$ROT_PID" || true; ROT_PID=
soak=$(sed -n 's/^RESULT //p' "$WORK/soak.txt")
rot_rewrite=$(cut -d' ' -f2 "$WORK/rot1"); rot_swap=$(cut -d' ' -f2 "$WORK/rot2"); kept=$(cut -d' ' -f2 "$WORK/rot3")
refusal_logged=$(grep -ciE 'certificate|tls' "$WORK/server.log" | head -1)
stop_server

echo "sigterm: SIGTERM after 4 s of load at ${SOAK_CONNS} connections (grace ${GRACE_S} s)"
PORT=$(free_port)
start_server "$WORK/a" "$PORT" "$WORK/server2.log"
wait_review "$PORT" "$WORK/a/ca.crt" payloads/vmim-create.json 60 || { tail -20 "$WORK/server2.log"; exit 1; }
java -cp "$CP" io.migrationguard.bench.LoadClient --url "https://127.0.0.1:$PORT" --ca "$WORK/a/ca.crt" \
  --conns "$SOAK_CONNS" --seconds 8 --windows 1 --pid "$SERVER_PID" --sigterm-after-ms 4000 $MIX | tee "$WORK/term.txt"
term=$(sed -n 's/^RESULT //p' "$WORK/term.txt")
SERVER_PID=

w1_p99=$(echo "$soak" | grep -o '"p99_ms":[0-9.]*' | sed -n 1p | cut -d: -f2)
w3_p99=$(echo "$soak" | grep -o '"p99_ms":[0-9.]*' | sed -n 3p | cut -d: -f2)
w1_rss=$(echo "$soak" | grep -o '"rss_kb":[0-9]*' | sed -n 1p | cut -d: -f2)
w3_rss=$(echo "$soak" | grep -o '"rss_kb":[0-9]*' | sed -n 3p | cut -d: -f2)
p99_ratio=$(awk -v a="$w3_p99" -v b="$w1_p99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
rss_ratio=$(awk -v a="$w3_rss" -v b="$w1_rss" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
echo
echo "soak p99 last/first window: $p99_ratio (target <= 1.5); RSS last/first: $rss_ratio (target <= 1.10)"
echo "rotation: rewrite served after ${rot_rewrite} ms, ..data swap after ${rot_swap} ms (reload period $RELOAD); mismatched pair refused and old kept: $kept"
echo "sigterm: $(echo "$term" | grep -o '"failed_before_signal":[0-9]*'), $(echo "$term" | grep -o '"exit_after_sigterm_ms":-\?[0-9]*')"
echo "{\"bench\":\"fault\",\"soak\":$soak,\"p99_ratio\":$p99_ratio,\"rss_ratio\":$rss_ratio,\"rotation\":{\"rewrite_ms\":$rot_rewrite,\"swap_ms\":$rot_swap,\"mismatched_refused_old_kept\":$kept},\"sigterm\":$term}"
