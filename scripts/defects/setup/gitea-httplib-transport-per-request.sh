#!/usr/bin/env bash
# gitea needs its own replace directives (replaces.sh), and it requires
# github.com/charmbracelet/git-lfs-transfer v0.2.0, whose zip the proxy
# refuses (403); v0.1.0 is served and has the same package path
# (modules/httplib does not import it).
set -e
go mod edit -replace=github.com/charmbracelet/git-lfs-transfer=github.com/charmbracelet/git-lfs-transfer@v0.1.0
exec "$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
