"""How a hand began: a full deal (`Deal`) or a position in the play phase (`Position`).

Both are immutable, validated on construction, and have a one-line text form
used by the replay (docs/positions.md "Replay"):

    deal <56 card names in dealt order>
    position leader=2 hands=MJ,2j|3s|Ph|Dr,At piles=|||5j out= calls=0,0,1,0 wish=- played=0,1,2,3

In a position line, a seat's cards are joined by commas and the four seats
by `|`; `wish=-` is no wish; `out` and `played` are seat lists (possibly empty).
A position within a trick adds `table=` (the move text, commas for spaces),
`table_player=`, `trick=` (its cards) and `passed=` (a seat list):

    position leader=3 hands=... table=Ph:9,5j,6s,7p,8t table_player=1 trick=5j,6s,7p,8t,Ph passed=2
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

import numpy as np

from tichu_fast.enums import Call, MoveType
from tichu_fast.errors import InvalidNotationError

from .cards import CARD_NAMES, Cards, ascii_lower, canonical_card_index, card_index, card_rank, quote
from .deal import HAND_SIZE
from .moves import Move
from .scoring import check_call, check_seat, team

__all__ = ["Deal", "Position", "parse_origin"]

NUM_CARDS = 56
SEEN_BEFORE_GRAND = 8  # R2.1: Grand Tichu is decided on the first 8 cards


# -- a full deal ----------------------------------------------------------------

_ASCII_SPACE = " \t\n\r\f\v"
# In a dealt hand's text, one comma (with spaces around it) or spaces alone separate two cards.
_DEAL_SEPARATOR = re.compile(r"[ \t\n\r\f\v]*,[ \t\n\r\f\v]*|[ \t\n\r\f\v]+")


def _dealt_tokens(text: str) -> list[str]:
    """The card names of one dealt hand's text; an empty name (`5j,,6s`, a stray comma) is an error."""
    stripped = text.strip(_ASCII_SPACE)
    if not stripped:
        return []  # no cards: the count check says so
    tokens = _DEAL_SEPARATOR.split(stripped)
    if "" in tokens:
        raise InvalidNotationError(f"empty card name in {quote(text)}")
    return tokens


@dataclass(frozen=True)
class Deal:
    """The 56 card names in dealt order: seat s gets [14s, 14s + 14), the first 8 seen first (R2.1)."""

    names: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.names) != NUM_CARDS:
            raise ValueError(f"a deal holds {NUM_CARDS} cards, not {len(self.names)}")
        seen: set[str] = set()
        for name in self.names:
            if name not in CARD_NAMES:
                raise ValueError(f"{quote(name)} is not a canonical card name")
            if name in seen:
                raise ValueError(f"card {name!r} is dealt twice")
            seen.add(name)

    @classmethod
    def of_hands(cls, hands: Sequence[object]) -> Deal:
        """Four sequences of 14 card names (or card texts), order kept (R2.1)."""
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError("hands must be a sequence of four hands")
        if len(hands) != 4:
            raise ValueError(f"a deal has 4 hands, not {len(hands)}")
        names: list[str] = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str):
                tokens = _dealt_tokens(hand)
            elif isinstance(hand, (Cards, AbstractSet)) or hasattr(hand, "mask"):
                # a set has no deal order: which 8 cards were seen first? (R2.1)
                raise TypeError(f"hand {seat} is a set ({type(hand).__name__}); pass its 14 names in dealt order")
            elif isinstance(hand, Iterable):
                tokens = list(hand)
            else:
                raise TypeError(f"hand {seat} must be card names or card text, not {type(hand).__name__}")
            for token in tokens:
                if not isinstance(token, str):
                    raise TypeError(f"a card name must be a str, not {type(token).__name__}")
                if not token.strip(_ASCII_SPACE):
                    raise InvalidNotationError(f"hand {seat} holds an empty card name")
            if len(tokens) != HAND_SIZE:
                raise ValueError(f"hand {seat} holds {len(tokens)} cards, not {HAND_SIZE}")
            names.extend(CARD_NAMES[card_index(token)] for token in tokens)
        return cls(tuple(names))

    def hand(self, seat: int) -> tuple[str, ...]:
        """The 14 names dealt to a seat, in dealt order."""
        return self.names[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]

    def first_eight(self, seat: int) -> tuple[str, ...]:
        """What a seat sees before its Grand Tichu decision (R2.1)."""
        return self.hand(seat)[:SEEN_BEFORE_GRAND]

    def text(self) -> str:
        """The line of a replay that rebuilds this origin."""
        return "deal " + " ".join(self.names)


