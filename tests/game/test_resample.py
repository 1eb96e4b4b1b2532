"""Worlds (docs/positions.md "Worlds"): resample, resample_many and
information_state_string against what a seat may know (R10.3) and the wish
constraints the record proves (R6.3), on both backends; the random-position
sweeps and the hidden-push statistics run on the C++ backend."""

from __future__ import annotations

import functools
import operator
import pickle
import random
from collections import Counter

import numpy as np
import pytest

import tichu_fast as tf

DECK = tf.Cards(0xFFFFFFFFFFFFFF)
POSITIONS = 2000


def rank_cards(rank: int) -> tf.Cards:
    """The four normal cards of a rank."""
    return tf.Cards(0xF << (4 * (rank - 1)))


def random_position(rng: random.Random):
    """A random hand stopped at a random step, and its wish constraints found by replaying it here.

    A constraint (seat, table, wish, played then): the seat acted in turn while
    the wish was in force without playing the wished rank (R6.3).
    """
    seed = rng.getrandbits(64)
    if rng.random() < 0.25:  # a position: no exchange, no pushes
        hands = tf.deal(seed)
        leader = next(s for s in range(4) if "MJ" in hands[s])
        state = tf.HandState.from_position(list(hands), leader)
    else:
        state = tf.HandState.new(seed)
    constraints = []
    for _ in range(rng.randrange(120)):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        wish = state.wish
        in_turn_play = state.decision == tf.Decision.PLAY and action.kind == tf.ActionKind.PLAY
        if wish and in_turn_play and not action.move.cards & rank_cards(wish):
            seat = state.current_player
            constraints.append((seat, state.table, wish, state.observation(seat).played[seat]))
        state.apply(action)
    return state, constraints


def holds_wished_move(hand: tf.Cards, table, wish: int) -> bool:
    """Whether `hand` has a legal move on `table` under `wish` with a real card of the wished rank."""
    return any(move.cards & rank_cards(wish) for move in tf.legal_moves(hand, table, wish=wish))


def check_world(truth, world, player, constraints):
    """The world agrees with everything `player` knows and with every wish constraint."""
    # R10.3: the same observation, the same information key, the same sizes and unplayed cards
    assert world.observation(player) == truth.observation(player)
    assert np.array_equal(world.observation_array(player), truth.observation_array(player))
    assert world.information_state_string(player) == truth.information_state_string(player)
    # the decision he sees: another seat's bomb offer is hidden (R10.3), the world is where he sees it
    seen = truth.observation(player)
    assert (world.decision, world.current_player) == (seen.decision, seen.current_player)
    held = tf.Cards()
    for seat in range(4):
        assert len(world.hands[seat]) == len(truth.hands[seat])
        held |= world.hands[seat]
    assert held == functools.reduce(operator.or_, truth.hands)
    # R6.3: his hand then (now plus what he played since) had no legal move with the wished rank
    now_played = truth.observation(player).played
    for seat, table, wish, played_then in constraints:
        hand_then = world.hands[seat] | (now_played[seat] - played_then)
        assert not holds_wished_move(hand_then, table, wish)
    # R2.2: every pushed card is with its receiver, or was played by him
    if truth.decision not in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE):
        for pusher, cards in enumerate(world.pushed):
            for k, card in enumerate(cards or ()):
                receiver = (pusher + k + 1) % 4
                assert card in world.hands[receiver] | world.observation(0).played[receiver]


def test_worlds_agree_with_the_seat_and_the_wish_constraints():
    rng = random.Random(20261130)
    decisions = Counter()
    constrained = 0
    for i in range(POSITIONS):
        truth, constraints = random_position(rng)
        if truth.is_terminal():
            continue
        decisions[truth.decision] += 1
        player = rng.randrange(4)
        constrained += any(seat != player for seat, *_ in constraints)
        for world in truth.resample_many(player, 2, i):
            check_world(truth, world, player, constraints)
            again = world.resample(player, i + 1)  # a world resamples like the truth
            check_world(truth, again, player, constraints)
    # every decision kind was met, and the wish constraints were not vacuous
    assert set(decisions) == set(tf.Decision) - {tf.Decision.OVER}, decisions
    assert constrained >= 50, constrained


def unseen(state, player):
    """The cards `player` cannot place: the other hands less his pushes still held and a held Mah Jong."""
    seen = state.observation(player)
    pinned = tf.Cards()
    if seen.pushed and seen.received:
        for k, card in enumerate(seen.pushed):
            receiver = (player + k + 1) % 4
            if card not in seen.played[receiver]:
                pinned |= tf.Cards(card)
        pinned |= tf.Cards("MJ") - seen.hand
    return {seat: state.hands[seat] - pinned for seat in range(4) if seat != player}


