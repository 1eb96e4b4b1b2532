"""The golden playthrough format: one hand written out decision by decision.

    # tichu_fast playthrough (seed 7, policy seed 1)
    <the replay header, rules and deal lines>
    GRAND_TICHU 0 2 | no grand tichu          (decision, player, legal actions | action)
    ...
    returns 65 35

Written by scripts/make_playthroughs.py; tests/game/test_game_golden.py has both
backends play the same actions and must reproduce every line.
"""

from __future__ import annotations

import random


def playthrough(backend, seed: int, policy_seed: int, rules=None) -> str:
    """Plays the hand dealt by `seed`, choosing uniformly among the legal
    action texts (sorted) with random.Random(policy_seed)."""
    state = backend.HandState.new(seed, rules if rules is not None else backend.Rules())
    rng = random.Random(policy_seed)
    lines = [f"# tichu_fast playthrough (seed {seed}, policy seed {policy_seed})"]
    lines += state.replay().splitlines()
    while not state.is_terminal():
        actions = sorted(map(str, state.legal_actions()))
        choice = rng.choice(actions)
        lines.append(f"{state.decision.name} {state.current_player} {len(actions)} | {choice}")
        state.apply(choice)
    lines.append("returns {} {}".format(*state.returns()))
    return "\n".join(lines) + "\n"
