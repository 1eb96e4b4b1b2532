"""Worlds and playouts on both backends (docs/positions.md "Worlds", docs/playouts.md "Built-in policies"):
the reference's rejection sampler keeps the same properties as the C++ one
(R10.3, R6.3, R2.2, R2.3, R10.2) and its random policy plays the same hands."""

from __future__ import annotations

import functools
import operator
import pickle
import random
from collections import Counter

import numpy as np
import pytest

import tichu_fast as tf
import tichu_fast.reference as ref

from ..game_helpers import on


def rank_cards(rank: int) -> tf.Cards:
    """The four normal cards of a rank (docs/api.md bit order)."""
    return tf.Cards(0xF << (4 * (rank - 1)))


def walk(rng: random.Random, steps: int, stop=None) -> tf.HandState:
    """A C++ hand (a quarter of them from a position) after up to `steps` random actions."""
    seed = rng.getrandbits(64)
    if rng.random() < 0.25:  # a position: no exchange, no pushes
        hands = tf.deal(seed)
        leader = next(s for s in range(4) if "MJ" in hands[s])
        state = tf.HandState.from_position(list(hands), leader)
    else:
        state = tf.HandState.new(seed)
    for _ in range(steps):
        if state.is_terminal() or (stop is not None and stop(state)):
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def wish_constraints(state):
    """(seat, table, wish, played then) of every in-turn action under a wish without the wished rank (R6.3)."""
    start = "\n".join(state.replay().split("\n")[:3])  # the header, rules and deal or position lines
    replayed = type(state).from_replay(start)
    found = []
    for action in state.history:
        wish = replayed.wish
        move = action.move
        in_turn = replayed.decision == tf.Decision.PLAY and move is not None
        if wish and in_turn and not tf.Cards(move.cards.mask) & rank_cards(wish):
            seat = replayed.current_player
            found.append((seat, replayed.table, wish, tf.Cards(replayed.observation(seat).played[seat].mask)))
        replayed.apply(action)
    return found


def holds_wished_move(backend, hand: tf.Cards, table, wish: int) -> bool:
    """Whether `hand` has a legal move on `table` under `wish` with a real card of the wished rank."""
    table = None if table is None else str(table)  # the constraints are read on the C++ state
    moves = backend.legal_moves(backend.Cards(hand.mask), table, wish=wish)
    return any(tf.Cards(move.cards.mask) & rank_cards(wish) for move in moves)


def mask_of(cards) -> tf.Cards:
    return tf.Cards(cards.mask)


def check_world(backend, truth, world, player, constraints):
    """The world agrees with everything `player` knows and with every constraint of the record."""
    # R10.3: the same observation and information key, decision, sizes and unplayed cards
    assert world.observation(player) == truth.observation(player)
    assert world.information_state_string(player) == truth.information_state_string(player)
    # the decision he sees: another seat's bomb offer is hidden (R10.3), the world is where he sees it
    seen = truth.observation(player)
    assert (world.decision, world.current_player) == (seen.decision, seen.current_player)
    assert [len(h) for h in world.hands] == [len(h) for h in truth.hands]
    assert functools.reduce(operator.or_, map(mask_of, world.hands)) == functools.reduce(
        operator.or_, map(mask_of, truth.hands)
    )
    # R6.3: the seat's hand then (now plus what it played since) had no legal move with the wished rank
    now_played = truth.observation(player).played
    for seat, table, wish, played_then in constraints:
        hand_then = mask_of(world.hands[seat]) | (mask_of(now_played[seat]) - played_then)
        assert not holds_wished_move(backend, hand_then, table, wish)
    # R2.2: every pushed card is with its receiver, or was played by him
    if truth.decision not in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE):
        for pusher, cards in enumerate(world.pushed):
            for k, card in enumerate(cards or ()):
                receiver = (pusher + k + 1) % 4
                assert card in world.hands[receiver] | world.observation(player).played[receiver]
    # R10.2: a seat offered a bomb in the world (his own offer: his true hand) holds one that beats the table
    if world.decision == tf.Decision.BOMB:
        assert world.current_player == player
        hand = world.hands[world.current_player]
        assert len(backend.legal_moves(hand, str(world.table), out_of_turn=True)) > 1


def test_worlds_agree_with_the_seat_on_both_backends(backend):
    rng = random.Random(20261201)
    decisions = Counter()
    constrained = 0
    for i in range(60):
        truth_cpp = walk(rng, rng.randrange(130))
        if truth_cpp.is_terminal():
            continue
        truth = on(backend, truth_cpp)
        constraints = wish_constraints(truth_cpp)
        decisions[truth.decision] += 1
        player = rng.randrange(4)
        constrained += any(seat != player for seat, *_ in constraints)
        for world in truth.resample_many(player, 2, i):
            check_world(backend, truth, world, player, constraints)
            check_world(backend, truth, world.resample(player, i + 1), player, constraints)  # like the truth
    assert {tf.Decision.GRAND_TICHU, tf.Decision.EXCHANGE, tf.Decision.PLAY} <= set(decisions), decisions
    assert constrained >= 3, constrained


