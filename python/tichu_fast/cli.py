"""The command line, ``tichu-fast`` or ``python -m tichu_fast`` (the text is in `_DESCRIPTION`).

Exit status: 0 on success, 2 for bad arguments or input (one line on
stderr), 130 after Ctrl-C, 141 when the reader of stdout goes away (as a
process killed by SIGPIPE would report it in a shell).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn, TextIO

import numpy as np
import numpy.typing as npt

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast._ray import chunks, ray_chunks
from tichu_fast.enums import Call

__all__ = ["RunningSummary", "main", "simulate"]

_DESCRIPTION = """\
Play, deal and inspect Tichu hands with tichu_fast's C++ engine: simulate
random-policy hands and summarise their scores, calls, tricks and bombs;
deal a seeded hand and list its leads; list the legal moves of any situation;
match two bots on duplicate deals (arena).
"""

_EPILOG = """\
examples:
  tichu-fast simulate --hands 100000 --seed 0
  tichu-fast simulate --hands 1000 --json > summary.json
  tichu-fast deal --seed 7 --seat 2
  tichu-fast legal "5j 5s Ph" --table "4j 4s" --wish 5
  tichu-fast legal "7j 7s 7p 7t 9j" --table "Ks" --out-of-turn
  tichu-fast arena --team-a heuristic --team-b random:calls=0 --deals 500
  tichu-fast arena --round-robin random,heuristic,mc:budget=10ms --deals 100

Cards are named MJ, Dog, Ph, Dr and a rank 2..10, J, Q, K, A followed by a
suit j, s, p or t (10s, Qp); see docs/api.md. `tichu-fast COMMAND --help`
describes each command.
"""

_SEED_LIMIT = 2**64
_TEAMS = ("team_0", "team_1")
_MAX_HANDS = 10**12  # days of simulation at 10**5 hands per second
_MAX_CHUNK = 10_000  # hands per call into C++: small enough for Ctrl-C and the bar to follow
_MESSAGE_LIMIT = 300  # characters of an error message printed


def _quote(text: str) -> str:
    # at most 80 characters of user input in a message
    return repr(text) if len(text) <= 80 else repr(text[:80]) + "..."


# -- argument types: checked while parsing, so that a bad value is a usage error ------


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < _SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is an int 0..2**64-1, not {_quote(text)}")
    return value


def _hands(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= _MAX_HANDS:
        raise argparse.ArgumentTypeError(f"the number of hands is an int 1..10**12, not {_quote(text)}")
    return value


def _threads(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"threads must be an int 1..256, not {_quote(text)}") from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"threads must be 1..256, not {value}")
    return value


def _rank(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 2 <= value <= 14:
        raise argparse.ArgumentTypeError(f"a wish is a rank 2..14 (11 J, 12 Q, 13 K, 14 A), not {_quote(text)}")
    return value


def _text(text: str) -> str:
    # A byte that is not UTF-8 reaches sys.argv as a lone surrogate, which no card name holds.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("the text is not valid UTF-8") from None
    return text


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error."""

    def error(self, message: str) -> NoReturn:
        """Prints one line naming the problem and where help is, then exits with 2."""
        self.exit(2, f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)\n")


