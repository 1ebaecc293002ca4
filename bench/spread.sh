# spread.sh — runs the shards of a job on the hosts of a GNU parallel sshlogin file (sourced by
# bench/match.sh and bench/datagen.sh): checks the hosts, runs shards with retries and a joblog, names what failed.
#
# A shard is a directory OUT/shards/NNNN holding the files its job reads; GNU parallel copies it
# to a fresh working directory on the host (--transferfile, one rsync, under ~/.parallel/tmp,
# removed after with --cleanup), runs the job there and copies the directory back (--return). On
# `:` (this machine) the job runs in OUT itself and nothing is copied. What the job runs (the engines, the
# arena, simia) must be at the same absolute paths on every host: spread_check says so before
# anything starts. A shard counts as done only when the job exited 0 and its caller's check of the
# returned files passed (a file OUT/shards/NNNN/done); a rerun with the same OUT runs only the
# shards not done.

# The number of job slots in an sshlogin file (a line N/login is N slots, a bare login one).
spread_slots() {
    awk '/^[ \t]*(#|$)/ { next } { if (match($0, /^[0-9]+\//)) n += substr($0, 1, RLENGTH - 1); else n++ }
         END { print n + 0 }' "$1"
}

# A host's name as GNU parallel gives it to jobs ($PARALLEL_SSHHOST): the host of an sshlogin line
# without N/ and user@; `here` for this machine (`:`).
spread_host_name() { local s=${1#[0-9]*/}; s=${s##* }; s=${s#*@}; [ "${s:-:}" != : ] || s=here; echo "$s"; }

# spread_check HOSTS WHAT PATH...: every host reachable, every PATH executable there, and rsync on
# both ends when a host is not this machine. Prints one line per host; returns 1 when any fails.
spread_check() {
    local hosts=$1 what=$2; shift 2
    command -v parallel >/dev/null || { echo "$what: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; return 1; }
    [ -r "$hosts" ] || { echo "$what: cannot read the hosts file '$hosts'" >&2; return 1; }
    [ "$(spread_slots "$hosts")" -gt 0 ] || { echo "$what: no host in '$hosts'" >&2; return 1; }
    local remote=0 line
    while IFS= read -r line; do
        case $line in ''|'#'*) continue ;; esac
        [ "$(spread_host_name "$line")" = here ] || remote=1
    done <"$hosts"
    if [ "$remote" = 1 ] && ! command -v rsync >/dev/null; then
        echo "$what: GNU parallel copies the shards' files with rsync: install it here and on the hosts (apt-get install rsync)" >&2; return 1
    fi
    local check='for p in "$@"; do [ -x "$p" ] || echo "missing $p"; done
        [ "$PARALLEL_SSHHOST" = : ] || command -v rsync >/dev/null || echo "missing rsync"; echo ready'
    local out status=0
    out=$(parallel --nonall --tag --sshloginfile "$hosts" "sh -c '$check' check $(printf '%q ' "$@")" 2>&1) || true
    local logins=() ok=1
    while IFS= read -r line; do
        case $line in ''|'#'*) continue ;; esac
        logins+=("${line#[0-9]*/}")
    done <"$hosts"
    for line in "${logins[@]}"; do
        local mine
        mine=$(printf '%s\n' "$out" | awk -F'\t' -v h="$line" '$1 == h { print $2 }')
        if ! printf '%s\n' "$mine" | grep -qx ready; then
            echo "$what: host $(spread_host_name "$line") ($line) did not answer: $(printf '%s\n' "$out" | grep -v "^$line	" | tail -n 2 | tr '\n' ' ')" >&2
            status=1
        elif printf '%s\n' "$mine" | grep -q '^missing '; then
            echo "$what: host $(spread_host_name "$line") lacks $(printf '%s\n' "$mine" | sed -n 's/^missing //p' | tr '\n' ' ')(the same paths as here are needed)" >&2
            status=1
        else
            echo "$what: host $(spread_host_name "$line") ready" >&2
        fi
    done
    return $status
}

# spread_run HOSTS OUT RETRIES JOB SHARD...: runs JOB for each shard on the hosts (at most RETRIES tries
# each, on other hosts when there are). JOB is a shell command run in the shard's directory with
# SHARD and HOST set. The job's stdout is passed through as it comes (one line per shard and try, naming the
# host; JOB is one line); a record of every final try is appended to OUT/joblog. Returns GNU parallel's status.
spread_run() {
    local hosts=$1 out=$2 retries=$3 job=$4; shift 4
    # On `:` the job runs in OUT (parallel's own working dir there is an empty one, removed first).
    local cmd="HOST=\$PARALLEL_SSHHOST; if [ \"\$HOST\" = : ]; then HOST=here; rmdir \"\$PWD\" 2>/dev/null; cd $(printf '%q' "$out") || exit 1; fi; SHARD={}; cd shards/{} || exit 1; $job"
    (cd "$out" && printf '%s\n' "$@" | parallel --sshloginfile "$hosts" --joblog "+$out/joblog" --retries "$retries" \
        --line-buffer --wd ... --transferfile 'shards/{}' --return 'shards/{}' --cleanup "$cmd")
}

# spread_slurm OUT WHAT SBATCH-OPTIONS WAIT SHARD...: the shards as one Slurm array job (task i runs
# OUT/job.sh in OUT/shards/000i, bench/slurm/shard.sbatch) and the merge job after all of them
# (OUT/merge.sh, bench/slurm/merge.sbatch, its output OUT/result.txt). With WAIT 1, waits for the
# merge and prints its result.
spread_slurm() {
    local out=$1 what=$2 opts=$3 wait=$4 here list jid mid status=0; shift 4
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    command -v sbatch >/dev/null || { echo "$what: sbatch not found (Slurm's client; Debian: slurm-client)" >&2; return 2; }
    list=$(printf '%s\n' "$@" | sed 's/^0*//' | paste -sd,)
    # shellcheck disable=SC2086 # the options are words
    jid=$(sbatch --parsable $opts --job-name="simia-$what" --array="$list" --output="$out/slurm-%a.out" \
        "$here/slurm/shard.sbatch" "$out") || return 2
    jid=${jid%%;*}
    # shellcheck disable=SC2086
    mid=$(sbatch --parsable $opts --job-name="simia-$what-merge" --dependency="afterany:$jid" \
        --output="$out/result.txt" $([ "$wait" = 1 ] && echo --wait) "$here/slurm/merge.sbatch" "$out") || status=$?
    mid=${mid%%;*}
    echo "$what: Slurm array job $jid (shards $list) and merge job $mid; the result goes to $out/result.txt" >&2
    [ "$wait" = 1 ] || return 0
    cat "$out/result.txt"
    return $status
}

# spread_failures OUT WHAT SHARD...: a line for each shard not done, from its last joblog record
# (or the host its job wrote down, under Slurm).
spread_failures() {
    local out=$1 what=$2 s; shift 2
    touch "$out/joblog"
    for s in "$@"; do
        [ -e "$out/shards/$s/done" ] && continue
        awk -F'\t' -v s="$s" -v what="$what" -v h0="$(cat "$out/shards/$s/host" 2>/dev/null)" '
            index($9, "SHARD=" s ";") { host = $2; code = $7; sig = $8; seen = 1 }
            END {
                if (!seen && h0 != "") { printf "%s: shard %s failed on host %s: its work is missing; rerun the same command to do it\n", what, s, h0; exit }
                if (!seen) { printf "%s: shard %s was not run\n", what, s; exit }
                n = split(host, w, " "); h = n ? w[n] : ":"; sub(/^.*@/, "", h); if (h == ":") h = "here"
                printf "%s: shard %s failed on host %s (exit %s, signal %s): its work is missing; rerun the same command to do it\n", what, s, h, code, sig
            }' "$out/joblog" >&2
    done
}
