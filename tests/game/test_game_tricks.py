"""R5.1-R5.7, R6.1, R6.2 across tricks: leads, passes, the end of a trick, the Dog, the Dragon, the wish."""

from __future__ import annotations

import pytest

from tichu_fast.errors import IllegalMoveError

from ..game_helpers import BOMB, GIFT, PLAY, WISH, WISH_TEXTS, acts, position, run, who

# --- R5.1 / R5.2: leading and responding -------------------------------------------


def test_leader_cannot_pass(game_backend):
    # R5.1: the leader plays any combination or the Dog; "pass" is not offered and is refused.
    state = position(game_backend, ["Dog 3j 3s 9p", "4j", "5j", "6j"], 0)
    assert who(state) == (PLAY, 0)
    assert acts(state) == {"Dog", "3j", "3s", "9p", "3j 3s"}
    before = state.clone()
    with pytest.raises(IllegalMoveError):
        state.apply("pass")
    assert state == before


def test_leader_may_lead_a_bomb(game_backend):
    # R5.1 / R4.3: a bomb can be led.
    state = position(game_backend, ["5j 5s 5p 5t 3j", "4j", "6j", "7j"], 0)
    assert "5j 5s 5p 5t" in acts(state)
    state.apply("5j 5s 5p 5t")
    assert str(state.table) == "5j 5s 5p 5t"
    assert state.table_player == 0
    assert who(state) == (PLAY, 1)


def test_responder_same_type_and_length_higher_rank(game_backend):
    # R5.2: on a pair of 3s: a higher pair or pass; no single, no lower pair.
    state = position(game_backend, ["3j 3s 9p", "2j 2s 4j 4s Kj Ks 9j", "5p 6p", "7t 8t"], 0)
    run(state, (PLAY, 0, "3j 3s"))
    assert who(state) == (PLAY, 1)
    assert acts(state) == {"pass", "4j 4s", "Kj Ks"}
    with pytest.raises(IllegalMoveError):
        state.apply("9j")


# --- R5.3 / R5.4: passing and the end of a trick ------------------------------------------


