"""The duplicate arena: two bots on the same deals with the seats swapped (docs/bots.md).

Deal d of a run is dealt by ``hand_seed(seed, d)`` and played twice: team A
at seats 0 and 2, then at seats 1 and 3, with the same cards, so most of the
luck of the cards cancels. When all four seats are built-in C++ policies
(the registry's native bots, `tichu_fast.bots.specs.native_policy`: RandomBot,
HeuristicBot, HeuristicV1Bot) both plays run in C++ without the GIL; otherwise
the seat loop (`tichu_fast.bots.seats`) asks each bot for its seat's action on
the seat's view.
`duplicate_positions` does the same from positions in play (an endgame
match; `endgame_positions` makes them from seeded deals).
"""

from __future__ import annotations

import copy
import functools
import math
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _args, _core
from tichu_fast._args import ray_address as _ray_address
from tichu_fast._args import seed as _seed  # the one seed check
from tichu_fast._core import Action
from tichu_fast._ray import chunks, ray_chunks
from tichu_fast.bots import Bot, HeuristicBot, as_bot, bot_name, make_bot
from tichu_fast.bots.seats import VIEW_STREAM, Seats
from tichu_fast.bots.specs import native_policy
from tichu_fast.enums import Call, Decision
from tichu_fast.errors import BotError, IllegalMoveError, TichuError
from tichu_fast.hand import HandState
from tichu_fast.rules import Rules
from tichu_fast.solver import in_endgame

__all__ = [
    "DuplicateResult",
    "Estimate",
    "Plays",
    "RoundRobinResult",
    "duplicate",
    "duplicate_positions",
    "endgame_positions",
    "estimate",
    "round_robin",
]

_MAX_DEALS = 10**9
_CHUNK = 5_000  # deals per call into C++ on the fast path: small enough for the progress bar and Ctrl-C
_BONUS = {Call.TICHU: 100, Call.GRAND_TICHU: 200}  # R7


@dataclass(frozen=True)
class Estimate:
    """A mean over deals and the half-width of its 95% interval: 1.96 * s / sqrt(n), s the sample std (n - 1)."""

    mean: float
    ci: float

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.ci

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.ci

    def __str__(self) -> str:
        return f"{self.mean:+.1f} ± {self.ci:.1f}"

    def to_dict(self) -> dict[str, float | None]:
        """``{"mean": ..., "ci95": ...}``, an infinite interval as None (JSON has no infinity)."""
        return {"mean": self.mean, "ci95": self.ci if math.isfinite(self.ci) else None}


def estimate(samples: Sequence[float] | npt.NDArray[Any]) -> Estimate:
    """The mean of `samples` with its 95% normal interval (infinite half-width for fewer than 2 samples)."""
    values = np.asarray(samples, dtype=np.float64)
    if values.size == 0:
        raise ValueError("no samples")
    mean = float(values.mean())
    if values.size < 2:
        return Estimate(mean, math.inf)
    return Estimate(mean, 1.96 * float(values.std(ddof=1)) / math.sqrt(values.size))


@dataclass(frozen=True)
class Plays:
    """Plays of deals as arrays, row 2i + p being play p of the i-th deal (p = 0: team A at seats 0/2).

    `score` is by seat team (column 0: seats 0 and 2); `decisions` and
    `seconds` (time spent in act(), 0 on the C++ path) are by team, A first.
    `replays` holds the replay text of the hands kept, by (deal, play).
    `call_hands` holds the cards each seat called on (its first 8 for Grand
    Tichu, its hand for Tichu; 0 without a call) as card masks, and
    `called_in_play` the seats whose Tichu came in play, on the hand after the
    exchange (R7.2).
    """

    score: npt.NDArray[np.int64]  # (plays, 2)
    first_out: npt.NDArray[np.int64]  # (plays,)
    one_two: npt.NDArray[np.bool_]  # (plays,)
    calls: npt.NDArray[np.int64]  # (plays, 4): Call per seat
    decisions: npt.NDArray[np.int64]  # (plays, 2)
    seconds: npt.NDArray[np.float64]  # (plays, 2)
    call_hands: npt.NDArray[np.uint64]  # (plays, 4)
    called_in_play: npt.NDArray[np.bool_]  # (plays, 4)
    replays: dict[tuple[int, int], str] = field(default_factory=dict)

    @staticmethod
    def join(parts: Sequence[Plays]) -> Plays:
        """The parts one after the other."""
        replays = {key: text for part in parts for key, text in part.replays.items()}
        return Plays(**{f: np.concatenate([getattr(p, f) for p in parts]) for f in _PLAY_FIELDS}, replays=replays)

    def __len__(self) -> int:
        return len(self.first_out)


