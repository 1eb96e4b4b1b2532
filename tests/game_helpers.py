"""Helpers for the game-API tests (tests/game/test_game_*.py).

Positions are written as card text and every expected answer in those tests is worked
out by hand from docs/rules.md and docs/game.md; nothing here computes an expectation with
the engine under test.
"""

from __future__ import annotations

import random

import tichu_fast as tf
from tichu_fast.enums import Call, Decision

GRAND = Decision.GRAND_TICHU
TICHU = Decision.TICHU
EXCHANGE = Decision.EXCHANGE
PLAY = Decision.PLAY
WISH = Decision.WISH
GIFT = Decision.DRAGON_GIFT
BOMB = Decision.BOMB
OVER = Decision.OVER

N, TI, GT = Call.NONE, Call.TICHU, Call.GRAND_TICHU

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The 14 texts of a WISH decision (R6.1): no wish, or a normal rank 2..14.
WISH_TEXTS = frozenset({"no wish"} | {f"wish {r}" for r in RANK_NAMES})

CARD_NAMES = ("MJ", "Dog", "Ph", "Dr", *(r + s for r in RANK_NAMES for s in "jspt"))
BIT = {name: i for i, name in enumerate(CARD_NAMES)}  # docs/api.md bit order

# A deal (each seat's 14 cards, the first 8 seen before Grand Tichu) in which every
# seat holds one card of each rank, suits rotating: no bomb, before or after PUSHES.
DEAL = (
    "MJ 2j 3s 4p 5t 6j 7s 8p | 9t 10j Js Qp Kt Aj",
    "Dog 2s 3p 4t 5j 6s 7p 8t | 9j 10s Jp Qt Kj As",
    "Ph 2p 3t 4j 5s 6p 7t 8j | 9s 10p Jt Qj Ks Ap",
    "Dr 2t 3j 4s 5p 6t 7j 8s | 9p 10t Jj Qs Kp At",
)
# Seat p pushes (to p+1, p+2, p+3); seat 0 gives the Mah Jong to seat 1.
PUSHES = ("push MJ 2j 3s", "push 2s 3p 4t", "push 2p 3t 4j", "push 2t 3j 4s")
# The hands after PUSHES, worked out by hand (canonical order).
AFTER_EXCHANGE = (
    "2t 3t 4p 4t 5t 6j 7s 8p 9t 10j Js Qp Kt Aj",
    "MJ Dog 3j 4j 5j 6s 7p 8t 9j 10s Jp Qt Kj As",
    "Ph 2j 2s 4s 5s 6p 7t 8j 9s 10p Jt Qj Ks Ap",
    "Dr 2p 3s 3p 5p 6t 7j 8s 9p 10t Jj Qs Kp At",
)


def deal_lists(deal=DEAL):
    """The four 14-card name lists of a deal written as above (the '|' only marks card 8)."""
    return [[c for c in seat.split() if c != "|"] for seat in deal]


def first8(deal, seat):
    return deal_lists(deal)[seat][:8]


def from_deal(backend, deal=DEAL, **kwargs):
    return backend.HandState.from_deal(deal_lists(deal), **kwargs)


def position(backend, hands, leader, *, piles=None, **kwargs):
    """HandState.from_position with hands (and piles) written as card text."""
    if piles is not None:
        kwargs["piles"] = [backend.Cards(p) for p in piles]
    return backend.HandState.from_position([backend.Cards(h) for h in hands], leader, **kwargs)


def cards(backend, x):
    """Any card-set value of the API (Cards, text, iterable of names) as a backend Cards."""
    if isinstance(x, backend.Cards):
        return x
    if isinstance(x, str):
        return backend.Cards(x)
    return backend.Cards([str(c) for c in x])


def acts(state):
    """The legal actions as a set of texts; also checks that none is listed twice."""
    texts = [str(a) for a in state.legal_actions()]
    assert len(texts) == len(set(texts)), f"duplicate actions in {sorted(texts)}"
    return set(texts)


def who(state):
    return (state.decision, state.current_player)


def run(state, *steps):
    """Apply steps (decision, player, action text), checking who decides before each one."""
    for i, (decision, player, text) in enumerate(steps):
        assert who(state) == (decision, player), f"before step {i} ({text!r}): {who(state)}"
        state.apply(text)


def to_play(state, grand=(False,) * 4, tichu=(False,) * 4, pushes=PUSHES):
    """From the deal to the play phase: Grand Tichu and Tichu as given, then the pushes."""
    for seat in range(4):
        assert who(state) == (GRAND, seat)
        state.apply("grand tichu" if grand[seat] else "no grand tichu")
    for seat in range(4):
        if grand[seat]:
            continue
        assert who(state) == (TICHU, seat)
        state.apply("tichu" if tichu[seat] else "no tichu")
    for seat in range(4):
        assert who(state) == (EXCHANGE, seat)
        state.apply(pushes[seat])
    return state


def random_action(state, rng, calls=True):
    """A random legal action (as text); pushes are drawn without listing all 2184 of them."""
    if state.decision == EXCHANGE:
        hand = list(state.hands[state.current_player])
        return "push " + " ".join(rng.sample(hand, 3))
    texts = sorted(str(a) for a in state.legal_actions())
    if not calls:
        quiet = [t for t in texts if t not in ("grand tichu", "tichu")]
        texts = quiet or texts
    return rng.choice(texts)


def play_out(state, seed, calls=True, limit=5000):
    """Play the hand to the end with random legal actions; returns the state."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            return state
        state.apply(random_action(state, rng, calls))
    raise AssertionError(f"hand not over after {limit} actions")


def call_bonus(calls, out_order):
    """R7.1-R7.3 by hand: each call is +-100 / +-200 to the caller's team, + if he went out first."""
    bonus = [0, 0]
    for seat, call in enumerate(calls):
        worth = {Call.NONE: 0, Call.TICHU: 100, Call.GRAND_TICHU: 200}[Call(call)]
        bonus[seat % 2] += worth if out_order and out_order[0] == seat else -worth
    return tuple(bonus)


def points(names):
    """R8.5 by hand: 5 -> 5, 10 and K -> 10, Dragon 25, Phoenix -25."""
    total = 0
    for name in names:
        name = str(name)
        if name == "Dr":
            total += 25
        elif name == "Ph":
            total -= 25
        elif name not in ("MJ", "Dog"):
            total += {"5": 5, "10": 10, "K": 10}.get(name[:-1], 0)
    return total


def walk(seed: int, steps: int, stop=None) -> tf.HandState:
    """The C++ hand of `seed` after up to `steps` uniformly random actions (or until `stop(state)`)."""
    state = tf.HandState.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal() or (stop is not None and stop(state)):
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def walked(rng: random.Random, low: int, high: int) -> tf.HandState:
    """A C++ hand dealt from `rng` after rng.randrange(low, high) uniformly random actions (fewer if it ends)."""
    state = tf.HandState.new(rng.getrandbits(64))
    for _ in range(rng.randrange(low, high)):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def on(backend, state: tf.HandState):
    """The same state on `backend` (rebuilt from its replay)."""
    return backend.HandState.from_replay(state.replay())
