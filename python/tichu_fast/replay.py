"""The replay text of a hand (docs/positions.md "Replay"): writing it and reading it.

    tichu_fast replay 1
    rules bombs_out_of_turn=1
    deal <56 card names in dealt order>      (or: position <fields>)
    <one action text per line>

Reading is bounded whatever the input: the header is checked before anything
else is read, lines are found one at a time (never the whole text split at
once), and both the number of lines and their length are capped, so a huge
or hostile text fails fast in constant memory. Error messages name the line
and quote at most `QUOTE_LIMIT` characters of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from tichu_fast._core import Cards
from tichu_fast.errors import IllegalMoveError, InvalidNotationError
from tichu_fast.rules import Rules, parse_rules, rules_line

__all__ = [
    "MAX_LINES",
    "MAX_LINE_LENGTH",
    "QUOTE_LIMIT",
    "REPLAY_HEADER",
    "line_error",
    "lines",
    "parse_origin",
    "parse_rules",
    "quote",
    "read_origin",
    "read_rules",
    "rules_line",
    "write",
]

REPLAY_HEADER = "tichu_fast replay 1"

# A hand has at most 920 actions: 12 before play (4 Grand Tichu, 4 Tichu, 4
# pushes); at most 56 plays, since each takes a card from a hand; at most 3
# passes after each play (168); one wish, one Dragon gift, 4 Tichu calls in
# play; and at most 3 declined bomb offers after each play, pass or wish
# ((56 + 168 + 1) * 3 = 675). With the 3 opening lines that is 923 lines;
# 4096 leaves room for blank lines while still bounding the work.
MAX_LINES = 4096
# The longest line written is a position line of about 300 characters.
MAX_LINE_LENGTH = 4096
QUOTE_LIMIT = 80
_MESSAGE_LIMIT = 200  # a reason around the quote

_CANONICAL = frozenset(Cards(0xFFFFFFFFFFFFFF))  # the 56 card names as written
# The same line boundaries as str.splitlines().
_LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_POSITION_KEYS = (
    *("leader", "hands", "piles", "out", "calls", "wish", "played"),
    *("table", "table_player", "trick", "passed"),  # a position within a trick
)
# A position's wish exactly as written: a rank 2..14, or - for none (R6.1); 0 and 07 are no rank's text.
_WISH_TEXTS = frozenset(str(rank) for rank in range(2, 15))
_MISSING = f"a replay starts with {REPLAY_HEADER!r}, a rules line and a deal or position line"


def quote(text: str) -> str:
    """`repr` of user text cut to `QUOTE_LIMIT` characters (then `...`), for error messages."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return repr(text[:QUOTE_LIMIT]) + "..."


def _ascii_lower(word: str) -> str:
    # keywords fold case in ASCII only, as card text does (README "Text")
    return word.lower() if word.isascii() else word


def line_error(number: int, line: str, error: Exception) -> InvalidNotationError | IllegalMoveError:
    """`error`, raised by reading line `number`, as the error from_replay raises: it names the line
    and quotes at most `QUOTE_LIMIT` characters of it, whatever the message it wraps quoted."""
    message = str(error).replace(repr(line), quote(line))
    if len(message) > _MESSAGE_LIMIT:
        message = message[:_MESSAGE_LIMIT] + "..."
    kind = IllegalMoveError if isinstance(error, IllegalMoveError) else InvalidNotationError
    return kind(f"line {number}: {message}")


# -- writing ------------------------------------------------------------------


def write(rules: Rules, origin: str, actions: Iterable[str]) -> str:
    """The whole replay text: header, rules line, origin line, one action per line."""
    return "\n".join([REPLAY_HEADER, rules_line(rules), origin, *actions]) + "\n"


# -- reading lines -------------------------------------------------------------


def _text_lines(text: str) -> Iterator[tuple[int, str]]:
    """(number, stripped text) of each non-blank line, numbered from 1, within the caps."""
    position, number = 0, 0
    while position < len(text):
        number += 1
        if number > MAX_LINES:
            raise InvalidNotationError(f"line {number}: a replay has at most {MAX_LINES} lines")
        # look for the line's end only within the length cap
        found = _LINE_BREAK.search(text, position, position + MAX_LINE_LENGTH + 1)
        end = len(text) if found is None else found.start()
        if end - position > MAX_LINE_LENGTH:
            long_line = text[position : position + QUOTE_LIMIT + 1]
            raise InvalidNotationError(f"line {number} is longer than {MAX_LINE_LENGTH} characters: {quote(long_line)}")
        line = text[position:end].strip()
        position = len(text) if found is None else found.end()
        if line:
            yield number, line


