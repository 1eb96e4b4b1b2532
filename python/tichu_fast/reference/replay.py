"""Reading a replay text (docs/positions.md "Replay"): its lines, bounded (its rules line: `tichu_fast.rules`).

A replay is untrusted input (a file, a network message), so the reader never
copies or splits the whole text: it walks it line by line, refusing a line
longer than MAX_LINE_LENGTH and more than MAX_LINES lines, so that a 100 MB
input fails after reading at most a few MB. Error messages quote at most 80
characters of the input (`quote`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tichu_fast.errors import InvalidNotationError

__all__ = ["MAX_LINES", "MAX_LINE_LENGTH", "REPLAY_HEADER", "replay_lines"]

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
