"""Bad input to the players and their tables: bot budgets and specs, bots that raise or never answer,
the arena's progress and time limit, and VecHands shared by threads."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.bots import ISMCTSBot, MonteCarloBot, RandomBot, make_bot


@pytest.mark.parametrize("budget", [1e10, math.inf, 86_401.0])
@pytest.mark.parametrize("bot", [ISMCTSBot, MonteCarloBot])
def test_bots_refuse_a_budget_outside_its_range_at_construction(bot, budget):
    # review: MonteCarloBot(budget=1e10 or inf) was accepted and failed after 5 s
    with pytest.raises(ValueError, match=r"at most 86400 seconds|finite"):
        bot(budget=budget)


@pytest.mark.parametrize("spec", ["ismcts:budget=99999999999", "mc:budget=99999999999", "mc:budget=86401"])
def test_bot_specs_refuse_a_budget_outside_its_range(spec):
    with pytest.raises(ValueError, match="at most 86400 seconds"):
        make_bot(spec)


@pytest.mark.parametrize("budget", [True, np.True_, "1", [1]])
def test_budgets_refuse_what_is_no_number(budget):
    with pytest.raises(TypeError, match="budget"):
        ISMCTSBot(budget=budget)
    with pytest.raises(TypeError, match="budget"):
        MonteCarloBot(budget=budget)


class _Raising:
    """A bot that raises at its `at`-th decision (counted per copy, i.e. per hand)."""

    def __init__(self, at: int = 3, in_reset: bool = False) -> None:
        self.at, self.in_reset, self.seen = at, in_reset, 0

    def reset(self, _seed: int) -> None:
        if self.in_reset:
            raise KeyError("no such table")

    def act(self, state, _seat):

        self.seen += 1
        if self.seen > self.at:
            raise ZeroDivisionError("the bot divided by zero")
        return tf.policy_action(state, "random", 0, calls=False)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_bot_that_raises_is_named_with_its_seat_and_deal(threads):
    from tichu_fast.arena import duplicate
    from tichu_fast.errors import BotError

    # On two threads deals 0 and 1 are in flight together, and either may fail first.
    deal = "0" if threads == 1 else "[01]"
    with pytest.raises(
        BotError, match=rf"the bot .*_Raising.* \(team B, seat [13]\) at decision \d+ of deal {deal}, play 0"
    ) as info:
        duplicate(RandomBot(), _Raising(), 4, 1, threads=threads)
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    assert "ZeroDivisionError: the bot divided by zero" in str(info.value)


def test_a_bot_whose_reset_raises_is_named():
    from tichu_fast.arena import duplicate
    from tichu_fast.errors import BotError

    with pytest.raises(BotError, match=r"\(team A\) in reset before deal 0, play 0") as info:
        duplicate(_Raising(in_reset=True), RandomBot(), 2, 1)
    assert isinstance(info.value.__cause__, KeyError)


def test_an_action_whose_str_raises_keeps_the_arenas_error():
    from tichu_fast.arena import duplicate
    from tichu_fast.errors import IllegalMoveError

    class Unprintable:
        def __str__(self):
            raise RuntimeError("no text")

        __repr__ = __str__

    class Odd:
        def act(self, _state, _seat):
            return Unprintable()

    with pytest.raises(IllegalMoveError, match=r"chose '<Unprintable object>' at decision 0 of deal 0"):
        duplicate(Odd(), RandomBot(), 2, 1)


@pytest.mark.parametrize("action", ["no such action", "tichu", 7])
def test_an_action_of_another_decision_or_no_action_names_the_bot(action):
    # the arena reads a call off the action before applying it: text is parsed there, and what fails is the bot's
    from tichu_fast.arena import duplicate
    from tichu_fast.errors import IllegalMoveError

    class Odd:
        def act(self, _state, _seat):
            return action

    with pytest.raises(IllegalMoveError, match=r"chose .* at decision 0 of deal 0"):
        duplicate(Odd(), RandomBot(), 2, 1)


@pytest.mark.parametrize("progress", [5, "bar", object()])
def test_progress_of_the_wrong_type_fails_before_any_work(progress):
    from tichu_fast.arena import duplicate, round_robin

    class Counting:
        calls = 0

        def act(self, state, seat):
            type(self).calls += 1
            return RandomBot().act(state, seat)

    with pytest.raises(TypeError, match="progress must be None or a callable"):
        duplicate(Counting(), RandomBot(), 3, 1, progress=progress)
    with pytest.raises(TypeError, match="progress must be None or a callable"):
        round_robin({"a": Counting(), "b": RandomBot()}, 3, 1, progress=progress)
    assert Counting.calls == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_time_limit_fails_a_bot_that_never_answers(threads):
    import threading

    from tichu_fast.arena import duplicate
    from tichu_fast.errors import BotError

    release = threading.Event()

    class Stuck:
        def act(self, _state, _seat):
            release.wait()  # until the test ends: "never", as far as the run can tell
            raise RuntimeError("released")

    try:
        with pytest.raises(BotError, match=r"Stuck.* \(team A, seat [02]\) at decision 0 .* did not answer within"):
            duplicate(Stuck(), RandomBot(), 4, 1, threads=threads, time_limit=0.2)
    finally:
        release.set()


@pytest.mark.parametrize(
    ("limit", "error"),
    [
        (0, ValueError),
        (-1.0, ValueError),
        (float("nan"), ValueError),
        (float("inf"), ValueError),
        ("1", TypeError),
        (True, TypeError),
    ],
)
def test_time_limit_is_checked(limit, error):
    from tichu_fast.arena import duplicate

    with pytest.raises(error, match="time_limit"):
        duplicate(RandomBot(), RandomBot(), 2, 1, time_limit=limit)


def test_time_limit_does_not_change_the_numbers():
    from tichu_fast.arena import duplicate

    class PythonRandom(RandomBot):
        pass

    plain = duplicate(PythonRandom(), RandomBot(), 3, 2)
    limited = duplicate(PythonRandom(), RandomBot(), 3, 2, time_limit=60)
    assert plain.deal_margins == limited.deal_margins


@pytest.mark.parametrize("round_", range(4))  # a race: several rounds, so that one without the lock fails
def test_vec_hands_shared_by_threads_takes_turns(round_):
    # docs/rl.md: threads sharing one VecHands take turns; every call sees the arrays of one step.
    import contextlib
    import sys
    import threading

    import numpy as np

    from tichu_fast import IllegalMoveError, VecHands

    vec = VecHands(1024, seed=5 + round_, opponents={1: "random", 3: "random"}, dense_mask=False)
    errors: list[BaseException] = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def run(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(100):
                ids = vec.random_legal_ids(rng)  # one call: the offsets, counts and ids of one step
                with contextlib.suppress(IllegalMoveError):  # another thread stepped in between: nothing changed
                    vec.step(ids)
        except BaseException as error:
            errors.append(error)

    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []
    # The arrays agree with each other after the last step, and a draw is legal again.
    assert vec.legal_offsets[-1] == len(vec.legal_ids) == vec.legal_counts.sum()
    for seed in range(3):
        vec.step(vec.random_legal_ids(np.random.default_rng(seed)))


def test_vec_hands_step_takes_read_only_ids():
    # VecHands.step only reads the ids: a read-only array (e.g. another VecHands' view) is accepted.
    import numpy as np

    from tichu_fast import VecHands

    vec = VecHands(4, seed=1, dense_mask=False)
    ids = np.ascontiguousarray(vec.random_legal_ids(np.random.default_rng(0)), dtype=np.int64)
    ids.flags.writeable = False
    vec.step(ids)
    ids32 = vec.random_legal_ids(np.random.default_rng(1))
    ids32.flags.writeable = False
    vec.step(ids32)
