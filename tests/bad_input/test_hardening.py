"""Regressions for the outside review's findings (issue 14): bad card names, shared VecHands, the arena's errors."""

from __future__ import annotations

import pytest


def _deal_with(backend, bad: str, replacing: str) -> list[list[str]]:
    names = list(backend.Cards(0xFFFFFFFFFFFFFF))
    hands = [names[14 * seat : 14 * seat + 14] for seat in range(4)]
    hands[0] = [bad if name == replacing else name for name in hands[0]]
    return hands


@pytest.mark.parametrize("bad", ["2j 3s", " 2j", "2j\n", "2j,", "xx", "10 j"])
def test_from_deal_names_an_unknown_card(game_backend, bad):
    # R2.1: a deal is 14 card names per seat; a name that is not one card is refused, naming it.
    with pytest.raises(game_backend.InvalidNotationError, match="unknown card") as info:
        game_backend.HandState.from_deal(_deal_with(game_backend, bad, "2j"))
    assert repr(bad)[1:-1] in str(info.value)


@pytest.mark.parametrize(("alias", "card"), [("2J", "2j"), ("10J", "10j"), ("tj", "10j"), ("mj", "MJ")])
def test_from_deal_names_a_card_dealt_twice(game_backend, alias, card):
    # R2.1: every card is dealt once; an alias of a card already dealt names that card.
    hands = _deal_with(game_backend, alias, "3s" if card != "3s" else "4s")
    with pytest.raises(ValueError, match=f"card '{card}' is dealt twice"):
        game_backend.HandState.from_deal(hands)


@pytest.mark.parametrize(("alias", "card"), [("2J", "2j"), ("4S", "4s"), ("mj", "MJ")])
def test_from_deal_accepts_a_card_alias(game_backend, alias, card):
    # R2.1: a name is case-insensitive, with its aliases, as everywhere else.
    state = game_backend.HandState.from_deal(_deal_with(game_backend, alias, card))
    assert card in state.hands[0]


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


# -- the arena: a bot's failure named, Ctrl-C, the time limit ------------------------------------


class _Raising:
    """A bot that raises at its `at`-th decision (counted per copy, i.e. per hand)."""

    def __init__(self, at: int = 3, in_reset: bool = False) -> None:
        self.at, self.in_reset, self.seen = at, in_reset, 0

    def reset(self, _seed: int) -> None:
        if self.in_reset:
            raise KeyError("no such table")

    def act(self, state, _seat):
        import tichu_fast as tf

        self.seen += 1
        if self.seen > self.at:
            raise ZeroDivisionError("the bot divided by zero")
        return tf.policy_action(state, "random", 0, calls=False)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_bot_that_raises_is_named_with_its_seat_and_deal(threads):
    from tichu_fast.arena import duplicate
    from tichu_fast.bots import RandomBot
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
    from tichu_fast.bots import RandomBot
    from tichu_fast.errors import BotError

    with pytest.raises(BotError, match=r"\(team A\) in reset before deal 0, play 0") as info:
        duplicate(_Raising(in_reset=True), RandomBot(), 2, 1)
    assert isinstance(info.value.__cause__, KeyError)


def test_an_action_whose_str_raises_keeps_the_arenas_error():
    from tichu_fast.arena import duplicate
    from tichu_fast.bots import RandomBot
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


@pytest.mark.parametrize("progress", [5, "bar", object()])
def test_progress_of_the_wrong_type_fails_before_any_work(progress):
    from tichu_fast.arena import duplicate, round_robin
    from tichu_fast.bots import RandomBot

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
    from tichu_fast.bots import RandomBot
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
    from tichu_fast.bots import RandomBot

    with pytest.raises(error, match="time_limit"):
        duplicate(RandomBot(), RandomBot(), 2, 1, time_limit=limit)


def test_time_limit_does_not_change_the_numbers():
    from tichu_fast.arena import duplicate
    from tichu_fast.bots import RandomBot

    class PythonRandom(RandomBot):
        pass

    plain = duplicate(PythonRandom(), RandomBot(), 3, 2)
    limited = duplicate(PythonRandom(), RandomBot(), 3, 2, time_limit=60)
    assert plain.deal_margins == limited.deal_margins
