"""The command line: ``tichu-fast`` or ``python -m tichu_fast``.

``simulate`` plays random-policy hands in C++ and summarises them; ``deal``
(the default) deals a seeded hand and shows what its holder may lead;
``legal`` lists the legal moves of any situation given as text.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.enums import Call


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


def _simulate(args: argparse.Namespace) -> int:
    """Random-policy hands in chunks, so that a progress bar can follow them."""
    if args.hands < 1:
        raise ValueError("--hands must be at least 1")
    chunk = max(1, min(20_000, args.hands // 50 or 1))
    parts = []
    start = time.perf_counter()
    done = 0
    while done < args.hands:
        n = min(chunk, args.hands - done)
        parts.append(_core.simulate(args.seed, done, n, not args.bombs_in_turn_only))
        done += n
        if not args.json:
            _progress(done, args.hands, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    summary = summarize(np.concatenate(parts), seconds)
    summary["seed"] = args.seed
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(file=sys.stderr)
        _print_summary(summary)
    return 0


def _progress(done: int, total: int, seconds: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / seconds if seconds > 0 else 0.0
    bar = "#" * filled + "-" * (width - filled)
    print(f"\r[{bar}] {done:,}/{total:,} hands, {rate:,.0f} hands/s", end="", file=sys.stderr, flush=True)


def summarize(rows: np.ndarray, seconds: float) -> dict[str, Any]:
    """The numbers `simulate` reports, from _core.simulate's rows."""
    hands = len(rows)
    score = rows[:, 0:2]
    calls = rows[:, 6:10]
    first = rows[:, 3]
    seats = np.arange(4)
    went_first = first[:, None] == seats[None, :]

    def success(call: Call) -> dict[str, float | int]:
        called = calls == int(call)
        n = int(called.sum())
        return {"calls": n, "per_hand": n / hands, "success_rate": float((called & went_first).sum() / n) if n else 0.0}

    return {
        "hands": hands,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else 0.0,
        "team_score": {
            team: {
                "mean": float(score[:, i].mean()),
                "std": float(score[:, i].std()),
                "min": int(score[:, i].min()),
                "p10": float(np.percentile(score[:, i], 10)),
                "median": float(np.median(score[:, i])),
                "p90": float(np.percentile(score[:, i], 90)),
                "max": int(score[:, i].max()),
            }
            for i, team in enumerate(("team_0", "team_1"))
        },
        "one_two_rate": float(rows[:, 2].mean()),
        "tichu": success(Call.TICHU),
        "grand_tichu": success(Call.GRAND_TICHU),
        "tricks_per_hand": float(rows[:, 4].mean()),
        "bombs_per_hand": float(rows[:, 5].mean()),
    }


def _print_summary(s: dict[str, Any]) -> None:
    rate = f"{s['hands_per_second']:,.0f} hands/s"
    print(f"{s['hands']:,} random-policy hands in {s['seconds']:.2f} s: {rate} (seed {s['seed']})")
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


def _legal(args: argparse.Namespace) -> int:
    moves = tf.legal_moves(args.hand, args.table, args.wish, args.out_of_turn)
    print(f"{len(moves)} legal moves:")
    _show_moves(moves)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tichu-fast", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"tichu_fast {tf.__version__}")
    commands = parser.add_subparsers(dest="command")
    simulate = commands.add_parser("simulate", help="play random-policy hands in C++ and summarise them")
    simulate.add_argument("--hands", type=int, default=100_000, help="how many hands (default 100000)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON, without progress bar")
    simulate.add_argument("--bombs-in-turn-only", action="store_true", help="Rules(bombs_out_of_turn=False)")
    simulate.set_defaults(run=_simulate)
    deal = commands.add_parser("deal", help="deal a seeded hand and list its leads (default)")
    deal.add_argument("--seed", type=int, default=2026, help="deal seed (default 2026)")
    deal.add_argument("--seat", type=int, choices=range(4), default=0, help="whose leads to list")
    deal.set_defaults(run=_deal)
    legal = commands.add_parser("legal", help="legal moves of a situation, e.g. legal '5j 5s Ph' --table '4j 4s'")
    legal.add_argument("hand", help="the hand as card text")
    legal.add_argument("--table", default=None, help="the combination to beat (default: lead)")
    legal.add_argument("--wish", type=int, default=None, help="the active wish, a rank 2..14")
    legal.add_argument("--out-of-turn", action="store_true", help="an out-of-turn bomb decision")
    legal.set_defaults(run=_legal)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["deal", *(argv or [])])
    try:
        return int(args.run(args))
    except tf.TichuError as error:
        print(f"tichu-fast: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"tichu-fast: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `tichu-fast | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
