#!/usr/bin/env bash
# test_hosts.sh — bench/match.sh --hosts (and bench/datagen.sh --hosts) over real ssh: GNU parallel
# spreads shards over two sshlogins of an sshd this test starts on 127.0.0.1 (its own port and keys);
# the arena is tests/hosts/mini_arena.py, which really plays Simia against random_player.
# Usage: test_hosts.sh SIMIA RANDOM_PLAYER   (run by CTest, label hosts; needs root to start sshd:
# exits 77, skipped, when it cannot)
set -euo pipefail
cd "$(dirname "$0")/../.."
simia=$(realpath "$1") random=$(realpath "$2")
arena=$PWD/tests/hosts/mini_arena.py
source tests/deps.sh
source tests/hosts/sshd.sh

if [ "$(id -u)" != 0 ]; then echo "test_hosts: skipped (sshd for the test needs root)"; exit 77; fi
simia_need_packages openssh-server openssh-client parallel rsync

work=$(mktemp -d -t simia-hosts-test.XXXXXX)
bg=
cleanup() {
    [ -z "$bg" ] || kill "$bg" 2>/dev/null || true
    simia_sshd_stop "$work/sshd"
    rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work" || true; }
}
trap cleanup EXIT
simia_sshd_start "$work/sshd"
me=$(id -un)
printf '1/%s %s@127.0.0.1\n1/%s %s@localhost\n' "$SIMIA_SSH" "$me" "$SIMIA_SSH" "$me" >"$work/hosts"

fail() { echo "test_hosts: FAIL: $*" >&2; exit 1; }
step() { echo "== test_hosts: $*"; }

