"""`from_position` within a trick: a table to beat, its player, the trick's cards and the passes since.

Every expectation is worked out by hand from docs/rules.md; both backends.
"""

from __future__ import annotations

import pytest

from tichu_fast.enums import MoveType
from tichu_fast.errors import InvalidNotationError

from ..game_helpers import BOMB, GIFT, PLAY, acts, run, who


def mid_trick(backend, hands, leader, **kwargs):
    return backend.HandState.from_position([backend.Cards(h) for h in hands], leader, **kwargs)


def test_the_player_in_turn_answers_the_table(game_backend):
    # R5.2: on seat 0's pair of 9s (seat 1 passed), seat 2 answers with a higher pair or passes.
    state = mid_trick(game_backend, ["3j", "4j 4s", "10j 10s 2j", "5p"], 2, table="9j 9s", table_player=0, passed=[1])
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"10j 10s", "pass"}
    assert str(state.table) == "9j 9s"
    assert state.table_player == 0
    assert state.trick == game_backend.Cards("9j 9s")  # the trick defaults to the table's cards
    seen = state.observation(3)
    assert seen.passed == (1,)
    assert seen.trick_starts == (0,)  # the trick in progress counts as starting at play 0
    assert seen.to_beat == (MoveType.PAIR, 2, 9.0)


def test_the_trick_goes_to_the_table_player_when_all_pass(game_backend):
    # R5.4: seats 2 and 3 pass too: seat 0 takes the trick (a King, a 5: 15 points) and leads.
    state = mid_trick(game_backend, ["3j", "4j", "6j", "7j"], 2, table="Kj", table_player=0, trick="5s Kj", passed=[1])
    run(state, (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)
    assert state.piles[0] == game_backend.Cards("5s Kj")
    assert state.observation(1).points == (15, 0, 0, 0)


def test_the_answer_wins_the_trick(game_backend):
    # R5.2, R5.4: seat 3 beats seat 1's single; seats 0 and 1 pass (2 passed before): seat 3 takes it.
    state = mid_trick(game_backend, ["3j", "9j 2s", "4j", "Aj 2p"], 3, table="10j", table_player=1, passed=[2])
    run(state, (PLAY, 3, "Aj"), (PLAY, 0, "pass"), (PLAY, 1, "pass"), (PLAY, 2, "pass"))
    assert who(state) == (PLAY, 3)
    assert state.piles[3] == game_backend.Cards("10j Aj")


def test_a_bomb_offer_follows_the_first_play(game_backend):
    # R10.2: no offer at the position's start; after seat 2's pass (seat 3 next in turn), seat 0 is
    # offered his bomb on seat 1's Queen.
    state = mid_trick(game_backend, ["7j 7s 7p 7t 8j", "5j Kp", "6j", "9j"], 2, table="Qj", table_player=1)
    assert who(state) == (PLAY, 2)
    state.apply("pass")
    assert who(state) == (BOMB, 0)
    assert acts(state) == {"7j 7s 7p 7t", "pass"}
    state.apply("7j 7s 7p 7t")
    assert state.observation(3).passed == ()  # the bomb is the table's last play now
    assert state.observation(3).trick_starts == (0,)


def test_a_dragon_table_is_given_away(game_backend):
    # R5.5: the Dragon on the table, every other holder passes: its player gives the trick.
    state = mid_trick(game_backend, ["3j", "4j", "5j", "6j"], 2, table="Dr", table_player=0, passed=[1])
    run(state, (PLAY, 2, "pass"), (PLAY, 3, "pass"), (GIFT, 0, "give 1"))
    assert state.piles[1] == game_backend.Cards("Dr")
    assert state.observation(2).dragon_gifts == ((0, 1),)


def test_the_phoenix_table_and_replay_round_trip(game_backend):
    # R3.2: the Phoenix single on a 9 is to beat at 9.5; the replay rebuilds the position and its play.
    state = mid_trick(game_backend, ["3j", "10j 2s", "4j", "5j"], 1, table="Ph:9.5", table_player=0, trick="9s Ph")
    assert acts(state) == {"10j", "pass"}
    state.apply("10j")
    text = state.replay()
    assert "table=Ph:9.5 table_player=0 trick=Ph,9s passed=" in text
    assert game_backend.HandState.from_replay(text) == state


def test_a_straight_table_round_trips(game_backend):
    # R3.5: a straight with the Phoenix keeps its reading through the replay text.
    state = mid_trick(
        game_backend, ["3j", "2s", "4j", "5j 9j"], 3, table="Ph:9 5s 6s 7p 8t", table_player=1, passed=[2]
    )
    again = game_backend.HandState.from_replay(state.replay())
    assert again == state
    assert str(again.table) == "Ph:9 5s 6s 7p 8t"


def test_old_position_lines_still_read(game_backend):
    # A position line without the trick fields is a position at a trick's start, as before.
    text = (
        "tichu_fast replay 1\nrules bombs_out_of_turn=1\n"
        "position leader=0 hands=3j|4j|5j|6j piles=||| out= calls=0,0,0,0 wish=- played=0,1,2,3\n"
    )
    state = game_backend.HandState.from_replay(text)
    assert state.table is None
    assert who(state) == (PLAY, 0)


HANDS = ["3j", "4j 4s", "10j 10s 2j", "5p"]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"table": "9j 9p", "table_player": 0, "passed": [1]}, ValueError),  # 9j 9p, not 9j 9s: fine cards, see below
        ({"table": "Dog", "table_player": 0, "passed": [1]}, ValueError),  # R5.6: the Dog is never on the table
        ({"table": "4j", "table_player": 0, "passed": [1]}, ValueError),  # the table's card is in a hand
        ({"table": "9j", "table_player": 0, "passed": [1], "trick": "9s"}, ValueError),  # the trick lacks the table
        ({"table": "9j", "table_player": 0, "passed": [1], "trick": "9j 3j"}, ValueError),  # trick card in a hand
        ({"table": "9j", "table_player": 2, "passed": []}, ValueError),  # the table player is in turn
        ({"table": "9j", "table_player": 0, "passed": []}, ValueError),  # seat 1 must have passed
        ({"table": "9j", "table_player": 0, "passed": [1, 3]}, ValueError),  # seat 3 is after the one in turn
        ({"table": "9j", "table_player": 3, "passed": [1, 0]}, ValueError),  # not in turn order
        ({"table": "9j", "table_player": 0, "passed": [1, 1]}, ValueError),  # a seat twice
        ({"table": "9j", "passed": [1]}, ValueError),  # no table player
        ({"table_player": 0}, ValueError),  # a table player without a table
        ({"table": "9j", "table_player": 4, "passed": [1]}, IndexError),
        ({"table": "9j", "table_player": 0, "passed": [5]}, IndexError),
        ({"table": "9j", "table_player": True, "passed": [1]}, TypeError),
        ({"table": 9, "table_player": 0, "passed": [1]}, TypeError),
        ({"table": "9j", "table_player": 0, "passed": "1"}, TypeError),
        ({"table": "9j 9", "table_player": 0, "passed": [1]}, ValueError),  # no such card: InvalidNotationError
        ({"table": "9j 10j", "table_player": 0, "passed": [1]}, ValueError),  # no combination
    ],
)
def test_bad_trick_arguments_raise(game_backend, kwargs, error):
    # R5.2, R5.3, R5.4: only a trick some hand can reach is accepted.
    if kwargs.get("table") == "9j 9p":
        kwargs = {**kwargs, "piles": ["9p", "", "", ""]}  # the table's 9p lies in a pile
    with pytest.raises(error):
        mid_trick(game_backend, HANDS, 2, **kwargs)


