"""The open-hand solver against its twin in the reference (docs/solver.md).

`tichu_fast.solver.solve` (alpha-beta, table, bounds) and
`tichu_fast.reference.solver.action_values` (plain minimax) must give every
legal action of random small positions the same exact value.

The positions (`random_position`) hold 3 to 10 cards in all hands (12 in the
`fuzz` run), drawn by the SIZES schedule (1 in 6 of 8 to 10 cards),
spread over the seats still in. Position i is of kind KINDS[i % 6], so each kind is a known
share of the sample: a bomb (four of a kind or straight flush) dealt whole
to one seat, a wish in force for a rank some seat holds, the Dog, the
Phoenix, the Dragon (led at once half of the time, so that it is on the
table and to be given away), or none of these; other specials, calls and
open Tichu calls are drawn at random. Each is walked 0 to 3 random actions
on from `from_position`, so tricks in progress, bomb offers and wish and
gift decisions are met too.

Plain minimax in Python costs tens of microseconds a position and a
position of 8 to 10 cards can need 10^4 of them, so a drawn position is
first measured by `tree_bound` (legal moves of each hand, bombs and open
Tichu calls, a few microseconds in C++) and drawn again above BOUNDS: the twin
rarely starts on a position it would then give up. TWIN_POSITIONS remains a
safety limit, and at most 1 in 10 may hit it. Each chunk asserts what it
checked: every size of 3 to 7 cards, a share of 8 to 10, and at least a few
positions of every kind and feature.
TICHU_SOLVER_POSITIONS (2000) sets the default run's count; the `fuzz` run
(scripts/sanitize.sh) draws chunks of larger positions (up to 12 cards, a
larger bound) for half of FUZZ_SECONDS.
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
from tichu_fast.solver import cards_left, solve

SPECIALS = ("MJ", "Dog", "Ph", "Dr")
SUITS = "jspt"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
KINDS = ("bomb", "wish", "Dog", "Ph", "Dr", "plain")  # position i is of kind KINDS[i % 6]
CHUNKS = 12
PER_CHUNK = int(os.environ.get("TICHU_SOLVER_POSITIONS", "2000")) // CHUNKS
MIN_CARDS = 3
MAX_CARDS = 10
LARGE = 8  # positions drawn with this many cards or more are not walked on
BOUNDS = {6: 60, 7: 32, 8: 40, 9: 48, 10: 56}  # above this tree_bound for its cards left, a position is drawn again
SIZES = (3, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 9, 3, 4, 5, 6, 7, 10)  # position i draws SIZES[i // 6 % 18] cards
TWIN_POSITIONS = 3_000  # a safety net: the twin gives up (and the position is skipped) past this many
FUZZ_MAX_CARDS = 12
FUZZ_BOUNDS = {8: 60, 9: 40, 10: 30, 11: 24, 12: 20}
FUZZ_TWIN_POSITIONS = 20_000
FUZZ_SECONDS = float(os.environ.get("FUZZ_SECONDS", "6")) / 2


def random_position(rng: random.Random, cards: int, kind: str) -> tuple[list[str], int, dict[str, Any]]:
    """A position in play of `kind` (KINDS) with `cards` cards in all hands: hands, the seat in turn, keywords.

    The normal cards are drawn from 3 to 13 adjacent ranks (few ranks give
    pairs, runs, full houses and straights, many give singles), dealt so that
    every seat still in holds some. A bomb position has at least 5 cards.
    """
    cards = max(cards, 5) if kind == "bomb" else cards
    while True:
        spread = rng.randrange(3, 14)
        low = rng.randrange(0, 14 - spread)
        ranks = RANKS[low : low + spread]
        bomb: list[str] = []
        if kind == "bomb":  # R4.1, R4.4, R10.2
            if cards >= 5 and rng.random() < 0.3 and low + 5 <= len(RANKS):  # a straight flush
                suit = rng.choice(SUITS)
                bomb = [rank + suit for rank in RANKS[low : low + 5]]
            else:  # four of a kind
                rank = rng.choice(ranks)
                bomb = [rank + suit for suit in SUITS]
        wish = None
        forced: list[str] = []
        if kind == "wish" or (kind == "plain" and rng.random() < 0.1):  # R6.1: a wish in force
            rank = rng.choice(ranks)
            wish = RANKS.index(rank) + 2
            forced.append(rank + rng.choice(SUITS))  # a seat holds the rank: the wish binds (R6.3)
        elif kind in SPECIALS:
            forced.append(kind)
        # A wish comes from the Mah Jong's play, so with a wish in force it is in no hand (R6.1).
        others = [c for c in SPECIALS if c not in forced and rng.random() < 0.15 and not (c == "MJ" and wish)]
        normals = [rank + suit for rank in ranks for suit in SUITS if rank + suit not in bomb + forced]
        rng.shuffle(normals)
        loose = (forced + others + normals)[: cards - len(bomb)]
        if len(bomb) + len(loose) != cards:
            continue
        rng.shuffle(loose)
        out_count = rng.choices([0, 1, 2], weights=[3, 4, 3])[0]
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
        played = [seat for seat in range(4) if not hands[seat] or rng.random() < 0.85]  # R7.2
        if not played:  # nobody has played: no trick has been won yet, and no wish made (R6.1)
            if wish is not None:
                continue
            piles = [[] for _ in range(4)]
        keywords = {
            "piles": [" ".join(pile) for pile in piles],
            "out_order": out,
            "calls": [int(rng.random() < 0.15) for _ in range(4)],
            "wish": wish,
            "played": played,
        }
        leaders = [seat for seat in holders if kind != "Dr" or "Dr" in hands[seat]]
        if not played and any("MJ" in hand for hand in hands):  # R2.3: before any play, the Mah Jong leads
            leaders = [seat for seat in leaders if "MJ" in hands[seat]]
            if not leaders:
                continue  # the Dragon's holder was to lead: draw again
        leader = rng.choice(leaders)
        return [" ".join(hand) for hand in hands], leader, keywords


def tree_bound(fast: tf.HandState, silent: set[int]) -> int:
    """A cheap measure of the twin's work: the product over the seats still in of their legal moves + 1,
    doubled for each hand that holds a bomb (R4.4) and for each seat of `silent` (seats that have not
    played) that may still call Tichu (R7.2)."""
    bound = 1
    for seat, hand in enumerate(fast.hands):
        if len(hand):
            moves = tf.legal_moves(hand)
            bound *= len(moves) + 1
            if any(move.is_bomb for move in moves):
                bound *= 2
            if seat in silent and fast.calls[seat] == tf.Call.NONE:
                bound *= 2
    return bound


def positions(
    seed: int, n: int, max_cards: int, bounds: dict[int, int] = BOUNDS
) -> list[tuple[tf.HandState, ref.HandState, str]]:
    """`n` positions on both backends and their kinds, drawn with MIN_CARDS..`max_cards` cards in turn and
    walked 0..3 random actions on; a position above `bounds` for its cards left (tree_bound) is drawn again."""
    rng = random.Random(seed)
    out: list[tuple[tf.HandState, ref.HandState, str]] = []
    sizes = [cards for cards in SIZES if cards <= max_cards] + list(range(MAX_CARDS + 1, max_cards + 1))
    while len(out) < n:
        kind = KINDS[len(out) % len(KINDS)]
        cards = sizes[len(out) // len(KINDS) % len(sizes)]
        hands, leader, keywords = random_position(rng, cards, kind)
        fast = tf.HandState.from_position(hands, leader, **keywords)
        silent = set(range(4)) - set(keywords["played"])  # seats that may still call Tichu (R7.2)
        steps = rng.choice([0, 0, 1, 2, 3]) if cards < LARGE else 0  # a walk would make it smaller
        if kind == "Dr" and rng.random() < 0.5 and fast.is_legal("Dr"):
            silent.discard(fast.current_player)
            fast.apply("Dr")  # the Dragon on the table, to be given away if it wins (R5.5)
            steps = rng.choice([0, 1, 2, 3]) if cards < LARGE else 0
        for _ in range(steps):
            if fast.is_terminal():
                break
            silent.discard(fast.current_player)
            fast.apply(rng.choice(fast.legal_actions()))
        most = bounds.get(cards_left(fast), 1 << 62) * (2 if kind in ("bomb", "Ph") else 1)  # they move more
        if fast.is_terminal() or tree_bound(fast, silent) > most:
            continue
        slow = ref.HandState.from_position(hands, leader, **keywords)
        for action in fast.history:
            slow.apply(str(action))
        out.append((fast, slow, kind))
    return out


def features(fast: tf.HandState) -> set[str]:
    """What a position holds that the differential test must meet (asserted per chunk)."""
    held = " ".join(str(hand) for hand in fast.hands).split()
    found = {card for card in SPECIALS if card in held}
    if fast.wish is not None:
        found.add("wish")
    names = {str(action) for action in fast.legal_actions()}
    if any(_holds_bomb(hand) for hand in fast.hands):
        found.add("bomb in hand")
    if fast.decision == tf.Decision.BOMB:
        found.add("bomb offer")
    if fast.decision == tf.Decision.WISH:
        found.add("wish decision")
    if fast.decision == tf.Decision.DRAGON_GIFT or (fast.table is not None and str(fast.table) == "Dr"):
        found.add("Dragon on the table")
    if "tichu" in names:
        found.add("Tichu call")
    if fast.table is not None:
        found.add("trick in progress")
    return found


def _holds_bomb(hand: Any) -> bool:
    return any(move.is_bomb for move in tf.legal_moves(hand))


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


def check_sample(sample: list[tuple[tf.HandState, ref.HandState, str]], max_positions: int) -> Counter[str]:
    """Checks every position of `sample`; what was checked, by cards left ("cards N"), kind and feature."""
    checked: Counter[str] = Counter()
    for fast, slow, kind in sample:
        if check_agree(fast, slow, max_positions):
            checked[f"cards {cards_left(fast)}"] += 1
            checked[f"kind {kind}"] += 1
            checked.update(features(fast))
            checked["checked"] += 1
        else:
            checked["skipped"] += 1
    return checked


WANTED = ("MJ", "Dog", "Ph", "Dr", "wish", "bomb in hand", "Dragon on the table", "trick in progress")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_agrees_with_reference_minimax(chunk: int) -> None:
    # R4.1, R4.4, R4.5, R5.5, R6.1, R6.3, R7.2, R8.1 to R8.5, R10.2: every rule of the play decides these values
    checked = check_sample(positions(1000 + chunk, PER_CHUNK, MAX_CARDS), TWIN_POSITIONS)
    message = f"checked: {dict(sorted(checked.items()))}"
    assert checked["skipped"] * 10 <= PER_CHUNK, message  # tree_bound keeps the twin's limit a safety net
    for cards in range(MIN_CARDS, LARGE):
        assert checked[f"cards {cards}"] >= 1, message
    assert sum(checked[f"cards {cards}"] for cards in (8, 9, 10)) >= PER_CHUNK // 40, message
    for kind in KINDS:
        assert checked[f"kind {kind}"] * 8 >= PER_CHUNK, message  # 1 in 6 drawn, at least 1 in 8 checked
    for feature in WANTED:
        assert checked[feature] * 20 >= PER_CHUNK, message


def test_sample_meets_rare_decisions() -> None:
    # R4.4, R6.1, R5.5, R7.2: out-of-turn bomb offers, wish and gift decisions and Tichu calls at the root
    found: Counter[str] = Counter()
    for chunk in range(CHUNKS):
        for fast, _, _ in positions(1000 + chunk, PER_CHUNK, MAX_CARDS):
            found.update(features(fast))
    for feature in ("bomb offer", "wish decision", "Tichu call"):
        assert found[feature] >= 3, dict(found)


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_solver_agrees_with_reference_minimax_larger(chunk: int) -> None:
    # R4.4, R6.3, R10.2: larger positions, drawn in chunks until this test's share of FUZZ_SECONDS is up
    end = time.monotonic() + FUZZ_SECONDS / 4
    rng = random.Random(5000 + chunk)
    checked: Counter[str] = Counter()
    while checked["checked"] < 1 or time.monotonic() < end:
        checked += check_sample(positions(rng.randrange(1 << 30), 12, FUZZ_MAX_CARDS, FUZZ_BOUNDS), FUZZ_TWIN_POSITIONS)
    assert checked["skipped"] * 10 <= checked["checked"] + checked["skipped"], dict(checked)


def test_tree_bound() -> None:
    # R5.1, R7.2: two singles and a pass, doubled by a Tichu call still open; R4.1: a bomb doubles too
    state = tf.HandState.from_position(["Aj 3s", "2j", "4j", "5j"], 0, played=[0, 1, 2, 3])
    assert tree_bound(state, set()) == 3 * 2 * 2 * 2
    assert tree_bound(state, {0}) == 2 * 3 * 2 * 2 * 2
    bomb = tf.HandState.from_position(["7j 7s 7p 7t", "2j", "", ""], 0, out_order=[2, 3], played=[0, 1, 2, 3])
    moves = len(tf.legal_moves(bomb.hands[0]))
    assert tree_bound(bomb, set()) == (moves + 1) * 2 * 2


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
