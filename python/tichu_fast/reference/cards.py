"""Cards: the 56 card indices, their names, and the immutable set type `Cards`.

A card is an index 0..55, the bit it occupies in the documented mask
(docs/api.md): 0 Mah Jong, 1 Dog, 2 Phoenix, 3 Dragon, and 4(r-1) + s for the
normal card of rank r (2..14) and suit s (0..3). Inside this package cards are
handled as those indices; the mask appears only at the boundary (`Cards.mask`,
`Cards.from_mask`, `to_masks`, `from_masks`).
"""

from __future__ import annotations

import operator
import re
import string
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from tichu_fast.errors import InvalidNotationError

__all__ = [
    "CARD_NAMES",
    "CARD_NAMES_ARE",
    "DECK",
    "DOG",
    "DRAGON",
    "MAH_JONG",
    "PHOENIX",
    "RANK_NAMES",
    "Cards",
    "as_cards",
    "ascii_lower",
    "canonical_card_index",
    "card_index",
    "card_points_of",
    "card_rank",
    "card_suit",
    "check_mask",
    "check_mask_array",
    "from_masks",
    "indices_of",
    "is_normal",
    "normal_card",
    "parse_card_names",
    "quote",
    "rank_name",
    "split_tokens",
    "to_masks",
]

# R1.1, R1.3: the four special cards and their indices (bits) in the mask.
MAH_JONG = 0
DOG = 1
PHOENIX = 2
DRAGON = 3

NUM_CARDS = 56
MASK_LIMIT = 1 << NUM_CARDS  # masks are 0 <= mask < 2**56

RANK_NAMES: dict[int, str] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
SUIT_LETTERS = ("j", "s", "p", "t")  # Jade, Sword, Pagoda, Star (R1.1)
SPECIAL_NAMES = ("MJ", "Dog", "Ph", "Dr")


def is_normal(card: int) -> bool:
    """Whether the card is one of the 52 normal (ranked, suited) cards."""
    return card >= 4


def card_rank(card: int) -> int:
    """The rank 2..14 of a normal card (R1.1); 1 for the Mah Jong (R1.3)."""
    if card == MAH_JONG:
        return 1
    if not is_normal(card):
        raise ValueError(f"card {CARD_NAMES[card]!r} has no rank")
    return card // 4 + 1


def card_suit(card: int) -> int:
    """The suit 0..3 of a normal card (special cards have none, R1.3)."""
    if not is_normal(card):
        raise ValueError(f"card {CARD_NAMES[card]!r} has no suit")
    return card % 4


def normal_card(rank: int, suit: int) -> int:
    """The index of the normal card of this rank (2..14) and suit (0..3)."""
    return 4 * (rank - 1) + suit


def rank_name(rank: int) -> str:
    """The name of a normal rank: '2'..'10', 'J', 'Q', 'K', 'A'."""
    return RANK_NAMES[rank]


def _card_name(card: int) -> str:
    if not is_normal(card):
        return SPECIAL_NAMES[card]
    return RANK_NAMES[card_rank(card)] + SUIT_LETTERS[card_suit(card)]


CARD_NAMES: tuple[str, ...] = tuple(_card_name(card) for card in range(NUM_CARDS))

# Lower-case spelling -> index. Accepts 'T' for the rank 10 as well.
_NAME_TO_CARD: dict[str, int] = {name.lower(): card for card, name in enumerate(CARD_NAMES)}
for _suit, _letter in enumerate(SUIT_LETTERS):
    _NAME_TO_CARD["t" + _letter] = normal_card(10, _suit)


QUOTE_LIMIT = 80  # error messages quote at most this many characters of the input


