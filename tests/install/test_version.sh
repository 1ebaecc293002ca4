#!/usr/bin/env bash
# test_version.sh — one version everywhere: CMakeLists.txt's project VERSION is the newest release
# of CHANGELOG.md, and the engine prints it (`simia --version`, `ugi`'s id name).
# Usage: bash tests/install/test_version.sh SOURCE_DIR SIMIA
set -euo pipefail
src=$1 simia=$2
fail() { echo "FAILED: $*" >&2; exit 1; }

cmake_version=$(sed -n 's/^project(simia VERSION \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' "$src/CMakeLists.txt")
[ -n "$cmake_version" ] || fail "no 'project(simia VERSION X.Y.Z' line in CMakeLists.txt"

# Keep a Changelog: '## [Unreleased]' first if present, then '## [X.Y.Z] - YYYY-MM-DD', newest first.
log=$src/CHANGELOG.md
[ "$(head -n 1 "$log")" = "# Changelog" ] || fail "CHANGELOG.md does not start with '# Changelog'"
mapfile -t heads < <(grep '^## ' "$log")
[ ${#heads[@]} -gt 0 ] || fail "CHANGELOG.md has no section"
releases=()
for i in "${!heads[@]}"; do
    h=${heads[$i]}
    if [ "$h" = "## [Unreleased]" ]; then
        [ "$i" -eq 0 ] || fail "'## [Unreleased]' is not the first section"
    elif [[ $h =~ ^"## ["([0-9]+\.[0-9]+\.[0-9]+)"] - "[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
        releases+=("${BASH_REMATCH[1]}")
    else
        fail "CHANGELOG.md: a section heading neither '## [Unreleased]' nor '## [X.Y.Z] - YYYY-MM-DD': $h"
    fi
done
[ ${#releases[@]} -gt 0 ] || fail "CHANGELOG.md has no release"
[ "${releases[0]}" = "$cmake_version" ] ||
    fail "the newest release of CHANGELOG.md is ${releases[0]}, CMakeLists.txt says $cmake_version"
sorted=$(printf '%s\n' "${releases[@]}" | sort -t. -k1,1nr -k2,2nr -k3,3nr -u)
[ "$sorted" = "$(printf '%s\n' "${releases[@]}")" ] || fail "CHANGELOG.md's releases are not newest first, each once"

out=$("$simia" --version)
[ "$out" = "Simia $cmake_version" ] || fail "simia --version printed '$out', not 'Simia $cmake_version'"
id=$(printf 'ugi\nquit\n' | "$simia" | grep '^id name ')
[ "$id" = "id name Simia $cmake_version" ] || fail "ugi said '$id', not 'id name Simia $cmake_version'"
echo "version $cmake_version: CMakeLists.txt, CHANGELOG.md, simia --version and ugi agree"