@pytest.mark.parametrize(
    "decision", [tf.Decision.TICHU, tf.Decision.EXCHANGE, tf.Decision.WISH, tf.Decision.DRAGON_GIFT, tf.Decision.BOMB]
)
def test_worlds_at_every_decision(backend, decision):
    # R10.3: at each kind of decision, for every seat, including the one to decide
    rng = random.Random(int(decision))
    truth_cpp = walk(rng, 300, lambda s: s.decision == decision)
    while truth_cpp.decision != decision:
        truth_cpp = walk(rng, 300, lambda s: s.decision == decision)
    truth = on(backend, truth_cpp)
    constraints = wish_constraints(truth_cpp)
    for player in range(4):
        for world in truth.resample_many(player, 3, player):
            check_world(backend, truth, world, player, constraints)


def test_worlds_differ_across_seeds(backend):
    truth = on(backend, walk(random.Random(5), 60, lambda s: s.decision == tf.Decision.PLAY and s.table))
    hands = {tuple(str(h) for h in truth.resample(1, seed).hands) for seed in range(20)}
    assert len(hands) > 15
    assert truth.resample_many(1, 5, 9) == truth.resample_many(1, 5, 9)  # a seed gives the same worlds


def late_position(backend):
    """Seat 0 leads a 5 with the 7 wished; seat 1 holds 3 cards, seat 3 holds 2, seat 2 is out."""
    state = backend.HandState.from_position(["5j 9s Kt", "3p 2s Qs", "", "7j 8t"], leader=0, out_order=[2], wish=7)
    state.apply("5j")
    return state


def chi_square(counts: Counter) -> float:
    """Pearson's statistic of the counts against the uniform distribution over their cells."""
    observed = np.array(list(counts.values()), dtype=float)
    expected = observed.sum() / len(observed)
    return float(((observed - expected) ** 2 / expected).sum())


def test_unseen_cards_are_dealt_uniformly(backend):
    # R10.3: the 5 unseen cards split 3/2 between seats 1 and 3: C(5, 3) = 10 deals, equally likely
    worlds = late_position(backend).resample_many(0, 2000, 12345)
    counts = Counter(str(world.hands[1]) for world in worlds)
    assert len(counts) == 10
    assert chi_square(counts) < 27.88  # the 0.999 quantile of chi-square(9)


def test_a_wish_constraint_leaves_the_other_deals_uniform(backend):
    state = late_position(backend)
    state.apply("pass")  # R6.3: seat 1 passed a 5 with the 7 wished: it holds no 7
    counts = Counter(str(world.hands[1]) for world in state.resample_many(0, 2000, 99))
    assert len(counts) == 4  # the 7j with seat 3 and one other card
    assert all("7j" not in hand for hand in counts)
    assert chi_square(counts) < 16.27  # the 0.999 quantile of chi-square(3)


def late_hand(seed: int) -> tf.HandState:
    """A dealt hand played at random until few cards stay hidden from seat 0 (pushes and a wish in its record)."""
    rng = random.Random(seed)
    while True:
        state = tf.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY and state.current_player == 0:
                hidden = sum(len(state.hands[s]) for s in (1, 2, 3))
                if 4 <= hidden <= 5 and sum(1 for s in (1, 2, 3) if state.hands[s]) >= 2:
                    return state
            state.apply_index(rng.randrange(state.num_legal_actions()))


@pytest.mark.parametrize("seed", [1, 2])
def test_both_backends_draw_from_the_same_set_of_deals(seed):
    # R10.3, R2.2, R2.3, R6.3: the consistent hidden deals are the same set on both backends.
    # At most 5 hidden cards make at most 30 deals: 1000 draws miss one with odds below 1e-12.
    truth = late_hand(seed)
    worlds_cpp = truth.resample_many(0, 1000, seed)
    worlds_ref = on(ref, truth).resample_many(0, 1000, seed)
    support_cpp = {tuple(h.mask for h in world.hands) for world in worlds_cpp}
    support_ref = {tuple(h.mask for h in world.hands) for world in worlds_ref}
    assert support_cpp == support_ref
    assert tuple(h.mask for h in truth.hands) in support_ref


