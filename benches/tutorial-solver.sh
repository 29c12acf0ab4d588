#!/bin/sh
# Builds Pascal Pons's Connect Four solver (the tutorial's final version, no opening book)
# from its public source, for `gamekit bench connect-four --versus`:
#
#   benches/tutorial-solver.sh [SOURCE [PROGRAM]]
#
# SOURCE is a clone of https://github.com/PascalPons/connect4 or its address (the default);
# PROGRAM is where the solver is written (default: target/tutorial-solver/c4solver, which
# git ignores: the kit does not carry the tutorial's code). The commit is pinned, so that
# every comparison times the same program. g++ builds it as the docs' figures were built:
# -O3 -march=native, for this machine.
set -eu
source=${1:-https://github.com/PascalPons/connect4}
program=${2:-target/tutorial-solver/c4solver}
commit=d6ba50d8aaf2308c769d9bf2abd42d90f34baf41

work=$(mktemp -d "${TMPDIR:-/tmp}/tutorial-solver.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
git clone --quiet "$source" "$work/connect4"
git -C "$work/connect4" checkout --quiet "$commit"
mkdir -p "$(dirname "$program")"
g++ --std=c++11 -O3 -march=native -DNDEBUG -o "$program" "$work/connect4/main.cpp" "$work/connect4/Solver.cpp"
echo "built $program (PascalPons/connect4 at $commit)"