def test_worlds_do_not_reproduce_hidden_hands_more_often_than_chance():
    # Over unconstrained mid-hand positions: a card the player cannot place
    # lands at its true seat at the chance rate, (cards there) / (cards unseen).
    rng = random.Random(7)
    hits = expected = variance = 0.0
    done = 0
    while done < 30:
        truth, constraints = random_position(rng)
        if truth.decision != tf.Decision.PLAY or not truth.observation(0).received or constraints:
            continue
        player = truth.current_player
        hidden = unseen(truth, player)
        pool = sum(len(cards) for cards in hidden.values())
        if pool < 10:
            continue
        done += 1
        for world in truth.resample_many(player, 50, done):
            for seat, cards in hidden.items():
                hits += len(world.hands[seat] & cards)
                p = len(cards) / pool
                expected += len(cards) * p
                variance += len(cards) * p * (1 - p)
    # within 5 standard deviations (cards of one world are not independent,
    # but negatively correlated, so this bound is loose)
    assert abs(hits - expected) < 5 * variance**0.5, (hits, expected, variance)


def late_position(backend):
    """Seat 0 leads a 5 with a wish for 7 in force; seat 1 holds 3 cards, seat 3 holds 2, seat 2 is out."""
    return backend.HandState.from_position(
        ["5j 9s Kt", "3p 2s Qs", "", "7j 8t"],
        leader=0,
        out_order=[2],
        wish=7,
    )


def chi_square(counts: Counter, cells: list) -> float:
    """Pearson's statistic of the counts against the uniform distribution over `cells`."""
    observed = np.array([counts[cell] for cell in cells], dtype=float)
    expected = observed.sum() / len(cells)
    return float(((observed - expected) ** 2 / expected).sum())


def test_unseen_cards_are_dealt_uniformly(backend):
    state = late_position(backend)
    state.apply("5j")
    worlds = state.resample_many(0, 10_000 if backend is tf else 2_000, 12345)  # the reference is slower
    counts = Counter(str(world.hands[1]) for world in worlds)
    # the 5 unseen cards split 3/2 between seats 1 and 3: C(5, 3) = 10 deals
    assert len(counts) == 10
    # 9 degrees of freedom: 27.88 is the 0.999 quantile of chi-square(9)
    assert chi_square(counts, list(counts)) < 27.88


def test_a_wish_constraint_excludes_deals_and_the_rest_stay_uniform(backend):
    state = late_position(backend)
    state.apply("5j")
    state.apply("pass")  # R6.3: seat 1 passed a single 5 with the 7 wished: it holds no 7
    assert state.current_player == 3
    worlds = state.resample_many(0, 10_000 if backend is tf else 2_000, 99)
    counts = Counter(str(world.hands[1]) for world in worlds)
    assert all("7j" not in world.hands[1] for world in worlds)
    # 4 deals remain (the 7j with seat 3 and one other card): 3 degrees of
    # freedom, 16.27 is the 0.999 quantile of chi-square(3)
    assert len(counts) == 4
    assert chi_square(counts, list(counts)) < 16.27


def test_a_bomb_offer_under_way_binds_nobody_in_another_seats_worlds(backend):
    # R10.3: seat 3 is offered a bomb now, which seat 0 may not know; his worlds are drawn at the
    # position he sees (seat 1 to play), with seat 3's 5 cards any 5 of the 7 he cannot see
    state = backend.HandState.from_position(["3j 4j", "Kt Ks", "", "9j 9s 9p 9t 2s"], leader=0, out_order=[2])
    state.apply("4j")
    assert state.decision == tf.Decision.BOMB
    assert state.current_player == 3
    worlds = state.resample_many(0, 300, 5)
    assert all((world.decision, world.current_player) == (tf.Decision.PLAY, 1) for world in worlds)
    assert len({str(world.hands[3]) for world in worlds}) == 21  # C(7, 5): the bomb is not assumed
    # R10.2: seat 3's own worlds keep its hand, and its offer
    own = state.resample_many(3, 20, 5)
    assert all(world.hands[3] == state.hands[3] and world.current_player == 3 for world in own)


def test_resample_many_is_deterministic():
    state, _ = random_position(random.Random(3))
    while state.is_terminal():
        state, _ = random_position(random.Random(4))
    first = state.resample_many(1, 20, 42)
    again = state.resample_many(1, 20, 42)
    assert first == again
    assert state.resample(1, 42) == first[0]
    assert [w.hands for w in state.resample_many(1, 20, 43)] != [w.hands for w in first]


