"""Fixed seeds give the same outputs as before a refactoring: hashes of `simulate` and arena results.

The constants were recorded before the house-keeping of issue 15 (the match in the
core, one argument module, imports that run one way) and hold every later change
that claims to leave behaviour alone. A change that means to alter play (a rule, a
policy, the seeding) records new constants and says so in its commit.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import arena
from tichu_fast.bots import MonteCarloBot, make_bot
from tichu_fast.ismcts import ismcts

# The built-in rule-based policy whose outputs are held here: one name, so that
# renaming the policy (e.g. to "heuristic-v1") changes only this line.
HEURISTIC = "heuristic-v1"

SIMULATE = {
    ("random", True): "d39408e47c20945b",
    ("random", False): "030d66d8f80f110a",
    (HEURISTIC, True): "5722991928b658d1",
    (HEURISTIC, False): "74d9eec1c9cd5f6a",
    # the current heuristic, recorded (issue 16, round 5) before its plan and losers were remembered per
    # thread: the memos must leave every choice as it was. Recorded anew with issue 35's calls (the table
    # of calls made, 55% and 60%, the partner's gift to a caller), which move the exchange without calls too,
    # again with its leads of 2026-12-06 (lower first, the full house kept: lead_high, lead_house), and
    # with its answers of the same day (tempo=2, the Phoenix and Dragon kept: lead_phoenix, follow_phoenix,
    # follow_dragon; winners led freely: keep_boss=0; the Dog with the partner out: dog_out) and the calls
    # table made anew with them (scripts/make_made_table.py)
    ("heuristic", True): "23c9a7f8350cd44d",
    ("heuristic", False): "a82f4080604a9307",
}
PLAYOUTS = "a8cae20685728870"
ARENA_NATIVE = "1997b5faceee0633"
ARENA_PYTHON = "ce72e561ff567e8b"  # MonteCarloBot's exchange is the current heuristic's (its calls table of 2026-12-06)
ISMCTS = "4db74dfd374d6bef"
MATCH = "64346c23179e9f35"


def digest(*parts: object) -> str:
    """The first 16 hex digits of the SHA-256 of the parts' bytes (arrays) or repr (anything else)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.tobytes() if isinstance(part, np.ndarray) else repr(part).encode())
    return h.hexdigest()[:16]


def duplicate_digest(result: arena.DuplicateResult) -> str:
    """A duplicate result without its timings and the bots' names (a renamed policy plays the same)."""
    numbers = result.to_dict()
    for unplayed in ("seconds", "seconds_per_decision", "team_a", "team_b"):
        numbers.pop(unplayed)
    return digest(sorted(numbers.items(), key=lambda kv: kv[0]), result.deal_margins)


@pytest.mark.parametrize(("policy", "calls"), list(SIMULATE))
def test_simulate_records_are_unchanged(policy, calls):
    records = tf.simulate(400, seed=2026, policy=policy, calls=calls, threads=2)
    assert digest(records) == SIMULATE[policy, calls]


def test_playouts_and_action_values_are_unchanged():
    state = tf.HandState.new(11)
    while state.decision != tf.Decision.PLAY:
        state.apply(tf.policy_action(state, HEURISTIC, 3, calls=True))
    plays = state.playouts(300, 5, policy="random", calls=True)
    worlds = state.playouts(200, 6, policy=HEURISTIC, resample_for=state.current_player, threads=2)
    values = state.evaluate_actions(state.current_player, 8, 2, policy=HEURISTIC, seed=9)
    assert digest(plays, worlds, values) == PLAYOUTS


def test_native_arena_is_unchanged():
    result = arena.duplicate(make_bot("random:seed=4"), make_bot(HEURISTIC), 150, 77, threads=2)
    assert result.native
    assert duplicate_digest(result) == ARENA_NATIVE


def lowest(state, seat):  # noqa: ARG001 (the bot protocol's signature)
    """A Python bot: always the first legal action (its name is part of the hashed result)."""
    return state.legal_actions()[0]


def test_python_arena_is_unchanged():
    # calls=False: a Monte Carlo bot's calls are the current heuristic's, which is not the yardstick; its
    # exchange is the current heuristic's too, so this hash follows the heuristic's exchange rules.
    searcher = MonteCarloBot(worlds=3, policy="random", calls=False, seed=8)
    result = arena.duplicate(searcher, lowest, 4, 78)
    assert not result.native
    assert duplicate_digest(result) == ARENA_PYTHON


def test_ismcts_is_unchanged():
    state = tf.HandState.new(12)
    while state.decision != tf.Decision.PLAY:
        state.apply(tf.policy_action(state, HEURISTIC, 3, calls=True))
    found = ismcts(state, iterations=400, seed=13, policy=HEURISTIC, threads=2)
    assert digest(str(found.action), [str(a) for a in found.actions], found.visits, found.values) == ISMCTS


def test_match_is_unchanged():
    match = tf.Match.new(99, tf.Rules(target=300))
    k = 0
    while not match.is_terminal():
        match.apply(tf.policy_action(match.hand, HEURISTIC, tf.hand_seed(5, k), calls=True))
        k += 1
    assert digest(match.totals, match.hands_played, match.hand.replay()) == MATCH
