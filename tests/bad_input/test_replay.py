"""Bad replay text on both backends: exact deal lines, each rules key once, huge input failing fast,
and error messages that quote at most 80 characters."""

from __future__ import annotations

import time

import pytest

from .helpers import BACKENDS, load


def _replay_lines(tf) -> list[str]:
    state = tf.HandState.new(11)
    for _ in range(9):
        state.apply_index(0)
    return state.replay().splitlines()


@pytest.mark.parametrize("name", BACKENDS)
def test_replay_rules_key_once(name):
    # R10.2's option may be given once: a repeated key is a malformed replay.
    tf = load(name)
    lines = _replay_lines(tf)
    for rules in ("rules bombs_out_of_turn=1 bombs_out_of_turn=0", "rules target=500 bombs_out_of_turn=1 target=700"):
        with pytest.raises(tf.InvalidNotationError, match="line 2"):
            tf.HandState.from_replay("\n".join([lines[0], rules, *lines[2:]]))


@pytest.mark.parametrize("name", BACKENDS)
def test_replay_deal_line_is_exact(name):
    # R2.1: the deal line lists the canonical names exactly as replay() writes them.
    tf = load(name)
    lines = _replay_lines(tf)
    assert tf.HandState.from_replay("\n".join(lines)).replay().splitlines() == lines
    lowered = lines[2].replace(" Ph", " ph").replace(" Dr", " dr").replace(" MJ", " mj").replace("A", "a")
    assert lowered != lines[2]
    with pytest.raises(tf.InvalidNotationError, match="line 3"):
        tf.HandState.from_replay("\n".join([lines[0], lines[1], lowered, *lines[3:]]))


HUGE_REPLAYS = {  # built in the test, so that 100 MB strings do not live through the session
    "one-line": lambda: "x" * 100_000_000,
    "long-line": lambda: "tichu_fast replay 1\n" + "y" * 100_000_000,
    "many-lines": lambda: "tichu_fast replay 1\n" + "\n" * 100_000_000,
    "long-deal": lambda: "tichu_fast replay 1\nrules bombs_out_of_turn=1\ndeal " + "2j " * 30_000_000,
}


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("kind", list(HUGE_REPLAYS))
def test_huge_replays_fail_fast_and_short(name, kind):
    # A replay is untrusted input: 100 MB fails at once, with a short message.
    tf = load(name)
    text = HUGE_REPLAYS[kind]()
    start = time.process_time()  # CPU time of this process: a busy machine does not count
    with pytest.raises(tf.InvalidNotationError) as caught:
        tf.HandState.from_replay(text)
    assert time.process_time() - start < 2.0
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("name", BACKENDS)
def test_error_messages_quote_at_most_80_characters(name):
    # Error messages name the bad part without echoing the whole input.
    tf = load(name)
    noise = "Q" * 1000
    lines = _replay_lines(tf)
    state = tf.HandState.new(3)
    attempts = [
        lambda: tf.HandState.from_replay(noise + "\n" + "\n".join(lines[1:])),
        lambda: tf.HandState.from_replay("\n".join([lines[0], "rules " + noise, *lines[2:]])),
        lambda: tf.HandState.from_replay("\n".join([lines[0], lines[1], "position " + noise])),
        lambda: tf.HandState.from_replay("\n".join([*lines, "wish " + noise])),
        lambda: state.apply(noise),
        lambda: state.apply("give " + noise),
        lambda: tf.Move("Ph:" + noise + " 5j"),
    ]
    for attempt in attempts:
        with pytest.raises(tf.InvalidNotationError) as caught:
            attempt()
        assert "Q" * 81 not in str(caught.value)
        assert len(str(caught.value)) < 300
    assert state.history == ()
