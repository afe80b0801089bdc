#!/usr/bin/env bash
# thanos.sh VERSION: Thanos pins forks and old Prometheus APIs with
# replace directives, and one of its old dependencies
# (k8s.io/client-go v12.0.0+incompatible) has a checksum the database no
# longer agrees with.
exec "$(dirname "$0")/replaces.sh" github.com/thanos-io/thanos "$1"
