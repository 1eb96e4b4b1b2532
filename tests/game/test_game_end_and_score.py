"""R8.1-R8.5 and R7.3 through the game API: the end of a hand and its score."""

from __future__ import annotations

import pytest

from tichu_fast.errors import IllegalMoveError

from ..game_helpers import (
    BOMB,
    GIFT,
    GT,
    OVER,
    PLAY,
    TI,
    N,
    acts,
    call_bonus,
    play_out,
    points,
    position,
    run,
    who,
)


def assert_over(state, out_order, returns):
    assert who(state) == (OVER, -1)
    assert state.is_terminal()
    assert tuple(state.out_order) == out_order
    assert tuple(state.returns()) == returns


# --- R8.1 / R8.2 / R8.3: double victory -------------------------------------------------


def test_one_two_ends_the_hand_mid_trick_without_offers(game_backend):
    # R8.1: seat 2 goes out after his partner: the hand ends at once; seat 3's 9-bomb, which beats
    # the Ace, is not offered (it was offered on the 3j, while the hand went on).
    state = position(game_backend, ["", "3j 4j", "Aj", "9j 9s 9p 9t 5s"], 1, out_order=(0,))
    run(state, (PLAY, 1, "3j"), (BOMB, 3, "pass"), (PLAY, 2, "Aj"))
    assert_over(state, (0, 2), (200, 0))  # R8.3


@pytest.mark.parametrize(
    ("calls", "returns"),
    [
        ((N, N, N, N), (200, 0)),
        ((N, TI, N, N), (200, -100)),
        ((GT, N, N, N), (400, 0)),  # seat 0 went out first
        ((N, N, GT, N), (0, 0)),  # seat 2 went out second: his Grand Tichu fails
    ],
)
def test_one_two_with_the_dragon_asks_no_gift(game_backend, calls, returns):
    # R8.2: after a double victory nothing is counted, so the Dragon trick is not given away.
    state = position(game_backend, ["", "3j 4j", "Dr", "5s 6s"], 1, out_order=(0,), calls=calls)
    run(state, (PLAY, 1, "3j"), (PLAY, 2, "Dr"))
    assert_over(state, (0, 2), returns)


def test_one_two_with_the_dog(game_backend):
    # R8.1 / R5.6: seat 0 leads his last card, the Dog, after his partner: a double victory.
    state = position(game_backend, ["Dog", "4s", "", "7t"], 0, out_order=(2,))
    run(state, (PLAY, 0, "Dog"))
    assert_over(state, (2, 0), (200, 0))


@pytest.mark.parametrize(
    ("calls", "returns"),
    [
        ((N, N, N, N), (200, 0)),
        ((TI, N, N, N), (100, 0)),  # R7.3: the partner went out first, seat 0's call fails
        ((N, N, TI, N), (300, 0)),
        ((N, N, GT, N), (400, 0)),
        ((GT, N, N, N), (0, 0)),
        ((TI, N, GT, N), (300, 0)),
        ((N, TI, N, GT), (200, -300)),
        ((GT, GT, GT, GT), (200, -400)),
    ],
)
def test_calls_on_top_of_a_double_victory(game_backend, calls, returns):
    # R8.3 / R7.1-R7.3: 200 / 0, each call settled separately for its caller.
    state = position(game_backend, ["Aj", "3j", "", "4j"], 0, out_order=(2,), calls=calls)
    run(state, (PLAY, 0, "Aj"))
    assert_over(state, (2, 0), returns)


def test_mah_jong_that_ends_the_hand_asks_no_wish(game_backend):
    # R8.2: seat 2 goes out with the Mah Jong as third: no WISH. Tailender 3's 5s goes to team 0.
    state = position(game_backend, ["", "", "MJ", "4j 5s"], 2, out_order=(0, 1))
    run(state, (PLAY, 2, "MJ"))
    assert state.wish is None
    assert_over(state, (0, 1, 2), (5, 0))


def test_mah_jong_one_two_asks_no_wish(game_backend):
    # R8.1 / R8.2: the Mah Jong completes a double victory: no wish, no offer.
    state = position(game_backend, ["", "4j", "MJ", "5j 5s 5p 5t"], 2, out_order=(0,))
    run(state, (PLAY, 2, "MJ"))
    assert_over(state, (0, 2), (200, 0))


# --- R8.1 / R8.2 / R8.4: one player left ------------------------------------------------------


def test_cards_on_the_table_at_the_end_are_counted(game_backend):
    # R8.1 / R8.2 / R8.4: seat 3 goes out with the Kj on seat 2's 5j; only seat 2 holds cards.
    # The table (5j Kj = 15) goes to seat 3. The tailender 2's hand (Ks ... = 10) goes to team 1,
    # his pile (5s 10s = 15) to seat 1, who went out first. Team 0 keeps only seat 0's 10j.
    b = game_backend
    hands = ["", "", "5j Ks 9j 9s 9p 9t", "Kj"]
    piles = ["10j", "", "5s 10s", ""]
    state = position(b, hands, 2, out_order=(1, 0), piles=piles)
    run(state, (PLAY, 2, "5j"))
    assert acts(state) == {"pass", "Kj"}
    run(state, (PLAY, 3, "Kj"))  # seat 2's 9-bomb would beat the King: no offer, the hand is over
    assert_over(state, (1, 0, 3), (10, 15 + 10 + 15))
    assert b.Cards("5j Kj") <= state.piles[3]


