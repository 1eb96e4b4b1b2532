"""R4.4, R4.6, R10.2 through the game API: out-of-turn bomb offers, in the decided order."""

from __future__ import annotations

import pytest

from tichu_fast.rules import Rules

from ..game_helpers import BOMB, PLAY, WISH, acts, position, run, who

# Seat 0 leads the 3j; seats 1, 2, 3 each hold a bomb that beats it (5s < 7s < 9s).
THREE_BOMBS = ["3j 4j", "5j 5s 5p 5t 6j", "7j 7s 7p 7t 8j", "9j 9s 9p 9t 10j"]


def test_offer_order_and_exclusions_through_a_trick(game_backend):
    # R10.2: after each play or pass the offers go, in turn order after the actor, to bomb holders
    # other than the actor, the last play's player and (while the trick goes on) the next in turn.
    b = game_backend
    state = position(b, THREE_BOMBS, 0)
    state.apply("3j")
    # after the lead (actor 0 = last play's player, next is 1): seats 2 then 3
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "7j 7s 7p 7t"}
    state.apply("pass")
    assert who(state) == (BOMB, 3)
    assert acts(state) == {"pass", "9j 9s 9p 9t"}
    state.apply("pass")
    # seat 1 decides in turn; his bomb is one of his normal options (R4.4)
    assert who(state) == (PLAY, 1)
    assert acts(state) == {"pass", "5j", "5s", "5p", "5t", "6j", "5j 5s 5p 5t"}
    run(
        state,
        (PLAY, 1, "pass"),  # actor 1, last play 0, next 2: only seat 3 is asked
        (BOMB, 3, "pass"),
        (PLAY, 2, "pass"),  # actor 2, last play 0, next 3: only seat 1
        (BOMB, 1, "pass"),
        (PLAY, 3, "pass"),  # ends the trick: the last chance, for seats 1 then 2 (not 3, not 0)
        (BOMB, 1, "pass"),
        (BOMB, 2, "pass"),
    )
    assert who(state) == (PLAY, 0)
    assert state.piles[0] == b.Cards("3j")


def test_no_offers_when_bombs_out_of_turn_is_off(game_backend):
    # R10.2: Rules(bombs_out_of_turn=False) restricts bombs to one's own turn: no BOMB decision.
    state = position(game_backend, THREE_BOMBS, 0, rules=Rules(bombs_out_of_turn=False))
    run(state, (PLAY, 0, "3j"))
    assert who(state) == (PLAY, 1)
    assert "5j 5s 5p 5t" in acts(state)  # in turn the bomb is still a normal option
    run(state, (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)


def test_in_turn_bomb_with_offers_off(game_backend):
    # R4.4 with the option: a bomb played in turn; the turn continues after the bomber.
    state = position(game_backend, THREE_BOMBS, 0, rules=Rules(bombs_out_of_turn=False))
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "5j 5s 5p 5t"))
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"pass", "7j 7s 7p 7t"}


