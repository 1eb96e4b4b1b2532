"""The search bots' call thresholds on the heuristic's calls table (tichu_fast.decide.table_call)."""

import math
import sys
from pathlib import Path

import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.bots import HeuristicBot, MonteCarloBot, make_bot
from tichu_fast.bots.solver_bot import SolverBot
from tichu_fast.decide import GRAND_CHANCE, TICHU_CHANCE, call_action, table_call
from tichu_fast.enums import ActionKind, Call, Decision
from tichu_fast.ismcts import ISMCTSBot
from tichu_fast.reference import HandState as ReferenceState
from tichu_fast.search import policy_action

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import make_call_table

MADE = make_call_table.OUT.with_name("heuristic_made.inc")
MADE_TABLES = ("kTichuMadeTable", "kGrandMadeTable")

HANDS = 150


def call_states():
    """Every decision of HANDS hands (the heuristic playing, calling in every other hand) where a call is asked or open.

    The hands with calls give states where the partner has called (no Tichu beside it, as the heuristic plays).
    """
    found = []
    for h in range(HANDS):
        state = tf.HandState.new(h)
        while not state.is_terminal():
            if state.decision in (Decision.GRAND_TICHU, Decision.TICHU) or call_action(state) is not None:
                found.append(state.clone())
            state.apply(policy_action(state, "heuristic", h, calls=h % 2 == 0))
    return found


STATES = call_states()


def test_the_default_thresholds_call_exactly_as_the_heuristic():
    # R7.1, R7.2: Grand Tichu on the first 8 cards, Tichu before the first card played
    asked = {Decision.GRAND_TICHU: 0, Decision.TICHU: 0, Decision.PLAY: 0}
    called = partner_called = 0
    for state in STATES:
        seat = state.current_player
        partner_called += state.decision != Decision.GRAND_TICHU and state.calls[seat ^ 2] != Call.NONE
        usual = policy_action(state, "heuristic", 0, calls=True)
        answer = table_call(state, seat)
        asked[state.decision] = asked.get(state.decision, 0) + 1
        if state.decision in (Decision.GRAND_TICHU, Decision.TICHU) or usual.kind == ActionKind.TICHU:
            assert answer == usual
        else:
            assert answer is None
        called += answer is not None and answer.call
    assert min(asked.values()) > 100  # each kind of call decision, many times
    assert called > 50
    assert partner_called > 20  # the partner's call is met ...


def test_no_tichu_beside_a_partner_who_called():
    # R7.2 allows it, but like the heuristic, table_call never calls Tichu beside a partner who called, even from 0
    beside = [s for s in STATES if s.decision != Decision.GRAND_TICHU and s.calls[s.current_player ^ 2] != Call.NONE]
    assert len(beside) > 20
    for state in beside:
        answer = table_call(state, state.current_player, 0.0, 0.0)
        assert answer is None or not answer.call


def test_a_lower_threshold_calls_more_and_a_higher_one_less():
    def calling(tichu, grand):
        answers = [table_call(state, state.current_player, tichu, grand) for state in STATES]
        return {i for i, answer in enumerate(answers) if answer is not None and answer.call}

    usual = calling(TICHU_CHANCE, GRAND_CHANCE)
    bold = calling(0.35, 0.35)
    timid = calling(0.65, 0.6)
    assert usual < bold  # every call the heuristic makes, and more
    assert timid < usual
    tichus = calling(0.35, GRAND_CHANCE)
    assert usual < tichus < bold  # the two thresholds act on their own calls
    grands = {i for i in bold - tichus if STATES[i].decision == Decision.GRAND_TICHU}
    assert grands


