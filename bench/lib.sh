# Shared helpers for the bench/ scripts: certificates, starting and stopping the packaged jar.
# Sourced, not run. Everything listens on 127.0.0.1 only; every wait is bounded.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="${JAR:-$ROOT/target/quarkus-app/quarkus-run.jar}"
# The java that runs the service and the lint: JAVA=<path>.
JAVA=${JAVA:-java}

need_tools() {
  local missing=()
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} from Debian" >&2
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      sudo apt-get update -qq >/dev/null && sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
  fi
}

ensure_jar() {
  if [ ! -f "$JAR" ] || [ -n "${REBUILD:-}" ]; then
    echo "building the packaged jar" >&2
    (cd "$ROOT" && ./mvnw -B -q package -DskipTests) >&2
  fi
}

# make_certs DIR: a CA and a serving certificate for 127.0.0.1/localhost (EC P-256).
make_certs() {
  local dir="$1"
  mkdir -p "$dir"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj "/CN=bench-ca" -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
    -keyout "$dir/tls.key" -out "$dir/tls.csr" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > "$dir/ext.cnf"
  openssl x509 -req -in "$dir/tls.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial \
    -days 2 -extfile "$dir/ext.cnf" -out "$dir/tls.crt" 2>/dev/null
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $(( 20000 + RANDOM % 20000 ))
}

now_ms() { date +%s%3N; }

# deployment_java_options: the JAVA_TOOL_OPTIONS of manifests/base/deployment.yaml, so that benches run the service
# as the cluster does (add -XX:MaxRAM=512m for the memory its container limit gives it).
deployment_java_options() {
  awk '/name: JAVA_TOOL_OPTIONS/ { f = 1; next } f && /value:/ { v = 1; next } v && /^ *-[DX]/ { printf "%s ", $0; next } v { exit }' \
    "$ROOT/manifests/base/deployment.yaml" | tr -s ' '
}

# aot_java: the java of a JDK 25 or newer, which loads an AOT cache (JEP 483/515; the image itself runs Java 17 with
# a class-data archive): AOT_JAVA if set (refused when older), else the first under /usr/lib/jvm. Fails when none.
aot_java() {
  local c v
  for c in ${AOT_JAVA:+"$AOT_JAVA"} /usr/lib/jvm/*/bin/java; do
    [ -x "$c" ] || continue
    v=$("$c" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ { print $2 }')
    if [ "${v%%.*}" -ge 25 ] 2>/dev/null; then echo "$c"; return 0; fi
    if [ -n "${AOT_JAVA:-}" ]; then echo "AOT_JAVA=$AOT_JAVA is Java $v, not 25 or newer" >&2; return 1; fi
  done
  return 1
}

# aot_cache JAVA: target/quarkus-app/app.aot for that java, trained by the same run as the image's class-data
# archive (the start-up training over HTTPS, with the Deployment's options) under -XX:AOTCacheOutput, unless one
# newer than the jar exists.
aot_cache() {
  local java="$1" app
  app="$(dirname "$JAR")"
  if [ -f "$app/app.aot" ] && [ "$app/app.aot" -nt "$JAR" ]; then return 0; fi
  echo "training the AOT cache with $java" >&2
  rm -f "$app/app.aot"
  (cd "$app" && QUARKUS_HTTP_HOST=127.0.0.1 timeout 300 "$java" -XX:MaxRAM=512m $(deployment_java_options) \
    -XX:AOTCacheOutput=app.aot -Dmigration-guard.startup-training=true -Dmigration-guard.port=0 \
    -Dmigration-guard.cluster=off -jar quarkus-run.jar) >"$app/aot-training.log" 2>&1 \
    || { tail -20 "$app/aot-training.log" >&2; return 1; }
}

# start_server CERTDIR PORT LOG [extra env...]: starts the jar, sets SERVER_PID.
start_server() {
  local certs="$1" port="$2" log="$3"
  shift 3
  # From the jar's directory, as the image runs it: an AppCDS archive records the class path as given.
  (cd "$(dirname "$JAR")" && exec env MIGRATION_GUARD_TLS_CERT="$certs/tls.crt" MIGRATION_GUARD_TLS_KEY="$certs/tls.key" \
    MIGRATION_GUARD_PORT="$port" MIGRATION_GUARD_CLUSTER=off QUARKUS_HTTP_HOST=127.0.0.1 "$@" \
    "$JAVA" ${JAVA_OPTS:-} -jar quarkus-run.jar) >"$log" 2>&1 &
  SERVER_PID=$!
}

# wait_review PORT CA BODYFILE TIMEOUT_S: polls /validate until a 200 comes back. Until the port
# accepts connections it only tries a TCP connect (a bash built-in): a curl process every 20 ms costs
# about a quarter of a core, which the starting JVM would otherwise lose on a 2-core machine.
wait_review() {
  local port="$1" ca="$2" body="$3" limit=$(( $(now_ms) + ${4:-30} * 1000 ))
  while [ "$(now_ms)" -lt "$limit" ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    sleep 0.01
  done
  while [ "$(now_ms)" -lt "$limit" ]; do
    if curl -s -o /dev/null -w '%{http_code}' --cacert "$ca" -H 'Content-Type: application/json' \
      --data-binary "@$body" "https://127.0.0.1:$port/validate" 2>/dev/null | grep -q 200; then
      return 0
    fi
    sleep 0.02
  done
  return 1
}

stop_server() {
  if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=
}

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print 0; else print a[int((NR+1)/2)]}'; }
