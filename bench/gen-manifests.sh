#!/usr/bin/env bash
# Generates a realistic manifest set for the lint benchmark: FILES files of DOCS documents each (multi-document
# YAML), a mix of VirtualMachineInstanceMigrations (60%), MigrationPolicies (2%) and other kinds (38%: skipped),
# about 3% of our objects invalid (unknown priority, bad Quantity, bad label key).
# Usage: gen-manifests.sh DIR [FILES=5000] [DOCS=10]
set -euo pipefail
dir="$1"; files="${2:-5000}"; docs="${3:-10}"
mkdir -p "$dir"
awk -v dir="$dir" -v files="$files" -v docs="$docs" 'BEGIN {
  srand(42)
  for (f = 0; f < files; f++) {
    sub_dir = sprintf("%s/team-%02d", dir, f % 50)
    if (f < 50) system("mkdir -p " sub_dir)
    out = sprintf("%s/app-%05d.yaml", sub_dir, f)
    for (d = 0; d < docs; d++) {
      n = f * docs + d; r = n % 100; bad = (n % 37 == 5)
      if (d > 0) print "---" > out
      if (r < 60) {
        print "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\nmetadata:" > out
        printf "  name: migrate-vm-%06d\n  namespace: ns-%03d\n  labels:\n    app: vm-%06d\n    team: team-%02d\n", n, n % 500, n, f % 50 > out
        printf "spec:\n  vmiName: vm-%06d\n", n > out
        if (n % 7 == 0) print "  addedNodeSelector:\n    topology.kubernetes.io/zone: zone-a" > out
        if (bad) print "  priority: urgent" > out
      } else if (r < 62) {
        print "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:" > out
        printf "  name: policy-%06d\nspec:\n  allowAutoConverge: true\n", n > out
        printf "  bandwidthPerMigration: %s\n  completionTimeoutPerGiB: 800\n", (bad ? "64 Mi" : "64Mi") > out
        printf "  selectors:\n    namespaceSelector:\n      tier: tier-%06d\n", n > out
        printf "    virtualMachineInstanceSelector:\n      %s: \"db\"\n", (n % 41 == 3 ? "bad key!" : "workload") > out
      } else if (r < 80) {
        print "apiVersion: v1\nkind: ConfigMap\nmetadata:" > out
        printf "  name: config-%06d\n  namespace: ns-%03d\ndata:\n  key: value-%06d\n", n, n % 500, n > out
      } else {
        print "apiVersion: apps/v1\nkind: Deployment\nmetadata:" > out
        printf "  name: web-%06d\n  namespace: ns-%03d\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web-%06d\n", n, n % 500, n > out
        printf "  template:\n    metadata:\n      labels:\n        app: web-%06d\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n", n > out
      }
    }
    close(out)
  }
}'
echo "generated $(( files * docs )) resources in $files files under $dir" >&2
