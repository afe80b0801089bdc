#!/bin/bash
# Run inside the scratch module after `go get github.com/rocket-pool/smartnode@VERSION`.
# smartnode's go.mod replaces go-merkletree with a fork; replace directives of a dependency
# are ignored, so the scratch module must repeat it.
set -e
go mod edit -replace github.com/wealdtech/go-merkletree@v1.0.1-0.20190605192610-2bb163c2ea2a=github.com/rocket-pool/go-merkletree@v1.0.1-0.20220406020931-c262d9b976dd
