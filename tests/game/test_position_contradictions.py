"""from_position refuses positions whose facts contradict each other (docs/positions.md), on both backends."""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf
import tichu_fast.reference as rf
from tichu_fast import Decision

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
    # R6.1: a wish is made by playing the Mah Jong, so somebody has played.
    pytest.param(["4s 6j", "10p", "Kj", "3s"], 1, {"wish": 7, "played": []}, "played is empty", id="wish-unplayed"),
    # R2.3: nobody has played, so the first trick is led by the Mah Jong's holder.
    pytest.param(["MJ 4s", "10p", "Kj", "3s"], 1, {"played": []}, "seat 0 holds it", id="first-lead-not-mahjong"),
    # R4.2: bombs in a trick rise: the four 9s (no other play holds them) were a bomb no four 2s beat.
    pytest.param(
        ["5s", "6j", "7j", "8j"],
        0,
        {"table": "2j 2s 2p 2t", "table_player": 3, "trick": "2j 2s 2p 2t 9j 9s 9p 9t"},
        "below the bomb 2j 2s 2p 2t are no plays it tops",
        id="bomb-below-higher-bomb",
    ),
    # R3.6, R4.2: with the second 3 the run 3j..7j is no singles, pairs or straights: it was a straight
    # flush, and no four of a kind beats one.
    pytest.param(
        ["Aj", "Kj", "Qj", "Jj"],
        0,
        {"table": "9j 9s 9p 9t", "table_player": 3, "trick": "9j 9s 9p 9t 3j 4j 5j 6j 7j 3s"},
        r"lower bombs \(R4\.2\)",
        id="four-of-a-kind-on-straight-flush",
    ),
    # R4.2: the same run below a lower straight flush.
    pytest.param(
        ["Aj", "Kj", "Qj", "Jj"],
        0,
        {"table": "2s 3s 4s 5s 6s", "table_player": 3, "trick": "2s 3s 4s 5s 6s 3j 4j 5j 6j 7j 3p"},
        "below the bomb 2s 3s 4s 5s 6s",
        id="straight-flush-on-higher-straight-flush",
    ),
    # R1.3, R5.2: below a bomb the earlier plays still share one type: no Mah Jong with a pair.
    pytest.param(
        ["Aj", "Qj", "Jj", "10j"],
        0,
        {"table": "Kj Ks Kp Kt", "table_player": 3, "trick": "Kj Ks Kp Kt MJ 9s 9p"},
        r"plays of one type \(R5\.2\)",
        id="mahjong-and-pair-below-bomb",
    ),
    # R3.4, R5.6: the Dog leaves play at once; it is never in a trick.
    pytest.param(
        ["5j", "6s", "7p", "8t"],
        0,
        {"table": "9j", "table_player": 2, "passed": [3], "trick": "9j Dog"},
        "the Dog is in the trick",
        id="dog-in-trick",
    ),
    # R6.2: the 7 played on the Mah Jong fulfilled the wish for 7, which cannot still be in force.
    pytest.param(
        ["5j", "6s", "8p", "9t"],
        2,
        {"table": "7j", "table_player": 1, "trick": "MJ 7j", "wish": 7},
        "fulfilled the wish",
        id="wish-fulfilled-in-trick",
    ),
    # R6.2: a bomb of the wished rank fulfils it too, whatever came before.
    pytest.param(
        ["5j", "6s", "8p", "9t"],
        2,
        {"table": "7j 7s 7p 7t", "table_player": 1, "trick": "3j 7j 7s 7p 7t", "wish": 7},
        "fulfilled the wish",
        id="wish-fulfilled-by-bomb",
    ),
    # R6.2: the Mah Jong's straight reaches 5 only; the 6 came in a later straight.
    pytest.param(
        ["5j", "6s", "8p", "9t"],
        2,
        {"table": "2s 3s 4s 5s 6j", "table_player": 1, "trick": "MJ 2j 3j 4j 5p 2s 3s 4s 5s 6j", "wish": 6},
        "fulfilled the wish",
        id="wish-fulfilled-by-a-later-straight",
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
    # R4.2: bombs in a trick rise: four 2s, then four 9s.
    pytest.param(
        ["5s", "6j", "7j", "8j"],
        0,
        {"table": "9j 9s 9p 9t", "table_player": 3, "trick": "9j 9s 9p 9t 2j 2s 2p 2t"},
        id="bomb-on-lower-bomb",
    ),
    # R5.2, R4.3: five singles of one suit (no straight flush), then a four of a kind.
    pytest.param(
        ["Aj", "Kj", "Qj", "Jj"],
        0,
        {"table": "9j 9s 9p 9t", "table_player": 3, "trick": "9j 9s 9p 9t 3j 4j 5j 6j 7j"},
        id="bomb-on-suited-singles",
    ),
    # R5.2: the four 9s came in two full houses (33399, 44499), no bomb; then four 5s.
    pytest.param(
        ["Aj", "Kj", "Qj", "Jj"],
        0,
        {"table": "5j 5s 5p 5t", "table_player": 3, "trick": "5j 5s 5p 5t 3j 3s 3p 9j 9s 4j 4s 4p 9p 9t"},
        id="four-nines-in-full-houses-below-bomb",
    ),
    # R4.2: a single, a straight flush, a higher straight flush.
    pytest.param(
        ["Aj", "Kj", "Qj", "Jj"],
        0,
        {"table": "8p 9p 10p Jp Qp", "table_player": 3, "trick": "8p 9p 10p Jp Qp 3j 4j 5j 6j 7j 3p"},
        id="straight-flush-on-lower-straight-flush",
    ),
    # R6.2: the Mah Jong's own straight holds the wished 3 (it does not count); the wish stays open.
    pytest.param(
        ["5j", "6s", "8p", "9t"],
        2,
        {"table": "MJ 2j 3j 4j 5p", "table_player": 1, "trick": "MJ 2j 3j 4j 5p", "wish": 3},
        id="wish-in-the-mahjongs-own-straight",
    ),
    # R6.2: the Phoenix standing for the wished rank fulfils nothing.
    pytest.param(
        ["5j", "6s", "8p", "9t"],
        2,
        {"table": "Ph", "table_player": 1, "trick": "MJ Ph", "wish": 7},
        id="wish-and-phoenix-in-trick",
    ),
    # Puzzles: nobody has played, the hands are cut short (cards in no hand are out of play), the
    # Mah Jong is in the leader's hand (R2.3) or out of play, where any seat may lead.
    pytest.param(["MJ 4s", "10p", "Kj", "3s"], 0, {"played": []}, id="puzzle-mahjong-leads"),
    pytest.param(["4s 6j", "10p", "Kj", "3s"], 1, {"played": []}, id="puzzle-mahjong-out-of-play"),
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


BOMBS = ("FOUR_OF_A_KIND", "STRAIGHT_FLUSH")
NORMALS = [name for name in tf.Cards(0xFFFFFFFFFFFFFF) if name not in ("MJ", "Dog", "Ph", "Dr")]


def bomb_rich_deal(rng: random.Random, by_suit: bool) -> list[list[str]]:
    """Four hands cut from the normal cards in rank order (fours of a kind) or suit order (straight
    flushes), the specials put in at random: hands that hold and play many bombs."""
    if by_suit:
        order = []
        for suit in rng.sample("jspt", 4):
            run = [name for name in NORMALS if name.endswith(suit)]
            start = rng.randrange(13)
            order += run[start:] + run[:start]
    else:
        ranks = sorted({name[:-1] for name in NORMALS})
        rng.shuffle(ranks)
        order = [name for rank in ranks for name in NORMALS if name[:-1] == rank]
    for special in ("MJ", "Dog", "Ph", "Dr"):
        order.insert(rng.randrange(len(order) + 1), special)
    return [rng.sample(order[14 * s : 14 * s + 14], 14) for s in range(4)]


def position_now(state: tf.HandState) -> tuple[list[str], int, dict[str, object]]:
    """from_position's arguments for the PLAY decision of `state`: what the hand has reached."""
    player = state.current_player
    seen = state.observation(player)
    kwargs: dict[str, object] = {
        "piles": [str(pile) for pile in state.piles],
        "out_order": list(state.out_order),
        "calls": list(state.calls),
        "wish": state.wish,
        "played": [seat for seat in range(4) if len(seen.played[seat])],
    }
    if state.table is not None:
        kwargs |= {"table": str(state.table), "table_player": state.table_player, "trick": str(state.trick)}
        kwargs["passed"] = list(seen.passed)
    return [str(hand) for hand in state.hands], player, kwargs


def test_every_reached_trick_below_a_bomb_is_accepted(game_backend):
    # R4.2, R5.2: the check below a bomb refuses no trick a hand reaches. Hands rich in bombs, played at
    # random with bombs taken most of the time: many tricks hold several bombs and plays below them.
    rng = random.Random(33)
    tables = 0
    for deal in range(120):
        state = tf.HandState.from_deal(bomb_rich_deal(rng, by_suit=deal % 2 == 1))
        while not state.is_terminal():
            if state.decision == Decision.PLAY and state.table is not None and state.table.type.name in BOMBS:
                hands, leader, kwargs = position_now(state)
                game_backend.HandState.from_position(hands, leader, **kwargs)
                tables += 1
            actions = state.legal_actions()
            bombs = [a for a in actions if a.move is not None and a.move.type.name in BOMBS]
            state.apply(rng.choice(bombs if bombs and rng.random() < 0.7 else actions))
    assert tables > 300  # the deals did make many bomb tables


def test_every_reached_trick_under_a_wish_is_accepted(game_backend):
    # R6.2: the check of a wished card in the trick refuses no trick a hand reaches. Random hands whose
    # Mah Jong is led with a wish (half of them for a rank in its own straight, if it leads one).
    rng = random.Random(62)
    reached = 0
    for deal in range(300):
        state = tf.HandState.new(tf.hand_seed(62, deal))
        while not state.is_terminal():
            if state.decision == Decision.PLAY and state.wish is not None and state.table is not None:
                hands, leader, kwargs = position_now(state)
                game_backend.HandState.from_position(hands, leader, **kwargs)
                reached += 1
            actions = state.legal_actions()
            if state.decision == Decision.WISH:
                wishes = [a for a in actions if "no" not in str(a)]
                played = state.table.cards if state.table is not None else tf.Cards("")
                ranks = {str({"J": 11, "Q": 12, "K": 13, "A": 14}.get(n[:-1], n[:-1])) for n in played if n != "MJ"}
                own = [a for a in wishes if str(a).split()[-1] in ranks]
                state.apply(rng.choice(own if own and rng.random() < 0.5 else wishes))
            else:
                state.apply(rng.choice(actions))
    assert reached > 500  # many tricks were played under a wish


def test_both_backends_judge_the_cards_below_a_bomb_alike():
    # R4.2, R5.2: random cards below a random bomb (half the time with another bomb among them):
    # the core and the reference, written apart, accept and refuse the same tricks.
    rng = random.Random(4)
    names = list(tf.Cards(0xFFFFFFFFFFFFFF))

    def bomb() -> list[str]:
        if rng.random() < 0.5:
            rank = rng.choice(NORMALS)[:-1]
            return [name for name in NORMALS if name[:-1] == rank]
        run = [name for name in NORMALS if name.endswith(rng.choice("jspt"))]
        length = rng.randrange(5, 9)
        start = rng.randrange(14 - length)
        return run[start : start + length]

    verdicts = set()
    for _ in range(1500):
        table = bomb()
        earlier = set(rng.sample([n for n in names if n not in table and n != "Dog"], rng.randrange(16)))
        if rng.random() < 0.5 and not set(other := bomb()) & set(table):
            earlier |= set(other)
        rest = [name for name in names if name not in table and name not in earlier]
        kwargs = {"table": " ".join(table), "table_player": 3, "trick": " ".join(table + sorted(earlier))}
        answers = []
        for backend in (tf, rf):
            try:
                backend.HandState.from_position(rest[:4], 0, **kwargs)
                answers.append(None)
            except ValueError as error:
                answers.append(str(error))
        assert answers[0] == answers[1], kwargs
        verdicts.add(answers[0] is None)
    assert verdicts == {True, False}