def test_the_table_chance_is_the_heuristics_table():
    strong = tf.Cards("Dr Ph Aj As Ap Kj Ks 2j")  # strength 15, 1 loser
    weak = tf.Cards("Dog 2j 3s 4p 6t 7j 8s 9p")  # strength 0, 8 losers
    assert _core._heuristic_call_features(strong.mask) == (15, 1)
    tichu, grand = make_call_table.read_tables(MADE.read_text(), MADE_TABLES)
    assert _core._heuristic_call_chance(strong.mask, True) == grand[15, 1]  # the table of calls made
    assert _core._heuristic_call_chance(strong.mask, False) == tichu[15, 1]
    assert _core._heuristic_call_chance(weak.mask, True) == grand[0, 8]
    assert _core._heuristic_call_chance(strong.mask, True, "heuristic-v2") == 529  # heuristic-v2's table
    assert _core._heuristic_call_chance(strong.mask, False, "heuristic-v2") == 689
    assert _core._heuristic_call_chance(weak.mask, True, "heuristic-v2") == 250
    with pytest.raises(ValueError, match="14 cards"):
        _core._heuristic_call_chance(tf.Cards("2j 3j 4j 5j 6j 7j 8j 9j 10j Jj Qj Kj Aj 2s 3s").mask, False)


def test_the_chance_never_falls_as_a_hand_gets_stronger():
    # the package's tables: no cell reads less than a cell with fewer points or more losers
    old = make_call_table.read_tables(make_call_table.OUT.read_text())
    made = make_call_table.read_tables(MADE.read_text(), MADE_TABLES)
    for table in (*old, *made):
        assert (make_call_table.monotone(table) == table).all()
        assert (table[1:] >= table[:-1]).all()
        assert (table[:, :-1] >= table[:, 1:]).all()
    # heuristic-v2's column of 0 losers read strength 0's 35.5% (Grand Tichu) however strong the cards
    overwhelming = tf.Cards("Dr Ph Aj As Ap At Kj Ks")  # strength 21, no loser
    one_loser = tf.Cards("Dr Ph Aj As Ap Kj Ks 2j")  # strength 15, 1 loser
    assert _core._heuristic_call_features(overwhelming.mask) == (21, 0)
    chance = _core._heuristic_call_chance(overwhelming.mask, True, "heuristic-v2")
    assert chance >= _core._heuristic_call_chance(one_loser.mask, True, "heuristic-v2") > 460
    assert chance == old[1][20, 0] == 529
    assert _core._heuristic_call_chance(overwhelming.mask, True) == made[1][20, 0] > 600


def test_monotone_raises_each_cell_to_the_best_weaker_one():
    chance = make_call_table.np.array([[500, 300, 200], [100, 400, 100]])  # strength rows, losers columns
    assert make_call_table.monotone(chance).tolist() == [[500, 300, 200], [500, 400, 200]]


def test_the_bots_call_from_their_thresholds():
    # R7.1: the bots answer the Grand Tichu decision from the table with their own threshold
    grand = [s for s in STATES if s.decision == Decision.GRAND_TICHU]
    bold_only = next(
        s
        for s in grand
        if table_call(s, s.current_player, grand_chance=0.3).call and not table_call(s, s.current_player).call
    )
    seat = bold_only.current_player
    for bot, bolder in [
        (ISMCTSBot(iterations=5), ISMCTSBot(iterations=5, grand_chance=0.3)),
        (MonteCarloBot(worlds=2), MonteCarloBot(worlds=2, grand_chance=0.3)),
        (SolverBot(iterations=5), SolverBot(iterations=5, grand_chance=0.3)),
    ]:
        bot.reset(1)
        bolder.reset(1)
        assert bot.act(bold_only, seat).call is False
        assert bolder.act(bold_only, seat).call is True
    # the reference backend: the same answer, as the reference's action
    twin = ReferenceState.from_replay(bold_only.replay())
    bolder = ISMCTSBot(iterations=5, grand_chance=0.3)
    answer = bolder.act(twin, seat)
    assert str(answer) == str(table_call(bold_only, seat, grand_chance=0.3))
    assert twin.is_legal(answer)


