"""The open-hand solver against its twin in the reference (docs/solver.md).

Random positions of 3 to 10 cards in all hands by default (12 in the
`fuzz` run), spread over the seats still in, with
the Mah Jong and a wish, the Dog, the Phoenix, the Dragon, bombs (four of a
kind and straight flushes), calls and Tichu calls still open, walked a few
random actions on from `from_position` so that tricks in progress, bomb
offers and wish and gift decisions are met too.
`tichu_fast.solver.solve` (alpha-beta, table, bounds) and
`tichu_fast.reference.solver.action_values` (plain minimax) must give every
legal action the same exact value. TICHU_SOLVER_POSITIONS (1800) sets how
many are drawn; a position the twin cannot settle within TWIN_POSITIONS
positions (most of those of 8 to 10 cards: plain minimax in Python is slow)
is skipped, and at least 2 in 5 must be checked. The `fuzz` run
(scripts/sanitize.sh) draws positions for half of FUZZ_SECONDS with a
larger limit.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
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
PER_CHUNK = int(os.environ.get("TICHU_SOLVER_POSITIONS", "1800")) // CHUNKS
MAX_CARDS = 10
OUT_WEIGHTS = [3, 4, 3]  # how many seats are out: fewer seats in make a large position cheaper to solve
FUZZ_MAX_CARDS = 12
TWIN_POSITIONS = 300  # the twin gives up (and the position is skipped) past this many positions
FUZZ_TWIN_POSITIONS = 5_000
FUZZ_SECONDS = float(os.environ.get("FUZZ_SECONDS", "6")) / 2


def random_position(rng: random.Random, max_cards: int) -> tuple[list[str], int, dict[str, Any]]:
    """A position in play: hands, the seat in turn and from_position's keywords.

    The cards are drawn from a few adjacent ranks (so that pairs, runs, full
    houses and straights are there to be played), 3 to `max_cards` of
    them, dealt so that every seat still in holds some.
    """
    while True:
        wish = rng.choice(range(2, 15)) if rng.random() < 0.2 else None  # R6.1
        # A wish comes from the Mah Jong's play, so with a wish in force it is in no hand (R6.1).
        specials = [card for card in SPECIALS if rng.random() < 0.4 and not (card == "MJ" and wish is not None)]
        low = rng.randrange(0, 9)
        ranks = RANKS[low : low + rng.randrange(3, 7)]
        bomb: list[str] = []
        kind = rng.random()
        if kind < 0.25:  # four of a kind: R4.1, R4.4, R10.2
            rank = rng.choice(ranks)
            bomb = [rank + suit for suit in SUITS]
        elif kind < 0.35 and low + 5 <= len(RANKS):  # a straight flush: R4.1
            suit = rng.choice(SUITS)
            bomb = [rank + suit for rank in RANKS[low : low + 5]]
        normals = [rank + suit for rank in ranks for suit in SUITS if rank + suit not in bomb]
        rng.shuffle(normals)
        n = rng.randint(3, max_cards)
        loose = (specials + normals)[: max(0, n - len(bomb))]
        rng.shuffle(loose)
        out_count = rng.choices([0, 1, 2], weights=OUT_WEIGHTS)[0]
        out = rng.sample(range(4), out_count)
        if out_count == 2 and out[0] % 2 == out[1] % 2:
            continue  # partners out first and second: the hand is over (R8.1)
        holders = [seat for seat in range(4) if seat not in out]
        hands: list[list[str]] = [[] for _ in range(4)]
        hands[rng.choice(holders)] += bomb  # a bomb is one seat's
        for card in loose:  # every seat still in gets a card before any gets a second
            empty = [seat for seat in holders if not hands[seat]]
            hands[rng.choice(empty or holders)].append(card)
        if any(not hands[seat] for seat in holders):
            continue  # too few cards for every seat still in
        pool = [card for hand in hands for card in hand]
        rest = [card for card in tf.CARD_NAMES if card not in pool]
        rng.shuffle(rest)
        piles: list[list[str]] = [[] for _ in range(4)]
        for card in rest[: rng.randrange(0, 20)]:
            piles[rng.randrange(4)].append(card)
        played = [seat for seat in range(4) if not hands[seat] or rng.random() < 0.8]  # R7.2
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
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            if fast.is_terminal():
                break
            text = str(rng.choice(fast.legal_actions()))
            fast.apply(text)
            slow.apply(text)
        if not fast.is_terminal():
            out.append((fast, slow))
    return out


def features(fast: tf.HandState) -> set[str]:
    """What a position holds that the differential test must meet (see test_sample_covers)."""
    held = " ".join(str(hand) for hand in fast.hands).split()
    found = {card for card in SPECIALS if card in held}
    if fast.wish is not None:
        found.add("wish")
    actions = fast.legal_actions()
    names = {str(action) for action in actions}
    if any(_holds_bomb(hand) for hand in fast.hands):
        found.add("bomb in hand")
    if fast.decision == tf.Decision.BOMB:
        found.add("bomb offer")
    if fast.decision == tf.Decision.WISH:
        found.add("wish decision")
    if fast.decision == tf.Decision.DRAGON_GIFT:
        found.add("Dragon gift")
    if "tichu" in names:
        found.add("Tichu call")
    if fast.table is not None:
        found.add("trick in progress")
    return found


def _holds_bomb(hand: Any) -> bool:
    return any(move.is_bomb for move in tf.legal_moves(hand))


def describe(sample: list[tuple[tf.HandState, ref.HandState]]) -> str:
    """The sample's cards-left distribution and features, for a failure message."""
    cards = Counter(sum(len(hand) for hand in fast.hands) for fast, _ in sample)
    found = Counter(feature for fast, _ in sample for feature in features(fast))
    return f"cards left: {dict(sorted(cards.items()))}; features: {dict(sorted(found.items()))}"