_PLAY_FIELDS = ("score", "first_out", "one_two", "calls", "decisions", "seconds", "call_hands", "called_in_play")


@dataclass(frozen=True)
class DuplicateResult:
    """A duplicate run's outcome for team A against team B (docs/bots.md "The numbers")."""

    team_a: str
    team_b: str
    deals: int
    hands: int
    seed: int
    margin: Estimate  # A's score minus B's per hand: the mean over deals of the two plays' mean
    calls: Estimate  # the part of the margin the calls made
    cards: Estimate  # the rest: card points and one-twos
    points: tuple[float, float]  # A's and B's mean score per hand
    win_rate: float  # hands A out-scored B
    tie_rate: float
    one_two_rate: tuple[float, float]  # per hand, A and B
    call_success: dict[str, dict[str, dict[str, float]]]  # team -> call kind -> calls, made, rate
    seconds_per_decision: tuple[float, float]
    decisions: tuple[int, int]
    seconds: float
    native: bool  # played in C++ (then seconds_per_decision is the run's time over all decisions)
    deal_margins: tuple[float, ...] = field(repr=False)
    # per play (row 2d + p: play p of deal d, team A at the seats of parity p): each seat's Call, the seat that
    # went out first, the cards each seat called on as a mask (a Grand Tichu's first 8, a Tichu's hand; 0
    # without a call) and whether its Tichu came in play, after the exchange; for the calibration of calls
    # (tichu_fast.calibration)
    seat_calls: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros((0, 4), np.int64), repr=False, compare=False
    )
    first_out: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, np.int64), repr=False, compare=False)
    call_hands: npt.NDArray[np.uint64] = field(
        default_factory=lambda: np.zeros((0, 4), np.uint64), repr=False, compare=False
    )
    called_in_play: npt.NDArray[np.bool_] = field(
        default_factory=lambda: np.zeros((0, 4), np.bool_), repr=False, compare=False
    )
    # the replay text of the hands of the first deals (`replays=` of duplicate), by (deal, play)
    replays: dict[tuple[int, int], str] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values (an infinite interval as None)."""
        return {
            "team_a": self.team_a,
            "team_b": self.team_b,
            "deals": self.deals,
            "hands": self.hands,
            "seed": self.seed,
            "margin_per_hand": self.margin.to_dict(),
            "calls_part": self.calls.to_dict(),
            "cards_part": self.cards.to_dict(),
            "points_per_hand": {"a": self.points[0], "b": self.points[1]},
            "win_rate": self.win_rate,
            "tie_rate": self.tie_rate,
            "one_two_rate": {"a": self.one_two_rate[0], "b": self.one_two_rate[1]},
            "call_success": self.call_success,
            "seconds_per_decision": {"a": self.seconds_per_decision[0], "b": self.seconds_per_decision[1]},
            "decisions": {"a": self.decisions[0], "b": self.decisions[1]},
            "seconds": self.seconds,
            "native": self.native,
        }


# -- checking arguments ------------------------------------------------------------------


def _positive(value: object, what: str, most: int) -> int:
    return _args.count(value, what, 1, most)


def _bot(value: object) -> Bot:
    """A bot, or a SPEC string (``"heuristic"``, ``"mc:budget=10ms"``) made into one by make_bot."""
    return make_bot(value) if isinstance(value, str) else as_bot(value)


def _name(value: object, otherwise: str) -> str:
    """A team's name: the SPEC string it was given by, else `otherwise`."""
    return value.strip() if isinstance(value, str) else otherwise


# -- one play in Python --------------------------------------------------------------------


class _Stopped(Exception):
    """The run was stopped (another worker failed, or Ctrl-C): this worker ends at its next decision."""


@dataclass(frozen=True)
class _Run:
    """What every play of one Python run shares: the bots' names and rules, the time limit, the stop flag.

    `clock` times each act() in the thread that runs it: wall time for
    `duplicate`, the thread's CPU time for `duplicate_positions`.
    """

    names: tuple[str, str]
    rules: Rules
    time_limit: float | None = None
    stop: threading.Event | None = None  # None under Ray (an Event does not travel)
    clock: Callable[[], float] = time.perf_counter