def test_the_default_bots_call_as_the_heuristic_at_every_call_decision():
    searcher, flat = ISMCTSBot(iterations=5), MonteCarloBot(worlds=2)
    for state in STATES[:400]:
        usual = policy_action(state, "heuristic", 0, calls=True)
        if state.decision == Decision.PLAY and usual.kind != ActionKind.TICHU:
            continue  # a move, searched
        for bot in (searcher, flat):
            bot.reset(0)
            assert bot.act(state, state.current_player) == usual


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: ISMCTSBot(iterations=5, tichu_chance=-0.1), ValueError),
        (lambda: ISMCTSBot(iterations=5, tichu_chance=1.5), ValueError),
        (lambda: ISMCTSBot(iterations=5, grand_chance=math.nan), ValueError),
        (lambda: ISMCTSBot(iterations=5, grand_chance="0.4"), TypeError),
        (lambda: MonteCarloBot(worlds=2, tichu_chance=True), TypeError),
        (lambda: MonteCarloBot(worlds=2, grand_chance=2), ValueError),
        (lambda: SolverBot(tichu_chance=-1), ValueError),
    ],
)
def test_thresholds_are_checked(make, error):
    with pytest.raises(error):
        make()


def test_specs_take_the_thresholds():
    searcher = make_bot("ismcts:iterations=100,tichu_chance=0.35,grand_chance=0.4")
    assert (searcher.tichu_chance, searcher.grand_chance) == (0.35, 0.4)
    assert "tichu_chance=0.35" in repr(searcher)
    assert "tichu_chance" not in repr(ISMCTSBot(iterations=5))
    flat = make_bot("mc:worlds=4,tichu_chance=0.4")
    assert (flat.tichu_chance, flat.grand_chance) == (0.4, GRAND_CHANCE)
    assert "tichu_chance=0.4" in repr(flat)
    solver = make_bot("solver:iterations=10,grand_chance=0.3")
    assert solver.search.grand_chance == 0.3


def test_only_the_player_in_turn_is_answered():
    state = next(s for s in STATES if s.decision == Decision.TICHU)
    before = state.clone()
    with pytest.raises(ValueError, match="not the player in turn"):
        table_call(state, (state.current_player + 1) % 4)
    with pytest.raises(IndexError):
        table_call(state, 4)
    with pytest.raises(ValueError):
        ISMCTSBot(iterations=5, tichu_chance=0.0).act(state, (state.current_player + 1) % 4)
    assert state == before


def test_the_solver_bot_takes_the_in_play_tichu_from_the_table_in_its_endgame():
    # R7.2: before its first card a seat may call Tichu; with `cards` above 14 SolverBot's endgame meets that decision
    state = next(
        s
        for s in STATES
        if s.decision == Decision.PLAY
        and call_action(s) is not None
        and table_call(s, s.current_player, tichu_chance=0.0) is not None
    )
    seat = state.current_player
    for make, twin in ((lambda: state, False), (lambda: ReferenceState.from_replay(state.replay()), True)):
        bot = SolverBot(cards=56, hidden=42, iterations=5, tichu_chance=0.0)
        bot.reset(1)
        view = make()
        assert bot.endgame(view, seat)
        # Every action solved as equal (a whole hand is too big to solve here): the call must come from the table
        bot.values = lambda s, _seat: {str(a): 0.0 for a in s.legal_actions()}  # type: ignore[method-assign]
        answer = bot.act(view, seat)
        assert answer.kind == ActionKind.TICHU, (twin, answer)


def exchange_states(hands=40):
    """The exchange decisions of `hands` hands of the heuristic, no seat having called."""
    found = []
    for h in range(hands):
        state = tf.HandState.new(h)
        while state.decision != Decision.PLAY:
            if state.decision == Decision.EXCHANGE:
                found.append(state.clone())
            state.apply(policy_action(state, "heuristic", h, calls=False))
    return found


def test_the_push_keeps_the_best_card_only_for_a_hand_the_bot_would_call():
    # R2.2: the push is the heuristic's, which keeps its best card for a hand it would call, by the bot's thresholds
    def pushes(policy, state):
        return policy_action(state, policy, 0, calls=True)

    state = next(s for s in exchange_states() if pushes("heuristic", s) != pushes("heuristic:tichu_chance=999", s))
    seat = state.current_player
    timid, usual = MonteCarloBot(worlds=2, tichu_chance=0.999), MonteCarloBot(worlds=2)
    for bot in (timid, usual):
        bot.reset(1)
    assert timid.heuristic == "heuristic:tichu_chance=999"
    assert timid.act(state, seat) == pushes("heuristic:tichu_chance=999", state)
    assert usual.act(state, seat) == pushes("heuristic", state)
    # with a doubt the thresholds read the doubted chance, as the calls do
    assert (
        make_bot("ismcts:iterations=5,doubt=-1,tichu_chance=0.7").heuristic
        == "heuristic:call_doubt=-100,tichu_chance=700"
    )
    # heuristic-v2's table takes no settings: the frozen members push as they did
    assert make_bot("mc:worlds=2,policy=heuristic-v2,tichu_chance=0.5").heuristic == "heuristic-v2"
    with pytest.raises(ValueError, match="given twice"):
        make_bot("ismcts:iterations=5,policy=heuristic:tichu_chance=500,tichu_chance=0.7")


