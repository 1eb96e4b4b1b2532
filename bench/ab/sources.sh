# Sourced by bench/ab's callgrind scripts once they set `name` (of the
# scratch directory) and `rev` (a commit, or empty for the work tree): sets
# `root` and `out` (removed on exit) and puts the C++ sources in $out/src/cpp.
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/tichu_$name.$$
mkdir -p "$out/src"
trap 'rm -rf "$out"' EXIT
if [ -n "$rev" ]; then
  git -C "$root" archive "$rev" cpp | tar -x -C "$out/src"
else
  cp -r "$root/cpp" "$out/src/"
fi
