#!/usr/bin/env bash
# Start-up benchmark, with and without the class-data archive the package step writes from a training run of the
# service (target/quarkus-app/app-cds.jsa, pom.xml), interleaved round by round:
#  - service: process start to the first answered review (a poller that waits for the port with a TCP connect,
#    then posts a review every 20 ms), with the Deployment's JVM options and the memory of a 512 MiB container;
#  - lint: one small file, start-up included: plain `java -jar`, and with the options of bin/migration-guard-lint
#    (the lint's own archive, target/quarkus-app/lint-cds.jsa, and the C1 compiler only).
# Prints the median of ROUNDS for each, the ratio, and a JSON line. Settings (env): ROUNDS=7.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools curl openssl
ensure_jar
ROUNDS=${ROUNDS:-7}
APP="$(dirname "$JAR")"
[ -f "$APP/app-cds.jsa" ] || { echo "no $APP/app-cds.jsa: run ./mvnw -B package -DskipTests" >&2; exit 1; }
DEPLOYMENT=$(deployment_java_options)
WORK=$(mktemp -d); trap 'stop_server; rm -rf "$WORK"' EXIT INT TERM
make_certs "$WORK/certs"
SAMPLE="$ROOT/src/test/resources/samples/migrationpolicy-full.yaml"
# -Xshare:on fails the start when the archive cannot be used (another JDK, another class path), instead of
# running without it unnoticed.
cds_opts() { [ "$1" = on ] && echo "-XX:SharedArchiveFile=app-cds.jsa -Xshare:on" || echo "-Xshare:auto"; }

declare -A serve lint
for r in $(seq 1 "$ROUNDS"); do
  for mode in off on; do
    PORT=$(free_port); t0=$(now_ms)
    JAVA_OPTS="-XX:MaxRAM=512m $DEPLOYMENT $(cds_opts $mode)" start_server "$WORK/certs" "$PORT" "$WORK/server.log"
    wait_review "$PORT" "$WORK/certs/ca.crt" payloads/vmim-create.json 60 || { tail -20 "$WORK/server.log" >&2; exit 1; }
    serve[$mode]+="$(( $(now_ms) - t0 )) "
    stop_server
    t0=$(now_ms)
    if [ "$mode" = on ]; then
      opts="-XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$APP/lint-cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
    else
      opts=
    fi
    java $opts -jar "$JAR" lint "$SAMPLE" >/dev/null 2>&1 || true
    lint[$mode]+="$(( $(now_ms) - t0 )) "
  done
  last() { echo "$1" | awk '{ print $NF }'; }
  echo "round $r/$ROUNDS: service $(last "${serve[off]}") -> $(last "${serve[on]}") ms; lint $(last "${lint[off]}") -> $(last "${lint[on]}") ms" >&2
done
med() { tr ' ' '\n' | grep . | median; }
so=$(echo "${serve[off]}" | med); sn=$(echo "${serve[on]}" | med)
lo=$(echo "${lint[off]}" | med); ln=$(echo "${lint[on]}" | med)
printf '%-36s %9s %9s %7s\n' "median of $ROUNDS (ms)" "plain" "tuned" ratio
printf '%-36s %9s %9s %7s\n' "service: start to first review" "$so" "$sn" "$(awk -v a="$sn" -v b="$so" 'BEGIN { printf "%.2f", a / b }')"
printf '%-36s %9s %9s %7s\n' "lint: one file, start-up included" "$lo" "$ln" "$(awk -v a="$ln" -v b="$lo" 'BEGIN { printf "%.2f", a / b }')"
echo "(tuned: the service with app-cds.jsa; the lint with bin/migration-guard-lint's options)"
echo "{\"bench\":\"startup\",\"rounds\":$ROUNDS,\"service_first_review_ms\":{\"plain\":$so,\"appcds\":$sn},\"lint_one_file_ms\":{\"plain\":$lo,\"launcher\":$ln}}"