def test_no_offer_on_ones_own_last_play(game_backend):
    # R4.4 / R10.2: seat 0's Kings beat his own 3j, but he is never offered to bomb himself.
    b = game_backend
    state = position(b, ["3j Kj Ks Kp Kt", "4s", "5p", "6t"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)
    assert state.piles[0] == b.Cards("3j")


def test_players_whose_bomb_does_not_beat_the_table_are_not_asked(game_backend):
    # R10.2: only a bomb that beats the table is offered; a 5-bomb does not beat a 7-bomb.
    state = position(game_backend, ["7j 7s 7p 7t 3j", "4s", "5j 5s 5p 5t", "6t"], 0)
    run(state, (PLAY, 0, "7j 7s 7p 7t"))
    assert who(state) == (PLAY, 1)


def test_bomb_on_the_partners_trick(game_backend):
    # R4.4: a bomb may be played on the partner's combination; the turn goes on after the bomber.
    state = position(game_backend, ["3j 4j", "5s 6s", "7j 7s 7p 7t 8p", "9t 10t"], 0)
    run(state, (PLAY, 0, "3j"), (BOMB, 2, "7j 7s 7p 7t"))
    assert who(state) == (PLAY, 3)
    assert str(state.table) == "7j 7s 7p 7t"
    assert state.table_player == 2
    assert acts(state) == {"pass"}


def test_turn_continues_after_the_bomber_skipping_the_player_who_was_next(game_backend):
    # R4.4: seat 3 bombs while seat 1 was next; the turn continues at seat 0 (3 + 1), not seat 1.
    b = game_backend
    state = position(b, ["3j 4j", "5s 6s", "8p 10p", "9j 9s 9p 9t 10t"], 0)
    run(
        state,
        (PLAY, 0, "3j"),
        (BOMB, 3, "9j 9s 9p 9t"),
        (PLAY, 0, "pass"),
        (PLAY, 1, "pass"),
        (PLAY, 2, "pass"),
    )
    assert who(state) == (PLAY, 3)
    assert state.piles[3] == b.Cards("3j 9j 9s 9p 9t")


def test_bomber_goes_out_and_the_lead_goes_to_the_next_holder(game_backend):
    # R4.4 / R5.4: seat 2 bombs with his last cards; the trick is his, seat 3 leads next.
    b = game_backend
    state = position(b, ["3j 4j", "5s 6s", "7j 7s 7p 7t", "9t 10t"], 0)
    run(state, (PLAY, 0, "3j"), (BOMB, 2, "7j 7s 7p 7t"))
    assert tuple(state.out_order) == (2,)
    run(state, (PLAY, 3, "pass"), (PLAY, 0, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 3)
    assert state.piles[2] == b.Cards("3j 7j 7s 7p 7t")


def test_bomb_chain(game_backend):
    # R4.2 / R4.4 / R10.2: each bomb starts a new round of offers after the bomber.
    b = game_backend
    state = position(b, ["3j 4j", "Jj Js Jp Jt 6j", "7j 7s 7p 7t 8p", "9j 9s 9p 9t 10t"], 0)
    run(state, (PLAY, 0, "3j"))
    assert who(state) == (BOMB, 2)  # seat 1 is next: not asked
    state.apply("7j 7s 7p 7t")
    # the new round after seat 2: seat 3 is next now (not asked); seat 1's Jacks beat the 7s
    assert who(state) == (BOMB, 1)
    assert acts(state) == {"pass", "Jj Js Jp Jt"}
    state.apply("Jj Js Jp Jt")
    # after seat 1: seat 2 is next; seat 3's 9s do not beat the Jacks: nobody is asked
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"pass"}
    run(state, (PLAY, 2, "pass"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
    assert who(state) == (PLAY, 1)
    assert state.piles[1] == b.Cards("3j 7j 7s 7p 7t Jj Js Jp Jt")


@pytest.mark.parametrize("bomb", [True, False])
def test_last_chance_offer_after_the_trick_ending_pass(game_backend, bomb):
    # R10.2: the pass that ends the trick is followed by offers, the last chance before it is taken.
    b = game_backend
    state = position(b, ["3j 4j", "5j 5s 5p 5t 6j", "8p 10p", "9t 10t"], 0)
    run(
        state,
        (PLAY, 0, "3j"),  # seat 1 is next: not asked
        (PLAY, 1, "pass"),  # seat 1 is the actor: not asked
        (PLAY, 2, "pass"),
        (BOMB, 1, "pass"),
        (PLAY, 3, "pass"),  # every other holder has passed
    )
    assert who(state) == (BOMB, 1)
    if bomb:
        state.apply("5j 5s 5p 5t")  # the trick goes on, from the seat after the bomber
        run(state, (PLAY, 2, "pass"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
        assert who(state) == (PLAY, 1)
        assert state.piles[1] == b.Cards("3j 5j 5s 5p 5t")
    else:
        state.apply("pass")
        assert who(state) == (PLAY, 0)
        assert state.piles[0] == b.Cards("3j")


def test_last_chance_goes_to_the_seat_that_would_lead_next(game_backend):
    # R10.2: after the trick-ending pass "the player whose turn is next" is nobody; seat 0 went out
    # with the 3j, so seat 1 would lead next, and is still offered the last chance.
    b = game_backend
    state = position(b, ["3j", "5j 5s 5p 5t 6j", "8p 10p", "9t 10t"], 0)
    run(state, (PLAY, 0, "3j"))
    assert tuple(state.out_order) == (0,)
    run(state, (PLAY, 1, "pass"), (PLAY, 2, "pass"), (BOMB, 1, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (BOMB, 1)
    state.apply("pass")
    assert who(state) == (PLAY, 1)  # R5.4: the next holder after seat 0 leads
    assert state.piles[0] == b.Cards("3j")


def test_offer_comes_after_the_wish(game_backend):
    # R10.1 / docs step 5: the wish is decided first, then the offers; out of turn the wish does
    # not bind (R4.6), in turn it does (R6.3).
    state = position(game_backend, ["MJ 3j", "4s 5s", "9j 9s 9p 9t 6p", "7t 8t"], 0)
    run(state, (PLAY, 0, "MJ"))
    assert who(state) == (WISH, 0)
    state.apply("wish 9")
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "9j 9s 9p 9t"}
    run(state, (BOMB, 2, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"9j", "9s", "9p", "9t", "9j 9s 9p 9t"}


def test_wish_forces_a_bomb_in_turn_but_not_out_of_turn(game_backend):
    # R4.6 / R6.3 (appendix): the 7-bomb is the only play holding a 7 that beats the King.
    state = position(game_backend, ["Kj 3s", "2j 4s", "7j 7s 7p 7t 3j", "5j 6s"], 0, wish=7)
    run(state, (PLAY, 0, "Kj"))
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "7j 7s 7p 7t"}  # out of turn: may decline
    run(state, (BOMB, 2, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"7j 7s 7p 7t"}  # in turn: compulsory, no pass
    state.apply("7j 7s 7p 7t")
    assert state.wish is None
    assert who(state) == (PLAY, 3)


def test_wish_forbids_a_bomb_without_the_wished_rank_in_turn(game_backend):
    # R6.3 / R4.6 (appendix): out of turn the 9-bomb is offered; in turn the 7j is compulsory.
    state = position(game_backend, ["3s 4s", "2j 2s", "7j 9j 9s 9p 9t", "5t 6t"], 0, wish=7)
    run(state, (PLAY, 0, "3s"))
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "9j 9s 9p 9t"}
    run(state, (BOMB, 2, "pass"), (PLAY, 1, "pass"))
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"7j"}


def test_out_of_turn_bomb_does_not_need_to_fulfil_the_wish(game_backend):
    # R4.6: seat 2 holds a 7 but bombs with the 9s out of turn; the wish stays in force.
    state = position(game_backend, ["3s 4s", "2j 2s", "7j 9j 9s 9p 9t", "5t 6t"], 0, wish=7)
    run(state, (PLAY, 0, "3s"), (BOMB, 2, "9j 9s 9p 9t"))
    assert state.wish == 7
    assert who(state) == (PLAY, 3)


def test_straight_flush_offered_on_a_four_of_a_kind(game_backend):
    # R4.2 / R10.2: a straight flush beats every four-of-a-kind, so it is offered on one.
    state = position(game_backend, ["Aj As Ap At 3j", "4s", "2p 3p 4p 5p 6p 8t", "7t"], 0)
    run(state, (PLAY, 0, "Aj As Ap At"))
    assert who(state) == (BOMB, 2)
    assert acts(state) == {"pass", "2p 3p 4p 5p 6p"}


@pytest.mark.parametrize(("single", "offered"), [("6j", True), ("5j", False)])
def test_a_bomb_broken_by_its_holders_play_is_no_longer_offered(game_backend, single, offered):
    # R10.2: only a hand that still holds a bomb is asked. Seat 1 answers with a single: the 6j keeps
    # his four 5s, the 5j breaks them; after seat 2's 8j (seat 3 next in turn) only seat 1 could be asked.
    state = position(game_backend, THREE_BOMBS, 0)
    run(state, (PLAY, 0, "3j"), (BOMB, 2, "pass"), (BOMB, 3, "pass"), (PLAY, 1, single), (BOMB, 3, "pass"))
    run(state, (PLAY, 2, "8j"))
    assert who(state) == ((BOMB, 1) if offered else (PLAY, 3))
