#!/usr/bin/env bash
# Start-up benchmark, interleaved round by round, every service run with the Deployment's JVM options and the memory
# of a 512 MiB container:
#  - service: process start to the first answered review (a poller that waits for the port with a TCP connect,
#    then posts a review every 20 ms), three ways:
#      plain   $JAVA (default: java on PATH, the build's JDK), no archive;
#      appcds  the same JDK with the class-data archive the package step writes from a training run
#              (target/quarkus-app/app-cds.jsa, pom.xml): how the image starts;
#      aot     a JDK 25 or newer (AOT_JAVA, else found under /usr/lib/jvm) with an AOT cache trained by the same
#              run (target/quarkus-app/app.aot, written here when older than the jar); not shipped, measured as
#              the next step; left out, and said so, when no such JDK is found or the training fails;
#  - lint: one small file, start-up included: plain `java -jar`, and with the options of bin/migration-guard-lint
#    (the lint's own archive, target/quarkus-app/lint-cds.jsa, and the C1 compiler only).
# Prints the median of ROUNDS for each, the ratios to plain, and a JSON line. Settings (env): ROUNDS=7.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
need_tools curl openssl
ensure_jar
ROUNDS=${ROUNDS:-7}
APP="$(dirname "$JAR")"
[ -f "$APP/app-cds.jsa" ] || { echo "no $APP/app-cds.jsa: run ./mvnw -B package -DskipTests" >&2; exit 1; }
DEPLOYMENT=$(deployment_java_options)
MODES="plain appcds"
if AOT_JAVA=$(aot_java) && aot_cache "$AOT_JAVA"; then
  MODES="$MODES aot"
else
  echo "no JDK 25 or newer with a trained AOT cache (set AOT_JAVA): the aot mode is left out" >&2
fi
WORK=$(mktemp -d); trap 'stop_server; rm -rf "$WORK"' EXIT INT TERM
make_certs "$WORK/certs"
SAMPLE="$ROOT/src/test/resources/samples/migrationpolicy-full.yaml"
# -Xshare:on and -XX:AOTMode=on fail the start when the archive or cache cannot be used (another JDK, another class
# path), instead of running without it unnoticed.
mode_java() { [ "$1" = aot ] && echo "$AOT_JAVA" || echo "$JAVA"; }
mode_opts() {
  case "$1" in
    plain) echo "-Xshare:auto" ;;
    appcds) echo "-XX:SharedArchiveFile=app-cds.jsa -Xshare:on" ;;
    aot) echo "-XX:AOTCache=app.aot -XX:AOTMode=on" ;;
  esac
}

declare -A serve lint
for r in $(seq 1 "$ROUNDS"); do
  for mode in $MODES; do
    PORT=$(free_port); t0=$(now_ms)
    JAVA=$(mode_java $mode) JAVA_OPTS="-XX:MaxRAM=512m $DEPLOYMENT $(mode_opts $mode)" \
      start_server "$WORK/certs" "$PORT" "$WORK/server.log"
    wait_review "$PORT" "$WORK/certs/ca.crt" payloads/vmim-create.json 60 || { tail -20 "$WORK/server.log" >&2; exit 1; }
    serve[$mode]+="$(( $(now_ms) - t0 )) "
    stop_server
  done
  for mode in off on; do
    t0=$(now_ms)
    if [ "$mode" = on ]; then
      opts="-XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$APP/lint-cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
    else
      opts=
    fi
    "$JAVA" $opts -jar "$JAR" lint "$SAMPLE" >/dev/null 2>&1 || true
    lint[$mode]+="$(( $(now_ms) - t0 )) "
  done
  last() { echo "$1" | awk '{ print $NF }'; }
  line="round $r/$ROUNDS: service"
  for mode in $MODES; do line+=" $mode $(last "${serve[$mode]}")"; done
  echo "$line ms; lint $(last "${lint[off]}") -> $(last "${lint[on]}") ms" >&2
done
med() { tr ' ' '\n' | grep . | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
declare -A m
for mode in $MODES; do m[$mode]=$(echo "${serve[$mode]}" | med); done
lo=$(echo "${lint[off]}" | med); ln=$(echo "${lint[on]}" | med)
printf '%-44s %9s %9s\n' "median of $ROUNDS" ms "/ plain"
for mode in $MODES; do
  printf '%-44s %9s %9s\n' "service: start to first review, $mode" "${m[$mode]}" "$(ratio "${m[$mode]}" "${m[plain]}")"
done
printf '%-44s %9s %9s\n' "lint: one file, start-up included, plain" "$lo" "1.00"
printf '%-44s %9s %9s\n' "lint: one file, start-up included, launcher" "$ln" "$(ratio "$ln" "$lo")"
version() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.runtime.version/ { print $2 }'; }
aot_version=none
case " $MODES " in *" aot "*) aot_version=$(version "$AOT_JAVA") ;; esac
echo "(plain and appcds: Java $(version "$JAVA"); aot: $aot_version)"
json="{\"bench\":\"startup\",\"rounds\":$ROUNDS,\"service_first_review_ms\":{"
sep=""
for mode in $MODES; do json+="$sep\"$mode\":${m[$mode]}"; sep=","; done
echo "$json},\"lint_one_file_ms\":{\"plain\":$lo,\"launcher\":$ln}}"