def check_agree(fast: tf.HandState, slow: ref.HandState, max_positions: int | None) -> bool:
    """Whether the twin settled the position within `max_positions`; if it did, the two agree."""
    try:
        want = [(str(action), value) for action, value in reference_solver.action_values(slow, max_positions)]
    except reference_solver.TooLarge:
        return False
    result = solve(fast)
    assert result.exact
    got = [(str(item.action), item.value) for item in result.actions]
    assert got == want, fast.replay()
    best = max(v for _, v in want) if fast.current_player % 2 == 0 else min(v for _, v in want)
    assert result.value == best
    assert result.value_of(result.best) == best  # type: ignore[arg-type]
    return True


def test_sample_covers_the_rules_and_the_sizes() -> None:
    # R3.2, R4.1, R4.4, R4.5, R5.5, R6.1, R7.2: the sample the differential test draws holds each
    sample = [pair for chunk in range(CHUNKS) for pair in positions(1000 + chunk, PER_CHUNK, MAX_CARDS)]
    cards = Counter(sum(len(hand) for hand in fast.hands) for fast, _ in sample)
    found = Counter(feature for fast, _ in sample for feature in features(fast))
    message = describe(sample)
    assert max(cards) == MAX_CARDS, message
    assert sum(cards[n] for n in range(8, MAX_CARDS + 1)) >= len(sample) // 4, message
    wanted = [*SPECIALS, "wish", "bomb in hand", "bomb offer", "wish decision", "Dragon gift", "Tichu call"]
    for feature in [*wanted, "trick in progress"]:
        assert found[feature] >= 5, f"{feature} missing: {message}"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_agrees_with_reference_minimax(chunk: int) -> None:
    # R4.4, R4.5, R5.5, R6.1, R6.3, R7.2, R8.1 to R8.5, R10.2: every rule of the play decides these values
    sample = positions(1000 + chunk, PER_CHUNK, MAX_CARDS)
    checked: Counter[int] = Counter()
    for fast, slow in sample:
        try:
            if check_agree(fast, slow, TWIN_POSITIONS):
                checked[sum(len(hand) for hand in fast.hands)] += 1
        except AssertionError as error:
            raise AssertionError(f"{error}\n{describe(sample)}") from None
    # the twin's limit skips only the costliest positions (most of those with 8 to 10 cards)
    message = f"checked by cards left: {dict(sorted(checked.items()))}; {describe(sample)}"
    assert sum(checked.values()) >= len(sample) * 2 // 5, message


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_solver_agrees_with_reference_minimax_larger(chunk: int) -> None:
    # R4.4, R6.3, R10.2: larger positions, drawn until this chunk's share of FUZZ_SECONDS is up
    end = time.monotonic() + FUZZ_SECONDS / 4
    rng = random.Random(5000 + chunk)
    checked = 0
    while checked < 1 or time.monotonic() < end:
        for fast, slow in positions(rng.randrange(1 << 30), 1, FUZZ_MAX_CARDS):
            checked += check_agree(fast, slow, FUZZ_TWIN_POSITIONS)


def test_twin_limit() -> None:
    # R5.1: a leader with two singles has two moves to try, so a limit of 0 stops the twin
    state = ref.HandState.from_position(["Aj 3s", "2j", "4j", "5j"], 0, played=[0, 1, 2, 3])
    before = state.replay()
    with pytest.raises(reference_solver.TooLarge):
        reference_solver.action_values(state, max_positions=0)
    with pytest.raises(ValueError, match="max_positions"):
        reference_solver.value(state, max_positions=-1)
    with pytest.raises(TypeError, match="max_positions"):
        reference_solver.value(state, max_positions="9")  # type: ignore[arg-type]
    assert state.replay() == before
    assert reference_solver.value(state, max_positions=1000) == reference_solver.value(state)
