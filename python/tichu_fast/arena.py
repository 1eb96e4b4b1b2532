"""The duplicate arena: two bots on the same deals with the seats swapped (docs/bots.md).

Deal d of a run is dealt by ``hand_seed(seed, d)`` and played twice: team A
at seats 0 and 2, then at seats 1 and 3, with the same cards, so most of the
luck of the cards cancels. When all four seats are built-in C++ policies
(RandomBot, HeuristicBot) both plays run in C++ without the GIL; otherwise a
Python loop asks each bot for its seat's action on the seat's view.
"""

from __future__ import annotations

import copy
import importlib
import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tichu_fast import _core
from tichu_fast.bots import Bot, HeuristicBot, RandomBot, as_bot, bot_name
from tichu_fast.enums import Call
from tichu_fast.errors import IllegalMoveError, TichuError
from tichu_fast.hand import HandState
from tichu_fast.rules import Rules

__all__ = [
    "DuplicateResult",
    "Estimate",
    "Play",
    "RoundRobinResult",
    "duplicate",
    "estimate",
    "round_robin",
]

_SEED_LIMIT = 2**64
_MAX_DEALS = 10**9
_VIEW_STREAM = 0x3C6EF372FE94F82B  # mixed into the seeds of the seats' views, apart from the bots' streams
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


def estimate(samples: Sequence[float]) -> Estimate:
    """The mean of `samples` with its 95% normal interval (infinite half-width for fewer than 2 samples)."""
    if not samples:
        raise ValueError("no samples")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Estimate(mean, math.inf)
    return Estimate(mean, 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)))


