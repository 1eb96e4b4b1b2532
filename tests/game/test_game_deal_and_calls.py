"""R2.1-R2.3, R7.1, R7.2, R10.1 through the game API: the deal, the calls, the exchange, the first lead."""

from __future__ import annotations

import pytest

from tichu_fast.errors import IllegalMoveError, TichuError

from ..game_helpers import (
    AFTER_EXCHANGE,
    BOMB,
    DEAL,
    EXCHANGE,
    GRAND,
    GT,
    PLAY,
    PUSHES,
    TI,
    TICHU,
    WISH,
    N,
    acts,
    deal_lists,
    first8,
    from_deal,
    position,
    run,
    to_play,
    who,
)

# --- R2.1: the deal -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_new_deals_the_shuffled_deck(game_backend, seed):
    # R2.1 / docs: seat s gets shuffled_deck(seed)[14s:14s+14], the first 8 seen before Grand Tichu.
    b = game_backend
    deck = b.shuffled_deck(seed)
    state = b.HandState.new(seed)
    assert who(state) == (GRAND, 0)
    for s in range(4):
        assert state.hands[s] == b.Cards(deck[14 * s : 14 * s + 14])
        assert state.seen(s) == b.Cards(deck[14 * s : 14 * s + 8])
    assert tuple(state.hands) == tuple(b.deal(seed))


def test_from_deal_hands_and_seen(game_backend):
    # R2.1: during GRAND_TICHU a seat's hand is all 14 dealt cards; it has seen its first 8.
    b = game_backend
    state = from_deal(b)
    for s in range(4):
        assert state.hands[s] == b.Cards(deal_lists()[s])
        assert state.seen(s) == b.Cards(first8(DEAL, s))


# --- R10.1 / R2.1: the order of decisions ------------------------------------------


def test_decision_order_without_calls(game_backend):
    # R10.1: Grand Tichu 0..3, Tichu 0..3, exchange 0..3, then the Mah Jong holder plays.
    state = from_deal(game_backend)
    steps = [(GRAND, s, "no grand tichu") for s in range(4)]
    steps += [(TICHU, s, "no tichu") for s in range(4)]
    steps += [(EXCHANGE, s, PUSHES[s]) for s in range(4)]
    run(state, *steps)
    assert who(state) == (PLAY, 1)  # R2.3: seat 0 pushed the Mah Jong to seat 1


def test_grand_tichu_actions(game_backend):
    # R7.1 / docs: the Grand Tichu decision is yes or no, for every seat in turn.
    state = from_deal(game_backend)
    for s in range(4):
        assert who(state) == (GRAND, s)
        assert acts(state) == {"grand tichu", "no grand tichu"}
        state.apply("no grand tichu")
    assert acts(state) == {"tichu", "no tichu"}


def test_both_partners_may_call_grand_tichu(game_backend):
    # R7 / appendix: seats 0 and 2 both call Grand Tichu; the Tichu round skips them (R7.2, R10.1).
    state = from_deal(game_backend)
    run(state, (GRAND, 0, "grand tichu"), (GRAND, 1, "no grand tichu"))
    assert "grand tichu" in acts(state)  # the partner of a caller may call too
    run(state, (GRAND, 2, "grand tichu"), (GRAND, 3, "no grand tichu"))
    assert tuple(state.calls) == (GT, N, GT, N)
    run(state, (TICHU, 1, "no tichu"), (TICHU, 3, "no tichu"))
    assert who(state) == (EXCHANGE, 0)


def test_all_four_may_call_grand_tichu(game_backend):
    # R7.1 / R10.1: with four Grand callers there is no Tichu decision at all.
    state = from_deal(game_backend)
    run(state, *[(GRAND, s, "grand tichu") for s in range(4)])
    assert tuple(state.calls) == (GT, GT, GT, GT)
    assert who(state) == (EXCHANGE, 0)


def test_grand_tichu_is_decided_on_eight_cards(game_backend):
    # R2.1 / R7.1: during the whole Grand Tichu round every seat knows only its first 8 cards;
    # then each receives its other 6 (R7.2: the Tichu decision is on 14 cards).
    b = game_backend
    state = from_deal(b)
    for decider in range(4):
        assert who(state) == (GRAND, decider)
        for s in range(4):
            assert b.Cards(list(state.observation(s).hand)) == b.Cards(first8(DEAL, s))
        state.apply("no grand tichu")
    assert who(state) == (TICHU, 0)
    for s in range(4):
        assert b.Cards(list(state.observation(s).hand)) == b.Cards(deal_lists()[s])


