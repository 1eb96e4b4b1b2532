"""from_position refuses positions whose facts contradict each other (docs/game.md), on both backends."""

from __future__ import annotations

import pytest

# (keyword arguments of from_position after hands and leader, the words the refusal must hold)
CONTRADICTIONS = [
    # R6.1: a wish is made when the Mah Jong is played, so it cannot be in a hand.
    pytest.param(["MJ 5j", "6s", "7p", "8t"], 0, {"wish": 5}, "still holds the Mah Jong", id="wish-mahjong-in-hand"),
    # A seat out has played its cards.
    pytest.param(
        ["5j", "", "7p", "8t"], 0, {"out_order": [1], "played": [0, 2, 3]}, "not in played", id="out-not-played"
    ),
    # A trick is won (a pile) only after someone played.
    pytest.param(
        ["5j", "6s", "7p", "8t"], 0, {"piles": ["9j", "", "", ""], "played": []}, "played is empty", id="pile-unplayed"
    ),
    # The table player played the table.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "Kj", "table_player": 2, "passed": [3], "played": [0, 1, 3]},
        "table player 2 is not in played",
        id="table-player-not-played",
    ),
    # R3.3, R4.3: a King cannot follow the Dragon in a trick.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "Kj", "table_player": 2, "passed": [3], "trick": "Kj Dr"},
        "only a bomb beats the Dragon",
        id="king-after-dragon",
    ),
    # R5.2: every earlier play of the trick was lower than the table.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j", "table_player": 2, "passed": [3], "trick": "9j Qs"},
        "every earlier play must be lower",
        id="single-below-higher",
    ),
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j 9s", "table_player": 2, "passed": [3], "trick": "9j 9s Qp Qt"},
        "every earlier play must be lower",
        id="pair-below-higher",
    ),
    # R5.2: earlier plays have the table's length.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j 9s", "table_player": 2, "passed": [3], "trick": "9j 9s 3p"},
        "not plays of the table's 2 cards",
        id="pair-after-single",
    ),
    # R5.2: a single must beat the last one: one rank cannot come twice.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j", "table_player": 2, "passed": [3], "trick": "9j 4s 4p"},
        "rank 4 twice",
        id="single-rank-twice",
    ),
    # R1.3: the Mah Jong is only a single or the 1 of a straight.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j 9s", "table_player": 2, "passed": [3], "trick": "9j 9s MJ Ph"},
        "Mah Jong is in the trick",
        id="mahjong-in-pair-trick",
    ),
    # R3.4, R5.6: the Dog leaves play at once; it is never in a trick.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j", "table_player": 2, "passed": [3], "trick": "9j Dog"},
        "the Dog is in the trick",
        id="dog-in-trick",
    ),
]


@pytest.mark.parametrize(("hands", "leader", "kwargs", "words"), CONTRADICTIONS)
def test_from_position_refuses_a_contradiction_naming_it(game_backend, hands, leader, kwargs, words):
    with pytest.raises(ValueError, match=words):
        game_backend.HandState.from_position(hands, leader, **kwargs)


REACHABLE = [
    # R6.1: a wish after the Mah Jong's play (it is out of play or in a pile).
    pytest.param(["5j", "6s", "7p", "8t"], 0, {"wish": 5}, id="wish-after-mahjong"),
    pytest.param(["5j", "6s", "7p", "8t"], 0, {"wish": 5, "piles": ["MJ", "", "", ""]}, id="wish-mahjong-in-pile"),
    # R4.3: a bomb on the Dragon.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "Kj Ks Kp Kt", "table_player": 2, "passed": [3], "trick": "Kj Ks Kp Kt Dr"},
        id="bomb-on-dragon",
    ),
    # R5.2: rising singles, the Phoenix and the Mah Jong among them; the Dragon on top.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "Dr", "table_player": 2, "passed": [3], "trick": "MJ 3s Ph Ks Dr"},
        id="singles-to-dragon",
    ),
    # R5.2: rising pairs; full houses compare only their trios.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j 9s", "table_player": 2, "passed": [3], "trick": "9j 9s 3p 3t Ph 4t"},
        id="rising-pairs",
    ),
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "4j 4s 4p 2j 2s", "table_player": 2, "passed": [3], "trick": "4j 4s 4p 2j 2s 3j 3s 3p Kj Ks"},
        id="full-houses",
    ),
]


@pytest.mark.parametrize(("hands", "leader", "kwargs"), REACHABLE)
def test_from_position_accepts_a_reachable_position(game_backend, hands, leader, kwargs):
    state = game_backend.HandState.from_position(hands, leader, **kwargs)
    assert state.current_player == leader


@pytest.mark.parametrize("wish", [0, -1, 1, 15])
def test_from_position_refuses_a_wish_that_is_no_rank(game_backend, wish):
    # R6.1: a wish is a rank 2..14, or None for none: 0 is refused, never read as None
    # (the fast backend once took wish=0 for no wish, the reference refused it).
    with pytest.raises(ValueError, match=f"wish {wish} is not a rank 2..14"):
        game_backend.HandState.from_position(["4s 6j", "10p", "Kj", "3s"], 1, wish=wish)
