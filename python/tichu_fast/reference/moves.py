"""Moves: the `Move` value type, its text form, `classify` and `beats`.

A move is identified by (type, rank, exact card set) (R3.5). Ranks are kept
doubled (`rank2`) so that the Phoenix single's half ranks (R3.2) are whole.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, ClassVar, NoReturn

from tichu_fast.enums import MoveType
from tichu_fast.errors import InvalidNotationError

from .cards import (
    CARD_NAMES,
    DOG,
    DRAGON,
    PHOENIX,
    RANK_NAMES,
    Cards,
    as_cards,
    ascii_lower,
    card_rank,
    card_suit,
    indices_of,
    is_normal,
    parse_card_names,
    quote,
    rank_name,
    split_tokens,
)

__all__ = ["Move", "as_move", "beats", "classify", "is_phoenix_single", "phoenix_single"]

DRAGON_RANK = 15  # R3.3: the Dragon single is above every other single
PHOENIX_LED_RANK2 = 3  # R3.2: the Phoenix led as a single ranks 1.5


class Move:
    """One move: a pass, the Dog, or a combination read at one rank (R3.5)."""

    __slots__ = ("_cards", "_phoenix_as", "_rank2", "_type")

    _cards: Cards
    _type: MoveType
    _rank2: int
    _phoenix_as: int | None

    PASS: ClassVar[Move]

    def __init__(self, text: str) -> None:
        parsed = _parse_move(text)
        object.__setattr__(self, "_cards", parsed._cards)
        object.__setattr__(self, "_type", parsed._type)
        object.__setattr__(self, "_rank2", parsed._rank2)
        object.__setattr__(self, "_phoenix_as", parsed._phoenix_as)

    @classmethod
    def _make(cls, cards: Cards, type: MoveType, rank2: int, phoenix_as: int | None) -> Move:
        """Internal constructor (trusted, no checks)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_type", type)
        object.__setattr__(self, "_rank2", rank2)
        object.__setattr__(self, "_phoenix_as", phoenix_as)
        return self

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written by this text (see docs/api.md, "Text form")."""
        return _parse_move(text)

    @classmethod
    def from_record(cls, row: Any) -> Move:
        """The move of one record of a `MOVE_DTYPE` array."""
        cards = Cards.from_mask(int(row["cards"]))
        fields = (int(row["type"]), int(row["length"]), int(row["rank2"]), int(row["phoenix_as"]))
        type_, length, rank2, phoenix_code = fields
        phoenix_as = None if phoenix_code == 0 else phoenix_code
        if type_ == MoveType.PASS and not cards and fields == (0, 0, 0, 0):
            return Move.PASS
        phoenix_single_record = type_ == MoveType.SINGLE and length == 1 and phoenix_as is None
        if phoenix_single_record and _is_phoenix_single_set(cards) and _is_phoenix_single_rank2(rank2):
            return phoenix_single(rank2)
        for reading in classify(cards):
            if (reading.type, reading.length, reading.rank2, reading.phoenix_as) == (
                type_,
                length,
                rank2,
                phoenix_as,
            ):
                return reading
        raise ValueError(
            f"not a valid move record: cards={str(cards)!r} type={type_} length={length} "
            f"rank2={rank2} phoenix_as={phoenix_code}"
        )

    # -- immutability -------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Move is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Move, (str(self),))

    # -- fields -------------------------------------------------------------

    @property
    def cards(self) -> Cards:
        """The exact card set of the move (empty for a pass)."""
        return self._cards

    @property
    def type(self) -> MoveType:
        """The move's type."""
        return self._type

    @property
    def length(self) -> int:
        """The number of cards (0 for a pass)."""
        return len(self._cards)

    @property
    def rank(self) -> int | float:
        """The rank; a float x.5 only for the Phoenix single (R3.2)."""
        if self._rank2 % 2:
            return self._rank2 / 2
        return self._rank2 // 2

    @property
    def rank2(self) -> int:
        """Twice the rank, always an int."""
        return self._rank2

    @property
    def phoenix_as(self) -> int | None:
        """The rank the Phoenix stands for in a multi-card combination, else None."""
        return self._phoenix_as

    @property
    def is_bomb(self) -> bool:
        """Whether the move is a four-of-a-kind or straight-flush bomb (R4.1)."""
        return self._type.is_bomb

    @property
    def is_pass(self) -> bool:
        """Whether the move is the pass."""
        return self._type == MoveType.PASS

    def beats(self, table: Move | None) -> bool:
        """Same as `beats(self, table)`."""
        return beats(self, table)

    # -- text, equality -----------------------------------------------------

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        names = []
        for card in indices_of(self._cards):
            if card != PHOENIX:
                names.append(CARD_NAMES[card])
            elif self._phoenix_as is not None:
                names.append("Ph:" + rank_name(self._phoenix_as))
            else:  # the Phoenix single: its half rank as a decimal number
                names.append(f"Ph:{self._rank2 / 2}")
        return " ".join(names)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def _key(self) -> tuple[Cards, MoveType, int, int, int | None]:
        return (self._cards, self._type, self.length, self._rank2, self._phoenix_as)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() != other._key()

    def __hash__(self) -> int:
        return hash(self._key())


