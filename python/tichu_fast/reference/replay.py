"""Reading a replay text (docs/game.md "Replay"): its lines, bounded, and its rules line.

A replay is untrusted input (a file, a network message), so the reader never
copies or splits the whole text: it walks it line by line, refusing a line
longer than MAX_LINE_LENGTH and more than MAX_LINES lines, so that a 100 MB
input fails after reading at most a few MB. Error messages quote at most 80
characters of the input (`quote`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tichu_fast.errors import InvalidNotationError
from tichu_fast.rules import Rules

from .cards import ascii_lower, quote

__all__ = ["MAX_LINES", "MAX_LINE_LENGTH", "REPLAY_HEADER", "parse_rules", "replay_lines"]

REPLAY_HEADER = "tichu_fast replay 1"

# A hand has at most a few hundred actions: 4 Grand Tichu and 4 Tichu decisions,
# 4 pushes, then at most 56 plays, each followed by at most 3 passes, 3 declined
# bomb offers, a wish and a Dragon gift, and at most 4 Tichu calls: well under
# 1000 lines. 4096 leaves room for blank lines; more is not a replay.
MAX_LINES = 4096
# The longest line is a position line: under 400 characters.
MAX_LINE_LENGTH = 4096

# The line breaks of str.splitlines, found one at a time.
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def replay_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, stripped line) of every non-blank line, read lazily and bounded."""
    position = 0
    number = 0
    while position < len(text):
        number += 1
        if number > MAX_LINES:
            raise InvalidNotationError(f"a replay has at most {MAX_LINES} lines")
        # look for the end of this line no further than the longest line allowed
        found = _LINE_BREAK.search(text, position, position + MAX_LINE_LENGTH + 1)
        end = found.start() if found else min(len(text), position + MAX_LINE_LENGTH + 1)
        if end - position > MAX_LINE_LENGTH:
            raise InvalidNotationError(f"line {number}: longer than {MAX_LINE_LENGTH} characters")
        line = text[position:end].strip()
        position = found.end() if found else end
        if line:
            yield number, line


def parse_rules(line: str) -> Rules:
    """The `Rules` of a replay's rules line: `rules bombs_out_of_turn=0|1 [target=N]`, each key once."""
    tokens = line.split()
    if not tokens or ascii_lower(tokens[0]) != "rules":
        raise InvalidNotationError(f"expected a 'rules' line, not {quote(line)}")
    options: dict[str, Any] = {}
    for token in tokens[1:]:
        key, _, value = token.partition("=")
        if key in options:
            raise InvalidNotationError(f"rules option {quote(key)} given twice")
        if key == "bombs_out_of_turn" and value in ("0", "1"):
            options[key] = value == "1"
        elif key == "target" and value.isascii() and value.isdigit() and len(value) <= 18:
            options[key] = int(value)
        else:
            raise InvalidNotationError(f"bad rules option {quote(token)}")
    try:
        return Rules(**options)
    except (ValueError, TypeError) as error:
        raise InvalidNotationError(f"bad rules: {error}") from None