def test_a_world_has_no_replay(backend):
    state = backend.HandState.new(5)
    world = state.resample(0, 1)
    with pytest.raises(tf.TichuError, match="no replay"):
        world.replay()
    with pytest.raises(tf.TichuError):
        pickle.dumps(world)
    assert world.clone() == world


@pytest.mark.parametrize(
    ("player", "error"),
    [(True, TypeError), ("1", TypeError), (1.0, TypeError), (4, IndexError), (-1, IndexError), (2**70, IndexError)],
)
def test_a_bad_player_is_refused(backend, player, error):
    state = backend.HandState.new(1)
    before = state.clone()
    with pytest.raises(error):
        state.resample(player, 0)
    with pytest.raises(error):
        state.resample_many(player, 3, 0)
    with pytest.raises(error):
        state.information_state_string(player)
    assert state == before


@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), (1.5, TypeError), ("7", TypeError), (-1, ValueError), (2**64, ValueError)]
)
def test_a_bad_seed_is_refused(backend, seed, error):
    state = backend.HandState.new(1)
    with pytest.raises(error):
        state.resample(0, seed)
    assert len(state.resample_many(0, 1, 2**64 - 1)) == 1


@pytest.mark.parametrize(
    ("n", "error"), [(True, TypeError), (2.0, TypeError), (-1, ValueError), (10**6 + 1, ValueError)]
)
def test_a_bad_n_is_refused(backend, n, error):
    with pytest.raises(error):
        backend.HandState.new(1).resample_many(0, n, 0)


def test_resample_many_of_none_is_empty(backend):
    assert backend.HandState.new(1).resample_many(0, 0, 0) == []


def test_information_state_string_is_what_the_seat_knows(backend):
    state = late_position(backend)
    other = backend.HandState.from_position(["5j 9s Kt", "7j 2s Qs", "", "3p 8t"], leader=0, out_order=[2], wish=7)
    # R10.3: seat 0 cannot tell the two apart; seats 1 and 3 can
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.information_state_string(1) != other.information_state_string(1)
    assert state.information_state_string(0) != state.information_state_string(1)
    # a public action changes it
    child = state.child("5j")
    assert child.information_state_string(0) != state.information_state_string(0)
    assert child.information_state_string(1) != state.information_state_string(1)
    # a pass is public too (R10.3)
    assert child.child("pass").information_state_string(0) != child.information_state_string(0)


def test_information_state_string_hides_other_pushes_and_grand_tichu_cards(backend):
    state = backend.HandState.new(11)
    key = state.information_state_string(1)
    # during GRAND_TICHU seat 1 knows its first 8 only: a world differs in its last 6
    world = state.resample(1, 3)
    assert world.information_state_string(1) == key
    assert world.seen(1) == state.seen(1)
    for _ in range(8):  # the calls, then every seat's push
        state.apply_index(0)
    while state.decision == tf.Decision.EXCHANGE:
        state.apply_index(state.num_legal_actions() - 1 - state.current_player)
    assert state.information_state_string(1) == state.resample(1, 4).information_state_string(1)
    assert state.resample(1, 4).pushed[1] == state.pushed[1]


def test_hidden_pushes_and_first_eights_are_drawn_anew():
    # R10.3: seat 0 knows neither what seat 1 pushed to seat 3 nor the first 8 of the others
    state = tf.HandState.new(8)
    while state.decision != tf.Decision.PLAY:
        state.apply_index(state.num_legal_actions() // 2)
    worlds = state.resample_many(0, 400, 3)
    assert len({world.pushed[1][1] for world in worlds}) > 5
    assert sum(world.pushed[1][1] == state.pushed[1][1] for world in worlds) < 100
    assert len({str(world._core.seen(2)) for world in worlds}) > 100
    # what seat 0 does know stays: its push, and the cards pushed to it
    assert all(world.pushed[0] == state.pushed[0] for world in worlds)
    assert all(world.pushed[q][3 - q] == state.pushed[q][3 - q] for world in worlds for q in (1, 2, 3))


def test_during_grand_tichu_the_last_six_are_unknown_too(backend):
    # R2.1, R10.3: during GRAND_TICHU a seat has seen its first 8 cards only
    state = backend.HandState.new(9)
    worlds = state.resample_many(2, 200, 4)
    assert all(world.seen(2) == state.seen(2) for world in worlds)
    assert sum(world.hands[2] == state.hands[2] for world in worlds) < 5
    assert all(world.seen(2) <= world.hands[2] for world in worlds)