def test_passing_does_not_leave_the_trick(game_backend):
    # R5.3: seat 1 passes, and plays when his turn comes round again in the same trick.
    state = position(game_backend, ["3j 4j", "5s Ks", "7p 8p", "9t 10t"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "pass"), (PLAY, 2, "7p"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
    assert who(state) == (PLAY, 1)
    assert acts(state) == {"pass", "Ks"}
    state.apply("Ks")
    assert state.table_player == 1
    assert state.trick == game_backend.Cards("3j 7p Ks")


def test_trick_ends_when_all_others_passed(game_backend):
    # R5.4: after the third pass the trick goes to the last play's player, who leads.
    b = game_backend
    state = position(b, ["9j 3j", "4s 2s", "5p 2p", "6t 2t"], 0)
    run(state, (PLAY, 0, "9j"), (PLAY, 1, "pass"), (PLAY, 2, "pass"))
    assert who(state) == (PLAY, 3)
    assert str(state.table) == "9j"  # two passes do not end it
    state.apply("pass")
    assert who(state) == (PLAY, 0)
    assert state.table is None
    assert state.table_player == -1
    assert state.trick == b.Cards("")
    assert state.piles[0] == b.Cards("9j")
    assert state.leader == 0


def test_seats_out_are_skipped(game_backend):
    # R5.7 / R5.4: seat 2 is out: the turn goes from 1 to 3, and two passes end the trick.
    b = game_backend
    state = position(b, ["9j 3j", "4s 5s", "", "6t 7t"], 0, out_order=(2,))
    run(state, (PLAY, 0, "9j"), (PLAY, 1, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)
    assert state.piles[0] == b.Cards("9j")


def test_player_is_out_after_his_last_card(game_backend):
    # R5.7: seat 1 plays his last card and is out; turn order skips him from then on.
    b = game_backend
    state = position(b, ["3j 4j 2j", "Aj", "5s 6s", "7p 8p"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "Aj"))
    assert tuple(state.out_order) == (1,)
    assert state.hands[1] == b.Cards("")
    assert who(state) == (PLAY, 2)


def test_lead_after_the_winner_went_out_goes_to_next_holder_not_partner(game_backend):
    # R5.4 (appendix): seat 1 wins the trick with his last card; seat 2 leads next, not partner 3.
    b = game_backend
    state = position(b, ["3j 4j", "Aj", "5s 6s", "7p 8p"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "Aj"), (PLAY, 2, "pass"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
    assert who(state) == (PLAY, 2)
    assert state.piles[1] == b.Cards("3j Aj")
    assert state.table is None


def test_lead_after_the_winner_went_out_skips_seats_out(game_backend):
    # R5.4 / R5.7: seat 3 wins with his last card; seat 0 is out, so the next holder is seat 1.
    b = game_backend
    state = position(b, ["", "3j 4j", "5s 6s", "Aj"], 1, out_order=(0,))
    run(state, (PLAY, 1, "3j"), (PLAY, 2, "pass"), (PLAY, 3, "Aj"), (PLAY, 1, "pass"), (PLAY, 2, "pass"))
    assert tuple(state.out_order) == (0, 3)
    assert who(state) == (PLAY, 1)
    assert state.piles[3] == b.Cards("3j Aj")


# --- R5.6: the Dog ------------------------------------------------------------------


def test_dog_passes_the_lead_to_the_partner(game_backend):
    # R5.6 / R4.5: the Dog leaves play at once; the partner leads; no bomb offer (seat 1's bomb).
    b = game_backend
    state = position(b, ["Dog 3j", "9j 9s 9p 9t 4s", "5p 6p", "7t 8t"], 0)
    run(state, (PLAY, 0, "Dog"))
    assert who(state) == (PLAY, 2)
    assert state.table is None
    assert state.trick == b.Cards("")
    for s in range(4):
        assert "Dog" not in state.hands[s]
        assert "Dog" not in state.piles[s]
    assert acts(state) == {"5p", "6p"}


@pytest.mark.parametrize(
    ("hands", "out_order", "next_leader"),
    [
        (["Dog 3j", "4s 5s", "", "7t 8t"], (2,), 3),  # partner out: first holder after him
        (["Dog 3j", "4s 5s", "", ""], (2, 3), 0),  # 2 and 3 out: back to the Dog's player
        (["Dog 3j", "", "", "7t 8t"], (1, 2), 3),
    ],
)
def test_dog_when_the_partner_is_out(game_backend, hands, out_order, next_leader):
    # R5.6 (appendix): the lead goes to the first seat after the partner that still holds cards.
    state = position(game_backend, hands, 0, out_order=out_order)
    run(state, (PLAY, 0, "Dog"))
    assert who(state) == (PLAY, next_leader)
    assert state.table is None


def test_dog_as_the_last_card(game_backend):
    # R5.6 / R5.7: the Dog's player goes out with it; his partner leads.
    state = position(game_backend, ["Dog", "4s 5s", "6p 7p", "8t 9t"], 0)
    run(state, (PLAY, 0, "Dog"))
    assert tuple(state.out_order) == (0,)
    assert who(state) == (PLAY, 2)


def test_no_bomb_offer_on_the_dog(game_backend):
    # R4.5 / R5.6: nothing can be played on the Dog, so seat 3's bomb is not offered.
    state = position(game_backend, ["Dog 3j", "4s 5s", "6p 7p", "9j 9s 9p 9t 8t"], 0)
    run(state, (PLAY, 0, "Dog"))
    assert who(state) == (PLAY, 2)


# --- R5.5: the Dragon ------------------------------------------------------------------


@pytest.mark.parametrize("gift_to", [1, 3])
def test_dragon_trick_given_to_either_opponent(game_backend, gift_to):
    # R5.5: the Dragon's player gives the whole trick to the opponent of his choice, then leads.
    b = game_backend
    state = position(b, ["5j 3j", "Kj 4s", "Dr 6p", "7t 8t"], 0)
    run(state, (PLAY, 0, "5j"), (PLAY, 1, "Kj"), (PLAY, 2, "Dr"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
    assert who(state) == (PLAY, 1)
    state.apply("pass")
    assert who(state) == (GIFT, 2)
    assert acts(state) == {"give 1", "give 3"}
    state.apply(f"give {gift_to}")
    assert state.piles[gift_to] == b.Cards("5j Kj Dr")
    assert state.piles[2] == b.Cards("")
    assert state.piles[4 - gift_to] == b.Cards("")
    assert who(state) == (PLAY, 2)  # R5.4: the player of the last play leads
    assert state.table is None


@pytest.mark.parametrize("bad", ["give 0", "give 2"])
def test_dragon_trick_cannot_go_to_the_team(game_backend, bad):
    # R5.5: only an opponent may receive the Dragon trick.
    state = position(game_backend, ["Dr 3j", "4s 5s", "6p 7p", "8t 9t"], 0)
    run(state, (PLAY, 0, "Dr"), (PLAY, 1, "pass"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (GIFT, 0)
    before = state.clone()
    with pytest.raises(IllegalMoveError):
        state.apply(bad)
    assert state == before


def test_dragon_trick_to_an_opponent_who_is_out(game_backend):
    # R5.5: either opponent, out or not.
    b = game_backend
    state = position(b, ["Dr 3j", "", "4j 5s", "6j 7s"], 0, out_order=(1,))
    run(state, (PLAY, 0, "Dr"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (GIFT, 0)
    assert acts(state) == {"give 1", "give 3"}
    state.apply("give 1")
    assert state.piles[1] == b.Cards("Dr")
    assert who(state) == (PLAY, 0)


def test_dragon_as_the_last_card(game_backend):
    # R5.5 / R5.4: seat 1 goes out with the Dragon, gives the trick away, the next holder leads.
    b = game_backend
    state = position(b, ["3j 4j", "Dr", "5s 6s", "7p 8p"], 0)
    run(state, (PLAY, 0, "3j"), (PLAY, 1, "Dr"), (PLAY, 2, "pass"), (PLAY, 3, "pass"), (PLAY, 0, "pass"))
    assert who(state) == (GIFT, 1)
    assert acts(state) == {"give 0", "give 2"}
    state.apply("give 0")
    assert state.piles[0] == b.Cards("3j Dr")
    assert who(state) == (PLAY, 2)


def test_bomb_on_the_dragon_wins_normally(game_backend):
    # R5.5: a bomb beat the Dragon; the bomber wins the trick, no gift is asked.
    b = game_backend
    state = position(b, ["Dr 3j", "4s 5s", "9j 9s 9p 9t 4j", "6t 7t"], 0)
    run(
        state,
        (PLAY, 0, "Dr"),
        (BOMB, 2, "9j 9s 9p 9t"),
        (PLAY, 3, "pass"),
        (PLAY, 0, "pass"),
        (PLAY, 1, "pass"),
    )
    assert who(state) == (PLAY, 2)
    assert state.piles[2] == b.Cards("Dr 9j 9s 9p 9t")


def test_phoenix_cannot_be_played_on_the_dragon(game_backend):
    # R3.2 / R3.3: on the Dragon only a bomb or a pass.
    state = position(game_backend, ["Dr 3j", "Ph Aj", "6p 7p", "8t 9t"], 0)
    run(state, (PLAY, 0, "Dr"))
    assert acts(state) == {"pass"}


# --- R6.1 / R6.2: the wish in the game --------------------------------------------------------


def test_wish_is_decided_right_after_the_mah_jong(game_backend):
    # R6.1: after the Mah Jong single its player names a rank or no wish; it takes effect at once.
    state = position(game_backend, ["MJ 3j", "7s Ks", "4p 5p", "6t 8t"], 0)
    run(state, (PLAY, 0, "MJ"))
    assert who(state) == (WISH, 0)
    assert acts(state) == WISH_TEXTS
    state.apply("wish 7")
    assert state.wish == 7
    assert who(state) == (PLAY, 1)
    assert acts(state) == {"7s"}  # R6.3: seat 1 holds a 7 that beats the Mah Jong


def test_no_wish(game_backend):
    # R6.1: "no wish" leaves the play free.
    state = position(game_backend, ["MJ 3j", "7s Ks", "4p 5p", "6t 8t"], 0)
    run(state, (PLAY, 0, "MJ"), (WISH, 0, "no wish"))
    assert state.wish is None
    assert acts(state) == {"pass", "7s", "Ks"}


def test_wish_after_a_mah_jong_straight_is_not_fulfilled_by_it(game_backend):
    # R6.1 / R6.2: the straight MJ 2 3 4 5 carries a 3, yet a wish for 3 stays in force.
    state = position(game_backend, ["MJ 2j 3s 4p 5t 9j", "2s 3p 4t 5j 6s Kj", "7p 8p", "10t Jt"], 0)
    run(state, (PLAY, 0, "MJ 2j 3s 4p 5t"))
    assert who(state) == (WISH, 0)
    state.apply("wish 3")
    assert state.wish == 3
    assert who(state) == (PLAY, 1)
    assert acts(state) == {"2s 3p 4t 5j 6s"}  # R6.3: the only play holding a 3, compulsory
    state.apply("2s 3p 4t 5j 6s")
    assert state.wish is None  # R6.2: fulfilled by a real 3


def test_phoenix_as_the_wished_rank_does_not_fulfil(game_backend):
    # R6.2: the Phoenix standing for a 7 in a straight leaves the wish for 7 in force.
    state = position(game_backend, ["MJ 2j 3s 4p 5t 9j", "Ph 3p 4t 5j 6s Kj", "7p 8p", "10t Jt"], 0)
    run(state, (PLAY, 0, "MJ 2j 3s 4p 5t"), (WISH, 0, "wish 7"))
    assert acts(state) == {"pass", "Ph:2 3p 4t 5j 6s", "Ph:7 3p 4t 5j 6s"}  # seat 1 has no 7
    state.apply("Ph:7 3p 4t 5j 6s")
    assert state.wish == 7
    assert who(state) == (PLAY, 2)
    assert acts(state) == {"pass"}  # seat 2's 7 cannot beat a straight: free (R6.3)


def test_wish_stays_across_tricks_until_a_real_card_is_played(game_backend):
    # R6.2: nobody can play a 7 in the first trick; the wish carries over and binds seat 0 later.
    state = position(game_backend, ["MJ 3j 7j", "Aj 4s 2s", "Kj 5s", "Qj 6s"], 0)
    run(state, (PLAY, 0, "MJ"), (WISH, 0, "wish 7"))
    assert acts(state) == {"pass", "Aj", "4s", "2s"}  # seat 1 holds no 7
    run(state, (PLAY, 1, "Aj"), (PLAY, 2, "pass"), (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)
    assert acts(state) == {"pass"}  # seat 0's 7 cannot beat the Ace (R6.3)
    state.apply("pass")
    assert who(state) == (PLAY, 1)  # seat 1 won the trick
    assert state.table is None
    assert state.wish == 7
    run(state, (PLAY, 1, "4s"))
    assert acts(state) == {"pass", "Kj", "5s"}
    run(state, (PLAY, 2, "pass"))
    assert acts(state) == {"pass", "Qj", "6s"}
    run(state, (PLAY, 3, "pass"))
    assert who(state) == (PLAY, 0)
    assert acts(state) == {"7j"}
    state.apply("7j")
    assert state.wish is None


def test_wish_in_force_binds_the_leader(game_backend):
    # R6.3 via from_position(wish=...): a leader holding the wished rank must lead it; no Dog.
    state = position(game_backend, ["Dog 7j 3s", "4s", "5p", "6t"], 0, wish=7)
    assert state.wish == 7
    assert acts(state) == {"7j"}