# W L D of A (the first engine) in PGN files, counted here independently of match.sh.
wld() { awk -v a="$1" '/^\[P1 "/ { p1 = substr($0, 6, length($0) - 7) } /^\[Result "/ { r = substr($0, 10, length($0) - 11) }
        /^\[PlyCount/ { n++; if (r == "1-0") { if (p1 == a) w++; else l++ } else if (r == "0-1") { if (p1 == a) l++; else w++ } else if (r == "1/2-1/2") d++ }
        END { printf "+%d -%d =%d (%d games", w, l, d, n }' "${@:2}"; }

match() { bash bench/match.sh --hosts "$work/hosts" --cutegames "$arena" --name-a simia --name-b random "$@" "$simia" "$random"; }

step "a 12-game match in 3 shards over two ssh hosts"
status=0
match --games 12 --shard-games 4 --tc nodes:500 --out "$work/m1" >"$work/m1.out" 2>"$work/m1.err" || status=$?
cat "$work/m1.out" "$work/m1.err"
[ "$status" = 0 ] || fail "the match exited $status"
# The merged result is the sum of the shards', and the merged PGN their concatenation in order.
sum=$(wld simia "$work"/m1/shards/*/games.pgn)
grep -qF "Result: simia vs random: $sum, 0 unscored)" "$work/m1.out" || fail "merged result is not the shards' sum ($sum)"
case $sum in *"(12 games") ;; *) fail "12 games expected, the shards hold: $sum" ;; esac
cat "$work"/m1/shards/*/games.pgn | cmp -s - "$work/m1/games.pgn" || fail "games.pgn is not the shards' PGNs in order"
grep -q '^Score: .*Elo: .*95%: \[' "$work/m1.out" || fail "no Score/Elo line"
grep -q '^Adjudicated otherwise: 0' "$work/m1.err" || fail "no bad-game line"
# The games are the one-machine match's: opening pair i is line i of the suite, seats swapped within the pair.
awk '!/^#/ && n++ < 6 { print; print }' engine/games/monkeyqueen/openings.txt >"$work/fens.want"
sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$work/m1/games.pgn" >"$work/fens.got"
cmp -s "$work/fens.want" "$work/fens.got" || fail "the shards did not play the suite's first 6 openings, each twice, in order"
[ "$(sed -n 's/^\[P1 "\(.*\)"\]$/\1/p' "$work/m1/games.pgn" | paste -sd' ')" = "simia random simia random simia random simia random simia random simia random" ] ||
    fail "seats are not swapped within each pair"
for h in 127.0.0.1 localhost; do
    grep -q "@$h	" "$work/m1/joblog" || fail "no shard ran on host $h"
    grep -q "done on $h:" "$work/m1.err" || fail "no line names a shard done on host $h"
done

step "self-play at fixed nodes: the shards' games are move for move the one-machine match's"
bash bench/match.sh --cutegames "$arena" --name-a simiaA --name-b simiaB --games 6 --tc nodes:300 --out "$work/one" \
    "$simia" "$simia" >"$work/one.out" 2>"$work/one.err" || { cat "$work/one.out" "$work/one.err"; fail "the one-machine match failed"; }
match_self() { bash bench/match.sh --hosts "$work/hosts" --cutegames "$arena" --name-a simiaA --name-b simiaB "$@" "$simia" "$simia"; }
match_self --games 6 --shard-games 2 --tc nodes:300 --out "$work/many" >"$work/many.out" 2>"$work/many.err" ||
    { cat "$work/many.out" "$work/many.err"; fail "the spread self-play match failed"; }
cmp "$work/one/games.pgn" "$work/many/games.pgn" || fail "the spread match's games differ from the one-machine match's"
cmp "$work/one.out" "$work/many.out" || fail "the spread match's result lines differ from the one-machine match's"

step "a shard killed mid-run: its games reported missing, a rerun plays only them"
match --games 18 --shard-games 6 --tc movetime:300 --retries 1 --out "$work/m2" >"$work/m2.out" 2>"$work/m2.err" &
bg=$!
# The arena of shard 0002 (it runs in that shard's directory on its host), killed once it has played
# a game and before its last of 6 (looked for again if it ended in between).
killed=
for _ in $(seq 1200); do
    for p in /proc/[0-9]*; do
        # Cheap first: only the arena's processes (read by the shell itself, no process started).
        c=; { read -r c <"$p/comm"; } 2>/dev/null || continue
        case $c in python3*|mini_arena*) ;; *) continue ;; esac
        case $(readlink "$p/cwd" 2>/dev/null) in
        */shards/0002)
            g=$(grep -c '^\[PlyCount' "$p/cwd/games.pgn" 2>/dev/null || true)
            [ "${g:-0}" -ge 1 ] && [ "${g:-0}" -lt 6 ] && kill -9 "${p#/proc/}" 2>/dev/null && killed=${p#/proc/} ;;
        esac
    done
    [ -z "$killed" ] || break
    sleep 0.05
done
[ -n "$killed" ] || fail "never caught shard 0002's arena mid-run"
status=0; wait "$bg" || status=$?; bg=
cat "$work/m2.out" "$work/m2.err"
[ "$status" = 3 ] || fail "the match with a killed shard exited $status, not 3"
grep -q "^Missing: 6 of 18 games (shards 0002)" "$work/m2.out" || fail "no Missing line for shard 0002"
grep -q "shard 0002 failed on host \(127.0.0.1\|localhost\)" "$work/m2.err" || fail "no line naming shard 0002 and its host"
grep -q "Result: simia vs random: .*(12 games" "$work/m2.out" || fail "the finished shards' 12 games are not scored"
kept=$(cat "$work/m2/shards/0001/games.pgn" "$work/m2/shards/0003/games.pgn" | md5sum)
runs=$(wc -l <"$work/m2/joblog")
status=0
match --games 18 --shard-games 6 --tc movetime:300 --retries 1 --out "$work/m2" >"$work/m3.out" 2>"$work/m3.err" || status=$?
cat "$work/m3.out" "$work/m3.err"
[ "$status" = 0 ] || fail "the rerun exited $status"
grep -q "3 shards, 2 already done" "$work/m3.err" || fail "the rerun did not keep the 2 finished shards"
[ "$(tail -n +$((runs + 1)) "$work/m2/joblog" | grep -c 'SHARD=')" = 1 ] || fail "the rerun ran more than one shard"
tail -n +$((runs + 1)) "$work/m2/joblog" | grep -q 'SHARD=0002;' || fail "the rerun did not run shard 0002"
[ "$(cat "$work/m2/shards/0001/games.pgn" "$work/m2/shards/0003/games.pgn" | md5sum)" = "$kept" ] || fail "the rerun touched finished shards"
sum=$(wld simia "$work"/m2/shards/*/games.pgn)
grep -qF "Result: simia vs random: $sum, 0 unscored)" "$work/m3.out" || fail "after the rerun, the result is not the shards' sum ($sum)"
case $sum in *"(18 games") ;; *) fail "18 games expected after the rerun: $sum" ;; esac

step "SPRT in rounds on the merged games: decided after a round, no further shard starts"
status=0
match --games 40 --shard-games 4 --tc nodes:500 --sprt 0,300 --out "$work/sprt" >"$work/sprt.out" 2>"$work/sprt.err" || status=$?
cat "$work/sprt.out" "$work/sprt.err"
[ "$status" = 0 ] || fail "the SPRT match exited $status"
grep -q "^SPRT \[0, 300\]: LLR .* H1 accepted" "$work/sprt.out" || fail "no SPRT decision"
played=$(grep -c 'SHARD=' "$work/sprt/joblog")
[ "$played" -lt 10 ] && [ $((played % 2)) = 0 ] || fail "$played shards ran: not whole rounds of 2 stopped early"
grep -q "Result: simia vs random: .*($((4 * played)) games, 0 unscored)" "$work/sprt.out" || fail "the result is not the $played shards' games"
! grep -q '^Missing' "$work/sprt.out" || fail "shards an SPRT decision left unplayed were reported missing"

step "simia datagen spread over the two hosts: one seed per shard, the merged file the sum of the shards"
status=0
bash bench/datagen.sh --hosts "$work/hosts" --simia "$simia" --positions 400 --shards 3 --nodes 200 --seed 7 \
    --keep all --adjudicate-win 1000:3 --adjudicate-draw off --out "$work/d1" >"$work/d1.out" 2>"$work/d1.err" || status=$?
cat "$work/d1.out" "$work/d1.err"
[ "$status" = 0 ] || fail "the spread datagen exited $status"
total=0
for f in "$work"/d1/shards/*/data.bin; do
    n=$("$simia" datagen --check "$f" | sed -n 's/^positions: \([0-9]*\).*/\1/p')
    [ "$n" -gt 0 ] || fail "$f holds no positions"
    total=$((total + n))
done
[ "$total" = 400 ] || fail "the shards hold $total positions, not 400"
[ "$("$simia" datagen --check "$work/d1/data.bin" | sed -n 's/^positions: \([0-9]*\).*/\1/p')" = 400 ] || fail "the merged file does not hold the shards' 400 positions"
grep -q "^Merged: 400 positions from 3 shards" "$work/d1.out" || fail "no Merged line"
grep -q "positions over all hosts" "$work/d1.err" || fail "no progress over all hosts"
[ "$(sort -u "$work"/d1/shards/*/args | grep -c '^[0-9]\{10,\}$')" = 3 ] || fail "the shards do not have 3 different seeds"
for a in "--keep all" "--adjudicate-win 1000:3" "--adjudicate-draw off"; do
    [ "$(cat "$work"/d1/shards/*/args | tr '\n' ' ' | grep -o -- "$a" | wc -l)" = 3 ] || fail "not every shard was given $a"
done
grep -q "all kept, a win at 1000+ for 3 plies" "$work"/d1/shards/0001/datagen.log || fail "the shards' datagen did not take the options"

step "hosts that cannot play are refused before anything starts"
printf '1/%s %s@127.0.0.1\n' "$SIMIA_SSH" "$me" >"$work/hosts1"
# A path missing on a host (here: on both; the check runs there over ssh, as on a real remote host).
status=0
(source bench/spread.sh; spread_check "$work/hosts1" match "$simia" "$work/not-on-the-host") 2>"$work/m4.err" || status=$?
[ "$status" = 1 ] && grep -q "host 127.0.0.1 lacks $work/not-on-the-host" "$work/m4.err" || { cat "$work/m4.err"; fail "a path missing on a host was not found"; }
printf '1/%s %s@127.0.0.1\n' "${SIMIA_SSH/-p $SIMIA_SSHD_PORT/-p 1}" "$me" >"$work/hosts-dead"
status=0
bash bench/match.sh --hosts "$work/hosts-dead" --cutegames "$arena" --games 2 --out "$work/m5" "$simia" "$random" 2>"$work/m5.err" || status=$?
[ "$status" = 2 ] && grep -q "host 127.0.0.1 .* did not answer" "$work/m5.err" || { cat "$work/m5.err"; fail "an unreachable host was not refused"; }
status=0
bash bench/match.sh --hosts "$work/hosts" --cutegames "$arena" --games 12 --shard-games 6 --tc nodes:500 --out "$work/m1" "$simia" "$random" 2>"$work/m6.err" || status=$?
[ "$status" = 2 ] && grep -q "holds shards of another match" "$work/m6.err" || { cat "$work/m6.err"; fail "another match's directory was not refused"; }
status=0
bash bench/match.sh --hosts "$work/hosts" --cutegames "$arena" --games 7 --out "$work/m7" "$simia" "$random" 2>"$work/m7.err" || status=$?
[ "$status" = 2 ] && grep -q "must be even" "$work/m7.err" || { cat "$work/m7.err"; fail "an odd --games was not refused"; }

step "the same shards as a Slurm array job and a dependent merge job, on a one-node Slurm started here"
simia_need_packages slurmd slurmctld slurm-client munge
source tests/hosts/slurm.sh
slurm_dir=$work/slurm
trap 'simia_slurm_stop "$slurm_dir"; cleanup' EXIT
simia_slurm_start "$slurm_dir" || fail "could not start Slurm"
status=0
bash bench/match.sh --slurm "--time=10" --wait --cutegames "$arena" --name-a simia --name-b random --games 8 --shard-games 4 \
    --tc nodes:500 --out "$work/s1" "$simia" "$random" >"$work/s1.out" 2>"$work/s1.err" || status=$?
cat "$work/s1.out" "$work/s1.err"
[ "$status" = 0 ] || fail "the Slurm match exited $status"
ls "$work"/s1/slurm-1.out "$work"/s1/slurm-2.out >/dev/null || fail "not one array task per shard"
sum=$(wld simia "$work"/s1/shards/*/games.pgn)
grep -qF "Result: simia vs random: $sum, 0 unscored)" "$work/s1.out" || fail "the Slurm merge is not the shards' sum ($sum)"
case $sum in *"(8 games") ;; *) fail "8 games expected from Slurm: $sum" ;; esac

echo "test_hosts: all passed"
