"""Play a whole match with a random policy that never calls Tichu, on either backend.

(A policy that calls at random loses 70 points a hand on average, and its
match never reaches the target.)

    python examples/random_match.py            # the C++ engine
    python examples/random_match.py reference  # the pure-Python reference
"""

from __future__ import annotations

import random
import sys
import time

import tichu_fast
import tichu_fast.reference


def play_match(backend: str, seed: int) -> None:
    tf = tichu_fast.reference if backend == "reference" else tichu_fast
    match = tf.Match.new(seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    while not match.is_terminal():
        actions = [a for a in match.legal_actions() if not a.call]  # no Tichu, no Grand Tichu
        match.apply(rng.choice(actions))
    seconds = time.perf_counter() - start
    print(
        f"{backend}: team {match.winner} wins {match.totals[0]}-{match.totals[1]} "
        f"after {match.hands_played} hands ({seconds:.2f} s)"
    )


if __name__ == "__main__":
    play_match(sys.argv[1] if len(sys.argv) > 1 else "cpp", seed=2026)
