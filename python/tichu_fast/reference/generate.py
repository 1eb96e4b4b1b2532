"""Every combination a hand can form, generated type by type from its rank groups.

Each generator yields every reading (R3.5) of every sub-set of the hand that
is a combination of its type, exactly once. The Phoenix is handled as an
explicit stand-in: a generator first builds the combinations of real cards,
then those where the Phoenix takes the place of one card (R3.1), whether or
not the hand also holds a card of that rank (R3.5). Rules of play (which of
these may be played now) live in legal.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, combinations, product

from tichu_fast.enums import MoveType

from .cards import (
    DOG,
    DRAGON,
    MAH_JONG,
    PHOENIX,
    Cards,
    card_rank,
    card_suit,
    indices_of,
    is_normal,
)
from .moves import DRAGON_RANK, Move, phoenix_single

__all__ = ["GENERATORS", "HandView", "all_combinations", "combinations_of_type"]

ACE = 14
MIN_STRAIGHT = 5  # R3: a straight has at least 5 cards


class HandView:
    """A hand seen as rank groups of normal cards plus its special cards."""

    __slots__ = ("groups", "specials")

    def __init__(self, hand: Cards) -> None:
        self.groups: dict[int, tuple[int, ...]] = dict.fromkeys(range(2, ACE + 1), ())
        self.specials: set[int] = set()
        for card in indices_of(hand):
            if is_normal(card):
                self.groups[card_rank(card)] += (card,)
            else:
                self.specials.add(card)

    @property
    def phoenix(self) -> bool:
        """Whether the hand holds the Phoenix."""
        return PHOENIX in self.specials

    def straight_cards(self, rank: int) -> list[int]:
        """The cards that can be rank `rank` (1..14) of a straight: 1 is the Mah Jong."""
        if rank == 1:  # R1.3
            return [MAH_JONG] if MAH_JONG in self.specials else []
        return list(self.groups[rank])


def _move(cards: Iterable[int], type: MoveType, rank: int, phoenix_as: int | None) -> Move:
    return Move._make(Cards._of(cards), type, 2 * rank, phoenix_as)


def _with_phoenix(cards: Sequence[int]) -> tuple[int, ...]:
    return (*cards, PHOENIX)


# -- the Dog and singles ------------------------------------------------------


def dogs(hand: HandView) -> Iterator[Move]:
    """The Dog, led alone (R3.4)."""
    if DOG in hand.specials:
        yield Move._make(Cards._of([DOG]), MoveType.DOG, 0, None)


def singles(hand: HandView) -> Iterator[Move]:
    """Every card but the Dog alone; the Phoenix at its led rank 1.5 (R3.2)."""
    if MAH_JONG in hand.specials:
        yield _move([MAH_JONG], MoveType.SINGLE, 1, None)  # R1.3
    if PHOENIX in hand.specials:
        yield phoenix_single()
    if DRAGON in hand.specials:
        yield _move([DRAGON], MoveType.SINGLE, DRAGON_RANK, None)  # R3.3
    for rank, cards in hand.groups.items():
        for card in cards:
            yield _move([card], MoveType.SINGLE, rank, None)


# -- same-rank combinations ---------------------------------------------------


def _same_rank(hand: HandView, size: int, type: MoveType) -> Iterator[Move]:
    """`size` cards of one rank, or `size - 1` of them plus the Phoenix."""
    for rank, cards in hand.groups.items():
        for chosen in combinations(cards, size):
            yield _move(chosen, type, rank, None)
        if hand.phoenix:
            for chosen in combinations(cards, size - 1):
                if chosen:  # the Phoenix replaces one card, never all (R3)
                    yield _move(_with_phoenix(chosen), type, rank, rank)


def pairs(hand: HandView) -> Iterator[Move]:
    """Two cards of one rank, or one plus the Phoenix (R3)."""
    return _same_rank(hand, 2, MoveType.PAIR)


def trios(hand: HandView) -> Iterator[Move]:
    """Three cards of one rank, or two plus the Phoenix (R3)."""
    return _same_rank(hand, 3, MoveType.TRIO)


def four_of_a_kinds(hand: HandView) -> Iterator[Move]:
    """Four normal cards of one rank: a bomb, no Phoenix (R4.1)."""
    for rank, cards in hand.groups.items():
        if len(cards) == 4:
            yield _move(cards, MoveType.FOUR_OF_A_KIND, rank, None)


# -- pair runs -----------------------------------------------------------------


def pair_runs(hand: HandView) -> Iterator[Move]:
    """k >= 2 pairs of adjacent ranks; at most one card is the Phoenix (R3)."""
    for low in range(2, ACE):
        short = 0  # ranks of the window with one card: the Phoenix can complete one
        for high in range(low, ACE + 1):
            size = len(hand.groups[high])
            short += size == 1
            if size == 0 or short > hand.phoenix:
                break  # every wider window holds this rank too: none can be filled
            if high == low:
                continue
            window = range(low, high + 1)
            real = [list(combinations(hand.groups[rank], 2)) for rank in window]
            for chosen in product(*real):
                yield _move(chain.from_iterable(chosen), MoveType.PAIR_RUN, high, None)
            if not hand.phoenix:
                continue
            for position, rank in enumerate(window):
                # the pair at `rank` is one real card plus the Phoenix
                halves = [(card, PHOENIX) for card in hand.groups[rank]]
                options = [*real[:position], halves, *real[position + 1 :]]
                for chosen in product(*options):
                    yield _move(chain.from_iterable(chosen), MoveType.PAIR_RUN, high, rank)


# -- full houses --------------------------------------------------------------


def full_houses(hand: HandView) -> Iterator[Move]:
    """A trio plus a pair of a different rank; at most one card is the Phoenix (R3)."""
    for trio_rank, trio_cards in hand.groups.items():
        if len(trio_cards) < 3 - hand.phoenix:
            continue  # not even a trio with the Phoenix
        real_trios: list[tuple[int, ...]] = list(combinations(trio_cards, 3))
        phoenix_trios = [_with_phoenix(two) for two in combinations(trio_cards, 2)]
        for pair_rank, pair_cards in hand.groups.items():
            if pair_rank == trio_rank:
                continue
            real_pairs: list[tuple[int, ...]] = list(combinations(pair_cards, 2))
            for trio, pair in product(real_trios, real_pairs):
                yield _move(trio + pair, MoveType.FULL_HOUSE, trio_rank, None)
            if not hand.phoenix:
                continue
            for trio, pair in product(phoenix_trios, real_pairs):
                yield _move(trio + pair, MoveType.FULL_HOUSE, trio_rank, trio_rank)
            phoenix_pairs = [(card, PHOENIX) for card in pair_cards]
            for trio, pair in product(real_trios, phoenix_pairs):
                yield _move(trio + pair, MoveType.FULL_HOUSE, trio_rank, pair_rank)


# -- straights and straight flushes -------------------------------------------


def _straight_windows(hand: HandView) -> Iterator[range]:
    """Every run of >= 5 consecutive ranks within 1 (Mah Jong) .. 14 (R3) that the
    hand can fill, with the Phoenix standing in for at most one missing rank."""
    for low in range(1, ACE + 1):
        missing = 0
        for high in range(low, ACE + 1):
            missing += not hand.straight_cards(high)
            if missing > hand.phoenix:
                break  # every wider window lacks this rank too: none can be filled
            if high - low + 1 >= MIN_STRAIGHT:
                yield range(low, high + 1)


def _is_flush(cards: Sequence[int]) -> bool:
    """All normal cards of one suit (R3.6)."""
    return all(is_normal(card) for card in cards) and len({card_suit(c) for c in cards}) == 1


def straights(hand: HandView) -> Iterator[Move]:
    """Plain straights: never a straight flush (R3.6); the Phoenix never as 1 (R3.1)."""
    for window in _straight_windows(hand):
        high = window[-1]
        real = [hand.straight_cards(rank) for rank in window]
        for chosen in product(*real):
            if not _is_flush(chosen):
                yield _move(chosen, MoveType.STRAIGHT, high, None)
        if not hand.phoenix:
            continue
        for position, rank in enumerate(window):
            if rank == 1:  # R3.1: the Phoenix is never the 1
                continue
            options = [*real[:position], [PHOENIX], *real[position + 1 :]]
            for chosen in product(*options):
                yield _move(chosen, MoveType.STRAIGHT, high, rank)


def straight_flushes(hand: HandView) -> Iterator[Move]:
    """>= 5 consecutive normal cards of one suit: a bomb (R4.1)."""
    for low in range(2, ACE + 1):  # the Mah Jong is never part of a bomb (R4.1)
        suits = {0, 1, 2, 3}  # the suits that run unbroken from `low` to `high`
        for high in range(low, ACE + 1):
            suits &= {card_suit(card) for card in hand.groups[high]}
            if not suits:
                break  # no wider window can be one suit either
            if high - low + 1 < MIN_STRAIGHT:
                continue
            window = range(low, high + 1)
            for suit in sorted(suits):
                chosen = [c for rank in window for c in hand.groups[rank] if card_suit(c) == suit]
                yield _move(chosen, MoveType.STRAIGHT_FLUSH, high, None)


# -- all together -------------------------------------------------------------

GENERATORS: dict[MoveType, Callable[[HandView], Iterator[Move]]] = {
    MoveType.DOG: dogs,
    MoveType.SINGLE: singles,
    MoveType.PAIR: pairs,
    MoveType.TRIO: trios,
    MoveType.PAIR_RUN: pair_runs,
    MoveType.FULL_HOUSE: full_houses,
    MoveType.STRAIGHT: straights,
    MoveType.FOUR_OF_A_KIND: four_of_a_kinds,
    MoveType.STRAIGHT_FLUSH: straight_flushes,
}


def combinations_of_type(hand: HandView, type: MoveType) -> Iterator[Move]:
    """Every reading of every sub-set of the hand that is a move of this type."""
    return GENERATORS[type](hand)


def all_combinations(hand: HandView) -> Iterator[Move]:
    """Every reading of every sub-set of the hand that is a combination, and the Dog."""
    return chain.from_iterable(generator(hand) for generator in GENERATORS.values())
