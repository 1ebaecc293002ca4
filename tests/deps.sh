#!/usr/bin/env bash
# deps.sh — makes sure the build and test tools are present (sourced by the quick-start and
# test scripts). As root it installs what is missing with apt-get; otherwise it prints the
# exact install line and stops.
# Usage: source tests/deps.sh [extra Debian packages...]

simia_need_packages() {
    local pkgs=(cmake make gcc clang check pkg-config "$@") missing=()
    for p in "${pkgs[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "Installing: ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2 || true
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    else
        echo "Missing packages: ${missing[*]}" >&2
        echo "Install them with:  sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
}