def _one_line(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= _MESSAGE_LIMIT else message[:_MESSAGE_LIMIT] + "..."


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tichu-fast",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tichu_fast {tf.__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    simulate = commands.add_parser(
        "simulate",
        help="play hands in C++ by a built-in policy; print hands/s, scores, call success, tricks, bombs",
        description="Play hands in C++ by a built-in policy (random: every decision uniform among the legal "
        "actions; heuristic: the rule-based player of docs/game.md) and summarise them. A progress bar is "
        "drawn when stderr is a terminal.",
    )
    simulate.add_argument("--hands", type=_hands, default=100_000, help="how many hands (default 100000)")
    simulate.add_argument("--seed", type=_seed, default=0, help="seed of the first deal, 0..2**64-1 (default 0)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON, without progress")
    simulate.add_argument("--bombs-in-turn-only", action="store_true", help="Rules(bombs_out_of_turn=False)")
    simulate.add_argument(
        "--policy", choices=tf.POLICIES, default="random", help="the policy of all four seats (default random)"
    )
    simulate.add_argument("--no-calls", action="store_true", help="never call Grand Tichu nor Tichu")
    simulate.add_argument("--threads", type=_threads, default=1, help="C++ threads, 1..256 (default 1)")
    simulate.add_argument(
        "--ray", metavar="auto|ADDRESS", type=_text, help="play chunks of hands as tasks on a Ray cluster ([ray] extra)"
    )
    simulate.set_defaults(run=_simulate)
    deal = commands.add_parser(
        "deal",
        help="deal a seeded hand and list its leads (default)",
        description="Deal the hand of a seed and list the leads of one seat by type.",
    )
    deal.add_argument("--seed", type=_seed, default=2026, help="deal seed, 0..2**64-1 (default 2026)")
    deal.add_argument("--seat", type=int, choices=range(4), default=0, help="whose leads to list (default 0)")
    deal.set_defaults(run=_deal)
    legal = commands.add_parser(
        "legal",
        help="legal moves of a situation, e.g. legal '5j 5s Ph' --table '4j 4s'",
        description="List the legal moves of a hand: leading, answering a combination, under a wish, "
        "or as an out-of-turn bomb.",
    )
    legal.add_argument("hand", type=_text, help="the hand as card text, e.g. '5j 5s Ph'")
    legal.add_argument("--table", type=_text, default=None, help="the combination to beat (default: lead)")
    legal.add_argument("--wish", type=_rank, default=None, help="the active wish, a rank 2..14")
    legal.add_argument("--out-of-turn", action="store_true", help="an out-of-turn bomb decision")
    legal.set_defaults(run=_legal)
    _arena_parser(commands)
    return parser


# -- deal and legal -----------------------------------------------------------------------


def _show_moves(moves: Sequence[tf.Move]) -> None:
    by_type: dict[tf.MoveType, list[str]] = {}
    for move in sorted(moves, key=lambda m: (m.type, m.length, m.rank2, m.cards.mask)):
        by_type.setdefault(move.type, []).append(str(move))
    for move_type, texts in by_type.items():
        more = " ..." if len(texts) > 6 else ""
        print(f"  {move_type.name.lower():15s} {len(texts):4d}  {', '.join(texts[:6])}{more}")


def _deal(args: argparse.Namespace) -> int:
    hands = tf.deal(args.seed)
    print(f"deal {args.seed}:")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat}: {hand}")
    hand = hands[args.seat]
    moves = tf.legal_moves(hand)
    print(f"\nseat {args.seat} leads with {len(moves)} legal moves:")
    _show_moves(moves)
    counts = Counter(m.type.name.lower() for m in moves)
    print("\n" + ", ".join(f"{n} {t}" for t, n in counts.most_common()))
    return 0


def _legal(args: argparse.Namespace) -> int:
    moves = tf.legal_moves(args.hand, args.table, args.wish, args.out_of_turn)
    print(f"{len(moves)} legal moves:")
    _show_moves(moves)
    return 0


# -- simulate -----------------------------------------------------------------------------


class RunningSummary:
    """What `simulate` reports, gathered chunk by chunk in constant memory.

    A team's score in one hand takes one of a few hundred values (multiples
    of 5 from -425 to 400, R7 and R8), so a histogram of exact scores gives
    the mean, std and percentiles that numpy would give over every row,
    whatever the number of hands.
    """

    def __init__(self) -> None:
        self.hands = 0
        self._scores: tuple[Counter[int], Counter[int]] = (Counter(), Counter())
        self._one_twos = 0
        self._tricks = 0
        self._bombs = 0
        self._calls = {Call.TICHU: 0, Call.GRAND_TICHU: 0}
        self._made = {Call.TICHU: 0, Call.GRAND_TICHU: 0}

    def add(self, rows: npt.NDArray[Any]) -> None:
        """Adds HAND_RECORD_DTYPE records; also _core.simulate's int rows (the same columns)."""
        if rows.dtype.names is not None:
            rows = _as_rows(rows)
        self.hands += len(rows)
        for team, scores in enumerate(self._scores):
            values, counts = np.unique(rows[:, team], return_counts=True)
            scores.update(dict(zip(values.tolist(), counts.tolist(), strict=True)))
        self._one_twos += int(rows[:, 2].sum())
        self._tricks += int(rows[:, 4].sum())
        self._bombs += int(rows[:, 5].sum())
        went_first = rows[:, 3:4] == np.arange(4)
        for call in self._calls:
            called = rows[:, 6:10] == int(call)
            self._calls[call] += int(called.sum())
            self._made[call] += int((called & went_first).sum())  # R7: a call is made by going out first

    def result(self, seconds: float) -> dict[str, Any]:
        """The summary's fields (printed, or written as JSON)."""
        hands = self.hands

        def success(call: Call) -> dict[str, float | int]:
            """How often `call` was made per hand, and how often it was made good."""
            n = self._calls[call]
            return {"calls": n, "per_hand": n / hands, "success_rate": self._made[call] / n if n else 0.0}

        return {
            "hands": hands,
            "seconds": seconds,
            "hands_per_second": hands / seconds if seconds > 0 else 0.0,
            "team_score": {team: _distribution(scores) for team, scores in zip(_TEAMS, self._scores, strict=True)},
            "one_two_rate": self._one_twos / hands,
            "tichu": success(Call.TICHU),
            "grand_tichu": success(Call.GRAND_TICHU),
            "tricks_per_hand": self._tricks / hands,
            "bombs_per_hand": self._bombs / hands,
        }