def test_grand_tichu_sees_earlier_calls(game_backend):
    # R2.1: each seat sees the calls made before it.
    state = from_deal(game_backend)
    state.apply("grand tichu")
    assert who(state) == (GRAND, 1)
    assert tuple(state.observation(1).calls) == (GT, N, N, N)
    state.apply("no grand tichu")
    assert tuple(state.observation(2).calls) == (GT, N, N, N)


# --- R7.2: Tichu before the exchange ----------------------------------------------------


def test_tichu_before_the_exchange(game_backend):
    # R7.2 / R10.1: every non-Grand seat decides Tichu before the exchange; the call is recorded.
    state = from_deal(game_backend)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)])
    assert acts(state) == {"tichu", "no tichu"}
    run(state, (TICHU, 0, "no tichu"), (TICHU, 1, "tichu"), (TICHU, 2, "no tichu"), (TICHU, 3, "tichu"))
    assert tuple(state.calls) == (N, TI, N, TI)
    assert who(state) == (EXCHANGE, 0)


def test_callers_cannot_call_again_in_play(game_backend):
    # R7.2: seat 1 called Tichu before the exchange, seat 0 Grand Tichu: neither may call in play;
    # seat 3 did not call and has played no card: he may.
    state = to_play(from_deal(game_backend), grand=(True, False, False, False), tichu=(False, True, False, False))
    assert tuple(state.calls) == (GT, TI, N, N)
    assert who(state) == (PLAY, 1)
    assert "tichu" not in acts(state)
    run(state, (PLAY, 1, "Dog"))  # R5.6: the partner, seat 3, leads
    assert who(state) == (PLAY, 3)
    assert "tichu" in acts(state)
    run(state, (PLAY, 3, "2p"))
    assert who(state) == (PLAY, 0)
    assert "tichu" not in acts(state)  # the Grand Tichu caller


def test_grand_caller_cannot_call_tichu_from_position(game_backend):
    # R7.2: a player who called Grand Tichu may not call Tichu, even before his first card.
    calls = (GT, N, N, N)
    state = position(game_backend, ["3j 4j", "5s 6s", "7p 8p", "9t 10t"], 0, calls=calls, played=())
    assert acts(state) == {"3j", "4j"}


# --- R2.2: the exchange -------------------------------------------------------------------


def test_exchange_actions_are_three_distinct_held_cards(game_backend):
    # R2.2: a push is 3 distinct cards of the seat's 14, in order (p+1, p+2, p+3): 14 * 13 * 12.
    b = game_backend
    state = from_deal(b)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
    assert who(state) == (EXCHANGE, 0)
    texts = acts(state)
    assert len(texts) == 14 * 13 * 12
    held = set(deal_lists()[0])
    for t in texts:
        word, *names = t.split()
        assert word == "push"
        assert len(names) == 3
        assert len(set(names)) == 3
        assert set(names) <= held
    assert "push MJ 2j 3s" in texts
    assert "push 3s 2j MJ" in texts


def test_exchange_moves_no_card_until_all_four_chose(game_backend):
    # R2.2: choices are secret and simultaneous; no card moves before the fourth push.
    b = game_backend
    state = from_deal(b)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
    dealt = tuple(b.Cards(h) for h in deal_lists())
    for s in range(3):
        run(state, (EXCHANGE, s, PUSHES[s]))
        assert tuple(state.hands) == dealt
        for p in range(4):
            assert state.observation(p).received is None
    run(state, (EXCHANGE, 3, PUSHES[3]))
    assert tuple(state.hands) == tuple(b.Cards(h) for h in AFTER_EXCHANGE)
    assert tuple(state.pushed) == tuple(tuple(p.split()[1:]) for p in PUSHES)


def test_exchange_choice_is_secret(game_backend):
    # R2.2 / R10.3: what seat 0 chose is not visible to seat 1 before the exchange ends.
    b = game_backend
    observations = []
    for push in ("push MJ 2j 3s", "push Aj Kt Qp"):
        state = from_deal(b)
        run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
        run(state, (EXCHANGE, 0, push))
        assert who(state) == (EXCHANGE, 1)
        observations.append((state.observation(1), state.observation(2), state.observation(3)))
    assert observations[0] == observations[1]


@pytest.mark.parametrize(
    "bad",
    [
        "push Dog 2j 3s",  # the Dog is seat 1's
        "push MJ 2j",  # two cards
        "push MJ 2j 3s 4p",  # four cards
    ],
)
def test_bad_push_is_refused(game_backend, bad):
    # R2.2: a push must be 3 of the seat's own cards; a refused push changes nothing.
    state = from_deal(game_backend)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
    before = state.clone()
    with pytest.raises(TichuError):
        state.apply(bad)
    assert state == before


