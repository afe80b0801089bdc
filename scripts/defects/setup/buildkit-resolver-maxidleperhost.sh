#!/usr/bin/env bash
# buildkit v0.9.0 builds only with its own replace directives: its
# util/tracing needs the forks of otelhttp and otelgrpc it pinned, and a
# docker/docker pseudo-version. v0.8.3 needs none.
[ "$DEFECT_VERSION" = v0.9.0 ] || exit 0
set -e
go mod edit -replace github.com/docker/docker=github.com/docker/docker@v20.10.3-0.20210609100121-ef4d47340142+incompatible
go mod edit -replace go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc=github.com/tonistiigi/opentelemetry-go-contrib/instrumentation/google.golang.org/grpc/otelgrpc@v0.0.0-20210714055410-d010b05b4939
go mod edit -replace go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp=github.com/tonistiigi/opentelemetry-go-contrib/instrumentation/net/http/otelhttp@v0.0.0-20210714055410-d010b05b4939
go mod edit -replace go.opentelemetry.io/contrib/instrumentation/net/http/httptrace/otelhttptrace=github.com/tonistiigi/opentelemetry-go-contrib/instrumentation/net/http/httptrace/otelhttptrace@v0.0.0-20210714055410-d010b05b4939
