"""`apply` checks a play by membership, not by generating every legal move (docs/game.md "Acting").

The C++ core decides a play's legality from its cards, its reading and the
table, and asks the move generator only when a wish the hand could fulfil is
in force (R6.3). These tests hold `apply` and `is_legal` (which shares the check) to
`legal_actions()`, the generator's whole list, on many plays legal and illegal.
"""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf
from tichu_fast.errors import IllegalMoveError


def binds(state: tf.HandState) -> bool:
    """Whether the player in turn holds a card of the wish in force: only the generator knows if it binds (R6.3)."""
    wish = state.wish
    hand = state.hands[state.current_player] if state.current_player >= 0 else tf.Cards()
    return state.decision == tf.Decision.PLAY and wish is not None and bool(hand.mask >> (4 * (wish - 1)) & 0xF)


def states_in_play(count: int, seed: int) -> list[tf.HandState]:
    """PLAY and BOMB decisions of random hands; most hands name a wish when they can."""
    rng = random.Random(seed)
    found: list[tf.HandState] = []
    while len(found) < count:
        state = tf.HandState.new(rng.getrandbits(64))
        wishing = rng.random() < 0.8
        while not state.is_terminal() and len(found) < count:
            keep = 1.0 if binds(state) else 0.05  # every state where the wish may bind
            if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB) and rng.random() < keep:
                found.append(state.clone())
            actions = state.legal_actions()
            if state.decision == tf.Decision.WISH and wishing:
                state.apply(actions[rng.randrange(1, len(actions))])  # a rank, not "no wish"
            else:
                state.apply(actions[rng.randrange(len(actions))])
    return found


def candidate_plays(state: tf.HandState, rng: random.Random) -> list[str]:
    """Texts of plays to try: legal ones, every reading of random subsets of the hand, another seat's card,
    and Phoenix singles at every rank."""
    hand = list(state.hands[state.current_player])
    plays = [str(a) for a in state.legal_actions() if a.move is not None]
    texts = {"pass", *rng.sample(plays, min(8, len(plays)))}
    for _ in range(12):
        subset = rng.sample(hand, rng.randint(1, min(6, len(hand))))
        texts.update(str(move) for move in tf.classify(" ".join(subset)))
    other = list(state.hands[(state.current_player + 1) % 4])
    if other:
        texts.update(str(move) for move in tf.classify(rng.choice(other)))
    if "Ph" in hand:
        texts.update(f"Ph:{rank}.5" for rank in range(1, 15))
    return sorted(texts)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_apply_accepts_exactly_what_is_legal(seed):
    # R3 to R6: a play is applied iff the generator lists it; an illegal one leaves the state unchanged
    rng = random.Random(seed)
    wished = tried = 0
    for state in states_in_play(700, seed):
        wished += binds(state)
        legal = state.legal_actions()
        for text in candidate_plays(state, rng):
            action = state.parse_action(text)
            child = state.clone()
            tried += 1
            assert state.is_legal(action) == (action in legal)
            if action in legal:
                child.apply(action)
                by_index = state.clone()
                by_index.apply_index(legal.index(action))
                assert child == by_index
            else:
                with pytest.raises(IllegalMoveError):
                    child.apply(action)
                assert child == state
    assert wished > 80
    assert tried > 3000


def test_plays_of_another_decision_are_refused():
    # R10.1: a play during the calls, a call or a wish in a trick: IllegalMoveError, nothing changed
    state = tf.HandState.new(5)
    while state.decision != tf.Decision.PLAY:
        state.apply_index(0)
    play = state.legal_actions()[0]
    early = tf.HandState.new(6)
    with pytest.raises(IllegalMoveError):
        early.apply(play)
    assert early == tf.HandState.new(6)
    call = tf.HandState.new(6).legal_actions()[1]  # "grand tichu"
    before = state.clone()
    with pytest.raises(IllegalMoveError):
        state.apply(call)
    assert state == before


def test_the_phoenix_single_reads_at_the_tables_rank():
    # R3.2: on a single the Phoenix is one half above it; the led reading is refused there
    state = tf.HandState.from_position(["3j", "Ph 2j", "9j 3s", "5s"], 1, table="8j", table_player=0)
    before = state.clone()
    with pytest.raises(IllegalMoveError, match=r"Ph:8\.5"):
        state.apply("Ph")
    with pytest.raises(IllegalMoveError):
        state.apply("Ph:9.5")
    assert state == before
    state.apply("Ph:8.5")
    assert state.table == tf.Move("Ph:8.5")
