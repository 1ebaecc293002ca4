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
        # One line, not apt's and dpkg's hundreds (kept in a log, shown should it fail); only
        # the packages named, none that they merely recommend.
        local log
        log=$(mktemp -t simia-apt-XXXXXX.log)
        echo "Installing ${missing[*]} (apt-get --no-install-recommends; its output: $log)" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >>"$log" 2>&1 || true
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1 || {
            tail -n 20 "$log" >&2
            echo "apt-get could not install ${missing[*]}; its whole output: $log" >&2
            return 1; }
    else
        echo "Missing packages: ${missing[*]}" >&2
        echo "Install them with:  sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
}