def _shown(value: object) -> str:
    """`value` as text for an error message, at most 80 characters; never raises (a bot's __str__ may)."""
    try:
        text = str(value)
    except Exception:  # the arena's own error must survive a broken __str__
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= 80 else text[:80] + "..."


def _call(run: _Run, fn: Callable[[], Any], where: Callable[[], str]) -> Any:
    """fn() (a bot's act or reset) within the run's time limit; on failure a BotError says `where()` it failed
    (written only then: a decision costs no message)."""
    if run.stop is not None and run.stop.is_set():
        raise _Stopped
    if run.time_limit is None:
        try:
            return fn()
        except Exception as error:
            raise BotError(f"{where()} raised {type(error).__name__}: {_shown(error)}") from error
    # In a daemon thread of its own, so that a bot that never answers neither holds up the run nor the exit.
    box: list[tuple[bool, Any]] = []
    answered = threading.Event()

    def answer() -> None:
        """The bot's call, its result or exception boxed."""
        try:
            box.append((True, fn()))
        except BaseException as error:  # handed to the arena's thread
            box.append((False, error))
        finally:
            answered.set()

    threading.Thread(target=answer, name="tichu-fast bot", daemon=True).start()
    if not answered.wait(run.time_limit):
        raise BotError(f"{where()} did not answer within the time limit of {run.time_limit:g} s")
    ok, value = box[0]
    if ok:
        return value
    if not isinstance(value, Exception):
        raise value
    raise BotError(f"{where()} raised {type(value).__name__}: {_shown(value)}") from value


def _timed(fn: Callable[[], Any], clock: Callable[[], float]) -> Callable[[], tuple[Any, float]]:
    """fn as a call that also gives its time by `clock`, read in the thread that runs it."""

    def timed() -> tuple[Any, float]:
        """fn()'s value and its time."""
        start = clock()
        value = fn()
        return value, clock() - start

    return timed


class _Seats(Seats):
    """The arena's seats: a team's bot at the seats of parity (team ^ play), or with `play` None one bot at
    every seat (`endgame_positions`); each bot called through `_call` (a failure names it, the time limit),
    its time and decisions counted by team."""

    def __init__(self, teams: tuple[Bot, Bot], play: int | None, label: str, run: _Run, views: int) -> None:
        self.team = tuple(0 if play is None else (seat & 1) ^ play for seat in range(4))  # by seat
        super().__init__([teams[team] for team in self.team], views)
        self.teams, self.play_index, self.label, self.run = teams, play, label, run
        self.decisions = [0, 0]
        self.seconds = [0.0, 0.0]
        self.call_hands = [0, 0, 0, 0]  # by seat: the cards it called on (Plays.call_hands)
        self.called_in_play = [False] * 4  # by seat: a Tichu called in play (Plays.called_in_play)

    def _who(self, seat: int) -> str:
        """The bot at `seat` as an error names it."""
        team = self.team[seat]
        if self.play_index is None:
            return f"the bot {self.run.names[team]} (seat {seat})"
        return f"the bot {self.run.names[team]} (team {'AB'[team]}, seat {seat})"

    def _of(self) -> str:
        return self.label if self.play_index is None else f"{self.label}, play {self.play_index}"

    def reset_bots(self, seed: int) -> None:
        """Each team's bot reset, A first, a failure named."""
        for team, bot in enumerate(self.teams[:1] if self.play_index is None else self.teams):
            reset = getattr(bot, "reset", None)
            if reset is not None:
                _call(self.run, functools.partial(reset, seed), functools.partial(self._resetting, team))

    def _resetting(self, team: int) -> str:
        if self.play_index is None:
            return f"the bot {self.run.names[team]} in reset before {self.label}"
        return f"the bot {self.run.names[team]} (team {'AB'[team]}) in reset before {self._of()},"

    def ask(self, bot: Bot, view: HandState, seat: int, step: int) -> Any:
        """The bot's action, timed, within the time limit, a failure named."""
        timed = _timed(functools.partial(bot.act, view, seat), self.run.clock)
        action, spent = _call(self.run, timed, lambda: f"{self._who(seat)} at decision {step} of {self._of()}")
        self.seconds[self.team[seat]] += spent
        return action

    def apply(self, state: HandState, action: Any, seat: int, step: int) -> None:
        """The action applied and counted, the cards of a call kept; an illegal one names the bot that chose it."""
        try:
            if isinstance(action, str):
                action = state.parse_action(action)
            calling = isinstance(action, Action) and action.call  # a Grand Tichu or Tichu called
            held = state.seen(seat).mask if calling else 0  # its first 8 for Grand Tichu, else its hand
            in_play = calling and state.decision == Decision.PLAY  # R7.2: a Tichu on the hand after the exchange
            state.apply(action)
        except (TichuError, TypeError) as error:
            raise IllegalMoveError(
                f"{self._who(seat)} chose {_shown(action)!r} at decision {step} of {self._of()}: {error}"
            ) from None
        if calling:
            self.call_hands[seat] = held
            self.called_in_play[seat] = in_play
        self.decisions[self.team[seat]] += 1


