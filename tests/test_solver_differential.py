"""The open-hand solver against its twin in the reference (docs/solver.md).

Random small positions (up to 5 cards in all hands by default, 8 in the
`fuzz` run; the reference's move generation is what bounds the size) with the Mah Jong
and a wish, the Dog, the Phoenix, the Dragon, bombs, calls and Tichu calls
still open, walked a few random actions on from `from_position` so that
tricks in progress, bomb offers and wish and gift decisions are met too.
`tichu_fast.solver.solve` (alpha-beta, table, bounds) and
`tichu_fast.reference.solver.action_values` (plain minimax) must give every
legal action the same exact value. TICHU_SOLVER_POSITIONS (1200) and
TICHU_SOLVER_FUZZ_POSITIONS (50 per chunk) set how many.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import tichu_fast as tf
from tichu_fast import reference as ref
from tichu_fast.reference import solver as reference_solver
from tichu_fast.solver import solve

SPECIALS = ("MJ", "Dog", "Ph", "Dr")
SUITS = "jspt"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CHUNKS = 12
PER_CHUNK = int(os.environ.get("TICHU_SOLVER_POSITIONS", "1200")) // CHUNKS


def random_position(rng: random.Random, max_cards: int) -> tuple[list[str], int, dict[str, Any]]:
    """A position in play: hands, the seat in turn and from_position's keywords."""
    while True:
        wish = rng.choice([None, None, None, *range(2, 15)])  # R6.1
        # A wish comes from the Mah Jong's play, so with a wish in force it is in no hand (R6.1).
        pool = [card for card in SPECIALS if rng.random() < 0.45 and not (card == "MJ" and wish is not None)]
        low = rng.randrange(0, 9)
        ranks = RANKS[low : low + rng.randrange(2, 6)]
        if rng.random() < 0.3:  # a bomb: R4.4, R10.2
            pool += [rng.choice(ranks) + suit for suit in SUITS]
        normals = [rank + suit for rank in ranks for suit in SUITS if rank + suit not in pool]
        rng.shuffle(normals)
        n = rng.randrange(3, max_cards + 1)
        pool = (pool + normals[: max(0, n - len(pool))])[:n]
        hands: list[list[str]] = [[] for _ in range(4)]
        for card in pool:
            hands[rng.randrange(4)].append(card)
        holders = [seat for seat in range(4) if hands[seat]]
        out = [seat for seat in range(4) if not hands[seat]]
        rng.shuffle(out)
        if len(holders) < 2 or (len(out) >= 2 and out[0] % 2 == out[1] % 2):
            continue  # finished (R8.1)
        rest = [card for card in tf.CARD_NAMES if card not in pool]
        rng.shuffle(rest)
        piles: list[list[str]] = [[] for _ in range(4)]
        for card in rest[: rng.randrange(0, 20)]:
            piles[rng.randrange(4)].append(card)
        played = [seat for seat in range(4) if not hands[seat] or rng.random() < 0.6]  # R7.2
        if not played:  # nobody has played: no trick has been won yet
            piles = [[] for _ in range(4)]
        keywords = {
            "piles": [" ".join(pile) for pile in piles],
            "out_order": out,
            "calls": [int(rng.random() < 0.15) for _ in range(4)],
            "wish": wish,
            "played": played,
        }
        return [" ".join(hand) for hand in hands], rng.choice(holders), keywords


def positions(seed: int, n: int, max_cards: int) -> list[tuple[tf.HandState, ref.HandState]]:
    """`n` positions on both backends, each walked 0..3 random actions on."""
    rng = random.Random(seed)
    out: list[tuple[tf.HandState, ref.HandState]] = []
    while len(out) < n:
        hands, leader, keywords = random_position(rng, max_cards)
        fast = tf.HandState.from_position(hands, leader, **keywords)
        slow = ref.HandState.from_position(hands, leader, **keywords)
        for _ in range(rng.randrange(0, 4)):
            if fast.is_terminal():
                break
            text = str(rng.choice(fast.legal_actions()))
            fast.apply(text)
            slow.apply(text)
        if not fast.is_terminal():
            out.append((fast, slow))
    return out


def check_agree(fast: tf.HandState, slow: ref.HandState) -> None:
    result = solve(fast)
    assert result.exact
    got = [(str(item.action), item.value) for item in result.actions]
    want = [(str(action), value) for action, value in reference_solver.action_values(slow)]
    assert got == want, fast.replay()
    best = max(v for _, v in want) if fast.current_player % 2 == 0 else min(v for _, v in want)
    assert result.value == best
    assert result.value_of(result.best) == best  # type: ignore[arg-type]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_agrees_with_reference_minimax(chunk: int) -> None:
    # R4.4, R4.5, R5.5, R6.1, R6.3, R7.2, R8.1 to R8.5, R10.2: every rule of the play decides these values
    for fast, slow in positions(1000 + chunk, PER_CHUNK, 5):
        check_agree(fast, slow)


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_solver_agrees_with_reference_minimax_larger(chunk: int) -> None:
    # R6.3, R10.2: larger positions, more bombs and wishes in play
    n = int(os.environ.get("TICHU_SOLVER_FUZZ_POSITIONS", "50"))
    for fast, slow in positions(5000 + chunk, n, 8):
        check_agree(fast, slow)