@dataclass(frozen=True)
class Play:
    """One play of a deal: `play` 0 has team A at seats 0/2, 1 at seats 1/3; scores by seat team."""

    deal: int
    play: int
    score: tuple[int, int]  # seats 0/2, seats 1/3
    first_out: int
    one_two: bool
    calls: tuple[Call, Call, Call, Call]
    decisions: tuple[int, int]  # team A, team B
    seconds: tuple[float, float]  # team A, team B, spent in act() (0 on the C++ path)

    def seats_of(self, team: int) -> tuple[int, int]:
        """The seats of team 0 (A) or 1 (B) in this play."""
        first = team ^ self.play
        return (first, first + 2)

    def points(self, team: int) -> int:
        """The score of team 0 (A) or 1 (B)."""
        return self.score[team ^ self.play]

    def call_points(self, team: int) -> int:
        """The part of the team's score its calls made: +100/+200 for a call made good, -100/-200 otherwise."""
        total = 0
        for seat in self.seats_of(team):
            call = self.calls[seat]
            if call != Call.NONE:
                total += _BONUS[call] if seat == self.first_out else -_BONUS[call]
        return total


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

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values (an infinite interval as None)."""

        def number(x: float) -> float | None:
            """JSON has no infinity."""
            return x if math.isfinite(x) else None

        def est(e: Estimate) -> dict[str, float | None]:
            """An Estimate's fields."""
            return {"mean": e.mean, "ci95": number(e.ci)}

        return {
            "team_a": self.team_a,
            "team_b": self.team_b,
            "deals": self.deals,
            "hands": self.hands,
            "seed": self.seed,
            "margin_per_hand": est(self.margin),
            "calls_part": est(self.calls),
            "cards_part": est(self.cards),
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


def _seed(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"seed must be an int, not {type(value).__name__}")
    if not 0 <= value < _SEED_LIMIT:
        raise ValueError(f"seed must be 0..2**64-1, not {value}")
    return value


def _positive(value: object, what: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    if not 1 <= value <= most:
        raise ValueError(f"{what} must be 1..{most}, not {value}")
    return value


def _native(bot: object) -> tuple[str, bool, int] | None:
    """(policy, calls, seed) for a built-in C++ policy bot (not a subclass: it may act otherwise)."""
    if type(bot) in (RandomBot, HeuristicBot):
        return (bot.policy, bot.calls, bot.seed)  # type: ignore[attr-defined]
    return None


# -- one play in Python --------------------------------------------------------------------


def _play(deal: int, deal_seed: int, play: int, bots: tuple[Bot, Bot], names: tuple[str, str], rules: Rules) -> Play:
    state = HandState.new(deal_seed, rules)
    reset_seed = _core.hand_seed(deal_seed, play)
    for bot in bots:
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(reset_seed)
    views = reset_seed ^ _VIEW_STREAM
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    step = 0
    while not state.is_terminal():
        seat = state.current_player
        team = (seat & 1) ^ play
        view = state.resample(seat, _core.hand_seed(views, step))  # what the seat knows, nothing more (R10.3)
        start = time.perf_counter()
        action = bots[team].act(view, seat)
        seconds[team] += time.perf_counter() - start
        try:
            state.apply(action)
        except (TichuError, TypeError) as error:
            shown = str(action)
            shown = shown if len(shown) <= 80 else shown[:80] + "..."
            raise IllegalMoveError(
                f"the bot {names[team]} (team {'AB'[team]}, seat {seat}) chose {shown!r} at decision {step} "
                f"of deal {deal}, play {play}: {error}"
            ) from None
        decisions[team] += 1
        step += 1
    out = state.out_order
    score = state.returns()
    return Play(
        deal=deal,
        play=play,
        score=(score[0], score[1]),
        first_out=out[0],
        one_two=len(out) >= 2 and (out[0] & 1) == (out[1] & 1),
        calls=state.calls,
        decisions=(decisions[0], decisions[1]),
        seconds=(seconds[0], seconds[1]),
    )


def _copy(bot: Bot) -> Bot:
    """A bot of its own for one worker: a deep copy (a function is shared as it is)."""
    try:
        return copy.deepcopy(bot)
    except Exception as error:
        raise TypeError(
            f"the arena plays with copies of each bot, and {bot_name(bot)} cannot be deep-copied: {error}"
        ) from None


def _python_chunk(
    team_a: Bot, team_b: Bot, names: tuple[str, str], seed: int, first: int, n: int, rules: Rules
) -> list[Play]:
    """Deals first..first+n-1, each played twice, with copies of the bots."""
    bots = (_copy(team_a), _copy(team_b))
    plays = []
    for d in range(first, first + n):
        deal_seed = _core.hand_seed(seed, d)
        plays.append(_play(d, deal_seed, 0, bots, names, rules))
        plays.append(_play(d, deal_seed, 1, bots, names, rules))
    return plays


def _native_chunk(
    a: tuple[str, bool, int], b: tuple[str, bool, int], seed: int, first: int, n: int, rules: Rules, threads: int
) -> list[Play]:
    """The same deals played in C++ (no time per decision: seconds are 0)."""
    records, decisions = _core.duplicate_records(seed, first, n, *a, *b, rules, threads)
    plays = []
    for i, (r, counts) in enumerate(zip(records.tolist(), decisions.tolist(), strict=True)):
        play = i & 1
        per_team = [0, 0]
        for seat in range(4):
            per_team[(seat & 1) ^ play] += counts[seat]
        score, one_two, first_out, _tricks, _bombs, calls = r
        plays.append(
            Play(
                deal=first + i // 2,
                play=play,
                score=(int(score[0]), int(score[1])),
                first_out=int(first_out),
                one_two=bool(one_two),
                calls=(Call(calls[0]), Call(calls[1]), Call(calls[2]), Call(calls[3])),
                decisions=(per_team[0], per_team[1]),
                seconds=(0.0, 0.0),
            )
        )
    return plays


# -- scheduling -----------------------------------------------------------------------------


def _chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    for first in range(0, deals, size):
        yield first, min(size, deals - first)


def _ray_plays(
    work: Callable[[int, int], list[Play]], deals: int, address: object, progress: Callable[[int, int], None] | None
) -> list[Play]:
    """The chunks as Ray tasks, collected in deal order."""
    try:
        ray: Any = importlib.import_module("ray")  # optional: typed as Any whether or not it is installed
    except ImportError:
        raise ValueError('ray is not installed: pip install "tichu_fast[ray]"') from None
    if not ray.is_initialized():
        ray.init(address=None if address is True else str(address), include_dashboard=False)
    size = max(1, min(_CHUNK, math.ceil(deals / (4 * max(1, int(ray.available_resources().get("CPU", 1)))))))
    remote = ray.remote(work)
    pending = [remote.remote(first, n) for first, n in _chunks(deals, size)]
    plays: list[Play] = []
    for ref in pending:  # in order: each chunk's plays are its deals'
        plays.extend(ray.get(ref))
        if progress is not None:
            progress(len(plays) // 2, deals)
    return plays


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
) -> DuplicateResult:
    """Plays `deals` deals twice each, team A at seats 0/2 and then 1/3, and sums up A against B.

    `team_a`, `team_b`: bots (anything `as_bot` takes). Deal d is dealt by
    hand_seed(seed, d). `threads` plays deals on C++ threads (all built-in
    policies) or a thread pool (Python bots); `ray` ("auto", an address, or
    True for a local instance) spreads chunks of deals over a Ray cluster. The
    numbers never depend on either (time apart). `progress(done, deals)` is
    called as deals finish.
    """
    a, b = as_bot(team_a), as_bot(team_b)
    deals = _positive(deals, "deals", _MAX_DEALS)
    seed = _seed(seed)
    threads = _positive(threads, "threads", 256)
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    names = (bot_name(a) if _native(a) is None else repr(a), bot_name(b) if _native(b) is None else repr(b))
    native_a, native_b = _native(a), _native(b)
    native = native_a is not None and native_b is not None
    start = time.perf_counter()
    if native:
        assert native_a is not None
        assert native_b is not None

        def work(first: int, n: int) -> list[Play]:
            """One chunk in C++."""
            return _native_chunk(native_a, native_b, seed, first, n, rules, threads)

    else:

        def work(first: int, n: int) -> list[Play]:
            """One chunk in Python."""
            return _python_chunk(a, b, names, seed, first, n, rules)

    if ray is not None and ray is not False:
        plays = _ray_plays(work, deals, ray, progress)
    elif native or threads == 1:
        plays = []
        for first, n in _chunks(deals, _CHUNK if native else 1):
            plays.extend(work(first, n))
            if progress is not None:
                progress(first + n, deals)
    else:
        plays = []
        size = max(1, min(64, deals // (4 * threads)))
        with ThreadPoolExecutor(threads) as pool:
            for chunk in pool.map(lambda c: work(*c), _chunks(deals, size)):  # in deal order
                plays.extend(chunk)
                if progress is not None:
                    progress(len(plays) // 2, deals)
    return _summary(plays, names, seed, time.perf_counter() - start, native)


def _summary(plays: list[Play], names: tuple[str, str], seed: int, seconds: float, native: bool) -> DuplicateResult:
    deals = len(plays) // 2
    hands = len(plays)
    pairs = [(plays[2 * i], plays[2 * i + 1]) for i in range(deals)]

    def per_deal(value: Callable[[Play], float]) -> list[float]:
        """A per-hand value averaged over each deal's two plays."""
        return [(value(p) + value(q)) / 2 for p, q in pairs]

    margins = per_deal(lambda p: p.points(0) - p.points(1))
    calls = per_deal(lambda p: p.call_points(0) - p.call_points(1))
    cards = [m - c for m, c in zip(margins, calls, strict=True)]

    def success(team: int) -> dict[str, dict[str, float]]:
        """Calls of each kind by the team, how many made good, and the rate."""
        out = {}
        for call, key in ((Call.TICHU, "tichu"), (Call.GRAND_TICHU, "grand_tichu")):
            made = n = 0
            for p in plays:
                for seat in p.seats_of(team):
                    if p.calls[seat] == call:
                        n += 1
                        made += seat == p.first_out
            out[key] = {"calls": n, "made": made, "rate": made / n if n else 0.0}
        return out

    decisions = (sum(p.decisions[0] for p in plays), sum(p.decisions[1] for p in plays))
    if native:
        each = seconds / max(1, decisions[0] + decisions[1])
        per_decision = (each, each)
    else:
        spent = (sum(p.seconds[0] for p in plays), sum(p.seconds[1] for p in plays))
        per_decision = (spent[0] / max(1, decisions[0]), spent[1] / max(1, decisions[1]))
    return DuplicateResult(
        team_a=names[0],
        team_b=names[1],
        deals=deals,
        hands=hands,
        seed=seed,
        margin=estimate(margins),
        calls=estimate(calls),
        cards=estimate(cards),
        points=(statistics.fmean(p.points(0) for p in plays), statistics.fmean(p.points(1) for p in plays)),
        win_rate=sum(p.points(0) > p.points(1) for p in plays) / hands,
        tie_rate=sum(p.points(0) == p.points(1) for p in plays) / hands,
        one_two_rate=tuple(  # type: ignore[arg-type]
            sum(p.one_two and (p.first_out & 1) == (team ^ p.play) for p in plays) / hands for team in (0, 1)
        ),
        call_success={"a": success(0), "b": success(1)},
        seconds_per_decision=per_decision,
        decisions=decisions,
        seconds=seconds,
        native=native,
        deal_margins=tuple(margins),
    )


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
) -> RoundRobinResult:
    """Every pair of `bots` (name -> bot) by `duplicate` on the same deals; ranked by mean margin per hand."""
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

        r = duplicate(bots[x], bots[y], deals, seed, threads=threads, rules=rules, ray=ray, progress=step)
        matches[(x, y)] = r
        margins[x].append(r.margin.mean)
        margins[y].append(-r.margin.mean)
        won[x] += r.margin.mean > 0
        won[y] += r.margin.mean < 0
    ranking = sorted(((n, float(np.mean(margins[n])), won[n]) for n in names), key=lambda t: -t[1])
    return RoundRobinResult(matches, ranking)
