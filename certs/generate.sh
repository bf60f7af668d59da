#!/usr/bin/env bash
# Makes the TLS material migration-guard needs in a cluster, without cert-manager:
#   - a private CA (made once, then kept and reused, so rerunning ROTATES only the serving certificate),
#   - a serving certificate for <service>.<namespace>.svc and <service>.<namespace>.svc.<cluster domain>,
#   - two kustomize overlays on manifests/, applied in this order and never together:
#     workload/ = everything but the webhook configurations, plus secret.yaml (the Secret the
#                 Deployment mounts: tls.crt, tls.key, ca.crt) and the image given with --image;
#     webhooks/ = the two webhook configurations only, with the caBundle of every webhook;
#   - monitoring/, manifests/monitoring for these names (the ServiceMonitor's server name and CA
#     Secret, the alerts' namespace), applied on its own where the Prometheus Operator runs.
#   With failurePolicy: Fail, webhook configurations that point at a Deployment which is not ready
#   refuse every migration write in the cluster, so they go in last; the script prints the steps.
# It never applies anything itself. Committed files are never modified; everything goes to the
# output directory, which holds private keys: it gets its own .gitignore and mode 700. Keep ca.key
# safe (it is not put into the cluster).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)

service=${MG_SERVICE:-migration-guard}
namespace=${MG_NAMESPACE:-migration-guard}
secret=${MG_SECRET:-migration-guard-tls}
out=${MG_CERTS_DIR:-$script_dir/out}
days=${MG_DAYS:-365}
ca_days=${MG_CA_DAYS:-3650}
cluster_domain=${MG_CLUSTER_DOMAIN:-cluster.local}
manifests=${MG_MANIFESTS:-$script_dir/../manifests}
image=${MG_IMAGE:-}
kubevirt_namespace=${MG_KUBEVIRT_NAMESPACE:-kubevirt}
new_ca=false
api_client=false
allow_from=()
audit=${MG_AUDIT:-}
policies=false
docs_url=${MG_DOCS_URL:-}