def test_a_bomb_offer_under_way_binds_only_the_offered_seat(backend):
    # R10.2: seat 3 is offered a bomb now, so in its own worlds it holds the four 9s; R10.3: seat 0
    # may not know of the offer, so its worlds deal seat 3 any 5 of the 7 cards it cannot see
    state = backend.HandState.from_position(["3j 4j", "Kt Ks", "", "9j 9s 9p 9t 2s"], leader=0, out_order=[2])
    state.apply("4j")
    assert (state.decision, state.current_player) == (tf.Decision.BOMB, 3)
    own = state.resample_many(3, 20, 5)
    assert all(backend.Cards("9j 9s 9p 9t") <= world.hands[3] for world in own)
    worlds = state.resample_many(0, 200, 5)
    assert all((world.decision, world.current_player) == (tf.Decision.PLAY, 1) for world in worlds)
    assert len({str(world.hands[3]) for world in worlds}) > 3  # not only the 3 with the bomb


def test_during_grand_tichu_the_last_six_are_dealt_anew(backend):
    # R2.1, R10.3: seat 2 has seen its first 8 cards only
    state = backend.HandState.new(9)
    worlds = state.resample_many(2, 100, 4)
    assert all(world.seen(2) == state.seen(2) and world.seen(2) <= world.hands[2] for world in worlds)
    assert sum(world.hands[2] == state.hands[2] for world in worlds) < 5
    assert len({str(world.seen(1)) for world in worlds}) > 90  # the others' first 8 too


