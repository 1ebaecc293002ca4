#!/usr/bin/env bash
# test_install.sh — `cmake --install` into a temporary prefix: bin/simia runs from anywhere with
# its nets built in (--version, a short UGI game, an eval with the net), and the documents, the
# opening suites and the books are where the README says, their links between each other whole;
# with OwnBook on it reads its installed book by itself, also once the installed tree has moved.
# Usage: bash tests/install/test_install.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd) build=$2
fail() { echo "FAILED: $*" >&2; exit 1; }
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null
simia=$prefix/bin/simia
[ -x "$simia" ] || fail "no executable bin/simia under the prefix"
version=$(sed -n 's/^project(simia VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")

# The installed binary, from a directory that is neither the source nor the build tree.
cd "$prefix"
out=$("$simia" --version)
[ "$out" = "Simia $version" ] || fail "installed simia --version printed '$out'"
out=$(printf 'ugi\nisready\nposition startpos\ngo depth 3\nd\neval\nquit\n' | "$simia" 2>&1)
for want in "id name Simia $version" ugiok readyok "bestmove " "Status: " "NNUE evaluation: "; do
    grep -qF -- "$want" <<<"$out" || fail "the installed engine's session has no '$want':"$'\n'"$out"
done
grep -q "NNUE evaluation: none" <<<"$out" && fail "the installed engine has no net built in:"$'\n'"$out"
grep -q "error" <<<"$out" && fail "the installed engine printed an error:"$'\n'"$out"

# The documents: every page of the repository at its path, and each relative link of the
# installed pages to a page or picture resolving inside the installed tree.
doc=$prefix/share/doc/simia
for f in README.md LICENSE CHANGELOG.md CONTRIBUTING.md; do
    [ -f "$doc/$f" ] || fail "share/doc/simia/$f is not installed"
done
cmp -s "$src/LICENSE" "$doc/LICENSE" || fail "the installed LICENSE differs from the source's"
pages=0
while IFS= read -r page; do
    rel=${page#"$src"/}
    [ -f "$doc/$rel" ] || fail "the page $rel is not installed as share/doc/simia/$rel"
    pages=$((pages + 1))
done < <(find "$src/engine" "$src/bench" "$src/book" "$src/uci-like" -name '*.md'; echo "$src/tests/README.md")
[ "$pages" -ge 15 ] || fail "only $pages pages found in the source tree"
while IFS= read -r page; do
    dir=$(dirname "$page")
    while IFS= read -r target; do
        target=${target%%#*}
        [ -z "$target" ] && continue
        [ -e "$dir/$target" ] || fail "${page#"$doc"/} links to $target, which is not installed"
    done < <(grep -o '](\([^)#:]*\.\(md\|png\)\)\(#[^)]*\)\?)' "$page" | sed 's/^](//; s/)$//')
done < <(find "$doc" -name '*.md')

# The opening suites and books, one folder per game.
games=$(cd "$src/engine/games" && ls -d */ | tr -d / )
for g in $games; do
    for f in openings.txt opening.book; do
        [ -f "$src/engine/games/$g/$f" ] || continue
        cmp -s "$src/engine/games/$g/$f" "$prefix/share/simia/games/$g/$f" ||
            fail "engine/games/$g/$f is not installed as share/simia/games/$g/$f"
    done
done

# OwnBook with BookFile empty: the installed book, found from the executable's own folder (never
# the source tree's, which must not even be named), wherever the installed tree has moved; a game
# that ships no book says so, without an error.
moved=$prefix/moved/elsewhere
mkdir -p "$moved"
cp -a "$prefix/bin" "$prefix/share" "$moved/"
for exe in "$simia" "$moved/bin/simia"; do
    root=${exe%/bin/simia}
    out=$(printf 'setoption name OwnBook value true\nposition startpos\ngo depth 1\nisready\nquit\n' | "$exe" 2>&1)
    grep -q "^info string book move " <<<"$out" || fail "$exe with OwnBook on played no book move:"$'\n'"$out"
    grep -q "error" <<<"$out" && fail "$exe with OwnBook on printed an error:"$'\n'"$out"
    out=$("$exe" book probe 2>&1) || fail "$exe book probe failed:"$'\n'"$out"
    grep -qF "Book: $root/bin/../share/simia/games/monkeyqueen/opening.book, " <<<"$out" ||
        fail "$exe book probe did not read the book installed beside it:"$'\n'"$out"
    grep -qF "$src" <<<"$out" && fail "$exe names the source tree:"$'\n'"$out"
    out=$(printf 'setoption name OwnBook value true\nposition startpos\ngo depth 1\nisready\nquit\n' | "$exe" --game zoo 2>&1)
    grep -q "^info string no book for this game (Zoo Contest ships none" <<<"$out" ||
        fail "$exe --game zoo with OwnBook on does not say it has no book:"$'\n'"$out"
    grep -q "error" <<<"$out" && fail "$exe --game zoo with OwnBook on printed an error:"$'\n'"$out"
done
# Its installed book gone, it falls back to the source tree it was built from (still here).
rm "$moved/share/simia/games/monkeyqueen/opening.book"
out=$("$moved/bin/simia" book probe 2>&1) || fail "book probe without the installed book failed:"$'\n'"$out"
grep -qF "Book: $src/engine/games/monkeyqueen/opening.book, " <<<"$out" ||
    fail "without its installed book, simia did not fall back to the source tree's:"$'\n'"$out"
echo "installed into a temporary prefix: bin/simia $version runs with its nets and finds its book (also moved); $pages pages, LICENSE, CHANGELOG, openings"