usage() {
  cat <<EOF
Usage: $0 [options]
Makes (or rotates) the serving certificate of migration-guard and two kustomize overlays that install
it: <out>/workload (namespace, RBAC, Secret, Deployment, ...) and <out>/webhooks (the webhook
configurations). Applies nothing: it prints the commands, in the only safe order.

  --out DIR             output directory (env MG_CERTS_DIR; default: certs/out, ignored by git)
  --service NAME        Service name (env MG_SERVICE; default: migration-guard)
  --namespace NS        namespace (env MG_NAMESPACE; default: migration-guard)
  --secret NAME         TLS Secret name (env MG_SECRET; default: migration-guard-tls)
  --days N              serving certificate validity in days (env MG_DAYS; default: 365)
  --ca-days N           CA validity in days, for a new CA (env MG_CA_DAYS; default: 3650)
  --cluster-domain D    cluster DNS domain (env MG_CLUSTER_DOMAIN; default: cluster.local)
  --manifests DIR       the kustomize base the overlays build on (env MG_MANIFESTS; default: manifests/)
  --image REF           the image the Deployment runs, e.g. registry.example.com/migration-guard:0.1.0
                        (env MG_IMAGE; default: the base's, which no registry serves)
  --kubevirt-namespace NS
                        the namespace KubeVirt runs in: its controller's service account
                        (system:serviceaccount:NS:kubevirt-controller) gets the fail-open webhook
                        entries and may set spec.priority (env MG_KUBEVIRT_NAMESPACE; default:
                        kubevirt; openshift-cnv on OpenShift, harvester-system on Harvester)
  --new-ca              replace an existing CA (the old one stays in the bundle as ca.previous.crt)
  --api-server-client-cert
                        only the API server may call: issue it a client certificate (kept across
                        runs while valid for 30 more days), make the Deployment require one
                        (MIGRATION_GUARD_TLS_CLIENT_CA), and write <out>/apiserver/ with the
                        AdmissionConfiguration and kubeconfig for kube-apiserver's
                        --admission-control-config-file (docs/deploy.md)
  --allow-from CIDR     only these addresses may reach the HTTPS port: a NetworkPolicy in
                        <out>/workload admitting it from each CIDR given (repeat the option; the
                        API server's, and Prometheus' if it scrapes /q/metrics)
  --policies            enforce the stateless rules in the API server as well (Kubernetes 1.30+):
                        both overlays add manifests/overlays/policies, the workload its
                        ValidatingAdmissionPolicies and MIGRATION_GUARD_SKIP_EXPORTED_RULES, the
                        webhooks the narrowed migration webhook (docs/admission-policies.md).
                        With --kubevirt-namespace other than kubevirt, the policies are exported
                        for that namespace into <out>/policies (needs java and the packaged jar:
                        env MG_JAR, default target/quarkus-app/quarkus-run.jar)
  --audit INTERVAL      turn the in-cluster audit on (docs/audit.md): the workload overlay adds
                        manifests/components/audit (its RBAC) and runs it every INTERVAL (such as
                        10m or 1h; at least 1m). Needs the OpenReports CRDs (openreports.io)
  --docs-url URL        where the alerts' runbook_url point: the docs/ directory of the release you
                        install, such as https://github.com/OWNER/migration-guard/blob/v0.1.0/docs
                        (env MG_DOCS_URL; default: the committed prometheusrule.yaml's, the pom's
                        migration-guard.docs)
  -h, --help            this help

Rerunning keeps the CA and issues a new serving certificate: apply the overlay again and the pods
pick the new certificate up without a restart.

Then, in this order (the webhook configurations last, once the Deployment is ready):
  kubectl apply -k <out>/workload
  kubectl -n <namespace> rollout status deployment/migration-guard --timeout=180s
  kubectl apply --dry-run=server -k <out>/webhooks
  kubectl apply -k <out>/webhooks
EOF
}

die() { echo "generate.sh: error: $*" >&2; exit 1; }
say() { echo "generate.sh: $*"; }

while (($#)); do
  case $1 in
    --out) out=${2:?--out needs a value}; shift 2 ;;
    --service) service=${2:?--service needs a value}; shift 2 ;;
    --namespace) namespace=${2:?--namespace needs a value}; shift 2 ;;
    --secret) secret=${2:?--secret needs a value}; shift 2 ;;
    --days) days=${2:?--days needs a value}; shift 2 ;;
    --ca-days) ca_days=${2:?--ca-days needs a value}; shift 2 ;;
    --cluster-domain) cluster_domain=${2:?--cluster-domain needs a value}; shift 2 ;;
    --manifests) manifests=${2:?--manifests needs a value}; shift 2 ;;
    --image) image=${2:?--image needs a value}; shift 2 ;;
    --kubevirt-namespace) kubevirt_namespace=${2:?--kubevirt-namespace needs a value}; shift 2 ;;
    --new-ca) new_ca=true; shift ;;
    --api-server-client-cert) api_client=true; shift ;;
    --allow-from) allow_from+=("${2:?--allow-from needs a CIDR}"); shift 2 ;;
    --audit) audit=${2:?--audit needs an interval}; shift 2 ;;
    --policies) policies=true; shift ;;
    --docs-url) docs_url=${2:?--docs-url needs a URL}; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done

