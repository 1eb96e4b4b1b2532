"""Self-play data (tichu_fast.net.selfplay): its arrays, its seeds, its file, and a hand replayed from it."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.net.selfplay import SEARCH_STREAM, SearchSpec, SelfPlayData, outcome, play_hand, play_hands

SEED = 11
HANDS = 3
SPEC = SearchSpec(iterations=30)
ARRAYS = ("obs", "moves", "offsets", "visits", "chosen", "seat", "hand", "step", "kind", "margin", "calls_margin")


@pytest.fixture(scope="module")
def data() -> SelfPlayData:
    return play_hands(SEED, 0, HANDS, SPEC)


def same(a: SelfPlayData, b: SelfPlayData) -> bool:
    return all(np.array_equal(getattr(a, name), getattr(b, name)) for name in (*ARRAYS, "out_first"))


def test_shapes_and_dtypes(data):
    n, m = len(data), len(data.moves)
    assert n > 50  # three hands hold dozens of searched decisions
    assert data.obs.shape == (n, tf.OBSERVATION_TENSOR_SIZE)
    assert data.obs.dtype == np.float32
    assert data.moves.dtype == tf.MOVE_DTYPE
    assert data.offsets.shape == (n + 1,)
    assert data.offsets[0] == 0
    assert data.offsets[-1] == m
    assert data.visits.shape == (m,)
    for name in ("chosen", "seat", "hand", "step", "kind", "margin", "calls_margin", "out_first"):
        assert getattr(data, name).shape == (n,)
    assert data.out_first.dtype == np.bool_
    assert set(data.hand.tolist()) == set(range(HANDS))


def test_only_searched_play_and_bomb_decisions_with_two_candidates(data):
    counts = np.diff(data.offsets)
    assert (counts >= 2).all()
    assert set(data.kind.tolist()) <= {int(tf.Decision.PLAY), int(tf.Decision.BOMB)}


def test_visits_are_the_searchs_and_the_choice_the_most_visited(data):
    for i in range(len(data)):
        visits = data.visits[data.candidates(i)]
        assert 0 < visits.sum() <= SPEC.iterations
        assert visits[data.chosen[i]] == visits.max()


def test_the_same_seed_gives_the_same_data_on_any_number_of_threads(data):
    assert same(play_hands(SEED, 0, HANDS, SPEC, threads=2), data)
    # and hand by hand: a run is its hands, one after the other
    assert same(SelfPlayData.concat([play_hand(SEED, i, SPEC) for i in range(HANDS)]), data)
    assert not np.array_equal(play_hands(SEED + 1, 0, 1, SPEC).obs[:5], data.obs[:5])


def test_save_load_and_concat(data, tmp_path):
    path = tmp_path / "d.npz"
    data.save(path, seed=SEED, search=SPEC.facts())
    back = SelfPlayData.load(path)
    assert same(back, data)
    assert SelfPlayData.facts_of(path)["seed"] == SEED
    assert SelfPlayData.facts_of(path)["search"]["iterations"] == SPEC.iterations
    # the format is plain numpy: other frameworks read it with numpy.load
    with np.load(path) as archive:
        assert int(archive["format"]) == 1
        assert np.array_equal(archive["visits"], data.visits)
    both = SelfPlayData.concat([data, back])
    assert len(both) == 2 * len(data)
    assert both.offsets[-1] == 2 * len(data.moves)
    i = len(data) + 5
    assert np.array_equal(both.moves[both.candidates(i)], data.moves[data.candidates(5)])
    assert len(SelfPlayData.concat([])) == 0
    assert same(SelfPlayData.concat([SelfPlayData.empty(), data]), data)
    # one part is that part, not a copy: a round of millions of positions is held once
    assert SelfPlayData.concat([data]) is data


def test_bad_files_and_arrays_are_refused(data, tmp_path):
    path = tmp_path / "other.npz"
    np.savez(path, format=np.int64(2))
    with pytest.raises(ValueError, match="format 2"):
        SelfPlayData.load(path)
    np.savez(path, format=np.int64(1), obs=data.obs)
    with pytest.raises(ValueError, match="no arrays"):
        SelfPlayData.load(path)
    with pytest.raises(ValueError, match="chosen index"):
        SelfPlayData(**{**{n: getattr(data, n) for n in (*ARRAYS, "out_first")}, "chosen": data.chosen + 100})
    with pytest.raises(ValueError, match="visits must be a numpy array of int64"):
        SelfPlayData(**{**{n: getattr(data, n) for n in (*ARRAYS, "out_first")}, "visits": data.visits.astype(float)})


def test_a_hand_replayed_from_the_data_ends_with_its_margins(data):
    # Hand 1 played again outside the module: the recorded decisions from the data, every
    # other one by the heuristic with the same seed; the records, the observations and
    # the outcome must be those of the data.
    hand = 1
    rows = {int(data.step[i]): i for i in np.flatnonzero(data.hand == hand)}
    deal_seed = tf.hand_seed(SEED, hand)
    stream = tf.hand_seed(deal_seed, SEARCH_STREAM)
    state = tf.HandState.new(deal_seed)
    step = 0
    while not state.is_terminal():
        if step in rows:
            i = rows[step]
            assert state.current_player == data.seat[i]
            assert np.array_equal(state.observation_tensor(int(data.seat[i])), data.obs[i])
            assert np.array_equal(state.legal_moves_array(), data.moves[data.candidates(i)])
            chosen = tf.Move.from_record(data.moves[data.offsets[i] + data.chosen[i]])
            state.apply(next(a for a in state.legal_actions() if a.move == chosen))
        else:
            state.apply(tf.search.policy_action(state, "heuristic", tf.hand_seed(stream, step)))
        step += 1
    returns = state.returns()
    first = state.out_order[0]
    for i in rows.values():
        seat = int(data.seat[i])
        assert data.margin[i] == returns[seat & 1] - returns[1 - (seat & 1)]
        assert data.out_first[i] == (first == seat)
    assert (data.margin[data.hand == hand] == [outcome(state, int(s))[0] for s in data.seat[data.hand == hand]]).all()


def test_outcome_counts_calls_for_the_callers_team():
    # R7: a Tichu made is +100 for the caller's team, one failed -100; both in the margin
    state = tf.HandState.new(tf.hand_seed(3, 0))
    step = 0
    called = False
    while not state.is_terminal():
        call = next((a for a in state.legal_actions() if a.kind == tf.ActionKind.TICHU and a.call), None)
        if call is not None and state.current_player == 0 and not called:
            state.apply(call)
            called = True
        else:
            state.apply(tf.search.policy_action(state, "heuristic", step, calls=False))
        step += 1
    assert state.calls[0] == tf.Call.TICHU
    made = state.out_order[0] == 0
    margin, calls, first = outcome(state, 0)
    assert calls == (100 if made else -100)
    assert first == made
    assert outcome(state, 1)[:2] == (-margin, -calls)
    assert outcome(state, 2)[:2] == (margin, calls)
    returns = state.returns()
    assert margin == returns[0] - returns[1]


def test_a_teacher_decides_instead_of_the_search():
    """SearchSpec(teacher=...): the teacher policy's move is played and recorded as its decision's one visit."""
    taught = play_hands(5, 0, 2, SearchSpec(iterations=7, teacher="heuristic"))
    assert len(taught) > 10
    for i in range(len(taught)):
        visits = taught.visits[taught.candidates(i)]
        assert visits.sum() == 1
        assert visits[taught.chosen[i]] == 1
    # the heuristic's own hands: the hand is the one the heuristic plays with the in-play calls of the table
    searched = play_hands(5, 0, 2, SearchSpec(iterations=7))
    assert not np.array_equal(taught.visits, searched.visits[: len(taught.visits)])
