"""The rules options of a hand and a match, shared by both backends (docs/game.md).

Each option is declared once, as a field of `Rules`: its type (bool or int)
and default, and with `option()` its range and whether a replay's rules line
always writes it. The check of a value, the replay's rules line of both
backends (`rules_line`, `parse_rules`) are read from the fields: an option
added here needs, beyond its declaration, only the rule's code in each
backend (and in the core's conversion of `Rules`) and its tests.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields
from typing import Any

from tichu_fast.errors import InvalidNotationError

__all__ = ["MAX_TARGET", "Rules", "option", "parse_rules", "rules_line"]

# A bound that no real match approaches, so that every total and every
# replay's rules line stays a small number.
MAX_TARGET = 1_000_000
_INT_DIGITS = 18  # an int option's text in a rules line: at most this many digits (any range fits)


def option(
    default: bool | int, *, least: int | None = None, most: int | None = None, always_written: bool = False
) -> Any:
    """A field of `Rules`: its default, the range of an int (`least`..`most`), and whether the
    replay's rules line writes it even at its default (others are left out there, so that old
    replays without the key read as the default)."""
    return field(default=default, metadata={"least": least, "most": most, "always_written": always_written})


@dataclass(frozen=True)
class Rules:
    """Options on top of the rules of docs/rules.md.

    - `bombs_out_of_turn`: R10.2; False restricts bombs to one's own turn (no offers).
    - `target`: R9.1; a match ends after a hand once a team has at least this total
      (an int 1..1_000_000).
    """

    bombs_out_of_turn: bool = option(True, always_written=True)
    target: int = option(1000, least=1, most=MAX_TARGET)

    def __post_init__(self) -> None:
        for declared in fields(self):
            _check(declared, getattr(self, declared.name))


def _check(declared: Field[Any], value: object) -> None:
    """TypeError for a value of another type than the option's default, ValueError outside its range."""
    name, kind = declared.name, type(value).__name__
    if isinstance(declared.default, bool):
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be a bool, not {kind}")
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {kind}")
    least, most = declared.metadata["least"], declared.metadata["most"]
    if (least is not None and value < least) or (most is not None and value > most):
        # a huge int is not printed: it could exceed str()'s digit limit
        shown = str(value) if abs(value) < 10**12 else "a larger number"
        raise ValueError(f"{name} must be {least}..{most}, not {shown}")


def rules_line(rules: Rules) -> str:
    """The rules line of a replay: `rules bombs_out_of_turn=1 [target=N]`, bools as 1 or 0.

    Options at their default are left out, except those declared `always_written`.
    """
    words = ["rules"]
    for declared in fields(rules):
        value = getattr(rules, declared.name)
        if value != declared.default or declared.metadata["always_written"]:
            words.append(f"{declared.name}={int(value)}")
    return " ".join(words)


def parse_rules(line: str) -> Rules:
    """The `Rules` of a replay's rules line; InvalidNotationError for an unknown, repeated or bad option."""
    words = line.split()
    if not words or (words[0].lower() if words[0].isascii() else words[0]) != "rules":  # ASCII case folds only
        raise InvalidNotationError(f"expected a rules line, not {_quote(line)}")
    declared = {each.name: each for each in fields(Rules)}
    given: dict[str, bool | int] = {}
    for word in words[1:]:
        key, _, text = word.partition("=")
        if key in given:
            raise InvalidNotationError(f"the rules line repeats {_quote(key)}")
        if key not in declared or not _readable(declared[key], text):
            raise InvalidNotationError(f"bad rules option {_quote(word)}")
        given[key] = text == "1" if isinstance(declared[key].default, bool) else int(text)
    try:
        return Rules(**given)  # type: ignore[arg-type]  # each value has its option's type
    except ValueError as error:
        raise InvalidNotationError(f"bad rules: {error}") from None


def _readable(declared: Field[Any], text: str) -> bool:
    """Whether `text` is a value of the option as a rules line writes it: 0 or 1, or up to 18 ASCII digits."""
    if isinstance(declared.default, bool):
        return text in ("0", "1")
    return text.isascii() and text.isdigit() and len(text) <= _INT_DIGITS


def _quote(text: str) -> str:
    """`repr` of replay text cut to 80 characters, for an error message."""
    return repr(text) if len(text) <= 80 else repr(text[:80]) + "..."