def test_the_heuristic_bot_calls_exactly_the_hands_table_call_calls_between_whole_per_mille():
    # R7.1: a threshold between two whole per mille (the table's grain) calls as table_call does, not rounded down
    grand = [s for s in STATES if s.decision == Decision.GRAND_TICHU][:40]
    for state in grand:
        seat = state.current_player
        chance = _core._heuristic_call_chance(state.seen(seat).mask, True, "heuristic")
        for threshold in (chance / 1000, (chance + 0.4) / 1000):
            bot = HeuristicBot(grand_chance=threshold)
            bot.reset(0)
            expected = table_call(state, seat, grand_chance=threshold)
            assert expected.call is (threshold * 1000 <= chance)
            assert bot.act(state, seat) == expected


def test_play_doubt_reads_only_a_tichu_called_in_play():
    # R7.2: play_doubt=P takes P hundredths of a logit more off a Tichu's chance in play (on the hand after the
    # exchange), nothing off a Tichu before the exchange or a Grand Tichu
    chance = _core._heuristic_call_chance
    for seed in range(100):
        hand, eight = tf.HandState.new(seed).hands[seed % 4].mask, tf.HandState.new(seed).seen(0).mask
        assert chance(hand, False, "heuristic:play_doubt=55", True) == chance(hand, False, "heuristic:call_doubt=55")
        assert chance(hand, False, "heuristic:call_doubt=-100,play_doubt=55", True) == chance(
            hand, False, "heuristic:call_doubt=-45"
        )
        assert chance(hand, False, "heuristic:play_doubt=55") == chance(hand, False)
        assert chance(eight, True, "heuristic:play_doubt=55", True) == chance(eight, True)


def test_play_doubt_changes_the_calls_in_play_and_no_other():
    # R7.1, R7.2: a bot with play_doubt declines the in-play Tichus whose doubted chance falls below its threshold,
    # the heuristic, table_call and the search bots alike; the calls before the exchange stay
    changed = 0
    for state in STATES:
        seat = state.current_player
        usual = table_call(state, seat)
        doubting = table_call(state, seat, heuristic="heuristic:play_doubt=100")
        heuristic = HeuristicBot(play_doubt=1)
        heuristic.reset(0)
        assert policy_action(state, "heuristic:play_doubt=100", 0, calls=True) == heuristic.act(state, seat)
        if state.decision != Decision.PLAY:
            assert doubting == usual
            continue
        in_play = _core._heuristic_call_chance(state.seen(seat).mask, False, "heuristic", True)
        if usual is not None and state.calls[seat ^ 2] == Call.NONE:
            assert usual.call
            doubted = _core._heuristic_call_chance(state.seen(seat).mask, False, "heuristic:play_doubt=100", True)
            assert in_play >= 1000 * TICHU_CHANCE
            assert (doubting is not None) == (doubted >= 1000 * TICHU_CHANCE)
            if doubting is None:
                changed += 1
                assert not heuristic.act(state, seat).call
    assert changed > 0
    assert (
        make_bot("ismcts:iterations=5,doubt=-1,play_doubt=0.55").heuristic == "heuristic:call_doubt=-100,play_doubt=55"
    )
    assert make_bot("mc:worlds=2,play_doubt=0.5").heuristic == "heuristic:play_doubt=50"
    with pytest.raises(ValueError, match="no doubt"):
        make_bot("ismcts:iterations=5,policy=heuristic-v2,play_doubt=0.5")
