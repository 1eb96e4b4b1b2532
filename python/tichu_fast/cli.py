"""The command line: ``tichu-fast`` or ``python -m tichu_fast``.

``deal`` (the default) deals a seeded hand and shows what its holder may
lead; ``legal`` lists the legal moves of any situation given as text.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

import tichu_fast as tf


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tichu-fast", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"tichu_fast {tf.__version__}")
    commands = parser.add_subparsers(dest="command")
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


if __name__ == "__main__":
    sys.exit(main())
