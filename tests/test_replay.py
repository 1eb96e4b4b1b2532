"""The replay reader of the C++ backend (tichu_fast.replay, HandState.from_replay): bounded work, short messages."""

from __future__ import annotations

import random
import time

import pytest

import tichu_fast as tf
from tichu_fast import replay
from tichu_fast.errors import IllegalMoveError, InvalidNotationError

MB = 1_000_000


def finished_hand(seed: int) -> tf.HandState:
    state = tf.HandState.new(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def head(seed: int = 1, rules: tf.Rules | None = None) -> list[str]:
    """The header, rules and deal lines of a new hand's replay."""
    return tf.HandState.new(seed, rules).replay().splitlines()[:3]


def failure(text: str) -> tuple[BaseException, float]:
    """The error and the CPU seconds of this process it took: other jobs on the machine do not count."""
    start = time.process_time()
    with pytest.raises(ValueError) as info:
        tf.HandState.from_replay(text)
    return info.value, time.process_time() - start


def test_round_trip_of_finished_hands():
    # docs Replay: replay() rebuilds the identical state, the one reader included.
    for seed in (1, 2, 3):
        state = finished_hand(seed)
        assert tf.HandState.from_replay(state.replay()) == state


def test_a_huge_input_with_a_bad_header_fails_at_once():
    # The header is checked before the rest is read: 100 MB cost well under a second.
    for text in ("garbage\n" + "x" * (100 * MB), "x" * (100 * MB), "\n" * 3 + "no replay\n" + "pass\n" * (20 * MB)):
        error, seconds = failure(text)
        assert isinstance(error, InvalidNotationError)
        assert seconds < 0.5, seconds
        assert len(str(error)) < 200, len(str(error))


def test_a_good_header_then_a_million_lines_fails_at_the_cap():
    text = "\n".join(head()) + "\n" * 10**6
    error, seconds = failure(text)
    assert isinstance(error, InvalidNotationError)
    assert f"line {replay.MAX_LINES + 1}" in str(error)
    assert seconds < 0.5


def test_line_cap_leaves_room_for_the_longest_hands():
    # The bound in replay.py: no finished hand needs more lines than the cap allows.
    longest = max(len(finished_hand(seed).replay().splitlines()) for seed in range(20))
    assert longest < 923 < replay.MAX_LINES


def test_a_long_line_is_refused_and_quoted_short():
    text = "\n".join([*head(), "5j" + " " * (replay.MAX_LINE_LENGTH + 10) + "5s"])
    error, seconds = failure(text)
    assert isinstance(error, InvalidNotationError)
    assert "line 4" in str(error)
    assert len(str(error)) < 200
    assert seconds < 0.5


def test_messages_quote_at_most_80_characters():
    # Common decision 11: a message quotes at most 80 characters of the input.
    long_word = "z" * 3000
    texts = [
        long_word,
        "\n".join([head()[0], "rules " + long_word, head()[2]]),
        "\n".join([head()[0], "rules target=" + "9" * 3000, head()[2]]),
        "\n".join([*head()[:2], "deal " + long_word]),
        "\n".join([*head()[:2], long_word]),
        "\n".join([*head()[:2], "position leader=0 " + long_word + "=1"]),
        "\n".join([*head(), long_word]),
        "\n".join([*head(), "5j " * 1300]),
        "\n".join([*head(), "push " + "5j " * 1300]),
        "\n".join([*head(), "no grand tichu", "Ph:9 " + "5j " * 1300]),
    ]
    for text in texts:
        error, _ = failure(text)
        assert isinstance(error, InvalidNotationError)
        assert len(str(error)) < 200, str(error)[:300]


def test_lines_are_numbered_as_splitlines_numbers_them():
    # Blank lines and every splitlines() boundary count; the message names the line.
    lines = head()
    text = lines[0] + "\r\n\n" + lines[1] + "\x85" + lines[2] + "\u2028\n" + "zzz"
    error, _ = failure(text)
    assert isinstance(error, InvalidNotationError)
    assert str(error).startswith("line 6:")
    error, _ = failure("\n".join([*lines, "no grand tichu", "tichu"]))
    assert isinstance(error, IllegalMoveError)
    assert str(error).startswith("line 5:")


def test_rules_line_rejects_repeated_and_unknown_keys():
    # Common decision 4: a repeated key is unreadable, as is an unknown one.
    header, _, deal = head()
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
        error, _ = failure("\n".join([header, rules_line, deal]))
        assert isinstance(error, InvalidNotationError), rules_line
        assert str(error).startswith("line 2:"), rules_line


def test_rules_line_reads_every_option():
    header, _, deal = head()
    state = tf.HandState.from_replay("\n".join([header, "rules bombs_out_of_turn=0 target=250", deal]))
    assert state.rules == tf.Rules(bombs_out_of_turn=False, target=250)
    assert tf.HandState.from_replay(state.replay()) == state


def test_deal_line_needs_the_canonical_names_exactly():
    # Common decision 5: a replay is written, not typed: the deal line is case-sensitive.
    header, rules, deal = head()
    for bad in (deal.lower(), deal.replace("10", "T"), deal + " MJ", deal.rsplit(" ", 1)[0], deal.replace(" ", ",")):
        error, _ = failure("\n".join([header, rules, bad]))
        assert isinstance(error, InvalidNotationError), bad[:40]
        assert str(error).startswith("line 3:"), bad[:40]


def test_missing_lines_and_wrong_types():
    header, rules, _ = head()
    for text in ("", "\n\n", header, f"{header}\n{rules}"):
        error, _ = failure(text)
        assert isinstance(error, InvalidNotationError)
    with pytest.raises(TypeError):
        tf.HandState.from_replay(b"tichu_fast replay 1")  # type: ignore[arg-type]


def test_rules_target_range():
    # Rules.target is an int 1..1_000_000 (common decision 9), so a state stays replayable.
    for target in (1, 1000, 1_000_000):
        state = tf.HandState.new(4, tf.Rules(target=target))
        assert tf.HandState.from_replay(state.replay()) == state
    for target in (0, -1, 1_000_001, 10**5000):
        with pytest.raises(ValueError) as info:
            tf.Rules(target=target)
        assert len(str(info.value)) < 80
    for target in (True, 1.0, "1000", None):
        with pytest.raises(TypeError):
            tf.Rules(target=target)  # type: ignore[arg-type]
