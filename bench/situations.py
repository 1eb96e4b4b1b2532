"""Seeded benchmark situations, shared by the pytest-benchmark suite and
compare.py: each is a list of (hand mask, table) pairs plus a wish."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

import tichu_fast as tf

PHOENIX = tf.Cards("Ph").mask


@dataclass(frozen=True)
class Scenario:
    name: str
    hands: np.ndarray  # uint64 masks
    table: tf.Move | None
    wish: int | None = None

    def reference_args(self):
        from tichu_fast import reference as ref

        table = None if self.table is None else ref.Move(str(self.table))
        return [int(h) for h in self.hands], table


def _hands(rng: random.Random, n: int, phoenix: bool, avoid: int = 0) -> np.ndarray:
    hands = []
    while len(hands) < n:
        cards = rng.sample([c for c in range(56) if not avoid >> c & 1], 14)
        mask = sum(1 << c for c in cards)
        if phoenix and not mask & PHOENIX:
            continue
        hands.append(mask)
    return np.array(hands, dtype=np.uint64)


def scenarios(n: int = 2000, seed: int = 2026) -> list[Scenario]:
    """The situations of docs/speed.md's table, n hands each. A response's
    table is one fixed combination; the hands are drawn from the other cards."""
    rng = random.Random(seed)
    tables = {
        "respond to a single": tf.Move("9j"),
        "respond to a pair": tf.Move("7j 7s"),
        "respond to a straight": tf.Move("4j 5s 6p 7t 8j"),
        "respond to a full house": tf.Move("6j 6s 6p 3j 3s"),
    }
    result = [
        Scenario("lead, random 14 cards", _hands(rng, n, phoenix=False), None),
        Scenario("lead, 14 cards with Phoenix", _hands(rng, n, phoenix=True), None),
    ]
    for name, table in tables.items():
        result.append(Scenario(name, _hands(rng, n, phoenix=False, avoid=table.cards.mask), table))
    wish_table = tables["respond to a single"]
    wish_hands = [h for h in _hands(rng, 3 * n, phoenix=False, avoid=wish_table.cards.mask) if int(h) >> 44 & 0xF]
    wish_masks = np.array(wish_hands[:n], dtype=np.uint64)
    result.append(Scenario("respond to a single, wish for a Queen", wish_masks, wish_table, 12))
    worst = tf.Cards("Ph 3j 3s 3p 4j 4s 4p 4t 5j 5s 5p 5t 6j 6s").mask  # 1857 leads, the most of any hand
    result.append(Scenario("lead, the worst hand", np.full(max(1, n // 20), worst, dtype=np.uint64), None))
    straight = tables["respond to a straight"]
    pass_only = [
        h
        for h in _hands(rng, 4 * n, phoenix=False, avoid=straight.cards.mask)
        if tf.count_legal_moves(int(h), straight) == 1
    ]
    result.append(Scenario("respond to a straight, only a pass", np.array(pass_only[:n], dtype=np.uint64), straight))
    return result


def walked(rng: random.Random, low: int, high: int) -> tf.HandState:
    """A hand dealt from `rng` after rng.randrange(low, high) uniformly random actions (fewer if it ends)."""
    state = tf.HandState.new(rng.getrandbits(64))
    for _ in range(rng.randrange(low, high)):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def mid_hand_positions(count: int, seed: int) -> list[tuple[tf.HandState, int]]:
    """(state, player) at random points of the play phase of random hands, the player the one in turn."""
    rng = random.Random(seed)
    positions: list[tuple[tf.HandState, int]] = []
    while len(positions) < count:
        state = walked(rng, 15, 70)
        if state.decision == tf.Decision.PLAY:
            positions.append((state, state.current_player))
    return positions


def at_play(seed: int, steps: int) -> tf.HandState:
    """HandState.new(seed) after `steps` uniformly random actions (fewer if it ends), then to its next PLAY."""
    rng = random.Random(seed)
    state = tf.HandState.new(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    while not state.is_terminal() and state.decision != tf.Decision.PLAY:
        state.apply_index(0)
    return state


def random_hands(backend, hands: int, observe: bool, seed: int = 7, timings: list[int] | None = None) -> int:
    """Plays hands 0..hands-1 of `backend` from Python, apply_index(random) per decision, with
    observation(current player) before each when `observe` (its nanoseconds appended to `timings`
    when given); returns the number of decisions."""
    rng = random.Random(seed)
    decisions = 0
    for deal in range(hands):
        state = backend.HandState.new(deal)
        while not state.is_terminal():
            if observe:
                start = time.perf_counter_ns()
                state.observation(state.current_player)
                if timings is not None:
                    timings.append(time.perf_counter_ns() - start)
            state.apply_index(rng.randrange(state.num_legal_actions()))
            decisions += 1
    return decisions
