"""Actions: the immutable value a player decides (docs/game.md "Action"), its text form.

Every action text reads the same without knowing the decision it is meant for
(`Action(text)`): the keyword forms (`grand tichu`, `no tichu`, `push ...`,
`wish 7`, `no wish`, `give 1`) are never card text, and everything else is a
move's text (docs/api.md). `HandState.parse_action` adds what only the
position knows (a bare `Ph` on a single means the Phoenix at table + 0.5).
"""

from __future__ import annotations

import operator
from typing import Any, NoReturn

from tichu_fast.enums import ActionKind
from tichu_fast.errors import InvalidNotationError

from .cards import CARD_NAMES, RANK_NAMES, ascii_lower, card_index, quote, rank_name, split_tokens
from .moves import Move

__all__ = ["Action", "parse_wish_rank"]

_RANK_BY_NAME: dict[str, int] = {name.lower(): rank for rank, name in RANK_NAMES.items()}
_RANK_BY_NAME["t"] = 10  # as in card names, T is the 10


def parse_wish_rank(token: str) -> int:
    """The rank of `wish R`: a rank name (2..10, J, Q, K, A, or T) or a number 2..14 (R6.1)."""
    lowered = ascii_lower(token)
    if lowered in _RANK_BY_NAME:
        return _RANK_BY_NAME[lowered]
    if lowered.isascii() and lowered.isdigit() and not lowered.startswith("0") and 2 <= int(lowered) <= 14:
        return int(lowered)
    raise InvalidNotationError(f"bad wish rank {quote(token)} (a rank 2..10, J, Q, K or A)")


def _seat_of(token: str) -> int:
    if token in ("0", "1", "2", "3"):
        return int(token)
    raise InvalidNotationError(f"bad seat {quote(token)} (0..3)")


def _push_names(tokens: list[str]) -> tuple[str, str, str]:
    if len(tokens) != 3:
        raise InvalidNotationError(f"a push names 3 cards (for seats p+1, p+2, p+3), not {len(tokens)}")
    names = [CARD_NAMES[card_index(token)] for token in tokens]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise InvalidNotationError(f"duplicate card {name!r} in a push")
    return (names[0], names[1], names[2])


