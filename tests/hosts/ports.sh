#!/usr/bin/env bash
# ports.sh — free TCP ports for the many-machines tests' daemons (sourced by sshd.sh and slurm.sh):
# below the kernel's ephemeral range, so no outgoing connection can hold one, and not listened on.

simia_port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# simia_free_ports N  prints the first of N consecutive ports nobody listens on, from a random start.
# An outgoing connection takes its local port from the ephemeral range (ip_local_port_range); a
# daemon bound inside it fails with 'Address already in use' whenever one holds its port (a CI run
# failed so), which no listen check can foresee. Below the range only listeners can, and are checked.
simia_free_ports() {
    local n=${1:-1} low=32768 base p ok
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || low=32768
    [ "$low" -gt $((10000 + 1000 + n)) ] || low=32768
    base=$((10000 + RANDOM % (low - 10000 - 1000 - n)))
    for ((; base + n <= low; base++)); do
        ok=1
        for ((p = base; p < base + n; p++)); do simia_port_open "$p" && { ok=0; break; }; done
        [ "$ok" = 1 ] && { echo "$base"; return 0; }
    done
    echo "ports.sh: no $n free ports below $low" >&2
    return 1
}
