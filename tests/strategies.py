"""Hypothesis strategies for random Tichu situations, biased towards the
hard cases: the Phoenix, bombs, straights, pair runs, wishes."""

from __future__ import annotations

from hypothesis import strategies as st

from tichu_fast import reference as ref

SPECIALS = {"MJ": 0, "Dog": 1, "Ph": 2, "Dr": 3}
RANKS = range(2, 15)


def card(rank: int, suit: int) -> int:
    """Bit index of a normal card (docs/api.md layout)."""
    return 4 * (rank - 1) + suit


@st.composite
def hands(draw: st.DrawFn, min_size: int = 1, max_size: int = 14, exclude: int = 0) -> int:
    """A hand mask of min_size..max_size cards avoiding `exclude`, built from
    a few structures (a bomb, a straight, a pair run, a straight flush)
    topped up with random cards."""
    size = draw(st.integers(min_size, max_size))
    chosen: set[int] = set()
    if draw(st.booleans()):
        chosen.add(SPECIALS["Ph"])
    if draw(st.integers(0, 3)) == 0:
        chosen.add(SPECIALS["MJ"])
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(["bomb", "straight", "pair_run", "straight_flush", "trio"]))
        if kind == "bomb":
            rank = draw(st.sampled_from(RANKS))
            chosen.update(card(rank, s) for s in range(4))
        elif kind == "trio":
            rank = draw(st.sampled_from(RANKS))
            chosen.update(card(rank, s) for s in draw(st.permutations(range(4)))[:3])
        elif kind in ("straight", "straight_flush"):
            length = draw(st.integers(4, 9))
            low = draw(st.integers(2, 15 - length))
            suit = draw(st.integers(0, 3))
            for rank in range(low, low + length):
                chosen.add(card(rank, suit if kind == "straight_flush" else draw(st.integers(0, 3))))
        else:
            pairs = draw(st.integers(2, 4))
            low = draw(st.integers(2, 15 - pairs))
            for rank in range(low, low + pairs):
                chosen.update(card(rank, s) for s in draw(st.permutations(range(4)))[:2])
    chosen = {c for c in chosen if not exclude >> c & 1}
    rest = [c for c in range(56) if c not in chosen and not exclude >> c & 1]
    extra = draw(st.permutations(rest))
    cards = (list(draw(st.permutations(sorted(chosen)))) + list(extra))[:size]
    return sum(1 << c for c in cards)


@st.composite
def tables(draw: st.DrawFn, exclude: int) -> ref.Move:
    """A combination someone else could have played: one of the leads of a
    random hand of other cards (every kind of combination shows up), or the
    Phoenix single on top of a single."""
    other = draw(hands(min_size=1, max_size=14, exclude=exclude))
    leads = sorted(ref.legal_moves(other), key=str)
    move = draw(st.sampled_from(leads))
    phoenix_free = not exclude >> SPECIALS["Ph"] & 1 and not move.cards.mask & 4
    if draw(st.integers(0, 9)) == 0 and move.type == ref.MoveType.SINGLE and move.rank2 < 30 and phoenix_free:
        # The Phoenix played on a single ranks half above it (R3.2).
        half = move.rank2 + 1
        return ref.Move(f"Ph:{half // 2}.5")
    return move


@st.composite
def situations(draw: st.DrawFn) -> tuple[int, ref.Move | None, int | None, bool]:
    """(hand, table, wish, out_of_turn): leading, responding or out of turn."""
    hand = draw(hands())
    table = None if draw(st.integers(0, 3)) == 0 else draw(tables(exclude=hand))
    held_ranks = sorted({c // 4 + 1 for c in range(4, 56) if hand >> c & 1})
    wish_choices = [st.none(), st.integers(2, 14)]
    if held_ranks:
        wish_choices.append(st.sampled_from(held_ranks))  # a wish the hand can face (R6.3)
    wish = draw(st.one_of(*wish_choices))
    out_of_turn = table is not None and draw(st.integers(0, 4)) == 0
    return hand, table, wish, out_of_turn