def test_bad_trick_fields_in_a_replay_raise(game_backend):
    # A replay whose position line describes no reachable trick is refused, naming the line.
    good = mid_trick(game_backend, HANDS, 2, table="9j 9s", table_player=0, passed=[1]).replay()
    for old, new in [("passed=1", "passed="), ("table_player=0", "table_player=2"), ("table=9j,9s", "table=9j,9x")]:
        assert old in good
        with pytest.raises(InvalidNotationError):
            game_backend.HandState.from_replay(good.replace(old, new))


def test_worlds_of_a_position_within_a_trick_keep_the_trick(game_backend):
    # R10.3: a world drawn for seat 3 keeps everything it knows, the trick in progress included.
    state = mid_trick(game_backend, ["7j 7s 7p 7t 8j", "5j Kp", "6j", "9j Ap"], 2, table="Qj", table_player=1)
    state.apply("pass")
    state.apply("pass")  # seat 0 declines the bomb offer, unseen by seat 3
    for seed in range(20):
        world = state.resample(3, seed)
        assert world.observation(3) == state.observation(3)
        assert world.information_state_string(3) == state.information_state_string(3)


def test_both_backends_play_on_identically_from_positions_within_a_trick():
    # R5.2 to R5.7, R10.2: positions cut from random hands at a table, replayed on both backends.
    import dataclasses
    import random

    import tichu_fast as tf
    from tichu_fast import reference as ref

    def plain(observation):
        def text(value):
            if isinstance(value, (tuple, list)):
                return tuple(text(v) for v in value)
            return str(value) if hasattr(value, "mask") or hasattr(value, "rank2") else value

        return {key: text(value) for key, value in dataclasses.asdict(observation).items()}

    rng = random.Random(5)
    cut = 0
    while cut < 12:
        game = tf.HandState.new(rng.getrandbits(64))
        while not game.is_terminal() and not (game.decision == PLAY and game.table is not None and rng.random() < 0.3):
            game.apply_index(rng.randrange(game.num_legal_actions()))
        if game.is_terminal():
            continue
        cut += 1
        seen = game.observation(0)
        args = {
            "piles": [str(p) for p in game.piles],
            "out_order": game.out_order,
            "calls": game.calls,
            "wish": game.wish,
            "played": [s for s in range(4) if seen.played[s]],
            "table": str(game.table),
            "table_player": game.table_player,
            "trick": str(game.trick),
            "passed": seen.passed,
        }
        hands = [str(h) for h in game.hands]
        a = tf.HandState.from_position(hands, game.current_player, **args)
        b = ref.HandState.from_position(hands, game.current_player, **args)
        while not b.is_terminal():
            assert list(map(str, a.legal_actions())) == list(map(str, b.legal_actions()))
            for player in range(4):
                assert plain(a.observation(player)) == plain(b.observation(player))
            choice = rng.choice([str(x) for x in b.legal_actions()])
            a.apply(choice)
            b.apply(choice)
        assert a.returns() == b.returns()
        assert a.replay() == b.replay()
        assert tf.HandState.from_replay(a.replay()) == a