# -- a position in the play phase ------------------------------------------------


def _card_set(x: object, what: str) -> Cards:
    if isinstance(x, Cards):
        return x
    if isinstance(x, (str, int, np.integer)) and not isinstance(x, bool):
        return Cards(x)
    if isinstance(x, Iterable):
        return Cards(list(x))
    raise TypeError(f"{what} must be Cards, card text, a mask or card names, not {type(x).__name__}")


def _four(x: object, what: str) -> list[object]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise TypeError(f"{what} must be a sequence of four values")
    items = list(x)
    if len(items) != 4:
        raise ValueError(f"{what} must hold 4 values, not {len(items)}")
    return items


def _wish(x: object) -> int | None:
    if x is None:
        return None
    if isinstance(x, bool):
        raise TypeError("wish must be None or an int, not bool")
    try:
        value = operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"wish must be None or an int, not {type(x).__name__}") from None
    if not 2 <= value <= 14:  # R6.1
        raise ValueError(f"wish {value} is not a rank 2..14")
    return value


_NO_CARDS = Cards()


def _table(x: object) -> Move | None:
    if x is None or isinstance(x, Move):
        return x
    if isinstance(x, str):
        return Move.parse(x)
    raise TypeError(f"table must be None, a Move or move text, not {type(x).__name__}")


def _check_trick(
    hands: Sequence[Cards], held: Cards, leader: int, table: Move, table_player: int, trick: Cards, passed: list[int]
) -> None:
    """The trick in progress of a position: a table someone played, the seats since passed (R5.2, R5.3)."""
    if table.is_pass or table.type == MoveType.DOG:
        raise ValueError("the table must be a combination (the Dog leaves play at once, R5.6)")
    if table_player == leader:
        raise ValueError("the table player cannot be the player in turn (R5.4: he took the trick)")
    if not table.cards <= trick:
        raise ValueError("the trick must hold the table's cards")
    if not trick.isdisjoint(held):
        raise ValueError(f"the trick shares cards with a hand or pile: {trick & held}")
    between = [seat for seat in ((table_player + k) % 4 for k in (1, 2, 3)) if hands[seat]]
    between = between[: between.index(leader)] if leader in between else between
    if passed != between:
        raise ValueError(
            f"the passes must be exactly the seats holding cards between the table player {table_player} "
            f"and the player in turn {leader}, in turn order: {between}, not {passed}"
        )


# -- contradictions between a position's facts (apart from the checks of each fact) --


def _check_history(
    hands: Sequence[Cards],
    piles: Sequence[Cards],
    out: list[int],
    played: frozenset[int],
    wish: int | None,
    table: Move | None,
    player: int,
    leader: int,
) -> None:
    """Facts that exclude each other: a wish before the Mah Jong's play; a seat out, or on the table, never played;
    a first trick (nobody has played) led by another seat than the Mah Jong's holder."""
    if wish is not None:
        for seat, hand in enumerate(hands):
            if "MJ" in hand:
                raise ValueError(
                    f"a wish is in force but seat {seat} still holds the Mah Jong: only its play makes a wish (R6.1)"
                )
    for seat in out:
        if seat not in played:
            raise ValueError(f"seat {seat} is in out_order but not in played: a seat out has played its cards")
    if table is not None and player not in played:
        raise ValueError(f"the table player {player} is not in played: he played the table")
    if not played and any(piles):
        raise ValueError("a pile holds cards but played is empty: a trick is won only after someone played")
    if not played and wish is not None:
        raise ValueError("a wish is in force but played is empty: only the Mah Jong's play makes a wish (R6.1)")
    # Nobody has played: the leader opens the first trick, which the Mah Jong's holder leads (R2.3).
    # Where the Mah Jong is in no hand (cut from a puzzle) the first leader is unknown and any seat may lead.
    holder = next((seat for seat, hand in enumerate(hands) if "MJ" in hand), None)
    if not played and holder is not None and holder != leader:
        raise ValueError(
            f"played is empty but the leader {leader} does not hold the Mah Jong: "
            f"seat {holder} holds it and leads the first trick (R2.3)"
        )