def _as_rows(records: npt.NDArray[np.void]) -> npt.NDArray[np.int32]:
    """HAND_RECORD_DTYPE records as _core.simulate's columns."""
    columns = [records["score"], *(records[f][:, None] for f in ("one_two", "first_out", "tricks", "bombs"))]
    return np.hstack([*columns, records["calls"]]).astype(np.int32)


def _distribution(histogram: Counter[int]) -> dict[str, float | int]:
    values = sorted(histogram)
    n = sum(histogram.values())
    mean = sum(v * c for v, c in histogram.items()) / n
    variance = sum(c * (v - mean) ** 2 for v, c in histogram.items()) / n
    ends = []  # the sorted index just past each value
    total = 0
    for v in values:
        total += histogram[v]
        ends.append(total)

    def at(index: int) -> int:
        """The value at this position of the sorted scores."""
        return next(v for v, end in zip(values, ends, strict=True) if index < end)

    def percentile(q: float) -> float:
        """The q-th percentile by numpy's default ("linear") method."""
        position = (n - 1) * q / 100
        low = math.floor(position)
        a, b = at(low), at(min(low + 1, n - 1))
        return float(a + (b - a) * (position - low))

    return {
        "mean": mean,
        "std": math.sqrt(variance),
        "min": values[0],
        "p10": percentile(10),
        "median": percentile(50),
        "p90": percentile(90),
        "max": values[-1],
    }


class _Progress:
    """A progress bar on a terminal; elsewhere (a log) only a start and an end line."""

    def __init__(self, total: int, stream: TextIO, unit: str = "hands", verb: str = "simulating") -> None:
        self.total, self.stream, self.unit = total, stream, unit
        self.tty = stream.isatty()
        self.start = self.last = time.perf_counter()
        self.drawn = False
        if not self.tty:
            print(f"{verb} {total:,} {unit}", file=stream, flush=True)

    def update(self, done: int) -> None:
        """Redraws the bar (at most 10 times a second); writes the end line when done."""
        now = time.perf_counter()
        seconds = now - self.start
        rate = done / seconds if seconds > 0 else 0.0
        if not self.tty:
            if done == self.total:
                print(f"{done:,}/{self.total:,} {self.unit}, {rate:,.0f} {self.unit}/s", file=self.stream, flush=True)
            return
        if done < self.total and now - self.last < 0.1:
            return
        self.last, self.drawn = now, True
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "-" * (width - filled)
        text = f"\r[{bar}] {done:,}/{self.total:,} {self.unit}, {rate:,.0f} {self.unit}/s"
        print(text, end="", file=self.stream, flush=True)

    def close(self) -> None:
        """Ends the bar's line, so that what follows starts on a new one."""
        if self.drawn:
            print(file=self.stream, flush=True)
            self.drawn = False