def _play_out(
    label: str, state: HandState, reset_seed: int, play: int, bots: tuple[Bot, Bot], run: _Run
) -> tuple[Any, ...]:
    """Plays `state` (changed) to the end, team A at the seats of parity `play`: a row of Plays."""
    seats = _Seats(bots, play, label, run, reset_seed ^ VIEW_STREAM)
    seats.reset_bots(reset_seed)
    seats.play(state)
    out = state.out_order
    one_two = len(out) >= 2 and (out[0] & 1) == (out[1] & 1)
    calls = [int(c) for c in state.calls]
    return (
        state.returns(),
        out[0],
        one_two,
        calls,
        seats.decisions,
        seats.seconds,
        seats.call_hands,
        seats.called_in_play,
    )


def _copy(bot: Bot) -> Bot:
    """A bot of its own for one worker: a deep copy (a function is shared as it is)."""
    try:
        return copy.deepcopy(bot)
    except Exception as error:
        raise TypeError(
            f"the arena plays with copies of each bot, and {bot_name(bot)} cannot be deep-copied: {error}"
        ) from None


def _python_chunk(team_a: Bot, team_b: Bot, run: _Run, seed: int, first: int, n: int, keep: int = 0) -> Plays:
    """Deals first..first+n-1, each played twice, by fresh copies of the bots for every hand.

    A fresh copy per hand keeps a bot from carrying anything from one hand to
    the next (above all, the cards of a deal's first play into its second), and
    makes the numbers independent of how the deals are cut into chunks. The
    replays of the hands of deals below `keep` are kept.
    """
    rows = []
    replays = {}
    for d in range(first, first + n):
        deal_seed = _core.hand_seed(seed, d)
        for play in (0, 1):
            state = HandState.new(deal_seed, run.rules)
            bots = (_copy(team_a), _copy(team_b))
            rows.append(_play_out(f"deal {d}", state, _core.hand_seed(deal_seed, play), play, bots, run))
            if d < keep:
                replays[(d, play)] = state.replay()
    return _rows(rows, replays)


def _rows(rows: list[tuple[Any, ...]], replays: dict[tuple[int, int], str] | None = None) -> Plays:
    """Rows of _play_out as Plays."""
    columns = list(zip(*rows, strict=True))
    return Plays(
        score=np.array(columns[0], dtype=np.int64),
        first_out=np.array(columns[1], dtype=np.int64),
        one_two=np.array(columns[2], dtype=np.bool_),
        calls=np.array(columns[3], dtype=np.int64),
        decisions=np.array(columns[4], dtype=np.int64),
        seconds=np.array(columns[5], dtype=np.float64),
        call_hands=np.array(columns[6], dtype=np.uint64).reshape(-1, 4),
        called_in_play=np.array(columns[7], dtype=np.bool_).reshape(-1, 4),
        replays=replays or {},
    )


def _native_chunk(
    a: tuple[str, bool, int], b: tuple[str, bool, int], seed: int, first: int, n: int, rules: Rules, threads: int
) -> Plays:
    """The same deals played in C++ (no time per decision: seconds are 0)."""
    records, decisions, call_hands, in_play = _core.duplicate_records(seed, first, n, *a, *b, rules, threads)
    counts = decisions.astype(np.int64)
    play = np.arange(len(records)) & 1
    # seats 0/2 are team A in play 0 and team B in play 1
    even, odd = counts[:, 0] + counts[:, 2], counts[:, 1] + counts[:, 3]
    per_team = np.stack([np.where(play == 0, even, odd), np.where(play == 0, odd, even)], axis=1)
    return Plays(
        score=records["score"].astype(np.int64),
        first_out=records["first_out"].astype(np.int64),
        one_two=records["one_two"].astype(np.bool_),
        calls=records["calls"].astype(np.int64),
        decisions=per_team,
        seconds=np.zeros((len(records), 2)),
        call_hands=call_hands,
        called_in_play=in_play,
    )


