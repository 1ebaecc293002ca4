#!/usr/bin/env bash
# slurm.sh — a one-node Slurm cluster on this machine for the many-machines tests (sourced): munged
# on its own socket and key, slurmctld and slurmd with their own config, ports, state and logs in one
# scratch directory; nothing of the system's Slurm or munge setup is used or changed.
# simia_slurm_start DIR   starts them (as root) and exports SLURM_CONF; simia_slurm_stop DIR ends them.

source "$(dirname "${BASH_SOURCE[0]}")/ports.sh"

simia_slurm_start() {
    local dir=$1 host port i
    host=$(hostname -s)
    mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
    chmod 700 "$dir/munge"
    dd if=/dev/urandom of="$dir/munge/key" bs=1024 count=1 status=none
    chmod 600 "$dir/munge/key"
    munged --force --key-file="$dir/munge/key" --socket="$dir/munge/socket" --pid-file="$dir/munge/pid" \
        --log-file="$dir/munge/log" --seed-file="$dir/munge/seed" || return 1
    port=$(simia_free_ports 2) || return 1
    cat >"$dir/slurm.conf" <<CFG
ClusterName=simiatest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
$(slurmd -C | head -n 1) State=UNKNOWN
PartitionName=simia Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CFG
    export SLURM_CONF=$dir/slurm.conf
    slurmctld -f "$SLURM_CONF" || return 1
    slurmd -f "$SLURM_CONF" || return 1
    pid=
    for i in $(seq 100); do
        sinfo -h -o %t 2>/dev/null | grep -q '^idle' && return 0
        sleep 0.3
    done
    echo "slurm.sh: the node did not come up" >&2
    tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2
    return 1
}

simia_slurm_stop() {
    local dir=$1 f pid pids=() i
    for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/pid"; do
        [ -s "$f" ] && pid=$(cat "$f") && kill "$pid" 2>/dev/null && pids+=("$pid")
        rm -f "$f"
    done
    # Wait (up to 10 s) until they are gone: slurmctld writes its state directory while it
    # stops, and removing that directory under it fails.
    pid=
    for i in $(seq 100); do
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && break; pid=; done
        [ -z "${pid:-}" ] && break
        sleep 0.1
    done
    return 0
}