def simulate(
    hands: int,
    seed: int = 0,
    bombs_out_of_turn: bool = True,
    progress: TextIO | None = None,
    *,
    policy: str = "random",
    calls: bool = True,
    threads: int = 1,
    ray: object = None,
) -> dict[str, Any]:
    """Plays `hands` hands in C++ by `policy` and returns their summary, in constant memory.

    Progress goes to `progress` when given (a bar only if it is a terminal).
    `ray` ("auto" or an address) plays chunks of hands as tasks on a Ray
    cluster: the same summary, but for the time.
    """
    rules = tf.Rules(bombs_out_of_turn=bombs_out_of_turn)
    summary = RunningSummary()
    bar = None if progress is None else _Progress(hands, progress)
    start = time.perf_counter()

    def work(first: int, n: int) -> Any:
        """Hands first .. first + n - 1 in C++."""
        return _core.simulate_records(seed, first, n, policy, calls, rules, threads)

    chunk = max(1, min(_MAX_CHUNK, hands // 50))  # the same chunks on Ray: the summary's float sums then match
    if ray is None:
        parts: Iterator[tuple[int, Any]] = ((f + n, work(f, n)) for f, n in chunks(hands, chunk))
    else:
        work(0, 0)  # the arguments are checked here, not in a remote task
        parts = ray_chunks(work, hands, ray, _MAX_CHUNK, size=chunk)
    try:
        for done, records in parts:
            summary.add(records)
            if bar is not None:
                bar.update(done)
    finally:
        if bar is not None:
            bar.close()
    result = summary.result(time.perf_counter() - start)
    result["seed"] = seed
    return result


def _simulate(args: argparse.Namespace) -> int:
    progress = None if args.json else sys.stderr
    summary = simulate(
        args.hands,
        args.seed,
        not args.bombs_in_turn_only,
        progress,
        policy=args.policy,
        calls=not args.no_calls,
        threads=args.threads,
        ray=args.ray,
    )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_summary(summary, args.policy)
    return 0


def _print_summary(s: dict[str, Any], policy: str = "random") -> None:
    rate = f"{s['hands_per_second']:,.0f} hands/s"
    print(f"{s['hands']:,} {policy}-policy hands in {s['seconds']:.2f} s: {rate} (seed {s['seed']})")
    for team, t in s["team_score"].items():
        print(
            f"  {team} score: mean {t['mean']:7.1f}  std {t['std']:6.1f}  "
            f"min {t['min']}  p10 {t['p10']:.0f}  median {t['median']:.0f}  p90 {t['p90']:.0f}  max {t['max']}"
        )
    print(f"  one-two (double victory) rate: {s['one_two_rate']:.3f}")
    for name, key in (("Tichu", "tichu"), ("Grand Tichu", "grand_tichu")):
        c = s[key]
        print(f"  {name} calls: {c['per_hand']:.2f} per hand, {c['success_rate']:.3f} made")
    print(f"  tricks per hand: {s['tricks_per_hand']:.2f}, bombs per hand: {s['bombs_per_hand']:.3f}")


# -- arena ------------------------------------------------------------------------------------


def _deals(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 10**9:
        raise argparse.ArgumentTypeError(f"the number of deals is an int 1..10**9, not {_quote(text)}")
    return value


def _arena_parser(commands: Any) -> None:
    from tichu_fast.bots import BOTS

    specs = ", ".join(f"{name} ({spec.help}; options {', '.join(spec.options)})" for name, spec in BOTS.items())
    arena = commands.add_parser(
        "arena",
        help="duplicate match between two bots (or a round robin); margin per hand with a 95%% interval",
        description="Each seeded deal is played twice, team A at seats 0/2 and then 1/3, with the same cards. "
        f"Prints A's margin per hand with a 95% interval, split into calls and cards. SPEC: {specs}; e.g. "
        "random:calls=0, mc:budget=100ms,policy=heuristic, or module.path:Name for your own bot (docs/bots.md).",
    )
    arena.add_argument("--team-a", metavar="SPEC", help="bot of team A")
    arena.add_argument("--team-b", metavar="SPEC", help="bot of team B")
    arena.add_argument("--round-robin", metavar="SPEC,SPEC,...", help="every pair of these bots instead")
    arena.add_argument("--deals", type=_deals, default=1000, help="deals, each played twice (default 1000)")
    arena.add_argument("--seed", type=_seed, default=0, help="deal d is dealt by hand_seed(seed, d) (default 0)")
    arena.add_argument("--threads", type=_threads, default=1, help="threads, 1..256 (default 1)")
    arena.add_argument("--json", action="store_true", help="print the result as JSON, without progress")
    arena.add_argument("--ray", metavar="auto|ADDRESS", type=_text, help="run the deals as tasks on a Ray cluster")
    arena.set_defaults(run=_arena)


def _arena(args: argparse.Namespace) -> int:
    from tichu_fast import arena
    from tichu_fast.bots import make_bot

    if args.round_robin is None and (args.team_a is None or args.team_b is None):
        raise ValueError("give --team-a SPEC and --team-b SPEC, or --round-robin SPEC,SPEC,...")
    if args.round_robin is not None and (args.team_a is not None or args.team_b is not None):
        raise ValueError("--round-robin takes no --team-a nor --team-b")
    matches = 1
    if args.round_robin is not None:
        specs = [s.strip() for s in _split_specs(args.round_robin)]
        if len(specs) < 2 or len(set(specs)) != len(specs):
            raise ValueError("--round-robin needs at least two different SPECs")
        bots = {spec: make_bot(spec) for spec in specs}
        matches = len(specs) * (len(specs) - 1) // 2
    else:
        team_a, team_b = make_bot(args.team_a), make_bot(args.team_b)
    bar = None if args.json else _Progress(args.deals * matches, sys.stderr, "deals", "playing")
    try:
        if args.round_robin is not None:
            result: Any = arena.round_robin(
                bots, args.deals, args.seed, threads=args.threads, ray=args.ray, progress=_bar_update(bar)
            )
        else:
            result = arena.duplicate(
                team_a, team_b, args.deals, args.seed, threads=args.threads, ray=args.ray, progress=_bar_update(bar)
            )
    finally:
        if bar is not None:
            bar.close()
    if args.round_robin is None:  # named by the specs, as typed
        result = dataclasses.replace(result, team_a=args.team_a, team_b=args.team_b)
    if args.round_robin is not None:
        return _print_round_robin(result, args.json)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        _print_duplicate(result, args.team_a, args.team_b)
    return 0


def _print_round_robin(result: Any, as_json: bool) -> int:
    """A round robin's matches and its ladder (tichu_fast.ladder: ratings with 95% intervals)."""
    from tichu_fast.ladder import ladder

    rated = ladder(result.matches)
    if as_json:
        print(json.dumps(result.to_dict() | {"ladder": rated.to_dict()}, indent=2))
    else:
        print(result.table())
        print()
        print(rated.table())
    return 0


def _split_specs(text: str) -> list[str]:
    """SPEC,SPEC,... where a SPEC's own options (key=value) also hold commas: split before each bot name."""
    parts: list[str] = []
    for piece in text.split(","):
        if parts and "=" in piece and ":" not in piece:
            parts[-1] += "," + piece  # an option of the SPEC before
        else:
            parts.append(piece)
    return parts


def _bar_update(bar: _Progress | None) -> Any:
    if bar is None:
        return None
    return lambda done, _total: bar.update(done)


def _print_duplicate(r: Any, a: str, b: str) -> None:
    print(f"{a} (A) vs {b} (B): {r.deals:,} deals x 2 plays, seed {r.seed}, {r.seconds:.2f} s")
    print(f"  A's margin per hand  {r.margin} (95% interval over deals)")
    print(f"    from calls         {r.calls}")
    print(f"    from cards         {r.cards}")
    print(f"  points per hand      A {r.points[0]:.1f}, B {r.points[1]:.1f}")
    print(f"  hands won by A       {r.win_rate:.3f} (tied {r.tie_rate:.3f})")
    print(f"  one-two rate         A {r.one_two_rate[0]:.3f}, B {r.one_two_rate[1]:.3f}")
    for team, name in (("a", "A"), ("b", "B")):
        c = r.call_success[team]
        t, g = c["tichu"], c["grand_tichu"]
        print(
            f"  calls of {name}           Tichu {t['calls']} ({t['rate']:.3f} made), "
            f"Grand Tichu {g['calls']} ({g['rate']:.3f} made)"
        )
    how = " (C++: the run's time over all decisions)" if r.native else ""
    spd = r.seconds_per_decision
    print(f"  time per decision    A {spd[0] * 1e6:,.1f} µs, B {spd[1] * 1e6:,.1f} µs{how}")


# -- the entry point -------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line on `argv` (default: sys.argv[1:]) and returns the exit status."""
    try:
        parser = _parser()
        args = parser.parse_args(argv)
        if args.command is None:  # `deal` is the default command
            args = parser.parse_args(["deal", *(sys.argv[1:] if argv is None else argv)])
        status = int(args.run(args))
        sys.stdout.flush()  # a closed pipe shows here, inside the handler below
        return status
    except (tf.TichuError, ValueError) as error:
        print(f"tichu-fast: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader left (`tichu-fast deal | head -1`): nothing more to say. Point
        # stdout at /dev/null so that the interpreter's last flush does not fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