def lines(text: str) -> Iterator[tuple[int, str]]:
    """Checks the header line, then returns the replay's other non-blank lines as (number, text), lazily."""
    if not isinstance(text, str):
        raise TypeError(f"replay text must be a str, not {type(text).__name__}")
    rest = _text_lines(text)
    number, header = next(rest, (0, ""))
    if number == 0:
        raise InvalidNotationError(_MISSING)
    if header != REPLAY_HEADER:
        raise InvalidNotationError(f"line {number}: a replay starts with {REPLAY_HEADER!r}, not {quote(header)}")
    return rest


def read_rules(rest: Iterator[tuple[int, str]]) -> Rules:
    """Reads the rules line that follows the header."""
    number, line = next(rest, (0, ""))
    if number == 0:
        raise InvalidNotationError(_MISSING)
    try:
        return parse_rules(line)
    except ValueError as error:
        raise InvalidNotationError(f"line {number}: {error}") from None


def read_origin(rest: Iterator[tuple[int, str]]) -> tuple[int, str]:
    """The deal or position line that follows the rules line, with its number."""
    number, line = next(rest, (0, ""))
    if number == 0:
        raise InvalidNotationError(_MISSING)
    return number, line


# -- reading the origin line (the rules line: tichu_fast.rules.parse_rules) ---------------


def parse_origin(line: str) -> list[str] | dict[str, Any]:
    """A deal line as its 56 card names, or a position line as `HandState.from_position` arguments."""
    words = line.split(None, 1)
    kind = _ascii_lower(words[0]) if words else ""
    rest = words[1] if len(words) > 1 else ""
    if kind == "deal":
        return _parse_deal(rest)
    if kind == "position":
        return _parse_position(rest)
    raise InvalidNotationError(f"expected a deal or position line, not {quote(line)}")


def _parse_deal(rest: str) -> list[str]:
    # Exactly the canonical names (case-sensitive): a replay is written, not typed.
    names = rest.split()
    for name in names:
        if name not in _CANONICAL:
            raise InvalidNotationError(f"{quote(name)} is not a canonical card name")
    if len(names) != 56 or len(set(names)) != 56:
        raise InvalidNotationError("a deal line lists the 56 canonical card names once each")
    return names


def _parse_position(rest: str) -> dict[str, Any]:
    fields: dict[str, str] = {}
    for word in rest.split():
        key, sep, value = word.partition("=")
        key = _ascii_lower(key)
        if not sep or key in fields or key not in _POSITION_KEYS:
            raise InvalidNotationError(f"bad position field {quote(word)}")
        fields[key] = value
    if "leader" not in fields or "hands" not in fields or len(_seats(fields["leader"])) != 1:
        raise InvalidNotationError("a position needs leader= and hands=")
    calls = None
    if "calls" in fields:
        tokens = fields["calls"].split(",")
        if len(tokens) != 4 or any(t not in ("0", "1", "2") for t in tokens):
            raise InvalidNotationError(f"bad calls {quote(fields['calls'])}")
        calls = [int(t) for t in tokens]
    wish = fields.get("wish", "-")
    if wish != "-" and wish not in _WISH_TEXTS:
        raise InvalidNotationError(f"bad wish {quote(wish)} (a rank 2..14, or - for none: R6.1)")
    if "table_player" in fields and len(_seats(fields["table_player"])) != 1:
        raise InvalidNotationError(f"bad table_player {quote(fields['table_player'])}")
    return {
        "table": fields["table"].replace(",", " ") if "table" in fields else None,
        "table_player": _seats(fields["table_player"])[0] if "table_player" in fields else None,
        "trick": Cards(fields["trick"]) if "trick" in fields else None,
        "passed": _seats(fields["passed"]) if "passed" in fields else None,
        "hands": _four(fields["hands"]),
        "leader": _seats(fields["leader"])[0],
        "piles": _four(fields["piles"]) if "piles" in fields else None,
        "out_order": _seats(fields.get("out", "")),
        "calls": calls,
        "wish": None if wish == "-" else int(wish),
        "played": _seats(fields["played"]) if "played" in fields else None,
    }


def _seats(value: str) -> list[int]:
    tokens = [t for t in value.split(",") if t]
    if any(t not in ("0", "1", "2", "3") for t in tokens):
        raise InvalidNotationError(f"bad seats {quote(value)}")
    return [int(t) for t in tokens]


def _four(value: str) -> list[Cards]:
    parts = value.split("|")
    if len(parts) != 4:
        raise InvalidNotationError(f"{quote(value)} needs 4 seats separated by '|'")
    return [Cards(part) for part in parts]