# -- scheduling -----------------------------------------------------------------------------


def _ray_plays(
    work: Callable[[int, int], Plays], deals: int, address: object, progress: Callable[[int, int], None] | None
) -> Plays:
    """The chunks as Ray tasks, collected in deal order."""
    parts: list[Plays] = []
    for done, part in ray_chunks(work, deals, address, _CHUNK):
        parts.append(part)
        if progress is not None:
            progress(done, deals)
    return Plays.join(parts)


def _threaded_plays(
    work: Callable[[int, int], Plays],
    deals: int,
    threads: int,
    stop: threading.Event,
    progress: Callable[[int, int], None] | None,
) -> Plays:
    """Chunks of deals on `threads` daemon threads, collected in deal order.

    The calling thread only waits (in short steps, so Ctrl-C reaches it at
    once). On any error or Ctrl-C it sets `stop`, which ends every worker at
    its next decision, and does not wait for them: daemon threads never hold
    up the interpreter's exit, even with a bot that never answers.
    """
    size = max(1, min(64, deals // (4 * threads)))
    count = -(-deals // size)
    # The chunks are made as the workers take them: a run of 10**9 deals holds no list of 10**7 chunks.
    pieces = enumerate(chunks(deals, size))
    taking = threading.Lock()
    done: queue.SimpleQueue[tuple[int, Plays | None, BaseException | None]] = queue.SimpleQueue()

    def worker() -> None:
        """Plays chunks until none is left or the run stops."""
        while not stop.is_set():
            with taking:
                item = next(pieces, None)
            if item is None:
                return
            index, (first, n) = item
            try:
                done.put((index, work(first, n), None))
            except BaseException as error:  # handed to the calling thread
                done.put((index, None, error))
                return

    try:
        for k in range(min(threads, count)):
            threading.Thread(target=worker, name=f"tichu-fast arena {k}", daemon=True).start()
        parts: dict[int, Plays] = {}
        finished = 0
        while len(parts) < count:
            try:
                index, part, error = done.get(timeout=0.1)
            except queue.Empty:
                continue
            if error is not None:
                raise error
            assert part is not None
            parts[index] = part
            finished += len(part) // 2
            if progress is not None:
                progress(finished, deals)
    finally:
        stop.set()
    return Plays.join([parts[i] for i in range(count)])


def _check_progress(progress: object) -> Callable[[int, int], None] | None:
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be None or a callable (done, total), not {type(progress).__name__}")
    return progress


def _check_time_limit(time_limit: object) -> float | None:
    """None, or seconds per decision as a budget is checked (finite, > 0, at most a day)."""
    return None if time_limit is None else _args.budget(time_limit, "time_limit")


def duplicate(
    team_a: object,
    team_b: object,
    deals: int,
    seed: int,
    *,
    threads: int = 1,
    rules: Rules | None = None,
    ray: object = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    replays: int = 0,
) -> DuplicateResult:
    """Plays `deals` deals twice each, team A at seats 0/2 and then 1/3, and sums up A against B.

    `team_a`, `team_b`: bots (anything `as_bot` takes) or SPEC strings
    (``"heuristic"``, ``"mc:budget=10ms"``, made by `make_bot`). Deal d is dealt by
    hand_seed(seed, d). `threads` plays deals on C++ threads (all built-in
    policies) or a thread pool (Python bots); `ray` ("auto", an address, or
    True for a local instance) spreads chunks of deals over a Ray cluster. The
    numbers never depend on either (time apart). `progress(done, deals)` is
    called as deals finish. A bot that raises, in act or reset, fails the run
    with BotError naming the bot, seat and deal (the bot's exception chained);
    with `time_limit` (seconds) a Python bot that takes longer for one
    decision fails it too. `replays` > 0 keeps the replay text of both hands
    of each of the first `replays` deals in `result.replays`, by (deal, play)
    (on the C++ path they are played again by the Python loop, which plays
    the same hands).
    """
    progress = _check_progress(progress)
    time_limit = _check_time_limit(time_limit)
    a, b = _bot(team_a), _bot(team_b)
    deals = _positive(deals, "deals", _MAX_DEALS)
    seed = _seed(seed)
    threads = _positive(threads, "threads", 256)
    rules = _args.rules(rules)
    keep = min(_args.count(replays, "replays", 0, _MAX_DEALS), deals)
    # a built-in policy bot is named by its repr, which shows its settings
    names = (
        _name(team_a, bot_name(a) if native_policy(a) is None else repr(a)),
        _name(team_b, bot_name(b) if native_policy(b) is None else repr(b)),
    )
    native_a, native_b = native_policy(a), native_policy(b)
    native = native_a is not None and native_b is not None
    start = time.perf_counter()
    if native:
        assert native_a is not None
        assert native_b is not None

        def work(first: int, n: int) -> Plays:
            """One chunk in C++."""
            return _native_chunk(native_a, native_b, seed, first, n, rules, threads)

    else:
        stop = threading.Event()
        local = _Run(names, rules, time_limit, stop)
        travelling = _Run(names, rules, time_limit)

        def work(first: int, n: int) -> Plays:
            """One chunk in Python."""
            return _python_chunk(a, b, local, seed, first, n, keep)

        def ray_work(first: int, n: int) -> Plays:
            """One chunk in Python, on a Ray worker."""
            return _python_chunk(a, b, travelling, seed, first, n, keep)

    if _ray_address(ray) is not None:
        plays = _ray_plays(work if native else ray_work, deals, ray, progress)
    elif native or threads == 1:
        parts = []
        for first, n in chunks(deals, _CHUNK if native else 1):
            parts.append(work(first, n))
            if progress is not None:
                progress(first + n, deals)
        plays = Plays.join(parts)
    else:
        plays = _threaded_plays(work, deals, threads, stop, progress)
    seconds = time.perf_counter() - start
    if native and keep:  # the C++ loop keeps no history; the Python loop plays the same hands (tested)
        plays = replace(plays, replays=_python_chunk(a, b, _Run(names, rules), seed, 0, keep, keep).replays)
    return _summary(plays, names, seed, seconds, native)


def _summary(plays: Plays, names: tuple[str, str], seed: int, seconds: float, native: bool) -> DuplicateResult:
    hands = len(plays)
    deals = hands // 2
    rows = np.arange(hands)
    play = rows & 1
    a_points = plays.score[rows, play]  # team A sits at the seats of parity `play`
    b_points = plays.score[rows, 1 - play]
    seat_team = (np.arange(4)[None, :] & 1) ^ play[:, None]  # (hands, 4): 0 for A's seats
    made = plays.first_out[:, None] == np.arange(4)[None, :]
    bonus = np.select([plays.calls == int(Call.TICHU), plays.calls == int(Call.GRAND_TICHU)], [100, 200], 0)
    call_points = np.where(made, bonus, -bonus)  # R7: won if the caller went out first
    call_margin = np.where(seat_team == 0, call_points, -call_points).sum(axis=1)

    def per_deal(values: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
        """Each deal's mean over its two plays."""
        pairs: npt.NDArray[np.float64] = np.asarray(values, dtype=np.float64).reshape(deals, 2)
        means: npt.NDArray[np.float64] = pairs.mean(axis=1)
        return means

    margins = per_deal(a_points - b_points)
    calls = per_deal(call_margin)

    def success(team: int) -> dict[str, dict[str, float]]:
        """Calls of each kind by the team, how many made good, and the rate."""
        out = {}
        for call, key in ((Call.TICHU, "tichu"), (Call.GRAND_TICHU, "grand_tichu")):
            mine = (plays.calls == int(call)) & (seat_team == team)
            n, good = int(mine.sum()), int((mine & made).sum())
            out[key] = {"calls": n, "made": good, "rate": good / n if n else 0.0}
        return out

    decisions = plays.decisions.sum(axis=0)
    if native:
        each = seconds / max(1, int(decisions.sum()))
        per_decision = (each, each)
    else:
        spent = plays.seconds.sum(axis=0)
        per_decision = (float(spent[0]) / max(1, int(decisions[0])), float(spent[1]) / max(1, int(decisions[1])))
    first_team = (plays.first_out & 1) ^ play  # the team of the first out: 0 for A
    return DuplicateResult(
        team_a=names[0],
        team_b=names[1],
        deals=deals,
        hands=hands,
        seed=seed,
        margin=estimate(margins),
        calls=estimate(calls),
        cards=estimate(margins - calls),
        points=(float(a_points.mean()), float(b_points.mean())),
        win_rate=float((a_points > b_points).mean()),
        tie_rate=float((a_points == b_points).mean()),
        one_two_rate=(
            float((plays.one_two & (first_team == 0)).mean()),
            float((plays.one_two & (first_team == 1)).mean()),
        ),
        call_success={"a": success(0), "b": success(1)},
        seconds_per_decision=per_decision,
        decisions=(int(decisions[0]), int(decisions[1])),
        seconds=seconds,
        native=native,
        deal_margins=tuple(margins.tolist()),
        replays=plays.replays,
        seat_calls=plays.calls,
        first_out=plays.first_out,
        call_hands=plays.call_hands,
        called_in_play=plays.called_in_play,
    )


# -- from positions: the endgame ----------------------------------------------------------------


def _positions_chunk(
    team_a: Bot, team_b: Bot, run: _Run, seed: int, positions: Sequence[HandState], first: int, n: int, keep: int = 0
) -> Plays:
    """Positions first..first+n-1, each played to the end twice, by fresh copies of the bots for every play.

    The replays of the hands of positions below `keep` are kept.
    """
    rows = []
    replays = {}
    for i in range(first, first + n):
        position_seed = _core.hand_seed(seed, i)
        for play in (0, 1):
            state = positions[i].clone()
            bots = (_copy(team_a), _copy(team_b))
            rows.append(_play_out(f"position {i}", state, _core.hand_seed(position_seed, play), play, bots, run))
            if i < keep:
                replays[(i, play)] = state.replay()
    return _rows(rows, replays)


def _check_positions(positions: object) -> list[HandState]:
    """A list of HandStates in play (TypeError, ValueError), each cloned: later changes by the caller do not count."""
    if isinstance(positions, (str, bytes, HandState)) or not isinstance(positions, Sequence):
        raise TypeError(f"positions must be a sequence of HandState, not {type(positions).__name__}")
    if not positions:
        raise ValueError("no positions")
    out = []
    for i, state in enumerate(positions):
        if not isinstance(state, HandState):
            raise TypeError(f"position {i} is a {type(state).__name__}, not a tichu_fast.HandState")
        if state.is_terminal():
            raise ValueError(f"position {i} is a finished hand: nothing to play")
        if not state.decision.in_play:
            raise ValueError(
                f"position {i} is not in play (decision {state.decision.name}): the play starts after the exchange"
            )
        out.append(state.clone())
    return out


def duplicate_positions(
    team_a: object,
    team_b: object,
    positions: Sequence[HandState],
    seed: int = 0,
    *,
    threads: int = 1,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    replays: int = 0,
) -> DuplicateResult:
    """Plays each position in play to the end twice, team A at seats 0/2 and then 1/3, and sums up A against B.

    The duplicate match of `duplicate` started from positions (an endgame
    match, docs/bots.md): the same result, a position counting as a deal
    (`deals` is the number of positions). The score is the whole hand's:
    what the play before the position settled is the same in both plays and
    cancels; what the play after it decides (calls made, and the tricks won
    before it, which the last seat out hands over, R8.4) counts.
    Before play p of position i each bot gets reset(hand_seed(hand_seed(seed,
    i), p)). `seconds_per_decision` is CPU time (time.thread_time of the
    thread that runs act(): a bot's own extra threads are not counted).
    TypeError for positions that are not HandStates, ValueError for none,
    a finished hand or a position before the play; the positions are never
    changed. `threads`, `progress`, `time_limit` and `replays` (of the first
    positions, by (position, play)) as for `duplicate`; the bots may be SPEC strings.
    """
    progress = _check_progress(progress)
    time_limit = _check_time_limit(time_limit)
    a, b = _bot(team_a), _bot(team_b)
    states = _check_positions(positions)
    seed = _seed(seed)
    threads = _positive(threads, "threads", 256)
    keep = _args.count(replays, "replays", 0, _MAX_DEALS)
    names = (_name(team_a, bot_name(a)), _name(team_b, bot_name(b)))
    start = time.perf_counter()
    stop = threading.Event()
    run = _Run(names, states[0].rules, time_limit, stop, time.thread_time)

    def work(first: int, n: int) -> Plays:
        """One chunk of positions."""
        return _positions_chunk(a, b, run, seed, states, first, n, keep)

    if threads == 1:
        parts = []
        for first, n in chunks(len(states), 1):
            parts.append(work(first, n))
            if progress is not None:
                progress(first + n, len(states))
        plays = Plays.join(parts)
    else:
        plays = _threaded_plays(work, len(states), threads, stop, progress)
    return _summary(plays, names, seed, time.perf_counter() - start, False)


def endgame_positions(
    count: int, seed: int, cards: int, *, bot: object = None, rules: Rules | None = None
) -> list[HandState]:
    """`count` positions of the play with at most `cards` cards left in all four hands, from seeded deals.

    Deal d = 0, 1, ... is dealt by hand_seed(seed, d) and played by `bot`
    (anything `as_bot` takes, or a SPEC string; default `HeuristicBot()`, calls included) at
    every seat, on each seat's view as in the arena, up to the first decision
    of the play with at most `cards` cards left; a deal whose hand ends
    before is skipped. The states keep their history (`replay()` rebuilds
    each). ValueError when 20 * count + 100 deals give too few.
    """
    count = _positive(count, "count", 10**6)
    seed = _seed(seed)
    cards = _args.count(cards, "cards", 1, 56)
    player = HeuristicBot() if bot is None else _bot(bot)
    rules = _args.rules(rules)
    run = _Run((bot_name(player), bot_name(player)), rules)
    found: list[HandState] = []
    tries = 20 * count + 100
    for d in range(tries):
        deal_seed = _core.hand_seed(seed, d)
        state = HandState.new(deal_seed, rules)
        me = _copy(player)
        seats = _Seats((me, me), None, f"deal {d}", run, deal_seed ^ VIEW_STREAM)
        seats.reset_bots(deal_seed)
        seats.play(state, until=lambda position: in_endgame(position, cards))
        if not state.is_terminal():
            found.append(state)
            if len(found) == count:
                return found
    raise ValueError(f"{tries} deals (seed {seed}) gave {len(found)} positions of at most {cards} cards, not {count}")


# -- round robin ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRobinResult:
    """Every pair of bots by duplicate, and the ranking by mean margin over each bot's matches."""

    matches: dict[tuple[str, str], DuplicateResult]
    ranking: list[tuple[str, float, int]]  # (name, mean margin per hand, matches won), best first

    def table(self) -> str:
        """The ranking and every match as text."""
        lines = ["rank  bot                               mean margin  matches won"]
        for i, (name, margin, won) in enumerate(self.ranking, 1):
            lines.append(f"{i:4d}  {name[:32]:32s}  {margin:+11.1f}  {won:11d}")
        lines.append("")
        for (x, y), r in self.matches.items():
            lines.append(f"{x} vs {y}: {r.margin} per hand ({r.deals} deals)")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {
            "ranking": [{"bot": n, "mean_margin": m, "matches_won": w} for n, m, w in self.ranking],
            "matches": [r.to_dict() | {"a": x, "b": y} for (x, y), r in self.matches.items()],
        }


def round_robin(
    bots: Mapping[str, object],
    deals: int,
    seed: int,
    *,
    threads: int = 1,
    rules: Rules | None = None,
    ray: object = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    replays: int = 0,
) -> RoundRobinResult:
    """Every pair of `bots` (name -> bot) by `duplicate` on the same deals; ranked by mean margin per hand.

    A bot may be a SPEC string, as for `duplicate`; `replays` keeps the first deals' hands of every match.
    """
    progress = _check_progress(progress)
    time_limit = _check_time_limit(time_limit)
    if not isinstance(bots, Mapping) or len(bots) < 2:
        raise ValueError("a round robin needs a mapping of at least two named bots")
    names = list(bots)
    margins: dict[str, list[float]] = {n: [] for n in names}
    won = dict.fromkeys(names, 0)
    matches = {}
    pairs = [(x, y) for i, x in enumerate(names) for y in names[i + 1 :]]
    for k, (x, y) in enumerate(pairs):

        def step(done: int, total: int, k: int = k) -> None:
            """Progress over all the matches' deals."""
            if progress is not None:
                progress(k * total + done, len(pairs) * total)

        r = duplicate(
            bots[x],
            bots[y],
            deals,
            seed,
            threads=threads,
            rules=rules,
            ray=ray,
            progress=step,
            time_limit=time_limit,
            replays=replays,
        )
        matches[(x, y)] = r
        margins[x].append(r.margin.mean)
        margins[y].append(-r.margin.mean)
        won[x] += r.margin.mean > 0
        won[y] += r.margin.mean < 0
    ranking = sorted(((n, float(np.mean(margins[n])), won[n]) for n in names), key=lambda t: -t[1])
    return RoundRobinResult(matches, ranking)
