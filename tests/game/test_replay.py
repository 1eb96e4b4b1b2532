"""The replay reader on both backends (HandState.from_replay): bounded work, short messages.

The limits (MAX_LINES, MAX_LINE_LENGTH) are tichu_fast.replay's; the reference reads by the same ones."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

import tichu_fast as tf
from tichu_fast import replay
from tichu_fast import rules as rules_module
from tichu_fast.errors import IllegalMoveError, InvalidNotationError
from tichu_fast.reference import replay as reference_replay

MB = 1_000_000


def finished_hand(backend, seed: int):
    state = backend.HandState.new(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def head(backend, seed: int = 1, rules: tf.Rules | None = None) -> list[str]:
    """The header, rules and deal lines of a new hand's replay."""
    state = backend.HandState.new(seed) if rules is None else backend.HandState.new(seed, rules)
    return state.replay().splitlines()[:3]


def failure(backend, text: str) -> tuple[BaseException, float]:
    """The error and the CPU seconds of this process it took: other jobs on the machine do not count."""
    start = time.process_time()
    with pytest.raises(ValueError) as info:
        backend.HandState.from_replay(text)
    return info.value, time.process_time() - start


def test_both_readers_have_the_same_limits():
    assert (replay.MAX_LINES, replay.MAX_LINE_LENGTH) == (reference_replay.MAX_LINES, reference_replay.MAX_LINE_LENGTH)


def test_round_trip_of_finished_hands(backend):
    # docs Replay: replay() rebuilds the identical state, the one reader included.
    for seed in (1, 2, 3):
        state = finished_hand(backend, seed)
        assert backend.HandState.from_replay(state.replay()) == state


def test_a_huge_input_with_a_bad_header_fails_at_once(backend):
    # The header is checked before the rest is read: 100 MB cost well under a second.
    for text in ("garbage\n" + "x" * (100 * MB), "x" * (100 * MB), "\n" * 3 + "no replay\n" + "pass\n" * (20 * MB)):
        error, seconds = failure(backend, text)
        assert isinstance(error, InvalidNotationError)
        assert seconds < 0.5, seconds
        assert len(str(error)) < 200, len(str(error))


def test_a_good_header_then_a_million_lines_fails_at_the_cap(backend):
    text = "\n".join(head(backend)) + "\n" * 10**6
    error, seconds = failure(backend, text)
    assert isinstance(error, InvalidNotationError)
    # the C++ backend's reader names the first line too many, the reference's the cap
    assert f"line {replay.MAX_LINES + 1}" in str(error) or f"at most {replay.MAX_LINES} lines" in str(error)
    assert seconds < 0.5


def test_line_cap_leaves_room_for_the_longest_hands(backend):
    # The bound in replay.py: no finished hand needs more lines than the cap allows.
    longest = max(len(finished_hand(backend, seed).replay().splitlines()) for seed in range(20))
    assert longest < 923 < replay.MAX_LINES


def test_a_long_line_is_refused_and_quoted_short(backend):
    text = "\n".join([*head(backend), "5j" + " " * (replay.MAX_LINE_LENGTH + 10) + "5s"])
    error, seconds = failure(backend, text)
    assert isinstance(error, InvalidNotationError)
    assert "line 4" in str(error)
    assert len(str(error)) < 200
    assert seconds < 0.5


def test_messages_quote_at_most_80_characters(backend):
    # Common decision 11: a message quotes at most 80 characters of the input.
    long_word = "z" * 3000
    texts = [
        long_word,
        "\n".join([head(backend)[0], "rules " + long_word, head(backend)[2]]),
        "\n".join([head(backend)[0], "rules target=" + "9" * 3000, head(backend)[2]]),
        "\n".join([*head(backend)[:2], "deal " + long_word]),
        "\n".join([*head(backend)[:2], long_word]),
        "\n".join([*head(backend)[:2], "position leader=0 " + long_word + "=1"]),
        "\n".join([*head(backend), long_word]),
        "\n".join([*head(backend), "5j " * 1300]),
        "\n".join([*head(backend), "push " + "5j " * 1300]),
        "\n".join([*head(backend), "no grand tichu", "Ph:9 " + "5j " * 1300]),
    ]
    for text in texts:
        error, _ = failure(backend, text)
        assert isinstance(error, InvalidNotationError)
        assert len(str(error)) < 200, str(error)[:300]


def test_lines_are_numbered_as_splitlines_numbers_them(backend):
    # Blank lines and every splitlines() boundary count; the message names the line.
    lines = head(backend)
    text = lines[0] + "\r\n\n" + lines[1] + "\x85" + lines[2] + "\u2028\n" + "zzz"
    error, _ = failure(backend, text)
    assert isinstance(error, InvalidNotationError)
    assert str(error).startswith("line 6:")
    error, _ = failure(backend, "\n".join([*lines, "no grand tichu", "tichu"]))
    assert isinstance(error, IllegalMoveError)
    assert str(error).startswith("line 5:")