def _check_wish_in_trick(wish: int | None, table: Move, trick: Cards) -> None:
    """A wish in force, yet a card of its rank in the trick: played after the Mah Jong, it fulfilled the wish.

    The trick's plays all came after the wish was made, but for the Mah Jong's own play, whose card of
    the rank does not count (R6.2): a straight from the Mah Jong, so at most one card, and only where the
    table is a straight reaching the rank or a bomb (above straights of unknown length).
    """
    if wish is None:
        return
    held = sum(1 for name in trick if name not in ("MJ", "Ph", "Dr", "Dog") and card_rank(card_index(name)) == wish)
    own = "MJ" in trick and (table.is_bomb or (table.type == MoveType.STRAIGHT and wish <= table.length))
    if held > int(own):
        raise ValueError(
            f"the wish for {wish} is in force, but the trick holds a {wish} played after it: "
            "that play fulfilled the wish (R6.2)"
        )


def _fits_below_bomb(earlier: Cards, bomb: Move) -> bool:
    """Whether `earlier` can be the cards played below `bomb` in its trick.

    They were plays of one type and length, each beating the last (R5.2),
    then bombs lower than `bomb`, each beating the last (R4.2). Judged on
    counts: how many cards, how many ranks, how many ranks appear 1..4 times.
    So no trick a hand can reach is refused, and some it cannot are let
    through: a four of a kind below `bomb` may have been a bomb, one above it
    not; below a straight flush under which the cards make a lower straight
    flush, nothing is judged.
    """
    ranks = [card_rank(card_index(name)) for name in earlier if name not in ("MJ", "Dog", "Ph", "Dr")]
    counts = [ranks.count(rank) for rank in range(2, 15)]
    if bomb.type == MoveType.STRAIGHT_FLUSH:
        suited = {(card_rank(card_index(name)), name[-1]) for name in earlier if name not in ("MJ", "Dog", "Ph", "Dr")}
        lows = [low for low, suit in suited if all((low + k, suit) in suited for k in range(1, 5))]
        # the lowest straight flush the cards make has 5 of them, from the lowest such start
        if lows and (bomb.length > 5 or min(lows) + 4 < bomb.rank):
            return True
    below = [
        r
        for r, c in zip(range(2, 15), counts, strict=True)
        if c == 4 and (bomb.type == MoveType.STRAIGHT_FLUSH or r < bomb.rank)
    ]
    mahjong, phoenix, dragon = "MJ" in earlier, "Ph" in earlier, "Dr" in earlier
    ones, twos, threes, fours = (counts.count(v) for v in (1, 2, 3, 4))
    # Singles, pairs and trios never hold a rank four times: each four of a kind was a bomb `bomb` beats.
    if fours == len(below):
        if twos == threes == 0:
            return True  # singles (the Mah Jong, the Phoenix and the Dragon among them), or nothing
        if not (mahjong or dragon) and threes == 0 and ones == phoenix:
            return True  # pairs, the Phoenix pairing one card
        if not (mahjong or dragon) and ones == 0 and twos == phoenix:
            return True  # trios, the Phoenix making one of two cards
    for bombs in range(len(below) + 1):  # that many fours of a kind were bombs
        n = len(earlier) - 4 * bombs
        distinct = sum(1 for c in counts if c) - bombs
        most = 4 if fours > bombs else 3 if threes else 2 if twos else 1  # the most cards of one rank
        if n == 0:
            continue
        if not (mahjong or dragon):
            if n % 5 == 0 and distinct >= 2:
                return True  # full houses: a trio and a pair of another rank
            # pair runs of `pairs` pairs: each holds a real card, and only the Phoenix leaves a rank odd
            if ones + threes == phoenix and any(
                n % (2 * pairs) == 0 and distinct >= pairs and most <= n // (2 * pairs) * 2
                for pairs in range(2, n // 2 + 1)
            ):
                return True
        # straights of `length` ranks (the Phoenix may stand for one), one card of a rank in each
        if not dragon and any(
            n % length == 0 and distinct + mahjong + phoenix >= length and most <= n // length
            for length in range(5, min(n, 14) + 1)
        ):
            return True
    return False


def _check_trick_order(table: Move, trick: Cards) -> None:
    """The table tops every earlier play of its trick (R5.2): each had its type and length and was lower."""
    if "Dog" in trick:
        raise ValueError("the Dog is in the trick: it is led alone and leaves play at once (R3.4, R5.6)")
    earlier = trick - table.cards
    if table.is_bomb:  # below a bomb: plays of one type, then lower bombs (bombs in a trick rise)
        if not _fits_below_bomb(earlier, table):
            raise ValueError(
                f"the trick's cards below the bomb {table.cards} are no plays it tops: "
                "neither plays of one type (R5.2) nor lower bombs (R4.2) hold them"
            )
        return
    if len(earlier) % table.length:
        raise ValueError(
            f"the trick holds {len(earlier)} cards besides the table, "
            f"not plays of the table's {table.length} cards each (R5.2)"
        )
    if "Dr" in earlier:
        raise ValueError(
            f"the Dragon is in the trick below the table {table.cards}: only a bomb beats the Dragon (R3.3, R4.3)"
        )
    if "MJ" in earlier and table.type not in (MoveType.SINGLE, MoveType.STRAIGHT):
        raise ValueError("the Mah Jong is in the trick below a table that is no single and no straight (R1.3)")
    ranked = (MoveType.SINGLE, MoveType.PAIR, MoveType.TRIO, MoveType.PAIR_RUN, MoveType.STRAIGHT)
    special_single = table.type == MoveType.SINGLE and str(table.cards) in ("Ph", "Dr")
    ranks = [card_rank(card_index(name)) for name in earlier if name not in ("MJ", "Dog", "Ph", "Dr")]
    if table.type in ranked and not special_single and ranks and 2 * max(ranks) >= table.rank2:
        raise ValueError(
            f"the trick holds a {max(ranks)} below the table {table.cards}: every earlier play must be lower (R5.2)"
        )
    if table.type == MoveType.SINGLE:  # singles rise one by one: no rank twice
        trick_ranks = [card_rank(card_index(name)) for name in trick if name not in ("MJ", "Dog", "Ph", "Dr")]
        for rank in sorted(set(trick_ranks)):
            if trick_ranks.count(rank) > 1:
                raise ValueError(f"the trick of singles holds rank {rank} twice: a single must beat the last (R5.2)")


@dataclass(frozen=True)
class Position:
    """A position in the play phase (docs/positions.md `from_position`): at a trick's start, or within one.

    `leader` is the seat in turn; within a trick `table` (played by
    `table_player`) is to beat, `trick` holds every card of the trick so far
    and `passed` the seats that passed since, in turn order.
    """

    hands: tuple[Cards, Cards, Cards, Cards]
    leader: int
    piles: tuple[Cards, Cards, Cards, Cards]
    out_order: tuple[int, ...]
    calls: tuple[Call, Call, Call, Call]
    wish: int | None
    played: frozenset[int]
    table: Move | None = None
    table_player: int = -1
    trick: Cards = _NO_CARDS
    passed: tuple[int, ...] = ()

    @classmethod
    def make(
        cls,
        hands: object,
        leader: object,
        piles: object = None,
        out_order: object = (),
        calls: object = None,
        wish: object = None,
        played: object = None,
        table: object = None,
        table_player: object = None,
        trick: object = None,
        passed: object = None,
    ) -> Position:
        """Validate and normalise the arguments of `HandState.from_position`."""
        hand_sets = [_card_set(h, f"hand {s}") for s, h in enumerate(_four(hands, "hands"))]
        pile_sets = (
            [Cards()] * 4 if piles is None else [_card_set(p, f"pile {s}") for s, p in enumerate(_four(piles, "piles"))]
        )
        seat_calls = (
            [Call.NONE] * 4 if calls is None else [check_call(c, s) for s, c in enumerate(_four(calls, "calls"))]
        )
        if isinstance(out_order, (str, bytes)) or not isinstance(out_order, Iterable):
            raise TypeError("out_order must be a sequence of seats")
        out = [check_seat(seat, "a seat in out_order") for seat in out_order]
        if isinstance(played, (str, bytes)) or (played is not None and not isinstance(played, Iterable)):
            raise TypeError("played must be a collection of seats")
        played_seats = (
            frozenset(range(4)) if played is None else frozenset(check_seat(s, "a seat in played") for s in played)
        )
        leader_seat = check_seat(leader, "leader")
        wished = _wish(wish)
        table_move = _table(table)
        if table_move is None:
            if table_player is not None or trick is not None or passed is not None:
                raise ValueError("table_player, trick and passed describe a table: give table= too")
            player, trick_set, passes = -1, Cards(), []
        else:
            if table_player is None:
                raise ValueError("a table needs its table_player")
            player = check_seat(table_player, "table_player")
            trick_set = table_move.cards if trick is None else _card_set(trick, "trick")
            if isinstance(passed, (str, bytes)) or (passed is not None and not isinstance(passed, Iterable)):
                raise TypeError("passed must be a sequence of seats")
            passes = [] if passed is None else [check_seat(s, "a seat in passed") for s in passed]

        for seat, hand in enumerate(hand_sets):
            if len(hand) > HAND_SIZE:
                raise ValueError(f"hand {seat} holds {len(hand)} cards, more than {HAND_SIZE}")
        named = [(f"hand {s}", c) for s, c in enumerate(hand_sets)] + [
            (f"pile {s}", c) for s, c in enumerate(pile_sets)
        ]
        for i, (name_a, cards_a) in enumerate(named):
            for name_b, cards_b in named[i + 1 :]:
                if not cards_a.isdisjoint(cards_b):
                    raise ValueError(f"{name_a} and {name_b} share cards: {cards_a & cards_b}")
        if len(set(out)) != len(out):
            raise ValueError(f"out_order repeats a seat: {out}")
        for seat in range(4):
            if not hand_sets[seat] and seat not in out:
                raise ValueError(f"seat {seat} holds no cards but is not in out_order")
            if hand_sets[seat] and seat in out:
                raise ValueError(f"seat {seat} is in out_order but holds cards")
        holding = [seat for seat in range(4) if hand_sets[seat]]
        if len(holding) <= 1 or (len(out) >= 2 and team(out[0]) == team(out[1])):  # R8.1
            raise ValueError("the position is finished (R8.1): the hand would already be over")
        if not hand_sets[leader_seat]:
            raise ValueError(f"the leader {leader_seat} holds no cards")
        if table_move is not None:
            held = Cards()
            for cards in (*hand_sets, *pile_sets):
                held = held | cards
            _check_trick(hand_sets, held, leader_seat, table_move, player, trick_set, passes)
        _check_history(hand_sets, pile_sets, out, played_seats, wished, table_move, player, leader_seat)
        if table_move is not None:
            _check_trick_order(table_move, trick_set)
            _check_wish_in_trick(wished, table_move, trick_set)
        return cls(
            hands=(hand_sets[0], hand_sets[1], hand_sets[2], hand_sets[3]),
            leader=leader_seat,
            piles=(pile_sets[0], pile_sets[1], pile_sets[2], pile_sets[3]),
            out_order=tuple(out),
            calls=(seat_calls[0], seat_calls[1], seat_calls[2], seat_calls[3]),
            wish=wished,
            played=played_seats,
            table=table_move,
            table_player=player,
            trick=trick_set,
            passed=tuple(passes),
        )

    def text(self) -> str:
        """The line of a replay that rebuilds this origin."""

        def seats_of(sets: Sequence[Cards]) -> str:
            """Four card sets as the position line writes them: names by commas, seats by bars."""
            return "|".join(",".join(cards) for cards in sets)

        return " ".join(
            [
                "position",
                f"leader={self.leader}",
                f"hands={seats_of(self.hands)}",
                f"piles={seats_of(self.piles)}",
                "out=" + ",".join(str(seat) for seat in self.out_order),
                "calls=" + ",".join(str(int(call)) for call in self.calls),
                "wish=" + ("-" if self.wish is None else str(self.wish)),
                "played=" + ",".join(str(seat) for seat in sorted(self.played)),
                *self._trick_fields(),
            ]
        )

    def _trick_fields(self) -> list[str]:
        # only within a trick: a position line at a trick's start reads as before
        if self.table is None:
            return []
        return [
            "table=" + str(self.table).replace(" ", ","),
            f"table_player={self.table_player}",
            "trick=" + ",".join(self.trick),
            "passed=" + ",".join(str(seat) for seat in self.passed),
        ]


# -- reading an origin line ---------------------------------------------------


def _seat_list(value: str) -> list[int]:
    seats = [token for token in value.split(",") if token]
    for token in seats:
        if token not in ("0", "1", "2", "3"):
            raise InvalidNotationError(f"bad seat {quote(token)}")
    return [int(token) for token in seats]


_WISH_TEXTS = frozenset(str(rank) for rank in range(2, 15))  # a position's wish as written (R6.1)
_POSITION_KEYS = (
    *("leader", "hands", "piles", "out", "calls", "wish", "played"),
    *("table", "table_player", "trick", "passed"),  # a position within a trick
)


def _parse_position(tokens: list[str]) -> Position:
    fields: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        key = ascii_lower(key)
        if not sep or key not in _POSITION_KEYS:
            raise InvalidNotationError(f"bad position field {quote(token)}")
        if key in fields:
            raise InvalidNotationError(f"position field {quote(key)} given twice")
        fields[key] = value
    for key in ("leader", "hands"):
        if key not in fields:
            raise InvalidNotationError(f"position without {key}=")

    def four_sets(value: str, what: str) -> list[Cards]:
        """A position field of four card sets separated by bars."""
        parts = value.split("|")
        if len(parts) != 4:
            raise InvalidNotationError(f"{what}= needs 4 seats separated by '|', not {len(parts)}")
        return [Cards(part) for part in parts]

    leader = _seat_list(fields["leader"])
    if len(leader) != 1:
        raise InvalidNotationError(f"bad leader {quote(fields['leader'])}")
    calls: list[int] | None = None
    if "calls" in fields:
        call_tokens = fields["calls"].split(",")
        if len(call_tokens) != 4 or any(t not in ("0", "1", "2") for t in call_tokens):
            raise InvalidNotationError(f"bad calls {quote(fields['calls'])} (4 values 0..2)")
        calls = [int(t) for t in call_tokens]
    wish: int | None = None
    wish_text = fields.get("wish", "-")
    if wish_text != "-":
        if wish_text not in _WISH_TEXTS:  # exactly as written: 0, 00 and 07 are refused
            raise InvalidNotationError(f"bad wish {quote(wish_text)} (a rank 2..14, or - for none: R6.1)")
        wish = int(wish_text)
    table_player: int | None = None
    if "table_player" in fields:
        seats = _seat_list(fields["table_player"])
        if len(seats) != 1:
            raise InvalidNotationError(f"bad table_player {quote(fields['table_player'])}")
        table_player = seats[0]
    try:
        return Position.make(
            hands=four_sets(fields["hands"], "hands"),
            leader=leader[0],
            piles=four_sets(fields["piles"], "piles") if "piles" in fields else None,
            out_order=_seat_list(fields.get("out", "")),
            calls=calls,
            wish=wish,
            played=_seat_list(fields["played"]) if "played" in fields else None,
            table=Move.parse(fields["table"].replace(",", " ")) if "table" in fields else None,
            table_player=table_player,
            trick=Cards(fields["trick"]) if "trick" in fields else None,
            passed=_seat_list(fields["passed"]) if "passed" in fields else None,
        )
    except InvalidNotationError:
        raise
    except (ValueError, IndexError, TypeError) as error:
        raise InvalidNotationError(f"inconsistent position: {error}") from None


def parse_origin(line: str) -> Deal | Position:
    """Read a `deal ...` or `position ...` line (InvalidNotationError if unreadable)."""
    tokens = line.split()
    if not tokens:
        raise InvalidNotationError("expected a 'deal' or 'position' line")
    head = ascii_lower(tokens[0])
    if head == "deal":
        try:
            # the canonical names exactly, as replay() writes them (case-sensitive)
            names = tuple(CARD_NAMES[canonical_card_index(token)] for token in tokens[1:])
            return Deal(names)
        except InvalidNotationError:
            raise
        except ValueError as error:
            raise InvalidNotationError(f"bad deal: {error}") from None
    if head == "position":
        return _parse_position(tokens[1:])
    raise InvalidNotationError(f"expected a 'deal' or 'position' line, not {quote(tokens[0])}")
