"""The replay text of a hand (docs/game.md "Replay"): writing it and reading its lines.

tichu_fast replay 1
rules bombs_out_of_turn=1
deal <56 card names in dealt order>      (or: position <fields>)
<one action text per line>
"""

from __future__ import annotations

from collections.abc import Iterable

from tichu_fast.rules import Rules

__all__ = ["REPLAY_HEADER", "parse_rules", "rules_line", "write"]

REPLAY_HEADER = "tichu_fast replay 1"
_DEFAULT_RULES = Rules()


def rules_line(rules: Rules) -> str:
    """The rules line of a replay: options at their default are left out, except bombs_out_of_turn."""
    line = f"rules bombs_out_of_turn={int(rules.bombs_out_of_turn)}"
    if rules.target != _DEFAULT_RULES.target:
        line += f" target={rules.target}"
    return line


def write(rules: Rules, origin: str, actions: Iterable[str]) -> str:
    """The whole replay text: header, rules line, origin line, one action per line."""
    return "\n".join([REPLAY_HEADER, rules_line(rules), origin, *actions]) + "\n"


def parse_rules(line: str) -> Rules:
    words = line.split()
    if not words or words[0] != "rules":
        raise ValueError(f"expected a rules line, not {line!r}")
    fields = dict(word.partition("=")[::2] for word in words[1:])
    if set(fields) - {"bombs_out_of_turn", "target"} or fields.get("bombs_out_of_turn", "1") not in ("0", "1"):
        raise ValueError(f"bad rules line {line!r}")
    target = fields.get("target", str(_DEFAULT_RULES.target))
    if not target.isascii() or not target.isdigit():
        raise ValueError(f"bad rules line {line!r}")
    return Rules(bombs_out_of_turn=fields.get("bombs_out_of_turn", "1") == "1", target=int(target))
