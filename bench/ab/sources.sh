# Sourced by bench/ab's callgrind scripts once they set `name` (of the
# scratch directory) and `rev` (a commit, or empty for the work tree): sets
# `root` and `out` (removed on exit) and puts the C++ sources in $out/src/cpp, laid out in
# wings (cpp/include/tichu/game, cpp/src/game): a commit from before the wings gets game/ files
# that include its flat ones, so that the benches name one layout.
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/tichu_$name.$$
mkdir -p "$out/src"
trap 'rm -rf "$out"' EXIT
if [ -n "$rev" ]; then
  git -C "$root" archive "$rev" cpp | tar -x -C "$out/src"
  if [ ! -d "$out/src/cpp/src/game" ]; then
    mkdir -p "$out/src/cpp/include/tichu/game" "$out/src/cpp/src/game"
    for f in "$out"/src/cpp/include/tichu/*.hpp; do
      echo "#include \"tichu/$(basename "$f")\"" >"$out/src/cpp/include/tichu/game/$(basename "$f")"
    done
    for f in "$out"/src/cpp/src/*.cpp; do echo "#include \"../$(basename "$f")\"" >"$out/src/cpp/src/game/$(basename "$f")"; done
  fi
else
  cp -r "$root/cpp" "$out/src/"
fi
