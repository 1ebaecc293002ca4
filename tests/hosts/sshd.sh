#!/usr/bin/env bash
# sshd.sh — a private sshd on 127.0.0.1 for the many-machines tests (sourced): its own port,
# host key, client key and authorized_keys in one scratch directory, nothing in ~/.ssh touched.
# simia_sshd_start DIR   starts it (as root) and sets SIMIA_SSH (an ssh command line that logs in
#                        as the current user); simia_sshd_stop DIR ends it and only it.

source "$(dirname "${BASH_SOURCE[0]}")/ports.sh"

simia_sshd_start() {
    local dir=$1 port
    mkdir -p "$dir" /run/sshd
    ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key" </dev/null >/dev/null
    ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key" </dev/null >/dev/null
    cp "$dir/client_key.pub" "$dir/authorized_keys"
    chmod 600 "$dir/authorized_keys"
    port=$(simia_free_ports 1) || return 1
    cat >"$dir/sshd_config" <<CFG
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PidFile $dir/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
MaxStartups 100
MaxSessions 100
LogLevel ERROR
CFG
    "$(command -v sshd || echo /usr/sbin/sshd)" -f "$dir/sshd_config" -E "$dir/sshd.log" || return 1
    # sshd forks into the background; wait for its pid file and port.
    local i
    for i in $(seq 100); do [ -s "$dir/sshd.pid" ] && simia_port_open "$port" && break; sleep 0.1; done
    SIMIA_SSH="ssh -p $port -i $dir/client_key -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
    SIMIA_SSHD_PORT=$port
    $SIMIA_SSH "$(id -un)@127.0.0.1" true || { echo "sshd.sh: cannot log in to the test sshd on port $port" >&2; cat "$dir/sshd.log" >&2; return 1; }
}

simia_sshd_stop() {
    local dir=$1
    [ -s "$dir/sshd.pid" ] && kill "$(cat "$dir/sshd.pid")" 2>/dev/null
    rm -f "$dir/sshd.pid"
}
