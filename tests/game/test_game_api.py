"""The game API of docs/game.md: observation (R10.3), actions, replay, copies, apply_index, errors."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import numpy as np
import pytest

import tichu_fast.formats as formats
from tichu_fast.enums import ActionKind, Decision
from tichu_fast.errors import IllegalMoveError, InvalidNotationError, TichuError
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE
from tichu_fast.rules import Rules

from ..game_helpers import (
    BIT,
    BOMB,
    DEAL,
    EXCHANGE,
    GIFT,
    GRAND,
    GT,
    OVER,
    PLAY,
    PUSHES,
    TI,
    TICHU,
    WISH,
    N,
    acts,
    cards,
    deal_lists,
    from_deal,
    play_out,
    position,
    run,
    to_play,
    who,
)

# --- the shared vocabulary -------------------------------------------------------------


def test_enums_and_rules():
    # docs: Decision, ActionKind values; Rules defaults (R10.2 full rules, R9.1 target 1000).
    assert [int(d) for d in Decision] == list(range(8))
    assert [d.name for d in Decision] == [
        "GRAND_TICHU",
        "TICHU",
        "EXCHANGE",
        "PLAY",
        "WISH",
        "DRAGON_GIFT",
        "BOMB",
        "OVER",
    ]
    assert [(k.name, int(k)) for k in ActionKind] == [
        ("GRAND_TICHU", 0),
        ("TICHU", 1),
        ("PUSH", 2),
        ("PLAY", 3),
        ("WISH", 4),
        ("GIFT", 5),
    ]
    rules = Rules()
    assert rules.bombs_out_of_turn is True
    assert rules.target == 1000
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]


# --- a game to observe --------------------------------------------------------------------

# After PUSHES: seat 1 leads the Mah Jong and wishes a 9; seat 2 must play his 9s; seat 3 takes
# the trick with the Jj and leads 3s 3p; seat 0 plays 4p 4t. Seat 1 is in turn.
OBSERVED_STEPS = (
    (PLAY, 1, "MJ"),
    (WISH, 1, "wish 9"),
    (PLAY, 2, "9s"),
    (PLAY, 3, "Jj"),
    (PLAY, 0, "pass"),
    (PLAY, 1, "pass"),
    (PLAY, 2, "pass"),
    (PLAY, 3, "3s 3p"),
    (PLAY, 0, "4p 4t"),
)
OBSERVED_HANDS = (
    "2t 3t 5t 6j 7s 8p 9t 10j Js Qp Kt Aj",
    "Dog 3j 4j 5j 6s 7p 8t 9j 10s Jp Qt Kj As",
    "Ph 2j 2s 4s 5s 6p 7t 8j 10p Jt Qj Ks Ap",
    "Dr 2p 5p 6t 7j 8s 9p 10t Qs Kp At",
)
OBSERVED_PLAYED = ("4p 4t", "MJ", "9s", "3s 3p Jj")
OBSERVED_PLAYS = (
    (1, "MJ"),
    (2, "9s"),
    (3, "Jj"),
    (0, "pass"),
    (1, "pass"),
    (2, "pass"),
    (3, "3s 3p"),
    (0, "4p 4t"),
)
# RECEIVED[p][q]: the card seat q pushed to seat p (from PUSHES).
RECEIVED = (
    {1: "4t", 2: "3t", 3: "2t"},
    {0: "MJ", 2: "4j", 3: "3j"},
    {0: "2j", 1: "2s", 3: "4s"},
    {0: "3s", 1: "3p", 2: "2p"},
)

OBSERVATION_FIELDS = {
    "player",
    "decision",
    "current_player",
    "hand",
    "hand_sizes",
    "pushed",
    "received",
    "played",
    "plays",
    "calls",
    "grand_calls",
    "wish",
    "table",
    "table_player",
    "trick",
    "piles",
    "out_order",
    "trick_starts",
    "passed",
    "wish_named",
    "wish_fulfilled",
    "dragon_gifts",
    "points",
    "to_beat",
}


def observed_game(b, deal=DEAL):
    state = to_play(from_deal(b, deal))
    run(state, *OBSERVED_STEPS)
    assert who(state) == (PLAY, 1)
    return state


def received_forms(p):
    """The readings of "the 3 cards pushed to him, by seat" that docs/game.md allows."""
    got = RECEIVED[p]
    absolute = tuple(got.get(q) for q in range(4))
    return {
        absolute,  # indexed by seat, None for himself
        tuple(got[q] for q in range(4) if q != p),  # the three other seats in seat order
        tuple(got[(p + r) % 4] for r in (1, 2, 3)),  # from p+1, p+2, p+3 (like a push)
    }


def normalize_received(received):
    if isinstance(received, dict):
        received = tuple(received.get(q) for q in range(4))
    return tuple(None if c is None else str(c) for c in received)


def test_observation_is_a_frozen_dataclass_with_exactly_the_documented_fields(game_backend):
    # R10.3 / docs: the Observation fields, nothing else.
    obs = observed_game(game_backend).observation(0)
    assert dataclasses.is_dataclass(obs)
    assert {f.name for f in dataclasses.fields(obs)} == OBSERVATION_FIELDS
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.wish = 3


@pytest.mark.parametrize("player", range(4))
def test_observation_contents(game_backend, player):
    # R10.3: his cards, his push, what he received, every card played and by whom, calls, wish,
    # hand sizes, piles; all worked out by hand from OBSERVED_STEPS.
    b = game_backend
    state = observed_game(b)
    obs = state.observation(player)
    assert obs.player == player
    assert (obs.decision, obs.current_player) == (PLAY, 1)
    assert cards(b, obs.hand) == b.Cards(OBSERVED_HANDS[player])
    assert tuple(obs.hand_sizes) == (12, 13, 13, 11)
    assert tuple(str(c) for c in obs.pushed) == tuple(PUSHES[player].split()[1:])
    assert normalize_received(obs.received) in received_forms(player)
    assert [cards(b, x) for x in obs.played] == [b.Cards(t) for t in OBSERVED_PLAYED]
    assert tuple((int(s), str(m)) for s, m in obs.plays) == OBSERVED_PLAYS
    assert tuple(obs.calls) == (N, N, N, N)
    assert obs.wish is None
    assert str(obs.table) == "4p 4t"
    assert obs.table_player == 0
    assert cards(b, obs.trick) == b.Cards("3s 3p 4p 4t")
    assert [cards(b, x) for x in obs.piles] == [b.Cards(t) for t in ("", "", "", "MJ 9s Jj")]
    assert tuple(obs.out_order) == ()


def test_observation_shows_the_wish(game_backend):
    # R10.3: the wish is known to all.
    state = to_play(from_deal(game_backend))
    run(state, *OBSERVED_STEPS[:2])
    for p in range(4):
        assert state.observation(p).wish == 9


def test_observation_shows_calls(game_backend):
    # R10.3: all calls are known.
    state = to_play(from_deal(game_backend), grand=(False, False, True, False), tichu=(False, True, False, False))
    for p in range(4):
        assert tuple(state.observation(p).calls) == (N, TI, GT, N)


def swapped_deal():
    """DEAL with seat 2's Ks and seat 3's Kp exchanged: cards nobody pushes or plays."""
    seats = [list(s.split()) for s in DEAL]
    i2, i3 = seats[2].index("Ks"), seats[3].index("Kp")
    seats[2][i2], seats[3][i3] = "Kp", "Ks"
    return tuple(" ".join(s) for s in seats)


def test_observation_hides_other_hands(game_backend):
    # R10.3 "nothing else": two games differing only in cards hidden from seats 0 and 1 look the
    # same to them at every step, as objects and as arrays; seat 2 sees the difference.
    b = game_backend
    games = [to_play(from_deal(b)), to_play(from_deal(b, swapped_deal()))]
    for step in (None, *OBSERVED_STEPS):
        if step is not None:
            for g in games:
                run(g, step)
        for p in (0, 1):
            assert games[0].observation(p) == games[1].observation(p)
            np.testing.assert_array_equal(games[0].observation_array(p), games[1].observation_array(p))
    assert games[0].observation(2) != games[1].observation(2)


def test_observation_hides_declined_bomb_offers(game_backend):
    # R10.3: a declined out-of-turn offer is not a play anybody sees (it would show seat 2 holds a
    # bomb). With and without seat 2's bomb, seats 0 and 1 observe the same when they decide.
    b = game_backend
    with_bomb = position(b, ["3j 4j", "5s 6s", "7j 7s 7p 7t 8p", "9t 10t"], 0)
    without = position(b, ["3j 4j", "5s 6s", "7j 7s 7p 10t 8p", "9t 7t"], 0)
    run(with_bomb, (PLAY, 0, "3j"), (BOMB, 2, "pass"))
    run(without, (PLAY, 0, "3j"))
    assert who(with_bomb) == who(without) == (PLAY, 1)
    for p in (0, 1):
        assert with_bomb.observation(p) == without.observation(p)
    run(with_bomb, (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"), (BOMB, 2, "pass"))
    run(without, (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(with_bomb) == who(without) == (PLAY, 0)
    for p in (0, 1):
        assert with_bomb.observation(p) == without.observation(p)


# --- observation_array -------------------------------------------------------------------


def observation_size(b):
    size = getattr(b, "OBSERVATION_SIZE", getattr(formats, "OBSERVATION_SIZE", None))
    assert size is not None, "OBSERVATION_SIZE is exported neither by the backend nor by tichu_fast.formats"
    return size


def put(array, offset, text):
    for name in text.split():
        array[offset + BIT[name]] = 1


@pytest.mark.parametrize("player", range(4))
def test_observation_array_layout(game_backend, player):
    # docs layout, built by hand for OBSERVED_STEPS (no calls, no wish: those slots are all 0 / none).
    b = game_backend
    assert observation_size(b) == 435
    state = observed_game(b)
    p = player
    expected = np.zeros(435, dtype=np.float32)
    put(expected, 0, OBSERVED_HANDS[p])
    for r in range(4):  # played by p+1, p+2, p+3, then himself
        put(expected, 56 + 56 * r, OBSERVED_PLAYED[(p + 1 + r) % 4])
    put(expected, 280, "3s 3p 4p 4t")
    sizes = (12, 13, 13, 11)
    for r in range(4):
        expected[336 + r] = sizes[(p + r) % 4] / 14
    expected[352] = 1  # no wish
    expected[367 + int(PLAY)] = 1
    expected[375 + (0 - p) % 4] = 1  # seat 0 made the last play
    put(expected, 379, " ".join(RECEIVED[p].values()))
    got = state.observation_array(p)
    assert got.dtype == np.float32
    assert got.shape == (435,)
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-6)
    out = np.full(435, 7.0, dtype=np.float32)
    state.observation_array(p, out=out)
    np.testing.assert_allclose(out, expected, rtol=0, atol=1e-6)


@pytest.mark.parametrize("player", [0, 3])
def test_observation_array_calls_out_and_wish(game_backend, player):
    # docs layout [340:348) calls, [348:352) out, [352:367) wish, with relative seats. docs/game.md
    # leaves two details open (see the module report): the order inside the calls block (per seat
    # Tichu, Grand Tichu; or all Tichu flags, then all Grand flags) and where rank w sits in the
    # 15 wish slots (352 + w, or 352 + w - 1). Both readings are accepted, nothing else.
    b = game_backend
    calls = (N, TI, GT, N)
    state = position(b, ["3j 4j", "", "5s 6s", "7p 8p"], 0, out_order=(1,), calls=calls, wish=9)
    got = state.observation_array(player)
    rel = {s: (s - player) % 4 for s in range(4)}
    expected = np.zeros(435, dtype=np.float32)
    put(expected, 0, ("3j 4j", "", "5s 6s", "7p 8p")[player])
    for r, n in enumerate((2, 0, 2, 2)[player:] + (2, 0, 2, 2)[:player]):
        expected[336 + r] = n / 14
    expected[348 + rel[1]] = 1  # seat 1 is out
    expected[367 + int(PLAY)] = 1
    rest = np.array(got)
    rest[340:348] = 0
    rest[352:367] = 0
    np.testing.assert_allclose(rest, expected, rtol=0, atol=1e-6)
    on = set(np.flatnonzero(got[340:348]).tolist())
    by_seat = {2 * rel[1], 2 * rel[2] + 1}
    by_kind = {rel[1], 4 + rel[2]}
    assert on in (by_seat, by_kind)
    assert set(np.flatnonzero(got[352:367]).tolist()) in ({9}, {8})
    none_wish = position(b, ["3j 4j", "", "5s 6s", "7p 8p"], 0, out_order=(1,)).observation_array(player)
    assert np.flatnonzero(none_wish[352:367]).tolist() == [0]


def test_observation_array_during_grand_tichu(game_backend):
    # docs: during GRAND_TICHU his cards are only his first 8; the decision one-hot is 0.
    b = game_backend
    state = from_deal(b)
    for p in range(4):
        got = state.observation_array(p)
        expected_hand = np.zeros(56, dtype=np.float32)
        put(expected_hand, 0, " ".join(deal_lists()[p][:8]))
        np.testing.assert_array_equal(got[0:56], expected_hand)
        assert np.flatnonzero(got[367:375]).tolist() == [int(GRAND)]
        assert not got[379:435].any()


# --- actions -------------------------------------------------------------------------------------


def test_action_fields_texts_and_parse(game_backend):
    # docs Action: kind, call, push, move, wish, gift_to; str / repr; parse_action is case-insensitive.
    b = game_backend
    state = from_deal(b)
    actions = {str(a): a for a in state.legal_actions()}
    grand = actions["grand tichu"]
    assert (grand.kind, grand.call, grand.push, grand.move, grand.wish, grand.gift_to) == (
        ActionKind.GRAND_TICHU,
        True,
        None,
        None,
        None,
        None,
    )
    assert actions["no grand tichu"].call is False
    assert repr(grand) == "Action('grand tichu')"
    assert state.parse_action("GRAND Tichu") == grand
    assert hash(state.parse_action("grand tichu")) == hash(grand)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)])
    assert state.parse_action("tichu").kind == ActionKind.TICHU
    run(state, *[(TICHU, s, "no tichu") for s in range(4)])
    push = state.parse_action("push mj 2J 3s")
    assert push.kind == ActionKind.PUSH
    assert tuple(push.push) == ("MJ", "2j", "3s")
    assert str(push) == "push MJ 2j 3s"
    assert push.move is None
    state = to_play(from_deal(b))
    play = state.parse_action("mj")
    assert play.kind == ActionKind.PLAY
    assert str(play.move) == "MJ"
    assert play.call is False
    assert state.parse_action("tichu").kind == ActionKind.TICHU
    state.apply(play)
    wish = state.parse_action("wish 10")
    assert (wish.kind, wish.wish, wish.move) == (ActionKind.WISH, 10, None)
    assert state.parse_action("WISH a").wish == 14
    assert state.parse_action("no wish").wish is None
    assert str(state.parse_action("wish q")) == "wish Q"


def test_gift_and_bomb_actions(game_backend):
    # docs Action: GIFT carries gift_to; on a BOMB decision a bomb or the pass is a PLAY action.
    b = game_backend
    state = position(b, ["Dr 3j", "4s 5s", "9j 9s 9p 9t 4j", "6t 7t"], 0)
    state.apply("Dr")
    assert state.decision == BOMB
    bomb = state.parse_action("9J 9S 9P 9T")
    assert bomb.kind == ActionKind.PLAY
    assert bomb.move.is_bomb
    decline = state.parse_action("pass")
    assert decline.kind == ActionKind.PLAY
    assert decline.move.is_pass
    # the 9-bomb beats the Dragon: seat 2 is offered again after the trick-ending pass (R10.2)
    run(state, (BOMB, 2, "pass"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"), (BOMB, 2, "pass"))
    assert who(state) == (GIFT, 0)
    gift = state.parse_action("give 3")
    assert (gift.kind, gift.gift_to, gift.move) == (ActionKind.GIFT, 3, None)


def test_pass_and_play_actions_are_applied_as_objects_or_text(game_backend):
    # docs: apply takes an Action or its text; both give equal states; history records the action.
    b = game_backend
    a = position(b, ["3j 4j", "5s 6s", "7p 8p", "9t 10t"], 0)
    c = a.clone()
    action = next(x for x in a.legal_actions() if str(x) == "3j")
    a.apply(action)
    c.apply("3j")
    assert a == c
    assert a.history == (action,)


# --- legal_moves_array ----------------------------------------------------------------------------


def move_key(move):
    return (move.cards.mask, int(move.type), move.rank2, move.phoenix_as or 0)


def records(array):
    return {(int(r["cards"]), int(r["type"]), int(r["rank2"]), int(r["phoenix_as"])) for r in array}


@pytest.mark.parametrize("decision", ["play", "bomb"])
def test_legal_moves_array_matches_legal_actions(game_backend, decision):
    # docs: legal_moves_array in PLAY and BOMB decisions has the moves of legal_actions (calls aside).
    b = game_backend
    state = position(b, ["3j 4j", "5j 5s 5p 5t 6j", "7j 7s 7p 7t 8j", "9t 10t"], 0, played=())
    state.apply("3j")
    if decision == "play":
        run(state, (BOMB, 2, "pass"))
        assert who(state) == (PLAY, 1)
    else:
        assert who(state) == (BOMB, 2)
    moves = [a.move for a in state.legal_actions() if a.kind == ActionKind.PLAY]
    expected = {move_key(m) for m in moves}
    got = state.legal_moves_array()
    assert got.dtype == MOVE_DTYPE
    assert len(got) == len(moves)
    assert records(got) == expected
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    view = state.legal_moves_array(out=out)
    assert records(view) == expected
    assert records(out[: len(moves)]) == expected


# --- replay -----------------------------------------------------------------------------------------


def replay_lines(state):
    return state.replay().strip().splitlines()


def test_replay_of_a_dealt_hand(game_backend):
    # docs Replay: header, rules, deal in dealt order, one action text per line; it rebuilds the state.
    b = game_backend
    seed = 3
    state = b.HandState.new(seed)
    rng_state = play_out(b.HandState.new(seed), seed)
    for action in rng_state.history[:40]:
        state.apply(action)
    lines = replay_lines(state)
    assert lines[0] == "tichu_fast replay 1"
    assert lines[1].startswith("rules ")
    assert "bombs_out_of_turn=1" in lines[1]
    assert lines[2] == "deal " + " ".join(b.shuffled_deck(seed))
    assert lines[3:] == [str(a) for a in state.history]
    assert len(lines) == 3 + 40
    again = b.HandState.from_replay(state.replay())
    assert again == state
    assert again.replay() == state.replay()
    assert acts(again) == acts(state)


def test_replay_of_a_finished_hand(game_backend):
    # docs Replay: the finished hand comes back with the same score.
    b = game_backend
    state = play_out(b.HandState.new(8), 8)
    again = b.HandState.from_replay(state.replay())
    assert again == state
    assert again.is_terminal()
    assert tuple(again.returns()) == tuple(state.returns())


def test_replay_of_from_deal(game_backend):
    # docs Replay: from_deal's 56 cards in dealt order (seat 0's 14 first, each seat's first 8 first).
    b = game_backend
    state = to_play(from_deal(b))
    lines = replay_lines(state)
    assert lines[2] == "deal " + " ".join(c for seat in deal_lists() for c in seat)
    assert b.HandState.from_replay(state.replay()) == state


@pytest.mark.parametrize("bombs", [True, False])
def test_replay_of_a_position(game_backend, bombs):
    # docs Replay: a from_position state (piles, out_order, calls, wish, played, rules) round-trips.
    b = game_backend
    state = position(
        b,
        ["3j 4j Kj", "", "7j 7s 7p 7t 8p", "9t 10t"],
        0,
        piles=["", "5j 5s", "", "Ks"],
        out_order=(1,),
        calls=(N, N, N, GT),
        wish=12,
        played=(1, 2, 3),
        rules=Rules(bombs_out_of_turn=bombs),
    )
    assert state.wish == 12
    assert "tichu" in acts(state)  # seat 0 has not played yet
    state.apply("tichu")
    state.apply("3j")
    lines = replay_lines(state)
    assert lines[0] == "tichu_fast replay 1"
    assert f"bombs_out_of_turn={int(bombs)}" in lines[1]
    assert lines[2].startswith("position")
    assert lines[3:] == ["tichu", "3j"]
    again = b.HandState.from_replay(state.replay())
    assert again == state
    assert again.wish == 12
    assert tuple(again.calls) == (TI, N, N, GT)  # seat 0's call is in the history
    assert tuple(again.out_order) == (1,)
    assert again.piles[1] == b.Cards("5j 5s")
    assert who(again) == who(state)
    assert acts(again) == acts(state)


# --- copies ---------------------------------------------------------------------------------------


def states_at_every_kind_of_decision(b):
    """A state at each decision kind (names for the ids)."""
    out = {"grand": from_deal(b)}
    s = from_deal(b)
    run(s, *[(GRAND, i, "no grand tichu") for i in range(4)])
    out["tichu"] = s.clone()
    run(s, *[(TICHU, i, "no tichu") for i in range(4)], (EXCHANGE, 0, PUSHES[0]))
    out["exchange"] = s
    s = to_play(from_deal(b))
    out["play"] = s.clone()
    s.apply("MJ")
    out["wish"] = s
    s = position(b, ["Dr 3j", "4s 5s", "9j 9s 9p 9t 4j", "6t 7t"], 0)
    s.apply("Dr")
    out["bomb"] = s.clone()
    run(s, (BOMB, 2, "pass"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"), (BOMB, 2, "pass"))
    out["gift"] = s
    s = position(b, ["Aj", "3j", "", "4j"], 0, out_order=(2,))
    s.apply("Aj")
    out["over"] = s
    assert [x.decision for x in out.values()] == [GRAND, TICHU, EXCHANGE, PLAY, WISH, BOMB, GIFT, OVER]
    return out


def test_copies_are_equal_and_independent(game_backend):
    # docs: clone(), copy.copy, copy.deepcopy and pickle give equal states sharing nothing.
    for name, state in states_at_every_kind_of_decision(game_backend).items():
        replay = state.replay()
        for make in (
            lambda s: s.clone(),
            copy.copy,
            copy.deepcopy,
            lambda s: pickle.loads(pickle.dumps(s)),
        ):
            twin = make(state)
            assert twin is not state
            assert twin == state, name
            assert twin.replay() == replay
            assert acts(twin) == acts(state)
            if not twin.is_terminal():
                twin.apply(twin.legal_actions()[0])
                assert twin != state
                assert state.replay() == replay, name


def test_child(game_backend):
    # docs: child(action) is a clone with the action applied; the parent is unchanged.
    for name, state in states_at_every_kind_of_decision(game_backend).items():
        if state.is_terminal():
            continue
        before = state.clone()
        action = state.legal_actions()[-1]
        kid = state.child(action)
        expected = state.clone()
        expected.apply(action)
        assert kid == expected, name
        assert state == before, name
        assert state.child(str(action)) == expected, name


# --- apply_index -----------------------------------------------------------------------------------


def test_apply_index(game_backend):
    # docs: apply_index(i) is apply(legal_actions()[i]); out of range raises IndexError, no change.
    for name, state in states_at_every_kind_of_decision(game_backend).items():
        legal = state.legal_actions()
        n = len(legal)
        indices = range(n) if n <= 64 else (0, 1, n // 2, n - 1)
        for i in indices:
            a, c = state.clone(), state.clone()
            a.apply_index(i)
            c.apply(legal[i])
            assert a == c, (name, i)
            assert a.history[-1] == legal[i]
        before = state.clone()
        with pytest.raises(IndexError):
            state.apply_index(n)
        assert state == before, name


# --- errors leave the state unchanged -----------------------------------------------------------------


def refused(state, action, exc):
    before = state.clone()
    replay = state.replay()
    with pytest.raises(exc):
        state.apply(action)
    assert state == before
    assert state.replay() == replay


# The action kinds each decision takes (docs: PLAY also takes the Tichu call).
KINDS = {
    "grand": {ActionKind.GRAND_TICHU},
    "tichu": {ActionKind.TICHU},
    "exchange": {ActionKind.PUSH},
    "play": {ActionKind.PLAY, ActionKind.TICHU},
    "wish": {ActionKind.WISH},
    "bomb": {ActionKind.PLAY},
    "gift": {ActionKind.GIFT},
    "over": set(),
}


def test_wrong_decision_kind_is_illegal(game_backend):
    # docs: an Action of another decision kind raises IllegalMoveError and changes nothing.
    states = states_at_every_kind_of_decision(game_backend)
    samples = []
    for s in states.values():
        for a in s.legal_actions():
            if a.kind not in {x.kind for x in samples}:
                samples.append(a)
    assert {a.kind for a in samples} == set(ActionKind)
    for name, state in states.items():
        for action in samples:
            if action.kind not in KINDS[name]:
                refused(state, action, IllegalMoveError)


@pytest.mark.parametrize("text", ["pass", "3j", "push MJ 2j 3s", "give 1", "wish 7", "tichu"])
def test_wrong_decision_kind_text_at_grand_tichu(game_backend, text):
    # docs: text that is not an action of this decision is refused (unreadable or illegal).
    state = from_deal(game_backend)
    refused(state, text, TichuError)


def test_cards_of_another_player_are_illegal(game_backend):
    # docs: "wrong player's turn in the sense of the decision": seat 1 is in turn, the 7p is seat 2's.
    state = position(game_backend, ["3j 4j", "5s 6s", "7p 8p", "9t 10t"], 0)
    state.apply("3j")
    assert who(state) == (PLAY, 1)
    refused(state, "7p", IllegalMoveError)
    refused(state, "4j", IllegalMoveError)  # seat 0's
    refused(state, "Aj", IllegalMoveError)  # nobody's


def test_bomb_of_another_player_is_illegal(game_backend):
    # docs: on seat 2's BOMB offer, seat 3's bomb is not his to play.
    state = position(game_backend, ["3j 4j", "5s 6s", "7j 7s 7p 7t 8p", "9j 9s 9p 9t 10t"], 0)
    state.apply("3j")
    assert who(state) == (BOMB, 2)
    refused(state, "9j 9s 9p 9t", IllegalMoveError)
    refused(state, "8p", IllegalMoveError)  # not a bomb: not an out-of-turn play (R4.4)


def test_dog_after_it_left_play_is_illegal(game_backend):
    # R5.6 / docs: the Dog is out of play once led.
    state = position(game_backend, ["Dog 3j", "4s 5s", "6p 7p", "8t 9t"], 0)
    state.apply("Dog")
    refused(state, "Dog", IllegalMoveError)


@pytest.mark.parametrize("text", ["zzz", "5j 9s", "Xz", "push"])
def test_unreadable_text(game_backend, text):
    # docs: unreadable text raises InvalidNotationError and changes nothing.
    state = position(game_backend, ["5j 9s", "4s 6s", "6p 7p", "8t 9t"], 0)
    refused(state, text, InvalidNotationError)


@pytest.mark.parametrize("text", ["wish 1", "wish 15", "wish Dr"])
def test_bad_wish(game_backend, text):
    # R6.1: only a normal rank 2..14 may be wished.
    state = position(game_backend, ["MJ 3j", "4s 5s", "6p 7p", "8t 9t"], 0)
    state.apply("MJ")
    assert state.decision == WISH
    refused(state, text, TichuError)


def test_nothing_applies_after_the_end(game_backend):
    # docs: after OVER every apply raises IllegalMoveError, Action objects too.
    b = game_backend
    state = position(b, ["Aj", "3j", "", "4j"], 0, out_order=(2,))
    pass_action = position(b, ["3j", "4j", "5j", "6j"], 0).child("3j").legal_actions()
    state.apply("Aj")
    assert state.is_terminal()
    for action in ("pass", "3j", "no wish", pass_action[0]):
        refused(state, action, IllegalMoveError)


# --- bad seats and bad construction ---------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, 100])
def test_bad_seats(game_backend, seat):
    # docs / api.md: a seat outside 0..3 is IndexError.
    b = game_backend
    state = position(b, ["3j", "4j", "5j", "6j"], 0)
    with pytest.raises(IndexError):
        state.observation(seat)
    with pytest.raises(IndexError):
        state.observation_array(seat)
    with pytest.raises(IndexError):
        from_deal(b).seen(seat)
    with pytest.raises(IndexError):
        position(b, ["3j", "4j", "5j", "6j"], seat)


def test_bad_seat_in_out_order(game_backend):
    # docs from_position: seat range is IndexError.
    with pytest.raises(IndexError):
        position(game_backend, ["3j", "4j", "5j", "6j"], 0, out_order=(4,))


@pytest.mark.parametrize(
    ("hands", "leader", "kwargs"),
    [
        (["3j", "3j", "5j", "6j"], 0, {}),  # overlapping hands
        (["3j", "4j", "5j", "6j"], 0, {"piles": ["", "3j", "", ""]}),  # a hand and a pile overlap
        (["3j", "4j", "5j", "6j"], 0, {"piles": ["Kj", "Kj", "", ""]}),  # two piles overlap
        (["", "4j", "", "6j"], 1, {"out_order": (0, 2)}),  # finished: a double victory
        (["", "", "", "6j"], 3, {"out_order": (0, 1, 2)}),  # finished: one player left
        (["3j", "", "5j", "6j"], 1, {"out_order": (1,)}),  # the leader has no cards
        (["3j", "", "5j", "6j"], 0, {}),  # seat 1 holds nothing but is not out
    ],
)
def test_bad_positions(game_backend, hands, leader, kwargs):
    # docs from_position: ValueError.
    with pytest.raises(ValueError):
        position(game_backend, hands, leader, **kwargs)


def test_bad_deals(game_backend):
    # docs from_deal: four sequences of 14, the 56 cards all there once.
    b = game_backend
    seats = deal_lists()
    duplicate = [list(s) for s in seats]
    duplicate[0][0] = duplicate[1][0]  # MJ replaced by the Dog, held twice
    short = [list(s) for s in seats]
    short[3] = short[3][:13]
    for bad in (duplicate, short):
        with pytest.raises(ValueError):
            b.HandState.from_deal(bad)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_bad_seed(game_backend, seed):
    # docs / api.md: 0 <= seed < 2**64.
    with pytest.raises(ValueError):
        game_backend.HandState.new(seed)


# --- malformed replays ---------------------------------------------------------------------------------


def test_malformed_replay_header(game_backend):
    # docs Replay: unreadable text raises InvalidNotationError.
    b = game_backend
    good = b.HandState.new(1).replay()
    lines = good.strip().splitlines()
    bad_texts = [
        "",
        "hello",
        good.replace("tichu_fast replay 1", "tichu_fast replay 99"),
        "\n".join([lines[0], lines[1], "deal " + " ".join(b.shuffled_deck(1)[:55])]),
        "\n".join([lines[0], lines[1], "deal " + " ".join(["MJ"] * 56)]),
    ]
    for text in bad_texts:
        with pytest.raises(InvalidNotationError):
            b.HandState.from_replay(text)


def test_malformed_replay_action_names_the_line(game_backend):
    # docs Replay: an unreadable action line is InvalidNotationError, an illegal one
    # IllegalMoveError, and the message names the line (lines 1-3 are the header).
    b = game_backend
    head = b.HandState.new(1).replay().strip().splitlines()[:3]
    calls = ["no grand tichu"] * 4 + ["no tichu"] * 4
    unreadable = "\n".join([*head, *calls[:4], "zzz"])
    with pytest.raises(InvalidNotationError) as info:
        b.HandState.from_replay(unreadable)
    assert "line 8" in str(info.value).lower() or "zzz" in str(info.value).lower()
    state = b.HandState.new(1)
    for t in calls:
        state.apply(t)
    not_held = next(c for c in b.DECK if c not in state.hands[0])
    held = list(state.hands[0])[:2]
    illegal = "\n".join([*head, *calls, f"push {not_held} {held[0]} {held[1]}"])
    with pytest.raises(IllegalMoveError) as info:
        b.HandState.from_replay(illegal)
    assert "line 12" in str(info.value).lower() or not_held.lower() in str(info.value).lower()