def test_push_of_a_card_not_held_is_illegal(game_backend):
    # R2.2 / docs: readable text, but seat 0 does not hold the Dog: IllegalMoveError.
    state = from_deal(game_backend)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
    with pytest.raises(IllegalMoveError):
        state.apply("push Dog 2j 3s")


def test_push_of_a_repeated_card_is_refused(game_backend):
    # R2.2: the 3 cards are distinct.
    state = from_deal(game_backend)
    run(state, *[(GRAND, s, "no grand tichu") for s in range(4)], *[(TICHU, s, "no tichu") for s in range(4)])
    before = state.clone()
    with pytest.raises(TichuError):
        state.apply("push 2j 2j 3s")
    assert state == before


# --- R2.3: the Mah Jong holder leads -------------------------------------------------------


@pytest.mark.parametrize(
    ("push0", "leader"),
    [
        ("push MJ 2j 3s", 1),  # the Mah Jong went to seat 1
        ("push 2j MJ 3s", 2),  # to seat 2
        ("push 2j 3s MJ", 3),  # to seat 3
        ("push 2j 3s 4p", 0),  # kept
    ],
)
def test_mah_jong_holder_after_the_exchange_leads(game_backend, push0, leader):
    # R2.3: the holder of the Mah Jong after the exchange leads the first trick.
    state = to_play(from_deal(game_backend), pushes=(push0, *PUSHES[1:]))
    assert who(state) == (PLAY, leader)
    assert "MJ" in state.hands[leader]
    assert state.table is None
    assert "pass" not in acts(state)  # R5.1


def test_first_lead_need_not_be_the_mah_jong(game_backend):
    # R2.3: seat 1 holds the Mah Jong and may lead anything else, the Dog too.
    state = to_play(from_deal(game_backend))
    texts = acts(state)
    assert {"MJ", "Dog", "3j", "3j 4j 5j 6s 7p", "tichu"} <= texts
    state.apply("9j")
    assert who(state) == (PLAY, 2)  # no wish: the Mah Jong was not played (R6.1)
    assert state.wish is None


# --- R7.2 / R10.1: Tichu in play ----------------------------------------------------------------


def test_tichu_in_play_then_the_player_decides_again(game_backend):
    # R7.2 / R10.1: before his first card the player in turn may call Tichu; he then decides again,
    # with the same moves and without the call.
    state = to_play(from_deal(game_backend))
    assert who(state) == (PLAY, 1)
    before = acts(state)
    assert "tichu" in before
    state.apply("tichu")
    assert who(state) == (PLAY, 1)
    assert tuple(state.calls) == (N, TI, N, N)
    assert acts(state) == before - {"tichu"}
    assert state.table is None


def test_passing_keeps_the_right_to_call(game_backend):
    # R7.2: passing is not playing. Seat 2 passes, later plays; only then is the call gone.
    state = to_play(from_deal(game_backend))
    run(state, (PLAY, 1, "MJ"), (WISH, 1, "no wish"))
    assert who(state) == (PLAY, 2)
    assert "tichu" in acts(state)
    run(state, (PLAY, 2, "pass"), (PLAY, 3, "2p"))
    assert "tichu" in acts(state)  # seat 0 has not played either
    run(state, (PLAY, 0, "pass"), (PLAY, 1, "3j"))
    assert who(state) == (PLAY, 2)
    assert "tichu" in acts(state)  # seat 2 passed once: the right is kept
    run(state, (PLAY, 2, "4s"), (PLAY, 3, "pass"), (PLAY, 0, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 2)  # seat 2 won the trick and leads
    assert "tichu" not in acts(state)  # he has played a card


def test_the_dog_ends_the_right_to_call(game_backend):
    # R7.2: the Dog counts as playing a card.
    state = to_play(from_deal(game_backend))
    run(state, (PLAY, 1, "Dog"), (PLAY, 3, "2p"), (PLAY, 0, "pass"))
    assert who(state) == (PLAY, 1)
    assert "tichu" not in acts(state)


def test_a_bomb_ends_the_right_to_call(game_backend):
    # R7.2: an out-of-turn bomb counts as playing; the offer itself never includes the call.
    hands = ["3j 5s", "4j 6s", "9j 9s 9p 9t 2s", "7j 8s"]
    state = position(game_backend, hands, 0, played=())
    assert acts(state) == {"tichu", "3j", "5s"}
    run(state, (PLAY, 0, "3j"))
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "9j 9s 9p 9t"}
    run(state, (BOMB, 2, "9j 9s 9p 9t"))
    assert who(state) == (PLAY, 3)  # R4.4: the turn continues after the bomber
    assert "tichu" in acts(state)  # seat 3 has played nothing
    run(state, (PLAY, 3, "pass"), (PLAY, 0, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"2s"}  # no call after the bomb