class Action:
    """One decision taken: a call, a push, a play (the pass included), a wish or a gift.

    Fields as in docs/game.md; `Action(text)` reads the text form, and the
    named constructors build each kind. Immutable; equality and hash over
    all fields.
    """

    __slots__ = ("_call", "_gift_to", "_kind", "_move", "_push", "_wish")

    _kind: ActionKind
    _call: bool
    _push: tuple[str, str, str] | None
    _move: Move | None
    _wish: int | None
    _gift_to: int | None

    def __init__(self, text: str) -> None:
        parsed = Action.parse(text)
        for name in Action.__slots__:
            object.__setattr__(self, name, getattr(parsed, name))

    @classmethod
    def _make(
        cls,
        kind: ActionKind,
        *,
        call: bool = False,
        push: tuple[str, str, str] | None = None,
        move: Move | None = None,
        wish: int | None = None,
        gift_to: int | None = None,
    ) -> Action:
        """Internal constructor (trusted, no checks)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_call", call)
        object.__setattr__(self, "_push", push)
        object.__setattr__(self, "_move", move)
        object.__setattr__(self, "_wish", wish)
        object.__setattr__(self, "_gift_to", gift_to)
        return self

    # -- named constructors ---------------------------------------------------

    @classmethod
    def grand_tichu(cls, call: bool) -> Action:
        """Call Grand Tichu (True) or not (False) on one's first 8 cards (R7.1)."""
        if not isinstance(call, bool):
            raise TypeError(f"call must be a bool, not {type(call).__name__}")
        return cls._make(ActionKind.GRAND_TICHU, call=call)

    @classmethod
    def tichu(cls, call: bool = True) -> Action:
        """Call Tichu (True) or not (False) (R7.2); in play only the call exists."""
        if not isinstance(call, bool):
            raise TypeError(f"call must be a bool, not {type(call).__name__}")
        return cls._make(ActionKind.TICHU, call=call)

    @classmethod
    def push_cards(cls, to_next: str, to_partner: str, to_previous: str) -> Action:
        """Push these cards to seats p+1, p+2 and p+3 (R2.2)."""
        for name in (to_next, to_partner, to_previous):
            if not isinstance(name, str):
                raise TypeError(f"a card name must be a str, not {type(name).__name__}")
        return cls._make(ActionKind.PUSH, push=_push_names([to_next, to_partner, to_previous]))

    @classmethod
    def play(cls, move: Move | str) -> Action:
        """Play a move, the pass included (R5); also a bomb or the pass on a BOMB offer."""
        if isinstance(move, str):
            move = Move.parse(move)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move or move text, not {type(move).__name__}")
        return cls._make(ActionKind.PLAY, move=move)

    @classmethod
    def make_wish(cls, rank: int | None) -> Action:
        """Wish for a rank 2..14, or None for no wish (R6.1)."""
        if rank is not None:
            if isinstance(rank, bool):
                raise TypeError("a wish must be None or an int, not bool")
            rank = operator.index(rank)
            if not 2 <= rank <= 14:
                raise ValueError(f"wish {rank} is not a rank 2..14")
        return cls._make(ActionKind.WISH, wish=rank)

    @classmethod
    def gift(cls, seat: int) -> Action:
        """Give the Dragon trick to this seat (R5.5)."""
        if isinstance(seat, bool):
            raise TypeError("a seat must be an int, not bool")
        seat = operator.index(seat)
        if not 0 <= seat <= 3:
            raise IndexError(f"seat {seat} is outside 0..3")
        return cls._make(ActionKind.GIFT, gift_to=seat)

    # -- text -------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action of a text (case-insensitive); InvalidNotationError if unreadable."""
        if not isinstance(text, str):
            raise TypeError(f"action text must be a str, not {type(text).__name__}")
        tokens = split_tokens(text)
        words = [ascii_lower(token) for token in tokens]
        if not words:
            raise InvalidNotationError("empty action text")
        if words == ["grand", "tichu"]:
            return cls._make(ActionKind.GRAND_TICHU, call=True)
        if words == ["no", "grand", "tichu"]:
            return cls._make(ActionKind.GRAND_TICHU, call=False)
        if words == ["tichu"]:
            return cls._make(ActionKind.TICHU, call=True)
        if words == ["no", "tichu"]:
            return cls._make(ActionKind.TICHU, call=False)
        if words == ["no", "wish"]:
            return cls._make(ActionKind.WISH, wish=None)
        if words[0] == "wish":
            if len(words) != 2:
                raise InvalidNotationError(f"bad wish {quote(text.strip())} (write 'wish 7' or 'no wish')")
            return cls._make(ActionKind.WISH, wish=parse_wish_rank(tokens[1]))
        if words[0] == "give":
            if len(words) != 2:
                raise InvalidNotationError(f"bad gift {quote(text.strip())} (write 'give 1')")
            return cls._make(ActionKind.GIFT, gift_to=_seat_of(tokens[1]))
        if words[0] == "push":
            return cls._make(ActionKind.PUSH, push=_push_names(tokens[1:]))
        return cls._make(ActionKind.PLAY, move=Move.parse(text))  # InvalidNotationError if no move

    def __str__(self) -> str:
        kind = self._kind
        if kind == ActionKind.GRAND_TICHU:
            return "grand tichu" if self._call else "no grand tichu"
        if kind == ActionKind.TICHU:
            return "tichu" if self._call else "no tichu"
        if kind == ActionKind.PUSH:
            assert self._push is not None
            return "push " + " ".join(self._push)
        if kind == ActionKind.PLAY:
            return str(self._move)
        if kind == ActionKind.WISH:
            return "no wish" if self._wish is None else f"wish {rank_name(self._wish)}"
        return f"give {self._gift_to}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    # -- fields -----------------------------------------------------------------

    @property
    def kind(self) -> ActionKind:
        """What the action does."""
        return self._kind

    @property
    def call(self) -> bool:
        """GRAND_TICHU / TICHU: whether the seat calls; otherwise False."""
        return self._call

    @property
    def push(self) -> tuple[str, str, str] | None:
        """PUSH: the card names for seats p+1, p+2, p+3; otherwise None."""
        return self._push

    @property
    def move(self) -> Move | None:
        """PLAY: the move (the pass included); otherwise None."""
        return self._move

    @property
    def wish(self) -> int | None:
        """WISH: the rank 2..14, or None for no wish (and for other kinds)."""
        return self._wish

    @property
    def gift_to(self) -> int | None:
        """GIFT: the seat that receives the trick; otherwise None."""
        return self._gift_to

    # -- value semantics ----------------------------------------------------------

    def _key(self) -> tuple[ActionKind, bool, tuple[str, str, str] | None, Move | None, int | None, int | None]:
        return (self._kind, self._call, self._push, self._move, self._wish, self._gift_to)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._key() != other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Action is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Action, (str(self),))
