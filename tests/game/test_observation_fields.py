"""The public record of `Observation` (trick_starts, passed, the wish, Dragon gifts, points, to_beat).

Every expectation is worked out by hand from the plays each test makes; both
backends must report it (tests/game/test_game_differential.py also compares them on
random hands).
"""

from __future__ import annotations

from tichu_fast.enums import MoveType

from ..game_helpers import GIFT, PLAY, WISH, position, run


def test_a_fresh_position_has_an_empty_record(game_backend):
    # R10.3: nothing has been played yet; leading, so nothing to beat.
    state = position(game_backend, ["3j 4j", "5j", "6j", "7j"], 0, piles=["Kj", "", "5s 10s", ""])
    seen = state.observation(1)
    assert seen.trick_starts == ()
    assert seen.passed == ()
    assert seen.wish_named is None
    assert seen.wish_fulfilled is None
    assert seen.dragon_gifts == ()
    assert seen.points == (10, 0, 15, 0)  # R8.5: a King 10, a 5 and a 10
    assert seen.to_beat is None


def test_trick_starts_and_passes_in_order(game_backend):
    # R5.2, R5.4: seat 0 leads a 3, seats 1 and 2 pass, seat 3 plays; the trick goes on.
    state = position(game_backend, ["3j 9j", "2j 4j", "2s 4s", "5j 8t"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "pass"), (PLAY, 2, "pass"))
    seen = state.observation(3)
    assert seen.trick_starts == (0,)
    assert seen.passed == (1, 2)  # in the order they passed
    assert seen.to_beat == (MoveType.SINGLE, 1, 3.0)
    run(state, (PLAY, 3, "5j"), (PLAY, 0, "pass"))
    seen = state.observation(0)
    assert seen.passed == (0,)  # the play of seat 3 cleared the earlier passes
    assert seen.to_beat == (MoveType.SINGLE, 1, 5.0)
    run(state, (PLAY, 1, "pass"), (PLAY, 2, "pass"))
    # R5.4: seat 3 took the trick (3j 5j: 5 points) and leads the next: plays 3j, 2 passes, 5j, 3 passes, then 8t
    seen = state.observation(2)
    assert seen.passed == ()
    assert seen.to_beat is None
    assert seen.points == (0, 0, 0, 5)
    run(state, (PLAY, 3, "8t"))
    assert state.observation(2).trick_starts == (0, 7)


def test_a_dog_lead_is_a_trick_of_its_own(game_backend):
    # R5.6: the Dog passes the lead to the partner, whose lead starts the next trick.
    state = position(game_backend, ["Dog 3j", "4j 5j", "6j 7j", "8j 9j"], 0)
    run(state, (PLAY, 0, "Dog"), (PLAY, 2, "6j"))
    assert state.observation(0).trick_starts == (0, 1)


def test_the_wish_named_and_fulfilled(game_backend):
    # R6.1, R6.2: the Mah Jong play names a 7; seat 1 plays the 7 and fulfils it.
    state = position(game_backend, ["MJ 3j", "7s 2s", "4j 4s", "5j 5s"], 0)
    run(state, (PLAY, 0, "MJ"), (WISH, 0, "wish 7"))
    seen = state.observation(2)
    assert seen.wish_named == (0, 7)
    assert seen.wish_fulfilled is None
    run(state, (PLAY, 1, "7s"))
    seen = state.observation(2)
    assert seen.wish_named == (0, 7)
    assert seen.wish_fulfilled == 1


def test_no_wish_is_rank_zero(game_backend):
    # R6.1: the Mah Jong's player may name no wish.
    state = position(game_backend, ["MJ 3j", "7s 2s", "4j 4s", "5j 5s"], 0)
    run(state, (PLAY, 0, "MJ"), (WISH, 0, "no wish"))
    assert state.observation(3).wish_named == (0, 0)


def test_a_positions_wish_fulfilled(game_backend):
    # R6.2: a wish in force at a position's start is fulfilled by a normal card of its rank.
    state = position(game_backend, ["8j 3j", "8s 2s", "4j 4s", "5j 5s"], 0, wish=8)
    run(state, (PLAY, 0, "8j"))
    seen = state.observation(1)
    assert seen.wish_named is None
    assert seen.wish_fulfilled == 0


def test_dragon_gifts_and_points(game_backend):
    # R5.5: the Dragon trick (Dragon 25, King 10) is given to an opponent; R8.5 points.
    state = position(game_backend, ["Kj Dr 3j", "2j 4j", "2s 4s", "2p 4p"], 0)
    run(state, (PLAY, 0, "Kj"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    run(state, (PLAY, 0, "Dr"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    run(state, (GIFT, 0, "give 3"))
    seen = state.observation(1)
    assert seen.dragon_gifts == ((0, 3),)
    assert seen.points == (10, 0, 0, 25)
    assert seen.trick_starts == (0, 4)