def test_rules_line_rejects_repeated_and_unknown_keys(backend):
    # Common decision 4: a repeated key is unreadable, as is an unknown one.
    header, _, deal = head(backend)
    for rules_line in (
        "rules bombs_out_of_turn=1 bombs_out_of_turn=1",
        "rules bombs_out_of_turn=1 target=500 target=500",
        "rules target=500 target=600",
        "rules bombs_out_of_turn=1 speed=3",
        "rules bombs_out_of_turn=2",
        "rules target=0",
        "rules target=1000001",
        "rules target=-5",
        "laws bombs_out_of_turn=1",
    ):
        error, _ = failure(backend, "\n".join([header, rules_line, deal]))
        assert isinstance(error, InvalidNotationError), rules_line
        assert str(error).startswith("line 2:"), rules_line


def test_rules_line_reads_every_option(backend):
    header, _, deal = head(backend)
    state = backend.HandState.from_replay("\n".join([header, "rules bombs_out_of_turn=0 target=250", deal]))
    assert state.rules == tf.Rules(bombs_out_of_turn=False, target=250)
    assert backend.HandState.from_replay(state.replay()) == state


def test_rules_line_round_trips_every_declared_option(backend):
    # An option is declared once, as a field of Rules: the rules line of both backends writes and reads
    # each field, whatever its name, with nothing else to change (CONTRIBUTING.md, "adding a rules option").
    header, _, deal = head(backend)
    for declared in dataclasses.fields(tf.Rules):
        default = declared.default
        other = (not default) if isinstance(default, bool) else declared.metadata["least"]
        rules = dataclasses.replace(tf.Rules(), **{declared.name: other})
        line = rules_module.rules_line(rules)
        assert f"{declared.name}={int(other)}" in line.split()
        assert rules_module.parse_rules(line) == rules
        state = backend.HandState.from_replay("\n".join([header, line, deal]))
        assert state.rules == rules
        assert state.replay().splitlines()[1] == line
        assert backend.HandState.from_replay(state.replay()) == state


def test_deal_line_needs_the_canonical_names_exactly(backend):
    # Common decision 5: a replay is written, not typed: the deal line is case-sensitive.
    header, rules, deal = head(backend)
    for bad in (deal.lower(), deal.replace("10", "T"), deal + " MJ", deal.rsplit(" ", 1)[0], deal.replace(" ", ",")):
        error, _ = failure(backend, "\n".join([header, rules, bad]))
        assert isinstance(error, InvalidNotationError), bad[:40]
        assert str(error).startswith("line 3:"), bad[:40]


def test_missing_lines_and_wrong_types(backend):
    header, rules, _ = head(backend)
    for text in ("", "\n\n", header, f"{header}\n{rules}"):
        error, _ = failure(backend, text)
        assert isinstance(error, InvalidNotationError)
    with pytest.raises(TypeError):
        backend.HandState.from_replay(b"tichu_fast replay 1")  # type: ignore[arg-type]


def test_rules_target_range(backend):
    # Rules.target is an int 1..1_000_000 (common decision 9), so a state stays replayable.
    for target in (1, 1000, 1_000_000):
        state = backend.HandState.new(4, tf.Rules(target=target))
        assert backend.HandState.from_replay(state.replay()) == state
    for target in (0, -1, 1_000_001, 10**5000):
        with pytest.raises(ValueError) as info:
            tf.Rules(target=target)
        assert len(str(info.value)) < 80
    for target in (True, 1.0, "1000", None):
        with pytest.raises(TypeError):
            tf.Rules(target=target)  # type: ignore[arg-type]


POSITION_WITH_WISH = (
    "tichu_fast replay 1\nrules bombs_out_of_turn=1\n"
    "position leader=1 hands=4s,6j|10p|Kj|3s piles=||| out= calls=0,0,0,0 wish={} played=0,1,2,3\n"
)


def test_a_position_line_wish_is_a_rank_as_written_or_a_dash(backend):
    # R6.1: a wish is a rank 2..14, or none, written `wish=-`; a 0 is no rank and never means none
    # (the fast reader once read wish=0 and wish=00 as no wish, the reference refused them).
    for text, wish in (("-", None), ("2", 2), ("7", 7), ("14", 14)):
        assert backend.HandState.from_replay(POSITION_WITH_WISH.format(text)).wish == wish
    for bad in ("0", "00", "07", "1", "15", "", "A", "+7"):
        error, _ = failure(backend, POSITION_WITH_WISH.format(bad))
        assert isinstance(error, InvalidNotationError), bad
        assert str(error).startswith(f"line 3: bad wish {bad!r}"), bad


def test_a_position_without_a_wish_is_written_with_a_dash(backend):
    # R6.1: the replay writes no wish as `wish=-`, which reads back as None.
    state = backend.HandState.from_position(["4s 6j", "10p", "Kj", "3s"], 1)
    assert " wish=- " in state.replay()
    assert backend.HandState.from_replay(state.replay()).wish is None