@pytest.mark.parametrize(
    ("out_order", "returns"),
    [
        # tailender 3 (team 1): his hand Ks (10) goes to team 0; his pile (5s) to the first out
        ((0, 1), (5 + 10 + 10 + 5, 10)),  # seat 0: the pile changes team
        ((1, 0), (5 + 10 + 10, 10 + 5)),  # seat 1: his partner, the pile stays in team 1
    ],
)
def test_tailenders_hand_and_pile(game_backend, out_order, returns):
    # R8.4: seat 2 leads his last card; seat 3 is the tailender.
    hands = ["", "", "3j", "Ks 4j"]
    piles = ["5j", "10j", "Kj", "5s"]
    state = position(game_backend, hands, 2, out_order=out_order, piles=piles)
    run(state, (PLAY, 2, "3j"))
    assert_over(state, (*out_order, 2), returns)


@pytest.mark.parametrize(("gift_to", "returns"), [(1, (25 + 10, 0)), (3, (10, 25))])
def test_dragon_trick_given_to_the_tailender(game_backend, gift_to, returns):
    # R8.2 / R5.5 / R8.4: seat 2 ends the hand with the Dragon; the gift is still asked, and no
    # bomb is offered (seat 1's 9s would beat it). Given to seat 1, the tailender, the Dragon goes
    # on with his pile to seat 0, who went out first; his hand (Kj = 10) goes to team 0 either way.
    state = position(game_backend, ["", "Kj 9j 9s 9p 9t", "Dr", ""], 2, out_order=(0, 3))
    run(state, (PLAY, 2, "Dr"))
    assert who(state) == (GIFT, 2)
    assert acts(state) == {"give 1", "give 3"}
    assert not state.is_terminal()
    with pytest.raises(ValueError):
        state.returns()
    state.apply(f"give {gift_to}")
    assert_over(state, (0, 3, 2), returns)


@pytest.mark.parametrize(
    ("calls", "returns"),
    [
        ((N, TI, N, N), (10, 140)),  # seat 1 went out first: +100
        ((GT, N, N, TI), (-190, -60)),  # both failed
        ((N, N, TI, N), (-90, 40)),
    ],
)
def test_calls_on_top_of_card_points(game_backend, calls, returns):
    # R7.1-R7.3 / R8.4: the position of test_cards_on_the_table_at_the_end_are_counted (10 / 40).
    hands = ["", "", "5j Ks 9j 9s 9p 9t", "Kj"]
    piles = ["10j", "", "5s 10s", ""]
    state = position(game_backend, hands, 2, out_order=(1, 0), piles=piles, calls=calls)
    run(state, (PLAY, 2, "5j"), (PLAY, 3, "Kj"))
    assert_over(state, (1, 0, 3), returns)


def test_nothing_can_be_applied_after_the_end(game_backend):
    # R8.1: no further play once the hand is over.
    state = position(game_backend, ["Aj", "3j", "", "4j"], 0, out_order=(2,))
    run(state, (PLAY, 0, "Aj"))
    assert state.is_terminal()
    before = state.clone()
    for text in ("pass", "3j", "give 1", "no wish"):
        with pytest.raises(IllegalMoveError):
            state.apply(text)
    assert state == before


def test_returns_before_the_end_raises(game_backend):
    # docs: returns() raises ValueError before the end.
    state = position(game_backend, ["3j", "4j", "5j", "6j"], 0)
    with pytest.raises(ValueError):
        state.returns()


# --- R8.5: the whole deck ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_finished_hand_card_points_add_up_to_100(game_backend, seed):
    # R8.3-R8.5 / R7: random full hands. Without the calls, a double victory is 200 / 0 and any
    # other ending splits the deck's 100 card points.
    state = play_out(game_backend.HandState.new(seed), seed)
    out_order = tuple(state.out_order)
    bonus = call_bonus(state.calls, out_order)
    t0, t1 = (r - c for r, c in zip(state.returns(), bonus, strict=True))
    if len(out_order) == 2:
        assert out_order[0] % 2 == out_order[1] % 2
        assert (t0, t1) == ((200, 0) if out_order[0] % 2 == 0 else (0, 200))
    else:
        assert len(out_order) == 3
        assert t0 + t1 == 100
        tail = ({0, 1, 2, 3} - set(out_order)).pop()
        assert len(state.hands[tail]) > 0
        first = out_order[0]
        # R8.4 by hand from the final piles and the tailender's hand
        team = [0, 0]
        for s in range(4):
            team[(first if s == tail else s) % 2] += points(state.piles[s])
        team[1 - tail % 2] += points(state.hands[tail])
        assert (t0, t1) == tuple(team)
