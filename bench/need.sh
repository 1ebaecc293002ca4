# need.sh — the checks the scripts (bench/, the web page's server) make of the programs they are
# given, before they start anything (sourced): an executable file, or one line naming it, status 2.

# need_exec SCRIPT WHAT PATH: prints PATH's absolute form when it is an executable file (a name
# without '/' that is no file here is looked up on PATH, as the shell would run it); otherwise
# prints one line "SCRIPT: WHAT 'PATH' does not exist" (or is a directory, is not executable) on
# stderr and returns 2. Call it as `x=$(need_exec ...) || exit 2`: it runs in a subshell.
need_exec() {
    local p=$3 why=
    if [[ $p != */* ]] && [ -n "$p" ] && [ ! -e "$p" ] && type -P -- "$p" >/dev/null; then p=$(type -P -- "$p"); fi
    if [ -z "$p" ]; then why="is empty"
    elif [ ! -e "$p" ]; then why="does not exist"
    elif [ -d "$p" ]; then why="is a directory, not a program"
    elif [ ! -f "$p" ] || [ ! -x "$p" ]; then why="is not an executable file"
    fi
    [ -z "$why" ] || { echo "$1: $2 '$p' $why" >&2; return 2; }
    echo "$(cd "$(dirname "$p")" && pwd)/$(basename "$p")"
}

# need_arena SCRIPT GIVEN: the cutegames arena's absolute path: GIVEN (its --cutegames), else
# $CUTEGAMES, else cutegames on PATH; else one line saying how to give it, and status 2.
need_arena() {
    if [ -n "$2" ]; then need_exec "$1" "the arena (--cutegames)" "$2"
    elif [ -n "${CUTEGAMES:-}" ]; then need_exec "$1" "the arena (\$CUTEGAMES)" "$CUTEGAMES"
    elif type -P cutegames >/dev/null; then need_exec "$1" "the arena" "$(type -P cutegames)"
    else
        echo "$1: no arena: give --cutegames PATH or set CUTEGAMES=PATH (no cutegames on PATH; it is not part of Simia, see \"Play in an arena\" in README.md)" >&2
        return 2
    fi
}
