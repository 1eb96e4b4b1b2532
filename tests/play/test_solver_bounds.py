"""The solver's sure-trick bound against the reference minimax (docs/solver.md).

A seat in turn, on lead or answering a single, a pair or a trio, that can
play all its cards out, each combination but the last one unbeatable, bounds the value for its team before any move
is searched: it need not end last, no opponent's call can win, no opponent
can make the one-two, and the tricks of its unbeatable combinations are
its own. The positions here are built to put such a seat at the root and
deep in the tree, with the edges of the bound (the last combination's
points, the Phoenix and the Dragon, a bomb elsewhere, a wish, the partner
already out) and calls that make a wrong bound show in the value; every
legal action's value is checked against the plain minimax of the reference.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import tichu_fast as tf
from tichu_fast import reference as ref
from tichu_fast.reference import solver as reference_solver

SUITS = "jspt"
HIGH = ("J", "Q", "K", "A")
LOW = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


def agree(hands: list[str], leader: int, limit: int = 20_000, walk: Sequence[int] = (), **keywords: Any) -> bool:
    """Whether the reference settles the position; if it does, the solver gives every action its value.

    `walk`: the position is taken after these actions (indices into the legal actions) from there.
    """
    fast = tf.HandState.from_position(hands, leader, **keywords)
    slow = ref.HandState.from_position(hands, leader, **keywords)
    for index in walk:
        if fast.is_terminal():
            return False
        actions = fast.legal_actions()
        text = str(actions[index % len(actions)])
        fast.apply(text)
        slow.apply(text)
    if fast.is_terminal():
        return False
    try:
        want = [(str(action), value) for action, value in reference_solver.action_values(slow, limit)]
    except reference_solver.TooLarge:
        return False
    result = fast.solve(fresh_table=True)
    assert result.exact
    assert [(str(item.action), item.value) for item in result.actions] == want, fast.replay()
    return True


@pytest.mark.parametrize(
    ("hands", "leader", "keywords"),
    [
        # R5.4, R7.2: seat 0 leads its Ace pair and the Dragon, nobody can beat them, then the 10: it goes
        # out first against an opponent's Tichu, but the 10's trick is the opponents' to take (R8.5)
        (["Aj As Dr 10j", "Kj 3p", "4j 5s", "Js"], 0, {"calls": [0, 1, 0, 0]}),
        # R3.2: the Phoenix goes last, with the 10 as a pair; the Phoenix elsewhere beats every single
        (["Aj As 10j Ph", "Kj 3p", "4j 5s", "Js"], 0, {"calls": [0, 1, 0, 1]}),
        (["Aj Kj 10j", "Ks Ph", "4j 5s", "Js"], 0, {"calls": [1, 0, 0, 0]}),
        # R4.3, R4.4: a bomb in another hand beats everything: no sure trick
        (["Aj As Dr 10j", "3j 3s 3p 3t", "4j", "Js"], 0, {"calls": [1, 0, 0, 0]}),
        # R4.3: a straight flush is a bomb too; so is the partner's four of a kind, which may take the lead
        (["Aj As Dr 10j", "3j 4j 5j 6j 7j", "8s", "Js"], 0, {"calls": [1, 0, 0, 0]}),
        (["Aj As Dr 10j", "8s", "3j 3s 3p 3t", "Js"], 0, {"calls": [0, 1, 0, 0]}),
        # R3.3: the Dragon elsewhere beats the Ace single
        (["Aj Kj", "Dr 3p", "4j", "Js"], 0, {"calls": [1, 0, 0, 0]}),
        # R6.3: a wish for a rank the leader holds binds its first lead
        (["Aj As 7j 10j", "Kj 3p", "4j 5s", "Js"], 0, {"calls": [0, 1, 0, 0], "wish": 7}),
        # R5.6, R6.1: the Dog and the Mah Jong can only be the last play
        (["Aj As Dog 5j", "Kj 3p", "4j 5s", "Js"], 0, {"calls": [0, 0, 0, 1]}),
        (["Aj As MJ", "Kj 3p", "4j 5s", "Js"], 0, {"calls": [0, 1, 0, 0]}),
        # R8.1, R8.3: the partner is out first, the leader out second makes the one-two
        (["Aj As Kp", "Kj Qs 3p", "", "Js 6p 5t"], 0, {"out_order": [2], "calls": [0, 1, 1, 0]}),
        # R8.4: an opponent is out first; the leader cannot end last, his tricks are his team's
        (["Aj As 10j Kt", "", "4j 5s 10t", "Js 6p 5t"], 0, {"out_order": [1], "piles": ["", "Ks 5p", "", ""]}),
        # R7.1: team 1 leads out against team 0's Grand Tichu
        (["Kj 3p", "Aj As Dr 5j", "4j 5s", "Js"], 1, {"calls": [2, 0, 0, 0]}),
        # R5.2: answering a single with an Ace nobody can beat, the trick's 10 its own, then leading out
        (["Aj Kj Ks 5j", "3j 4s", "6j", "Qs"], 0, {"calls": [0, 1, 0, 0], "table": "10s", "table_player": 3}),
        # R3.2: the Phoenix led lies at 1.5; a King answers it, but the Ace elsewhere beats the King
        (["Kj Qj Qs", "3j As", "6j", "Js"], 0, {"calls": [0, 1, 0, 0], "table": "Ph", "table_player": 3}),
        # R5.2: a pair answered with the one pair nobody can beat; a trio cannot be answered with a pair
        (["Qj Qs 9j", "3j 4s", "6j 6s", "Js"], 0, {"calls": [1, 0, 0, 0], "table": "8s 8p", "table_player": 3}),
        (["Qj Qs Qp 9j", "3j 4s", "6j", "Js"], 0, {"calls": [1, 0, 0, 0], "table": "8s 8p 8t", "table_player": 3}),
        # R5.5: the Dragon answers a single; its trick, the 10 in it, goes to an opponent
        (["Dr Kj 9j", "3j 4s", "6j", "Js"], 0, {"calls": [0, 0, 0, 1], "table": "10s", "table_player": 3}),
        # R5.3: the table is the partner's; the seats between passed
        (["Aj Kj", "3j 4s", "5s", "Js"], 1, {"calls": [0, 0, 1, 0], "table": "9s", "table_player": 3, "passed": [0]}),
    ],
)
def test_a_seat_that_runs_out_is_valued_right(hands: list[str], leader: int, keywords: dict[str, Any]) -> None:
    assert agree(hands, leader, **keywords)


def run_out_position(rng: random.Random) -> tuple[list[str], int, dict[str, Any]]:
    """A small position whose leader holds high cards, often enough to run out, with calls and points."""
    while True:
        deck = [rank + suit for rank in HIGH + LOW for suit in SUITS]
        rng.shuffle(deck)
        out = rng.sample(range(4), rng.choice([0, 0, 1, 1, 2]))
        if len(out) == 2 and out[0] % 2 == out[1] % 2:
            continue  # partners out first and second: the hand is over (R8.1)
        holders = [seat for seat in range(4) if seat not in out]
        leader = rng.choice(holders)
        hands: list[list[str]] = [[] for _ in range(4)]
        high = [card for card in deck if card[:-1] in HIGH]
        low = [card for card in deck if card[:-1] in LOW]
        hands[leader] += high[: rng.randint(1, 4)]
        if rng.random() < 0.6:
            hands[leader].append(low.pop())  # the last play, often beatable
        specials = ["Ph", "Dr", "Dog", "MJ"]
        wish = rng.choice(range(2, 15)) if rng.random() < 0.15 else None
        for card in specials:
            if rng.random() < 0.3 and not (card == "MJ" and wish is not None):
                hands[rng.choice(holders)].append(card)
        others = [seat for seat in holders if seat != leader]
        rest = high[4:] if rng.random() < 0.3 else []
        pool = low + rest
        rng.shuffle(pool)
        for seat in others:
            hands[seat] += [pool.pop() for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.1:  # a bomb elsewhere
            rank = rng.choice(LOW)
            used = {card for hand in hands for card in hand}
            bomb = [rank + suit for suit in SUITS]
            if not used & set(bomb):
                hands[rng.choice(others)] += bomb
        if sum(len(hand) for hand in hands) > 8:
            continue
        used = {card for hand in hands for card in hand}
        won = rng.sample([card for card in tf.CARD_NAMES if card not in used], rng.randrange(0, 16))
        played = [seat for seat in range(4) if not hands[seat] or rng.random() < 0.7]  # R7.2
        keywords = {
            "piles": [" ".join(won[seat::4]) if played else "" for seat in range(4)],  # no trick before a play
            "out_order": out,
            "calls": [rng.choice([0, 0, 1, 2]) for _ in range(4)],
            "wish": wish,
            "played": played,
        }
        return [" ".join(hand) for hand in hands], leader, keywords


@pytest.mark.parametrize("chunk", range(3))
def test_leaders_with_high_cards_agree_with_the_reference(chunk: int) -> None:
    # R5.4, R7, R8: the bound decides many of these positions at the root and in the tree
    rng = random.Random(1600 + chunk)
    settled = tried = 0
    while tried < 60:
        hands, leader, keywords = run_out_position(rng)
        try:
            tf.HandState.from_position(hands, leader, **keywords)
        except ValueError:
            continue  # a position no hand can reach (the core says why)
        tried += 1
        walk = [rng.randrange(1000) for _ in range(rng.choice([0, 0, 1, 2]))]  # tables to answer
        settled += agree(hands, leader, 3_000, walk, **keywords)
    assert settled >= 45, settled