Move.PASS = Move._make(Cards(), MoveType.PASS, 0, None)


def is_phoenix_single(move: Move) -> bool:
    """Whether the move is the Phoenix played alone (R3.2)."""
    return move.type == MoveType.SINGLE and _is_phoenix_single_set(move.cards)


def _is_phoenix_single_set(cards: Cards) -> bool:
    return indices_of(cards) == (PHOENIX,)


def _is_phoenix_single_rank2(rank2: int) -> bool:
    # R3.2: 1.5 (led or on the Mah Jong) up to 14.5 (on an Ace)
    return rank2 % 2 == 1 and 3 <= rank2 <= 29


def phoenix_single(rank2: int = PHOENIX_LED_RANK2) -> Move:
    """The Phoenix single at rank rank2 / 2 (R3.2)."""
    return Move._make(Cards._of([PHOENIX]), MoveType.SINGLE, rank2, None)


# -- classify ---------------------------------------------------------------


def _consecutive(ranks: list[int]) -> bool:
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _read_ranks(ranks: Counter[int]) -> tuple[MoveType, int] | None:
    """The non-bomb multi-card combination a multiset of ranks forms, if any (R3).

    Rank 1 stands for the Mah Jong, which only fits a straight.
    """
    size = sum(ranks.values())
    distinct = sorted(ranks)
    counts = sorted(ranks.values())
    has_one = 1 in ranks
    if size == 2 and counts == [2] and not has_one:
        return (MoveType.PAIR, distinct[0])
    if size == 3 and counts == [3] and not has_one:
        return (MoveType.TRIO, distinct[0])
    if size == 5 and counts == [2, 3] and not has_one:  # trio + pair of another rank
        trio_rank = next(rank for rank, count in ranks.items() if count == 3)
        return (MoveType.FULL_HOUSE, trio_rank)
    if size >= 4 and set(counts) == {2} and not has_one and _consecutive(distinct):
        return (MoveType.PAIR_RUN, distinct[-1])
    if size >= 5 and set(counts) == {1} and _consecutive(distinct):
        return (MoveType.STRAIGHT, distinct[-1])
    return None


def _read_bomb(cards: Cards) -> tuple[MoveType, int] | None:
    """The bomb formed by these cards, if any (R4.1): normal cards only."""
    indices = indices_of(cards)
    if not all(is_normal(card) for card in indices):
        return None
    ranks = sorted(card_rank(card) for card in indices)
    if len(indices) == 4 and len(set(ranks)) == 1:
        return (MoveType.FOUR_OF_A_KIND, ranks[0])
    suits = {card_suit(card) for card in indices}
    if len(indices) >= 5 and len(suits) == 1 and _consecutive(ranks):
        return (MoveType.STRAIGHT_FLUSH, ranks[-1])  # R3.6: never a plain straight
    return None


def classify(cards: Cards | int | str) -> list[Move]:
    """Every reading of exactly this card set as a combination, by rank2 ascending."""
    cards = as_cards(cards)
    indices = indices_of(cards)
    if not indices:
        return []
    if len(indices) == 1:
        return [_single(indices[0])]
    if DOG in indices or DRAGON in indices:  # R3.3, R3.4: never in a combination
        return []
    bomb = _read_bomb(cards)
    if bomb is not None:  # R3.6: a bomb is never read as anything else
        return [Move._make(cards, bomb[0], 2 * bomb[1], None)]
    ranks: Counter[int] = Counter(card_rank(card) for card in indices if card != PHOENIX)
    if PHOENIX not in indices:
        reading = _read_ranks(ranks)
        return [] if reading is None else [Move._make(cards, reading[0], 2 * reading[1], None)]
    readings = []
    for stand_in in range(2, 15):  # R3.1: the Phoenix stands for 2..14, never 1
        reading = _read_ranks(ranks + Counter({stand_in: 1}))
        if reading is not None:  # R3.5: each reading is its own move
            readings.append(Move._make(cards, reading[0], 2 * reading[1], stand_in))
    return sorted(readings, key=lambda move: move.rank2)