def test_other_pushes_are_hidden_and_drawn_anew(backend):
    # R10.3: seat 0 does not know what seat 1 pushed to seat 3; it knows what it pushed and received
    state = backend.HandState.new(8)
    while state.decision != tf.Decision.PLAY:
        state.apply_index(state.num_legal_actions() // 2)
    worlds = state.resample_many(0, 200, 3)
    assert len({world.pushed[1][1] for world in worlds}) > 5
    assert all(world.pushed[0] == state.pushed[0] for world in worlds)
    assert all(world.pushed[q][3 - q] == state.pushed[q][3 - q] for world in worlds for q in (1, 2, 3))
    assert all(world.information_state_string(0) == state.information_state_string(0) for world in worlds)


def test_a_world_has_no_replay(backend):
    world = backend.HandState.new(5).resample(0, 1)
    with pytest.raises(tf.TichuError, match="no replay"):
        world.replay()
    with pytest.raises(tf.TichuError):
        pickle.dumps(world)
    assert world.clone() == world


def test_information_state_string_is_what_the_seat_knows(backend):
    state = backend.HandState.from_position(["5j 9s Kt", "3p 2s Qs", "", "7j 8t"], leader=0, out_order=[2], wish=7)
    other = backend.HandState.from_position(["5j 9s Kt", "7j 2s Qs", "", "3p 8t"], leader=0, out_order=[2], wish=7)
    # R10.3: seat 0 cannot tell the two apart; seats 1 and 3 can
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.information_state_string(1) != other.information_state_string(1)
    child = state.child("5j")
    assert child.information_state_string(0) != state.information_state_string(0)
    assert child.child("pass").information_state_string(0) != child.information_state_string(0)  # a pass is public


def test_with_hands_keeps_the_record(backend):
    state = late_position(backend)
    state.apply("pass")
    swapped = state.with_hands(["9s Kt", "2s Qs 8t", "", "7j 3p"])
    assert swapped.hands[1] == backend.Cards("2s Qs 8t")
    assert swapped.observation(0) == state.observation(0)
    assert swapped.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize(
    ("hands", "match"),
    [
        (["9s Kt", "2s Qs", "", "7j 8t 3p"], "holds 2 cards, not 3"),
        (["9s Kt", "2s Qs 4p", "", "7j 8t"], "cards held now"),
        (["9s Kt", "7j 2s Qs", "", "3p 8t"], "seat 1 did not play the wished 7"),  # R6.3
        (["9s Kt", "2s Qs 3p", "", "7j 8t 8t"], None),
        (None, None),
        ("5j", None),
        ([1, 2, 3], None),
        (["", "", "", ""], None),
        ([object()] * 4, None),
    ],
)
def test_with_hands_refuses_what_the_record_contradicts(backend, hands, match):
    state = late_position(backend)
    state.apply("pass")
    before = state.clone()
    with pytest.raises((TypeError, ValueError), match=match):
        state.with_hands(hands)
    assert state == before


def test_with_hands_keeps_pushed_cards_with_their_receivers(backend):
    # R2.2: a card pushed to seat 1 stays with seat 1 until played
    state = backend.HandState.new(21)
    while state.decision != tf.Decision.PLAY:
        state.apply_index(0)
    hands = list(state.hands)
    received = backend.Cards(state.observation(1).received[0])
    giver = next(s for s in (0, 2, 3) if "MJ" not in hands[s])
    swap = next(iter(hands[giver] - backend.Cards("MJ")))
    hands[1] = hands[1] - received | backend.Cards(swap)
    hands[giver] = hands[giver] - backend.Cards(swap) | received
    with pytest.raises(ValueError, match="pushed"):
        state.with_hands(hands)


@pytest.mark.parametrize(
    ("player", "seed", "n", "error"),
    [
        (True, 0, 1, TypeError),
        (4, 0, 1, IndexError),
        (-1, 0, 1, IndexError),
        (0, -1, 1, ValueError),
        (0, 2**64, 1, ValueError),
        (0, 1.5, 1, TypeError),
        (0, 0, -1, ValueError),
        (0, 0, 10**6 + 1, ValueError),
        (0, 0, True, TypeError),
    ],
)
def test_bad_resample_arguments_are_refused(backend, player, seed, n, error):
    state = backend.HandState.new(1)
    before = state.clone()
    with pytest.raises(error):
        state.resample_many(player, n, seed)
    assert state == before
    assert state.resample_many(0, 0, 0) == []


# -- the random policy and playouts -------------------------------------------------------


def random_states(count: int, seed: int) -> list[tf.HandState]:
    """C++ states at every kind of decision, from random walks."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = walk(rng, rng.randrange(160))
        if not state.is_terminal():
            states.append(state)
    return states


def test_policy_action_is_the_same_on_both_backends():
    # every decision kind: the reference's random policy draws exactly as the C++ one
    decisions = Counter()
    for state in random_states(250, 11):
        mirror = on(ref, state)
        decisions[state.decision] += 1
        for calls in (False, True):
            for seed in (0, 1, 2**64 - 1):
                expected = tf.policy_action(state, "random", seed, calls=calls)
                assert str(ref.policy_action(mirror, "random", seed, calls=calls)) == str(expected)
    assert len(decisions) >= 5, decisions


def test_playouts_play_the_same_hands_on_both_backends():
    # R7, R8: the same returns, out order, calls, tricks and bombs for the same seed
    for i, state in enumerate(random_states(150, 12)):
        mirror = on(ref, state)
        calls = i % 2 == 1
        a = state.playout(i, "random", calls)
        b = mirror.playout(i, "random", calls)
        assert (a.returns, a.out_order, a.calls, a.calls_won) == (b.returns, b.out_order, b.calls, b.calls_won)
        assert (a.tricks, a.bombs, a.one_two) == (b.tricks, b.bombs, b.one_two)
        assert state.replay() == mirror.replay()  # a playout plays a copy


def test_playouts_array_matches_cpp_and_playout():
    state = random_states(1, 13)[0]
    mirror = on(ref, state)
    records = mirror.playouts(12, 17, calls=True)
    assert records.dtype == tf.PLAYOUT_DTYPE
    assert np.array_equal(records, state.playouts(12, 17, calls=True))
    r = mirror.playout(tf.hand_seed(17, 5), "random", True)
    assert tuple(records[5]["returns"]) == r.returns


def test_the_reference_refuses_the_heuristic_and_bad_arguments():
    state = ref.HandState.new(1)
    with pytest.raises(ValueError, match="C\\+\\+ only"):
        state.playout(0, "heuristic")
    with pytest.raises(ValueError, match="C\\+\\+ only"):
        ref.policy_action(state, "heuristic", 0)
    with pytest.raises(ValueError):
        state.playout(0, "greedy")
    with pytest.raises(TypeError):
        state.playout(0, "random", 1)
    with pytest.raises(TypeError):
        ref.policy_action(state, "random", True)
    with pytest.raises(ValueError):
        state.playouts(-1, 0)
    with pytest.raises(TypeError):
        state.playouts(2, 0, threads=True)
    over = ref.HandState.from_replay(tf.HandState.new(1).replay())
    while not over.is_terminal():
        over.apply_index(0)
    with pytest.raises(ValueError):
        ref.policy_action(over, "random", 0)


def test_policy_action_calls_by_default_on_both_backends():
    # R7.1: policy_action decides the calls as the policy does in play (calls=True), in both backends:
    # the random policy's Grand Tichu answers for ten seeds are the same, and some of them call.
    fast, slow = tf.HandState.new(1), ref.HandState.new(1)
    answers = [str(ref.policy_action(slow, "random", seed)) for seed in range(10)]
    assert answers == [str(tf.policy_action(fast, "random", seed)) for seed in range(10)]
    assert answers == [str(ref.policy_action(slow, "random", seed, calls=True)) for seed in range(10)]
    assert "grand tichu" in answers