def quote(text: str) -> str:
    """`text` quoted for an error message: at most 80 characters of it, then '...'."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return repr(text[:QUOTE_LIMIT]) + "..."


# What a card name is, after "unknown card 'X'": the same words as the C++ core's (cards.cpp, kCardNamesAre).
CARD_NAMES_ARE = ": a card is a rank 2..10, J, Q, K, A and a suit j, s, p, t (10s, Qp), or MJ, Dog, Ph, Dr"


def card_index(name: str) -> int:
    """The index of one card name (case-insensitive); InvalidNotationError if unknown."""
    card = _NAME_TO_CARD.get(ascii_lower(name)) if len(name) <= 3 else None  # no name is longer
    if card is None:
        raise InvalidNotationError(f"unknown card {quote(name)}{CARD_NAMES_ARE}")
    return card


_CANONICAL_INDEX: dict[str, int] = {name: card for card, name in enumerate(CARD_NAMES)}


def canonical_card_index(name: str) -> int:
    """The index of a canonical card name, spelled exactly as `CARD_NAMES` does (replay deal lines)."""
    card = _CANONICAL_INDEX.get(name)
    if card is None:
        raise InvalidNotationError(f"{quote(name)} is not a canonical card name (e.g. '10j', 'Ph', 'At')")
    return card


def card_points_of(card: int) -> int:
    """R8.5: 5 -> 5, 10 and King -> 10, Dragon 25, Phoenix -25, else 0."""
    if card == DRAGON:
        return 25
    if card == PHOENIX:
        return -25
    if is_normal(card):
        rank = card_rank(card)
        if rank == 5:
            return 5
        if rank in (10, 13):
            return 10
    return 0


# Separators and case are ASCII only: "\x85" is no separator and the Kelvin
# sign no K, in either backend.
_SEPARATORS = re.compile(r"[ \t\n\r\f\v,]+")
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_lower(text: str) -> str:
    """`text` with A-Z lowered and nothing else changed."""
    return text.translate(_ASCII_LOWER)


def split_tokens(text: str) -> list[str]:
    """Split a text at runs of whitespace and/or commas, dropping empty ends."""
    return [token for token in _SEPARATORS.split(text) if token]


def parse_card_names(names: Iterable[str]) -> frozenset[int]:
    """The card indices of these names; unknown or repeated names are errors."""
    cards: set[int] = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a card name must be a str, not {type(name).__name__}")
        card = card_index(name)
        if card in cards:
            raise InvalidNotationError(f"duplicate card {CARD_NAMES[card]!r}")
        cards.add(card)
    return frozenset(cards)


def check_mask(mask: object) -> int:
    """A valid mask as an int: TypeError for a non-integer, ValueError out of range."""
    if isinstance(mask, bool):  # True is an int to Python, but never a mask here
        raise TypeError("a card mask must be an int, not bool")
    try:
        value = operator.index(mask)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"a card mask must be an int, not {type(mask).__name__}") from None
    if value < 0:
        raise ValueError(f"negative card mask {value}")
    if value >= MASK_LIMIT:
        raise ValueError(f"card mask {value:#x} has bits at or above 56")
    return value


def _cards_of_mask(mask: int) -> frozenset[int]:
    # Boundary conversion: mask -> card indices.
    return frozenset(card for card in range(NUM_CARDS) if (mask >> card) & 1)


def _mask_of_cards(cards: Iterable[int]) -> int:
    # Boundary conversion: card indices -> mask.
    return sum(1 << card for card in cards)


class Cards:
    """An immutable set of cards (docs/api.md "Cards")."""

    __slots__ = ("_cards", "_mask")

    _cards: frozenset[int]
    _mask: int

    def __init__(self, x: object = None) -> None:
        if x is None:
            cards: frozenset[int] = frozenset()
        elif isinstance(x, Cards):
            cards = x._cards
        elif isinstance(x, str):
            cards = parse_card_names(split_tokens(x))
        elif isinstance(x, (int, np.integer)):
            cards = _cards_of_mask(check_mask(x))
        elif isinstance(x, Iterable):
            cards = parse_card_names(x)
        else:
            raise TypeError(f"cannot make Cards from {type(x).__name__}")
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_mask", _mask_of_cards(cards))

    @classmethod
    def _of(cls, cards: Iterable[int]) -> Cards:
        """Internal constructor from card indices (trusted, no checks)."""
        self = object.__new__(cls)
        frozen = frozenset(cards)
        object.__setattr__(self, "_cards", frozen)
        object.__setattr__(self, "_mask", _mask_of_cards(frozen))
        return self

    @classmethod
    def parse(cls, text: str) -> Cards:
        """The cards of a text such as '2j, 10s Ph'."""
        if not isinstance(text, str):
            raise TypeError(f"Cards.parse needs a str, not {type(text).__name__}")
        return cls(text)

    @classmethod
    def from_mask(cls, mask: int) -> Cards:
        """The cards of a 56-bit mask."""
        return cls._of(_cards_of_mask(check_mask(mask)))

    # -- immutability -------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Cards is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Cards is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Cards.from_mask, (self._mask,))

    # -- views ----------------------------------------------------------------

    @property
    def mask(self) -> int:
        """The 56-bit mask (bit i set for card index i)."""
        return self._mask

    @property
    def points(self) -> int:
        """The card points of these cards (R8.5)."""
        return sum(card_points_of(card) for card in self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __iter__(self) -> Iterator[str]:
        return (CARD_NAMES[card] for card in sorted(self._cards))

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            raise TypeError(f"'in Cards' needs a card name (str), not {type(name).__name__}")
        return card_index(name) in self._cards

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    # -- comparisons and set algebra -----------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards == other._cards

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards != other._cards

    def __hash__(self) -> int:
        return hash(self._mask)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards <= other._cards

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards < other._cards

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards >= other._cards

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._cards > other._cards

    def __or__(self, other: object) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards._of(self._cards | other._cards)

    def __and__(self, other: object) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards._of(self._cards & other._cards)

    def __sub__(self, other: object) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards._of(self._cards - other._cards)

    def __xor__(self, other: object) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards._of(self._cards ^ other._cards)

    def isdisjoint(self, other: Cards) -> bool:
        """Whether the two sets share no card."""
        if not isinstance(other, Cards):
            raise TypeError(f"isdisjoint needs Cards, not {type(other).__name__}")
        return self._cards.isdisjoint(other._cards)


DECK = Cards._of(range(NUM_CARDS))


def indices_of(cards: Cards) -> tuple[int, ...]:
    """The card indices of a set in the stable (increasing) order."""
    return tuple(sorted(cards._cards))


def as_cards(x: object, what: str = "cards") -> Cards:
    """Coerce a `Cards`, a mask int or card text to `Cards` (for function arguments)."""
    if isinstance(x, Cards):
        return x
    if isinstance(x, (str, int, np.integer)):
        return Cards(x)
    raise TypeError(f"{what} must be Cards, a mask int or card text, not {type(x).__name__}")


# -- numpy interop ------------------------------------------------------------


def to_masks(hands: Iterable[Cards]) -> npt.NDArray[np.uint64]:
    """The masks of these card sets as a 1-D uint64 array."""
    masks: list[int] = []
    for hand in hands:
        if not isinstance(hand, Cards):
            raise TypeError(f"to_masks needs Cards, not {type(hand).__name__}")
        masks.append(hand.mask)
    return np.array(masks, dtype=np.uint64)


def check_mask_array(masks: object, what: str = "masks", ndim: int | None = None) -> npt.NDArray[Any]:
    """An integer numpy array (of `ndim` dimensions if given) of valid masks."""
    if not isinstance(masks, np.ndarray):
        raise TypeError(f"{what} must be a numpy array, not {type(masks).__name__}")
    if masks.dtype.kind not in "iu":
        raise TypeError(f"{what} must have an integer dtype, not {masks.dtype}")
    if ndim is not None and masks.ndim != ndim:
        raise ValueError(f"{what} must be a {ndim}-D array, got {masks.ndim} dimensions")
    for value in masks.flat:
        check_mask(int(value))
    return masks


def from_masks(masks: npt.NDArray[Any]) -> list[Cards]:
    """The card sets of a 1-D integer array of masks."""
    array = check_mask_array(masks, ndim=1)
    return [Cards.from_mask(int(value)) for value in array]