def _single(card: int) -> Move:
    """The move of one card alone."""
    cards = Cards._of([card])
    if card == DOG:
        return Move._make(cards, MoveType.DOG, 0, None)  # R3.4
    if card == PHOENIX:
        return phoenix_single()  # R3.2: 1.5 when led
    if card == DRAGON:
        return Move._make(cards, MoveType.SINGLE, 2 * DRAGON_RANK, None)  # R3.3
    return Move._make(cards, MoveType.SINGLE, 2 * card_rank(card), None)  # Mah Jong 1 (R1.3)


# -- beats ------------------------------------------------------------------


def _bomb_strength(move: Move) -> tuple[int, int, int]:
    """R4.2: straight flushes above four-of-a-kinds; then length, then rank."""
    if move.type == MoveType.STRAIGHT_FLUSH:
        return (1, move.length, move.rank2)
    return (0, move.length, move.rank2)


def beats(move: Move | str, table: Move | str | None) -> bool:
    """Whether `move` may be played on `table` as combinations (no wish, no turn)."""
    move = as_move(move, "move")
    if table is None:  # leading: any combination or the Dog, never a pass (R5.1)
        return not move.is_pass
    table = as_move(table, "table")
    if table.is_pass:
        raise ValueError("the table cannot be a pass")
    if move.is_pass:
        return False
    if table.type == MoveType.DOG or move.type == MoveType.DOG:  # R3.4, R4.5
        return False
    if move.is_bomb:
        if not table.is_bomb:  # R4.3
            return True
        return _bomb_strength(move) > _bomb_strength(table)  # R4.2
    if table.is_bomb:  # R4.3: only a higher bomb beats a bomb
        return False
    if move.type != table.type or move.length != table.length:  # R5.2
        return False
    if is_phoenix_single(move):  # R3.2: table + 0.5, but never on the Dragon (R3.3)
        return table.rank2 != 2 * DRAGON_RANK
    return move.rank2 > table.rank2  # R5.2 (a full house compares its trio rank)


def as_move(x: object, what: str = "move") -> Move:
    """Coerce a `Move` or move text to a `Move`."""
    if isinstance(x, Move):
        return x
    if isinstance(x, str):
        return _parse_move(x)
    raise TypeError(f"{what} must be a Move or move text, not {type(x).__name__}")


# -- parsing ----------------------------------------------------------------

_WHOLE = re.compile(r"[1-9][0-9]*")  # no leading zeros, as in the C++ core
_HALF = re.compile(r"([1-9][0-9]*)\.5")
_RANK_BY_NAME: dict[str, int] = {name.lower(): rank for rank, name in RANK_NAMES.items()}
_RANK_BY_NAME["t"] = 10


def _annotation_rank2(annotation: str) -> int:
    """Twice the value written after 'Ph:': a rank name, a number, or a half number."""
    lowered = ascii_lower(annotation)
    if lowered in _RANK_BY_NAME:
        return 2 * _RANK_BY_NAME[lowered]
    if _WHOLE.fullmatch(lowered):
        return 2 * int(lowered)
    half = _HALF.fullmatch(lowered)
    if half:
        return 2 * int(half.group(1)) + 1
    raise InvalidNotationError(f"bad Phoenix annotation {quote('Ph:' + annotation)}")


def _parse_move(text: str) -> Move:
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    tokens = split_tokens(text)
    if not tokens:
        raise InvalidNotationError("empty move text (write 'pass' for a pass)")
    if len(tokens) == 1 and ascii_lower(tokens[0]) == "pass":
        return Move.PASS
    names: list[str] = []
    annotation: str | None = None
    for token in tokens:
        if token.lower().startswith("ph:"):
            names.append("Ph")  # a second Phoenix is caught as a duplicate below
            annotation = token[3:]
        else:
            names.append(token)
    cards = Cards._of(parse_card_names(names))
    readings = classify(cards)
    if not readings:
        raise InvalidNotationError(f"not a combination: {cards}")
    if PHOENIX not in indices_of(cards):
        return readings[0]  # without the Phoenix a card set has one reading
    if annotation is None:
        if len(readings) > 1:
            choices = ", ".join(repr(str(move)) for move in readings)
            raise InvalidNotationError(f"ambiguous move {quote(text.strip())}: write Ph:R ({choices})")
        return readings[0]
    value2 = _annotation_rank2(annotation)
    if _is_phoenix_single_set(cards):  # R3.2: the single takes a half rank
        if _is_phoenix_single_rank2(value2):
            return phoenix_single(value2)
    else:
        for move in readings:
            if move.phoenix_as is not None and 2 * move.phoenix_as == value2:
                return move
    raise InvalidNotationError(f"{quote('Ph:' + annotation)} fits no reading of {cards}")