dns_label='^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'
[[ $service =~ $dns_label && ${#service} -le 63 ]] || die "--service '$service' is not a DNS-1123 label"
[[ $namespace =~ $dns_label && ${#namespace} -le 63 ]] || die "--namespace '$namespace' is not a DNS-1123 label"
[[ $kubevirt_namespace =~ $dns_label && ${#kubevirt_namespace} -le 63 ]] ||
  die "--kubevirt-namespace '$kubevirt_namespace' is not a DNS-1123 label"
[[ $secret =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || die "--secret '$secret' is not a DNS-1123 subdomain"
[[ $cluster_domain =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || die "--cluster-domain '$cluster_domain' is not a DNS name"
ipv4_cidr='^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])/(3[0-2]|[12]?[0-9])$'
ipv6_cidr='^[0-9a-fA-F:]*:[0-9a-fA-F:.]*/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$'
for cidr in "${allow_from[@]}"; do
  [[ $cidr =~ $ipv4_cidr || $cidr =~ $ipv6_cidr ]] ||
    die "--allow-from '$cidr' is not a CIDR (such as 10.0.0.0/16 or fd00::/64)"
done
[[ -z $audit || $audit =~ ^[1-9][0-9]*[mh]$ ]] || die "--audit '$audit' is not an interval in minutes or hours (such as 10m or 1h)"
[[ $days =~ ^[1-9][0-9]*$ ]] || die "--days '$days' is not a positive number of days"
# A plain https URL: it goes into a sed replacement and a YAML scalar.
[[ -z $docs_url || $docs_url =~ ^https?://[A-Za-z0-9._~:/@%+-]+$ ]] || die "--docs-url '$docs_url' is not an http(s) URL"
[[ $ca_days =~ ^[1-9][0-9]*$ ]] || die "--ca-days '$ca_days' is not a positive number of days"
# name[:tag] or name@digest (a registry host may carry a port); nothing that could break the YAML.
image_ref='^[A-Za-z0-9][A-Za-z0-9._/:@-]*$'
[[ -z $image || ($image =~ $image_ref && ${#image} -le 255) ]] || die "--image '$image' is not an image reference"
command -v openssl >/dev/null || die "openssl is not installed"
jar=${MG_JAR:-$script_dir/../target/quarkus-app/quarkus-run.jar}
if $policies; then
  [[ -f $manifests/overlays/policies/kustomization.yaml ]] || die "--policies: $manifests/overlays/policies not found"
  # The committed export is for KubeVirt in 'kubevirt'; for another namespace this script exports
  # its own (below), which needs the packaged jar and java.
  if [[ $kubevirt_namespace != kubevirt ]]; then
    command -v java >/dev/null || die "--policies --kubevirt-namespace: java is not installed (the export runs the packaged jar)"
    [[ -f $jar ]] || die "--policies --kubevirt-namespace: $jar not found: build it first" \
      "(./mvnw -B package -DskipTests), or point MG_JAR at quarkus-run.jar"
  fi
fi
base=$manifests/base
for f in service.yaml deployment.yaml validatingwebhookconfiguration.yaml mutatingwebhookconfiguration.yaml; do
  [[ -f $base/$f ]] || die "$base/$f not found (is --manifests the manifests/ directory?)"
done

umask 077
mkdir -p "$out"
out=$(cd "$out" && pwd -P)
manifests=$(cd "$manifests" && pwd -P)
chmod 700 "$out"
# Private keys live here: make sure no git repository ever picks this directory up.
printf '# Written by certs/generate.sh: private keys, never commit.\n*\n' >"$out/.gitignore"
work=$(mktemp -d "$out/.work.XXXXXX")
trap 'rm -rf "$work"' EXIT

cat >"$work/openssl.cnf" <<EOF
[req]
distinguished_name = dn
[dn]
[v3_ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[v3_serving]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:$service.$namespace.svc, DNS:$service.$namespace.svc.$cluster_domain
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid, issuer
[v3_client]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid, issuer
EOF

new_key() { openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1" 2>/dev/null; }
pubkey_of_cert() { openssl x509 -in "$1" -noout -pubkey; }
pubkey_of_key() { openssl pkey -in "$1" -pubout; }
not_after() { openssl x509 -in "$1" -noout -enddate | sed 's/^notAfter=//'; }

make_ca() {
  new_key "$work/ca.key"
  openssl req -x509 -new -sha256 -key "$work/ca.key" -days "$ca_days" \
    -subj "/O=migration-guard/CN=$service.$namespace CA $(date -u +%Y%m%dT%H%M%SZ)" \
    -config "$work/openssl.cnf" -extensions v3_ca -out "$work/ca.crt"
  mv -f "$work/ca.key" "$out/ca.key"
  mv -f "$work/ca.crt" "$out/ca.crt"
  say "made a new CA, valid until $(not_after "$out/ca.crt"): $out/ca.crt"
}

# --- the CA: kept across runs, replaced only when asked ----------------------------------------
if [[ -e $out/ca.crt || -e $out/ca.key ]]; then
  if $new_ca; then
    [[ -f $out/ca.crt ]] && mv -f "$out/ca.crt" "$out/ca.previous.crt"
    rm -f "$out/ca.key"
    say "--new-ca: the old CA stays trusted (ca.previous.crt in the bundle) until you delete it"
    make_ca
  else
    [[ -f $out/ca.crt && -f $out/ca.key ]] ||
      die "$out has only one of ca.crt and ca.key; restore the other, or rerun with --new-ca to replace the CA"
    [[ "$(pubkey_of_cert "$out/ca.crt")" == "$(pubkey_of_key "$out/ca.key")" ]] ||
      die "$out/ca.key does not belong to $out/ca.crt; restore the pair, or rerun with --new-ca"
    openssl x509 -in "$out/ca.crt" -noout -checkend 86400 >/dev/null ||
      die "the CA in $out expires within a day ($(not_after "$out/ca.crt")); rerun with --new-ca"
    say "keeping the existing CA (valid until $(not_after "$out/ca.crt")): rotating the serving certificate only"
  fi
else
  make_ca
fi
if ! openssl x509 -in "$out/ca.crt" -noout -checkend $((days * 86400)) >/dev/null; then
  say "WARNING: the CA expires ($(not_after "$out/ca.crt")) before this serving certificate would;" \
    "it stops working then: plan a --new-ca run before that date"
fi

# --- the serving certificate: new key and certificate on every run -------------------------------
new_key "$work/tls.key"
openssl req -new -sha256 -key "$work/tls.key" -subj "/O=migration-guard/CN=$service.$namespace.svc" \
  -config "$work/openssl.cnf" -out "$work/tls.csr"
openssl x509 -req -sha256 -in "$work/tls.csr" -CA "$out/ca.crt" -CAkey "$out/ca.key" \
  -set_serial "0x$(openssl rand -hex 16)" -days "$days" \
  -extfile "$work/openssl.cnf" -extensions v3_serving -out "$work/tls.crt" 2>/dev/null
openssl verify -CAfile "$out/ca.crt" -purpose sslserver "$work/tls.crt" >/dev/null ||
  die "the new serving certificate does not verify against $out/ca.crt"
mv -f "$work/tls.key" "$out/tls.key"
mv -f "$work/tls.crt" "$out/tls.crt"

# The API server trusts the bundle; during a CA change it holds both CAs, so either serving
# certificate (old pods, new pods) verifies.
cat "$out/ca.crt" >"$work/ca-bundle.crt"
if [[ -f $out/ca.previous.crt ]]; then
  if openssl x509 -in "$out/ca.previous.crt" -noout -checkend 0 >/dev/null; then
    cat "$out/ca.previous.crt" >>"$work/ca-bundle.crt"
  else
    say "ca.previous.crt has expired: left out of the bundle (delete it)"
  fi
fi
mv -f "$work/ca-bundle.crt" "$out/ca-bundle.crt"

b64() { openssl base64 -A -in "$1"; }
ca_bundle=$(b64 "$out/ca-bundle.crt")

# --- the API server's client certificate (--api-server-client-cert) -----------------------------
# kube-apiserver reads its webhook kubeconfig at start only, so the certificate is kept across runs
# while the current CA signed it and it stays valid for 30 more days: rotating the serving
# certificate then needs no API server restart.
if $api_client; then
  if [[ -f $out/apiserver-client.crt && -f $out/apiserver-client.key ]] &&
    openssl x509 -in "$out/apiserver-client.crt" -noout -checkend $((30 * 86400)) >/dev/null &&
    openssl verify -CAfile "$out/ca.crt" -purpose sslclient "$out/apiserver-client.crt" >/dev/null 2>&1 &&
    [[ $(pubkey_of_cert "$out/apiserver-client.crt") == "$(pubkey_of_key "$out/apiserver-client.key")" ]]; then
    say "kept the API server's client certificate, valid until $(not_after "$out/apiserver-client.crt")"
  else
    new_key "$work/apiserver-client.key"
    openssl req -new -sha256 -key "$work/apiserver-client.key" \
      -subj "/O=migration-guard/CN=kube-apiserver-admission" -config "$work/openssl.cnf" \
      -out "$work/apiserver-client.csr"
    openssl x509 -req -sha256 -in "$work/apiserver-client.csr" -CA "$out/ca.crt" -CAkey "$out/ca.key" \
      -set_serial "0x$(openssl rand -hex 16)" -days "$days" \
      -extfile "$work/openssl.cnf" -extensions v3_client -out "$work/apiserver-client.crt" 2>/dev/null
    openssl verify -CAfile "$out/ca.crt" -purpose sslclient "$work/apiserver-client.crt" >/dev/null ||
      die "the new client certificate does not verify against $out/ca.crt"
    mv -f "$work/apiserver-client.key" "$out/apiserver-client.key"
    mv -f "$work/apiserver-client.crt" "$out/apiserver-client.crt"
    say "issued the API server a client certificate, valid until $(not_after "$out/apiserver-client.crt")" \
      "(kube-apiserver reads it at start: restart it with the new $out/apiserver/)"
  fi
  mkdir -p "$out/apiserver"
  # The user's name is how kube-apiserver finds it: <service>.<namespace>.svc:<port> for a webhook
  # reached through a Service (k8s.io/apiserver/pkg/util/webhook/authentication.go).
  cat >"$out/apiserver/webhook-kubeconfig.yaml" <<EOF
# Written by certs/generate.sh: the client certificate kube-apiserver presents to migration-guard.
# Holds a private key: copy it to the control-plane nodes, never commit.
apiVersion: v1
kind: Config
users:
  - name: $service.$namespace.svc:443
    user:
      client-certificate-data: $(b64 "$out/apiserver-client.crt")
      client-key-data: $(b64 "$out/apiserver-client.key")
EOF
  cat >"$out/apiserver/admission-configuration.yaml" <<EOF
# Written by certs/generate.sh: pass to kube-apiserver as --admission-control-config-file, with
# webhook-kubeconfig.yaml copied to the path below on every control-plane node (docs/deploy.md).
apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
  - name: ValidatingAdmissionWebhook
    configuration:
      apiVersion: apiserver.config.k8s.io/v1
      kind: WebhookAdmissionConfiguration
      kubeConfigFile: /etc/kubernetes/migration-guard/webhook-kubeconfig.yaml
  - name: MutatingAdmissionWebhook
    configuration:
      apiVersion: apiserver.config.k8s.io/v1
      kind: WebhookAdmissionConfiguration
      kubeConfigFile: /etc/kubernetes/migration-guard/webhook-kubeconfig.yaml
EOF
elif [[ -d $out/apiserver ]]; then
  say "left $out/apiserver/ from an earlier --api-server-client-cert run: this run does not require" \
    "client certificates (rerun with --api-server-client-cert to keep requiring them)"
fi

# --- the Secret ---------------------------------------------------------------------------------
cat >"$work/secret.yaml" <<EOF
# Written by certs/generate.sh: the serving certificate and key. Holds a private key: never commit.
apiVersion: v1
kind: Secret
metadata:
  name: $secret
  namespace: $namespace
  labels:
    app.kubernetes.io/name: migration-guard
    app.kubernetes.io/component: webhook
type: kubernetes.io/tls
data:
  tls.crt: $(b64 "$out/tls.crt")
  tls.key: $(b64 "$out/tls.key")
  ca.crt: $(b64 "$out/ca.crt")
EOF
if $api_client; then
  # The CAs a client certificate may chain to: the bundle, so that during a CA change the API
  # server's certificate from either CA is accepted.
  echo "  client-ca.crt: $ca_bundle" >>"$work/secret.yaml"
fi
# The two overlays live in their own directories: kubectl apply -k takes a directory, and kustomize
# reads no file outside the directory of its kustomization.
mkdir -p "$out/workload" "$out/webhooks"
mv -f "$work/secret.yaml" "$out/workload/secret.yaml"

# --- the overlay: caBundle (and, for non-default names, the names) of every webhook ---------------
# The base files are our own, in a fixed layout: kind and metadata.name at the top, each webhook a
# "  - name:" item under "webhooks:". A test checks this output against the parsed manifests.
top_name() { awk '/^metadata:/{m=1; next} m && /^  name:/{print $2; exit}' "$1"; }
base_ns=$(awk '/^metadata:/{m=1; next} m && /^  namespace:/{print $2; exit}' "$base/service.yaml")
base_service=$(top_name "$base/service.yaml")

webhook_patch() { # $1 base file, $2 output file
  local kind name hooks
  kind=$(awk '/^kind:/{print $2; exit}' "$1")
  name=$(top_name "$1")
  hooks=$(awk '/^webhooks:/{w=1; next} w && /^  - name:/{print $3}' "$1")
  [[ -n $kind && -n $name && -n $hooks ]] || die "could not read kind, name and webhooks of $1"
  {
    echo "# Written by certs/generate.sh: the caBundle of every webhook of $kind $name."
    echo "apiVersion: admissionregistration.k8s.io/v1"
    echo "kind: $kind"
    echo "metadata:"
    echo "  name: $name"
    echo "webhooks:"
    for hook in $hooks; do
      echo "  - name: $hook"
      echo "    clientConfig:"
      # The webhooks overlay holds no Service, so kustomize cannot carry a new name or namespace
      # over to this reference by itself.
      if [[ $service != "$base_service" || $namespace != "$base_ns" ]]; then
        echo "      service: {name: $service, namespace: $namespace}"
      fi
      echo "      caBundle: $ca_bundle"
      if [[ $namespace != "$base_ns" ]]; then
        echo "    namespaceSelector:"
        echo "      matchExpressions:"
        echo "        - {key: kubernetes.io/metadata.name, operator: NotIn, values: [$namespace]}"
      fi
      # The split by requester (the base's matchConditions, merged by name) names KubeVirt's
      # controller in the namespace KubeVirt runs in.
      if [[ $kubevirt_namespace != kubevirt ]]; then
        local user="system:serviceaccount:$kubevirt_namespace:kubevirt-controller"
        echo "    matchConditions:"
        if [[ $hook == *-kubevirt-controller.* ]]; then
          echo "      - {name: kubevirt-controller, expression: \"request.userInfo.username == '$user'\"}"
        else
          echo "      - {name: not-kubevirt-controller, expression: \"request.userInfo.username != '$user'\"}"
        fi
      fi
    done
  } >"$2"
}
webhook_patch "$base/validatingwebhookconfiguration.yaml" "$out/webhooks/validating-webhook-patch.yaml"
webhook_patch "$base/mutatingwebhookconfiguration.yaml" "$out/webhooks/mutating-webhook-patch.yaml"

relpath() { # relative path from directory $2 to directory $1 (both absolute, canonical)
  local target=$1 from=$2 up=""
  while :; do
    if [[ $target == "$from" ]]; then up=${up%/}; echo "${up:-.}"; return; fi
    if [[ $from == / ]]; then echo "$up${target#/}"; return; fi
    if [[ $target == "$from"/* ]]; then echo "$up${target#"$from"/}"; return; fi
    from=$(dirname "$from")
    up="../$up"
  done
}

# Each overlay keeps its half of the base: a delete patch removes every object of the other half,
# chosen by the label the base gives the webhook configurations (and only them).
config_label=app.kubernetes.io/component=webhook-configuration
drop_objects() { # $1 label selector
  echo "  - target: {labelSelector: \"$1\"}"
  echo "    patch: |-"
  echo "      \$patch: delete"
  echo "      apiVersion: v1"
  echo "      kind: Dropped"
  echo "      metadata: {name: dropped}"
}
deployment=$(top_name "$base/deployment.yaml")
container=$(awk '/^      containers:/{c=1; next} c && /^        - name:/{print $3; exit}' "$base/deployment.yaml")
[[ -n $container ]] || die "could not read the container name of $base/deployment.yaml"
tls_mount=$(awk '/- name: tls$/{t=1; next} t && /mountPath:/{print $2; exit}' "$base/deployment.yaml")
https_port=$(awk '/containerPort:/{print $2; exit}' "$base/deployment.yaml")
[[ -n $tls_mount && -n $https_port ]] || die "could not read the TLS mount and HTTPS port of $base/deployment.yaml"

# --- the policies Component (--policies) -----------------------------------------------------------
# For KubeVirt in 'kubevirt' the committed Component; otherwise a copy of it in <out>/policies whose
# export names KubeVirt's namespace in the feature-gate bindings and, as priority requester, that
# namespace's controller (the same account the Deployment gets): an exported Deny policy cannot
# fail open, so kubevirt's account there would refuse every evacuation KubeVirt creates.
policies_dir=$manifests/overlays/policies
if $policies && [[ $kubevirt_namespace != kubevirt ]]; then
  rm -rf "$out/policies"
  mkdir -p "$out/policies"
  for f in "$manifests/overlays/policies"/*.yaml; do
    [[ $(basename "$f") == admission-policies.yaml ]] || cp "$f" "$out/policies/"
  done
  MIGRATION_GUARD_PRIORITY_REQUESTERS="system:serviceaccount:$kubevirt_namespace:kubevirt-controller" \
    java -jar "$jar" export admission-policies --kubevirt-namespace "$kubevirt_namespace" \
    -o "$out/policies/admission-policies.yaml" >"$work/export.log" 2>&1 ||
    die "the export of the admission policies failed: $(cat "$work/export.log")"
  policies_dir=$out/policies
  say "exported the admission policies for KubeVirt in $kubevirt_namespace: $out/policies/"
elif [[ -d $out/policies ]]; then
  rm -rf "$out/policies" # an earlier run's export, for another KubeVirt namespace
fi

image_fields() { # kustomize's images: entry for $image (name[:tag] or name@digest)
  local name=${image%@*} tag="" digest=""
  [[ $image == *@* ]] && digest=${image#*@}
  if [[ -z $digest && ${name##*/} == *:* ]]; then
    tag=${name##*:}
    name=${name%:*}
  fi
  echo "images:"
  echo "  - name: migration-guard"
  echo "    newName: $name"
  if [[ -n $tag ]]; then echo "    newTag: \"$tag\""; fi
  if [[ -n $digest ]]; then echo "    digest: $digest"; fi
}

{
  echo "# Written by certs/generate.sh: the base without its webhook configurations, plus this certificate."
  echo "# Apply first: kubectl apply -k $out/workload"
  echo "apiVersion: kustomize.config.k8s.io/v1beta1"
  echo "kind: Kustomization"
  echo "namespace: $namespace"
  echo "resources:"
  echo "  - $(relpath "$manifests" "$out/workload")"
  echo "  - secret.yaml"
  if [[ ${#allow_from[@]} -gt 0 ]]; then echo "  - networkpolicy.yaml"; fi
  if [[ -n $audit || $policies == true ]]; then echo "components:"; fi
  if [[ -n $audit ]]; then
    [[ -f $manifests/components/audit/kustomization.yaml ]] ||
      die "--audit: $manifests/components/audit not found"
    echo "  - $(relpath "$manifests/components/audit" "$out/workload")"
  fi
  if $policies; then echo "  - $(relpath "$policies_dir" "$out/workload")"; fi
  echo "patches:"
  drop_objects "$config_label"
  if [[ $service != "$base_service" ]]; then
    echo "  - target: {version: v1, kind: Service, name: $base_service}"
    echo "    patch: '[{\"op\": \"replace\", \"path\": \"/metadata/name\", \"value\": \"$service\"}]'"
  fi
  # The container's environment this install changes, as one strategic merge: the base's entry of
  # the same name is replaced, not repeated.
  env=()
  if $api_client; then
    # Every request but the probes must then present a certificate of the Secret's client-ca.crt.
    env+=("{name: MIGRATION_GUARD_TLS_CLIENT_CA, value: $tls_mount/client-ca.crt}")
  fi
  if [[ -n $audit ]]; then
    env+=("{name: MIGRATION_GUARD_AUDIT_INTERVAL, value: \"$audit\"}")
  fi
  if [[ $kubevirt_namespace != kubevirt ]]; then
    # The same account may set spec.priority (vmim-priority-requester).
    env+=("{name: MIGRATION_GUARD_PRIORITY_REQUESTERS, value: \"system:serviceaccount:$kubevirt_namespace:kubevirt-controller\"}")
  fi
  if [[ ${#env[@]} -gt 0 ]]; then
    echo "  - patch: |-"
    echo "      apiVersion: apps/v1"
    echo "      kind: Deployment"
    echo "      metadata: {name: $deployment, namespace: $base_ns}"
    echo "      spec:"
    echo "        template:"
    echo "          spec:"
    echo "            containers:"
    echo "              - name: $container"
    echo "                env:"
    for e in "${env[@]}"; do echo "                  - $e"; done
  fi
  if [[ -n $image ]]; then image_fields; fi
} >"$out/workload/kustomization.yaml"

# --- the NetworkPolicy (--allow-from) --------------------------------------------------------------
if [[ ${#allow_from[@]} -gt 0 ]]; then
  {
    echo "# Written by certs/generate.sh: only these addresses reach migration-guard's HTTPS port."
    echo "# The kubelet's probes come from the node itself, which network plugins admit anyway."
    echo "apiVersion: networking.k8s.io/v1"
    echo "kind: NetworkPolicy"
    echo "metadata:"
    echo "  name: $deployment-ingress"
    echo "  namespace: $base_ns"
    echo "spec:"
    echo "  podSelector:"
    echo "    matchLabels:"
    awk '/^  selector:/{s=1; next} s && /matchLabels:/{m=1; next} m && /^      [a-z]/{print "      " $1 " " $2; next} m{exit}' "$base/deployment.yaml"
    echo "  policyTypes: [Ingress]"
    echo "  ingress:"
    echo "    - from:"
    for cidr in "${allow_from[@]}"; do echo "        - ipBlock: {cidr: \"$cidr\"}"; done
    echo "      ports:"
    echo "        - {protocol: TCP, port: $https_port}"
  } >"$out/workload/networkpolicy.yaml"
else
  rm -f "$out/workload/networkpolicy.yaml"
fi

{
  echo "# Written by certs/generate.sh: the webhook configurations only, with this caBundle."
  echo "# Apply last, once the Deployment is ready: kubectl apply -k $out/webhooks"
  echo "apiVersion: kustomize.config.k8s.io/v1beta1"
  echo "kind: Kustomization"
  echo "namespace: $namespace"
  echo "resources:"
  echo "  - $(relpath "$manifests" "$out/webhooks")"
  if $policies; then
    echo "components:"
    echo "  - $(relpath "$policies_dir" "$out/webhooks")"
  fi
  echo "patches:"
  drop_objects "${config_label/=/!=}"
  echo "  - path: validating-webhook-patch.yaml"
  echo "  - path: mutating-webhook-patch.yaml"
} >"$out/webhooks/kustomization.yaml"

# --- the monitoring overlay: manifests/monitoring for this install's names ---------------------------
# The ServiceMonitor verifies the serving certificate for <service>.<namespace>.svc with the CA of
# this install's Secret; the alerts on kube-state-metrics' series name this namespace. Written only
# when manifests/monitoring exists (a --manifests without it has no monitoring).
monitoring=$manifests/monitoring
if [[ -f $monitoring/kustomization.yaml && -f $monitoring/prometheusrule.yaml && -f $monitoring/servicemonitor.yaml ]]; then
  mkdir -p "$out/monitoring"
  mon_ns=$(awk '/^namespace:/{print $2; exit}' "$monitoring/kustomization.yaml")
  [[ -n $mon_ns ]] || die "could not read the namespace of $monitoring/kustomization.yaml"
  # The rules as committed, with the namespace in their selectors replaced (a merge patch replaces
  # the whole list of groups, so the patch holds them all).
  # With --docs-url, each runbook_url's docs/ base is replaced (the anchor kept).
  runbooks=""
  if [[ -n $docs_url ]]; then
    runbooks="s|runbook_url: .*/monitoring.md#|runbook_url: ${docs_url%/}/monitoring.md#|"
  fi
  sed -e "s/namespace=\"$mon_ns\"/namespace=\"$namespace\"/g" -e "$runbooks" "$monitoring/prometheusrule.yaml" \
    >"$out/monitoring/prometheusrule-patch.yaml"
  {
    echo "# Written by certs/generate.sh: manifests/monitoring for this install (needs the Prometheus"
    echo "# Operator's CRDs). Apply after the workload: kubectl apply -k $out/monitoring"
    echo "apiVersion: kustomize.config.k8s.io/v1beta1"
    echo "kind: Kustomization"
    echo "namespace: $namespace"
    echo "resources:"
    echo "  - $(relpath "$monitoring" "$out/monitoring")"
    echo "patches:"
    echo "  - target: {group: monitoring.coreos.com, kind: ServiceMonitor, name: $(top_name "$monitoring/servicemonitor.yaml")}"
    echo "    patch: |-"
    echo "      - {op: replace, path: /spec/endpoints/0/tlsConfig/serverName, value: $service.$namespace.svc}"
    echo "      - {op: replace, path: /spec/endpoints/0/tlsConfig/ca/secret/name, value: $secret}"
    echo "  - target: {group: monitoring.coreos.com, kind: PrometheusRule, name: $(top_name "$monitoring/prometheusrule.yaml")}"
    echo "    path: prometheusrule-patch.yaml"
  } >"$out/monitoring/kustomization.yaml"
fi

# An earlier version wrote one overlay holding both halves; leave nothing that applies them together.
for stale in kustomization.yaml secret.yaml validating-webhook-patch.yaml mutating-webhook-patch.yaml; do
  if [[ -e $out/$stale ]]; then
    rm -f "$out/$stale"
    say "removed $out/$stale, written by an earlier version (now in workload/ and webhooks/)"
  fi
done

say "serving certificate for $service.$namespace.svc, $service.$namespace.svc.$cluster_domain," \
  "valid until $(not_after "$out/tls.crt")"
say "wrote $out/{tls.crt,tls.key,ca-bundle.crt}, $out/workload/ and $out/webhooks/"
if [[ -f $out/monitoring/kustomization.yaml ]]; then
  say "wrote $out/monitoring/: the ServiceMonitor, alerts and dashboard for these names; where the" \
    "Prometheus Operator runs, after the workload: kubectl apply -k $out/monitoring"
fi
if $api_client; then
  say "wrote $out/apiserver/: give it to kube-apiserver (--admission-control-config-file) BEFORE" \
    "applying the workload, which then refuses requests without its certificate (docs/deploy.md)"
fi
if [[ -z $image ]]; then
  say "WARNING: no --image: the Deployment runs the base's image, which no registry serves;" \
    "rerun with --image REGISTRY/migration-guard:TAG (or set images: in $out/workload/kustomization.yaml)"
fi
cat <<EOF
generate.sh: applied nothing. Install or rotate, in this order (webhook configurations last):
  kubectl apply -k $out/workload
  kubectl -n $namespace rollout status deployment/$deployment --timeout=180s
  kubectl apply --dry-run=server -k $out/webhooks
  kubectl apply -k $out/webhooks
EOF
