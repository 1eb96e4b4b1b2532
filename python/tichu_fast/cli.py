"""The command line, ``tichu-fast`` or ``python -m tichu_fast`` (the text is in `_DESCRIPTION`).

Exit status: 0 on success, 2 for bad arguments or input (one line on
stderr), 130 after Ctrl-C, 141 when the reader of stdout goes away (as a
process killed by SIGPIPE would report it in a shell).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import tichu_fast as tf
from tichu_fast import _args

__all__ = ["main"]

_DESCRIPTION = """\
Play, deal and inspect Tichu hands with tichu_fast's C++ engine: simulate
hands by a built-in policy and summarise their scores, calls, tricks and
bombs; deal a seeded hand and list one seat's leads; list the legal moves
of any situation; match two bots on duplicate deals and save their hands
as replays (arena); draw a replay as a page to step through (view); play
against bots in the browser (play); value each decision of a replay with
the exact solver (analyze).
"""

_EPILOG = """\
examples:
  tichu-fast simulate --hands 100000 --seed 0
  tichu-fast simulate --hands 100000 --policy heuristic --threads 2
  tichu-fast simulate --hands 1000 --json > summary.json
  tichu-fast deal --seed 7 --seat 2
  tichu-fast legal "5j 5s Ph" --table "4j 4s" --wish 5
  tichu-fast legal "7j 7s 7p 7t 9j" --table "Ks" --out-of-turn
  tichu-fast arena --team-a heuristic --team-b random:calls=0 --deals 500
  tichu-fast arena --round-robin random,heuristic,mc:budget=10ms --deals 100
  tichu-fast arena --team-a mybots:Lowest --team-b heuristic   # a bot of ./mybots.py
  tichu-fast arena --team-a heuristic --team-b random --deals 50 --save-replays hands
  tichu-fast analyze hands/deal-0-play-0.txt --cards 16
  tichu-fast view hands/deal-0-play-0.txt      # writes hands/deal-0-play-0.html
  tichu-fast play --opponents heuristic        # needs the [web] extra

Cards are named MJ, Dog, Ph, Dr and a rank 2..10, J, Q, K, A followed by a
suit j, s, p or t (10s, Qp); see docs/api.md. `tichu-fast COMMAND --help`
describes each command.
"""

_MESSAGE_LIMIT = 300  # characters of an error message printed


def _quote(text: str) -> str:
    # at most 80 characters of user input in a message
    return repr(text) if len(text) <= 80 else repr(text[:80]) + "..."


# -- argument types: checked while parsing, so that a bad value is a usage error ------


def _seed(text: str) -> int:
    try:
        return _args.seed(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is an int 0..2**64-1, not {_quote(text)}") from None


def _count(text: str) -> int:
    # at most what the core counts in (a node budget of 2**63 would fail only at the first solve)
    value = _int_in(text, 0, _args.MAX_COUNT)
    if value is None:
        raise argparse.ArgumentTypeError(f"a count is an int >= 0 (at most 2**63-1), not {_quote(text)}")
    return value


def _hands(text: str) -> int:
    # tf.simulate's own limit, checked here: a run is refused before it is announced, not after
    value = _int_in(text, 1, _args.MAX_HANDS)
    if value is None:
        raise argparse.ArgumentTypeError(f"the number of hands is an int 1..10**9, not {_quote(text)}")
    return value


def _threads(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"threads must be an int 1..256, not {_quote(text)}") from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"threads must be 1..256, not {value}")
    return value


def _int_in(text: str, least: int, most: int) -> int | None:
    """`text` as an int in least..most, else None."""
    try:
        value = int(text)
    except ValueError:
        return None
    return value if least <= value <= most else None


def _rank(text: str) -> int:
    value = _int_in(text, 2, 14)
    if value is None:
        value = _rank_named(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"a wish is a rank 2..10, J, Q, K or A (or 11..14 for J..A), not {_quote(text)}"
        )
    return value


def _rank_named(text: str) -> int | None:
    """The rank a card name starts with (2..10, J, Q, K, A, T; any case), read by the card parser, else None."""
    try:
        cards = tf.Cards(text + "j")  # the Jade card of that rank
    except ValueError:
        return None
    index = cards.mask.bit_length() - 1
    return index // 4 + 1 if len(cards) == 1 and index >= 4 else None  # bits 4r-4.. hold rank r (not the Mah Jong)


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
        "actions; heuristic: the rule-based player of docs/playouts.md) and summarise them. A progress bar is "
        "drawn when stderr is a terminal.",
    )
    simulate.add_argument("--hands", type=_hands, default=100_000, help="how many hands, 1..10**9 (default 100000)")
    simulate.add_argument("--seed", type=_seed, default=0, help="seed of the first deal, 0..2**64-1 (default 0)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON, without progress")
    simulate.add_argument("--bombs-in-turn-only", action="store_true", help="Rules(bombs_out_of_turn=False)")
    simulate.add_argument(
        "--policy", choices=tf.POLICIES, default="random", help="the policy of all four seats (default random)"
    )
    calls = simulate.add_mutually_exclusive_group()
    calls.add_argument(
        "--calls",
        action="store_true",
        default=None,
        help="call Grand Tichu and Tichu as the policy does (the default for heuristic; random calls at random)",
    )
    calls.add_argument(
        "--no-calls", dest="calls", action="store_false", help="never call Grand Tichu nor Tichu (default for random)"
    )
    simulate.add_argument("--threads", type=_threads, default=1, help="C++ threads, 1..256 (default 1)")
    simulate.add_argument(
        "--ray",
        metavar="auto|local|ADDRESS",
        type=_text,
        help="play chunks of hands as Ray tasks ([ray] extra): auto = the running cluster, else a local instance",
    )
    simulate.add_argument(
        "--save-replays",
        metavar="DIR",
        type=_text,
        help="write the first hands (--save-first) as replay files for view and analyze: DIR/hand-K.txt, hand K "
        "of the run played again",
    )
    simulate.add_argument(
        "--save-first",
        metavar="N",
        type=_save_first,
        help=f"how many hands --save-replays saves, 1..10**9 (default {_SAVE_FIRST})",
    )
    simulate.set_defaults(run=_simulate)
    deal = commands.add_parser(
        "deal",
        help="deal a seeded hand and list one seat's possible leads (default)",
        description="Deal the hand of a seed, say who holds the Mah Jong (and so leads the first trick), "
        "and list by type the moves one seat could lead with.",
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
    legal.add_argument("--wish", type=_rank, default=None, help="the active wish, a rank 2..10, J, Q, K or A")
    legal.add_argument("--out-of-turn", action="store_true", help="an out-of-turn bomb decision")
    legal.set_defaults(run=_legal)
    _arena_parser(commands)
    _web_parsers(commands)
    _analyze_parser(commands)
    return parser


# -- deal and legal -----------------------------------------------------------------------


def _show_moves(moves: Sequence[tf.Move]) -> None:
    by_type: dict[tf.MoveType, list[str]] = {}
    for move in sorted(moves, key=lambda m: (m.type, m.length, m.rank2, m.cards.mask)):
        by_type.setdefault(move.type, []).append(str(move))
    for move_type, texts in by_type.items():
        more = " ..." if len(texts) > 6 else ""
        print(f"  {move_type.name.lower():15s} {len(texts):4d}  {', '.join(texts[:6])}{more}")


def _moves(n: int) -> str:
    return "1 legal move" if n == 1 else f"{n:,} legal moves"


def _deal(args: argparse.Namespace) -> int:
    hands = tf.deal(args.seed)
    print(f"deal {args.seed}:")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat}: {hand}")
    hand = hands[args.seat]
    moves = tf.legal_moves(hand)
    first = next(seat for seat, h in enumerate(hands) if "MJ" in h)
    print(f"\nseat {first} holds the Mah Jong and leads the first trick (R2.3).")
    print(f"seat {args.seat}'s possible leads, {_moves(len(moves))}:")
    _show_moves(moves)
    counts = Counter(m.type.name.lower() for m in moves)
    print("\n" + ", ".join(f"{n} {t}" for t, n in counts.most_common()))
    return 0


def _legal(args: argparse.Namespace) -> int:
    moves = tf.legal_moves(args.hand, args.table, args.wish, args.out_of_turn)
    print(f"{_moves(len(moves))}:")
    _show_moves(moves)
    return 0


# -- simulate -----------------------------------------------------------------------------


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


def _simulate(args: argparse.Namespace) -> int:
    # Calls default to off for the random policy: its calls are coin flips (about two Grand Tichus a
    # hand), whose failures would swamp the scores; the heuristic calls by its rule.
    calls = args.calls if args.calls is not None else args.policy != "random"
    keep = _replays_to_save(args, args.hands)
    bar = None if args.json else _Progress(args.hands, sys.stderr)
    try:
        summary = tf.simulate(
            args.hands,
            args.seed,
            policy=args.policy,
            calls=calls,
            rules=_simulate_rules(args),
            threads=args.threads,
            ray=args.ray,
            summary=True,
            progress=None if bar is None else (lambda done, _total: bar.update(done)),
        )
    finally:
        if bar is not None:
            bar.close()
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary)
    if keep:
        _save_simulated(args.save_replays, keep, args.seed, args.policy, calls, _simulate_rules(args))
    return 0


def _simulate_rules(args: argparse.Namespace) -> tf.Rules:
    """The rules simulate's flags name."""
    return tf.Rules(bombs_out_of_turn=not args.bombs_in_turn_only)


def _replays_to_save(args: argparse.Namespace, most: int) -> int:
    """How many hands or deals --save-replays writes (0 without it); its folder is made or refused first."""
    if args.save_first is not None and args.save_replays is None:
        raise ValueError("--save-first N says how many --save-replays DIR writes: give --save-replays DIR")
    if args.save_replays is None:
        return 0
    _replay_folder(args.save_replays)  # made, or found unwritable, before anything is played
    return min(args.save_first or _SAVE_FIRST, most)


def _save_simulated(folder: str, keep: int, seed: int, policy: str, calls: bool, rules: tf.Rules) -> None:
    """Writes hands 0..keep-1 of a simulate run as DIR/hand-K.txt, each played again as the run played it."""
    try:
        for k in range(keep):
            state = tf.simulated_hand(k, seed, policy=policy, calls=calls, rules=rules)
            with open(os.path.join(folder, f"hand-{k}.txt"), "w", encoding="utf-8") as file:
                file.write(state.replay())
    except OSError as error:
        raise ValueError(f"cannot write the replays into {_quote(folder)}: {error.strerror}") from None
    print(f"saved {keep} replays in {folder} (hand-K.txt: hand K of the run)", file=sys.stderr, flush=True)


# -- arena ------------------------------------------------------------------------------------


def _deals(text: str) -> int:
    value = _int_in(text, 1, 10**9)
    if value is None:
        raise argparse.ArgumentTypeError(f"the number of deals is an int 1..10**9, not {_quote(text)}")
    return value


def _arena_parser(commands: Any) -> None:
    from tichu_fast.bots import BOTS, FIELD

    specs = ", ".join(
        f"{name} ({spec.help}; options {', '.join(spec.options)})" if spec.options else f"{name} ({spec.help})"
        for name, spec in BOTS.items()
        if name not in FIELD or spec.options
    )
    specs += f"; the field's members by name: {', '.join(FIELD)} (docs/field.md)"
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
    arena.add_argument(
        "--gauntlet",
        metavar="SPEC",
        help="this bot against every member of the field instead (docs/field.md): each margin, "
        "its calls part and call rates, and the minimum over the field",
    )
    arena.add_argument(
        "--field",
        metavar="NAME,NAME,...",
        help=f"the members --gauntlet plays (default: all of {', '.join(FIELD)}); any SPEC may stand in",
    )
    arena.add_argument(
        "--calibration",
        action="store_true",
        help="with --gauntlet: the bot's calls beside their chances, by tenths of the chance (docs/field.md)",
    )
    arena.add_argument("--deals", type=_deals, default=1000, help="deals, each played twice (default 1000)")
    arena.add_argument("--seed", type=_seed, default=0, help="deal d is dealt by hand_seed(seed, d) (default 0)")
    arena.add_argument("--threads", type=_threads, default=1, help="threads, 1..256 (default 1)")
    arena.add_argument("--json", action="store_true", help="print the result as JSON, without progress")
    arena.add_argument(
        "--ray",
        metavar="auto|local|ADDRESS",
        type=_text,
        help="run the deals as Ray tasks ([ray] extra): auto = the running cluster, else a local instance",
    )
    arena.add_argument(
        "--time-limit",
        metavar="SECONDS",
        type=_time_limit,
        help="fail a bot that takes longer for one decision (default: no limit)",
    )
    arena.add_argument(
        "--from-cards",
        metavar="N",
        type=_from_cards,
        help="an endgame match: each of the --deals deals is played by --positions-bot up to the first decision "
        "of the play with at most N cards left in all hands, and the match starts there (CPU time per decision)",
    )
    arena.add_argument(
        "--positions-bot",
        metavar="SPEC",
        help="the bot that plays the deals up to the positions of --from-cards (default heuristic)",
    )
    arena.add_argument(
        "--save-replays",
        metavar="DIR",
        type=_text,
        help="write both hands of each of the first deals (--save-first) as replay files for view and analyze: "
        "DIR/deal-D-play-P.txt, play 0 with team A at seats 0 and 2, play 1 at seats 1 and 3 (with --from-cards "
        "position-D-play-P.txt; a round robin: one folder A-vs-B per match)",
    )
    arena.add_argument(
        "--save-first",
        metavar="N",
        type=_save_first,
        help=f"how many deals --save-replays saves, 1..10**9 (default {_SAVE_FIRST})",
    )
    arena.set_defaults(run=_arena)


_SAVE_FIRST = 10  # deals whose hands --save-replays writes by default: 20 files, not one per hand of a long run


def _save_first(text: str) -> int:
    value = _int_in(text, 1, 10**9)
    if value is None:
        raise argparse.ArgumentTypeError(f"--save-first is a count 1..10**9, not {_quote(text)}")
    return value


def _from_cards(text: str) -> int:
    value = _int_in(text, 1, 56)
    if value is None:
        raise argparse.ArgumentTypeError(f"--from-cards is a number of cards 1..56, not {_quote(text)}")
    return value


def _time_limit(text: str) -> float:
    try:
        return _args.budget(float(text), "the time limit")
    except ValueError as error:  # not a number, NaN, inf, <= 0 or more than a day
        raise argparse.ArgumentTypeError(f"the time limit is seconds in (0, 86400], not {_quote(text)}") from error


def _arena(args: argparse.Namespace) -> int:
    from tichu_fast import arena
    from tichu_fast.bots import make_bot

    if args.calibration and args.gauntlet is None:
        raise ValueError("--calibration reports on a gauntlet: give --gauntlet SPEC")
    if args.field is not None and args.gauntlet is None:
        raise ValueError("--field names the members --gauntlet plays: give --gauntlet SPEC")
    if args.gauntlet is not None:
        return _gauntlet(args)
    if args.round_robin is None and (args.team_a is None or args.team_b is None):
        raise ValueError("give --team-a SPEC and --team-b SPEC, --round-robin SPEC,SPEC,... or --gauntlet SPEC")
    if args.round_robin is not None and (args.team_a is not None or args.team_b is not None):
        raise ValueError("--round-robin takes no --team-a nor --team-b")
    if args.from_cards is not None and (args.round_robin is not None or args.ray is not None):
        raise ValueError("--from-cards takes neither --round-robin nor --ray")
    if args.positions_bot is not None and args.from_cards is None:
        raise ValueError("--positions-bot plays up to the positions of --from-cards: give --from-cards N")
    keep = _replays_to_save(args, args.deals)
    matches = 1
    if args.round_robin is not None:
        if args.deals < 2:  # refused before playing: the ladder rates each match by its interval
            raise ValueError("--round-robin needs --deals 2 or more: one deal gives a match no interval to rate it by")
        specs = [s.strip() for s in _split_specs(args.round_robin)]
        if len(specs) < 2 or len(set(specs)) != len(specs):
            raise ValueError("--round-robin needs at least two different SPECs")
        bots = {spec: make_bot(spec) for spec in specs}
        matches = len(specs) * (len(specs) - 1) // 2
    else:
        team_a, team_b = make_bot(args.team_a), make_bot(args.team_b)
    bar = None if args.json else _Progress(args.deals * matches, sys.stderr, "deals", "playing")
    try:
        options = {"threads": args.threads, "ray": args.ray, "time_limit": args.time_limit, "replays": keep}
        options["progress"] = _bar_update(bar)
        if args.round_robin is not None:
            result: Any = arena.round_robin(bots, args.deals, args.seed, **options)
        elif args.from_cards is not None:
            del options["ray"]
            positions = arena.endgame_positions(
                args.deals, args.seed, args.from_cards, bot=make_bot(args.positions_bot or "heuristic")
            )
            result = arena.duplicate_positions(team_a, team_b, positions, args.seed, **options)
        else:
            result = arena.duplicate(team_a, team_b, args.deals, args.seed, **options)
    finally:
        if bar is not None:
            bar.close()
    if args.round_robin is None:  # named by the specs, as typed
        result = dataclasses.replace(result, team_a=args.team_a, team_b=args.team_b)
    if args.save_replays is not None:
        _save_replays(args.save_replays, result, "deal" if args.from_cards is None else "position")
    if args.round_robin is not None:
        return _print_round_robin(result, args.json)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        _print_duplicate(result, args.team_a, args.team_b, args.from_cards)
    return 0


def _gauntlet(args: argparse.Namespace) -> int:
    """arena --gauntlet SPEC [--field ...]: one duplicate match per member, and the minimum over the field."""
    from tichu_fast.bots import FIELD, make_bot
    from tichu_fast.calibration import calls_heuristic, field_table
    from tichu_fast.gauntlet import gauntlet

    alone = {"--team-a": args.team_a, "--team-b": args.team_b, "--round-robin": args.round_robin}
    alone |= {"--from-cards": args.from_cards, "--positions-bot": args.positions_bot}
    alone |= {"--save-replays": args.save_replays, "--save-first": args.save_first}
    given = [flag for flag, value in alone.items() if value is not None]
    if given:
        raise ValueError(f"--gauntlet plays the field alone: it takes no {', '.join(given)}")
    if args.deals < 2:
        raise ValueError("--gauntlet needs --deals 2 or more: one deal gives a match no interval")
    field = list(FIELD) if args.field is None else [s.strip() for s in _split_specs(args.field)]
    bot = make_bot(args.gauntlet)
    if args.calibration:
        calls_heuristic(bot)  # a bot without a calls table is refused before the first match
    for member in field:
        make_bot(member)  # a bad member is refused before the first match
    bar = None if args.json else _Progress(args.deals * len(field), sys.stderr, "deals", "playing")
    try:
        result = gauntlet(
            bot,
            args.deals,
            args.seed,
            field=field,
            name=args.gauntlet,
            threads=args.threads,
            ray=args.ray,
            time_limit=args.time_limit,
            progress=_bar_update(bar),
        )
    finally:
        if bar is not None:
            bar.close()
    calibration = result.calibration(calls_heuristic(bot)) if args.calibration else None
    if args.json:
        out = result.to_dict()
        if calibration is not None:
            out["calibration"] = {
                name: {k: c.to_dict() for k, c in kinds.items()} for name, kinds in calibration.items()
            }
        print(json.dumps(out, indent=2))
    else:
        print(result.table())
        if calibration is not None:
            print()
            print(field_table(calibration))
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


def _replay_folder(folder: str) -> None:
    """Makes `folder` (and its parents) unless it is there; ValueError where it cannot be made or written to."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot make the folder {_quote(folder)} for --save-replays: {error.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write to the folder {_quote(folder)} of --save-replays")


def _file_part(spec: str) -> str:
    """A SPEC as part of a file name: runs of anything but letters, digits, ., _ and - as one -."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", spec).strip("-.") or "bot"


def _save_replays(folder: str, result: Any, what: str) -> None:
    """Writes the replays a run kept, one file per hand (what-D-play-P.txt), and says where on stderr."""
    if hasattr(result, "matches"):  # a round robin: a folder per match
        places: dict[str, Any] = {}
        for k, ((a, b), match) in enumerate(result.matches.items()):
            name = f"{_file_part(a)}-vs-{_file_part(b)}"
            places[name if name not in places else f"{name}-{k}"] = match.replays
    else:
        places = {"": result.replays}
    written = 0
    try:
        for sub, replays in places.items():
            where = os.path.join(folder, sub)
            os.makedirs(where, exist_ok=True)
            for (number, play), text in sorted(replays.items()):
                with open(os.path.join(where, f"{what}-{number}-play-{play}.txt"), "w", encoding="utf-8") as file:
                    file.write(text)
                written += 1
    except OSError as error:
        raise ValueError(f"cannot write the replays into {_quote(folder)}: {error.strerror}") from None
    layout = f"{what}-D-play-P.txt" if len(places) == 1 else f"A-vs-B{os.sep}{what}-D-play-P.txt"
    print(
        f"saved {written} replays in {folder} ({layout}; play 0: team A at seats 0 and 2, play 1: at seats 1 and 3)",
        file=sys.stderr,
        flush=True,
    )


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


def _print_duplicate(r: Any, a: str, b: str, from_cards: int | None = None) -> None:
    what = "deal" if from_cards is None else "position"
    what = f"{what}{'' if r.deals == 1 else 's'}" + ("" if from_cards is None else f" of at most {from_cards} cards")
    print(f"{a} (A) vs {b} (B): {r.deals:,} {what} x 2 plays, seed {r.seed}, {r.seconds:.2f} s")
    print(f"  A's margin per hand  {r.margin} (95% interval over deals)")
    if r.deals == 1:
        print(f"  (one {what.split()[0]} gives no interval: play --deals 2 or more for one)")
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
    if from_cards is not None:
        how = " (CPU time in act())"
    spd = r.seconds_per_decision
    print(f"  time per decision    A {spd[0] * 1e6:,.1f} µs, B {spd[1] * 1e6:,.1f} µs{how}")


# -- view and play (docs/web.md) -------------------------------------------------------------


def _web_parsers(commands: Any) -> None:
    view = commands.add_parser(
        "view",
        help="write a replay as one self-contained HTML page to step through (hands, tricks, score)",
        description="Write the replay of a hand as one HTML file that needs no server nor network: the deal, "
        "calls, exchange, every trick, the wish, the Dragon gift, the out order and the score, step by step, "
        "with every hand or one seat's view. An analysis JSON (docs/web.md) adds the value of each action.",
    )
    view.add_argument("replay", help="the replay file (HandState.replay() text, at most 10 MB), or - for stdin")
    view.add_argument("-o", "--output", default=None, help="the HTML file to write (default: REPLAY.html)")
    view.add_argument("--analysis", metavar="FILE", default=None, help="an analysis JSON to show beside decisions")
    view.add_argument("--seat", type=int, choices=range(4), default=None, help="only what this seat knew (R10.3)")
    view.set_defaults(run=_view)
    play = commands.add_parser(
        "play",
        help="play against bots in the browser: a local web server ([web] extra)",
        description="Serve Tichu tables: you take one seat, friends the seats you keep for them (each a link to "
        "share), bots (SPECs as for arena) the others; open the printed address in a browser. Needs pip install "
        '".[web]" in the tichu_fast checkout.',
    )
    play.add_argument("--partner", metavar="SPEC", default="heuristic", help="your partner's bot (default heuristic)")
    play.add_argument("--opponents", metavar="SPEC", default="heuristic", help="the opponents' bot (default heuristic)")
    play.add_argument("--seat", type=int, choices=range(4), default=0, help="your seat at a new table (default 0)")
    play.add_argument("--target", type=_target, default=1000, help="the match's target score (default 1000, R9.1)")
    play.add_argument(
        "--delay", type=float, default=0.7, help="seconds between the bots' plays (default 0.7; a quarter for calls)"
    )
    play.add_argument(
        "--seat-idle",
        type=float,
        default=30.0,
        help="seconds a person may take over a decision before his seat's bot plays for him until he is back "
        "(default 30)",
    )
    play.add_argument(
        "--hint", metavar="SPEC", default=None, help="the bot a hint asks (default ismcts:iterations=400)"
    )
    play.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; any other opens the table to the "
        "network, without TLS)",
    )
    play.add_argument("--port", type=int, default=8000, help="port, 0..65535 (default 8000; 0: any free port)")
    play.set_defaults(run=_play)


def _target(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 10**6):
        raise argparse.ArgumentTypeError(f"a target is an int 1..10**6, not {_quote(text)}")
    return int(text)


def _view(args: argparse.Namespace) -> int:
    from tichu_fast.view import read_analysis, render

    text = _read_replay(args.replay)
    analysis = None if args.analysis is None else read_analysis(_read_file(args.analysis, "analysis"))
    output = args.output or ("hand.html" if args.replay == "-" else os.path.splitext(args.replay)[0] + ".html")
    html = render(text, seat=args.seat, analysis=analysis)
    with open(output, "w", encoding="utf-8") as file:
        file.write(html)
    print(f"wrote {output} ({len(html) // 1024} KiB): open it in a browser")
    return 0


def _read_replay(path: str) -> str:
    """A replay's text from a file, or from stdin for `-` (view and analyze)."""
    return _read_file(path, "replay")


def _read_file(path: str, what: str, most: int = 10**7) -> str:
    """The UTF-8 text of a file, or of stdin for `-`: whole, or a ValueError if it is longer than `most`
    bytes (10 MB: a replay is a few KB, an analysis rarely 1 MB) or not UTF-8."""
    data: bytes | str
    try:
        if path == "-":
            data = getattr(sys.stdin, "buffer", sys.stdin).read(most + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(most + 1)
    except OSError as error:
        raise ValueError(f"cannot read the {what} file {_quote(path)}: {error.strerror}") from None
    where = "from stdin" if path == "-" else f"file {_quote(path)}"
    if len(data) > most:
        raise ValueError(f"the {what} {where} is longer than {most:,} bytes, the limit")
    if isinstance(data, str):  # a text stream standing in for stdin
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"the {what} {where} is not UTF-8 text (byte {error.start})") from None


def _play(args: argparse.Namespace) -> int:
    try:
        from tichu_fast.web.server import Settings, is_loopback, serve
    except ImportError as error:
        raise ValueError(
            f'tichu-fast play needs the [web] extra: pip install ".[web]" in the tichu_fast checkout ({error})'
        ) from None
    if not 0 <= args.delay <= 10:
        raise ValueError("--delay is 0..10 seconds")
    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port is 0..65535, not {args.port}")
    if not 1 <= args.seat_idle <= 3600:
        raise ValueError("--seat-idle is 1..3600 seconds")
    settings = Settings(
        partner=args.partner,
        opponents=args.opponents,
        seat=args.seat,
        target=args.target,
        delay=args.delay,
        seat_idle=args.seat_idle,
        host=args.host,
        port=args.port,
    )
    if args.hint is not None:
        settings.hint = args.hint

    def announce(address: str) -> None:
        """Says where the table is, once the bots' SPECs are checked and the port is ours."""
        if not is_loopback(args.host):
            print(
                f"tichu-fast play: warning: --host {args.host} opens the table to the network, without TLS: "
                "whoever reaches this machine can open tables, and what is played crosses the network unencrypted",
                file=sys.stderr,
                flush=True,
            )
        print(f"tichu-fast play: open {address} in a browser (Ctrl-C stops)", flush=True)

    serve(settings, announce)
    return 0


# -- analyze (docs/solver.md) ----------------------------------------------------------------


def _analyze_parser(commands: Any) -> None:
    analyze = commands.add_parser(
        "analyze",
        help="the points each decision of a replayed hand cost, by the exact solver (docs/solver.md)",
        description="Play a replay back and, at every decision of the play the solver settles within the budget, "
        "print the value of the action taken against the best action's (team 0's view, all hands open): "
        "the points each mistake cost, per seat and team, and the sum.",
    )
    analyze.add_argument("replay", help="a replay file (tichu_fast replay 1), or - for stdin")
    analyze.add_argument("--json", action="store_true", help='print the "tichu_fast analysis 1" JSON')
    analyze.add_argument(
        "--budget", type=_count, default=1_000_000, help="positions searched per decision at most (default 1000000)"
    )
    analyze.add_argument("--cards", type=_count, default=24, help="analyse from this many cards in all hands (24)")
    analyze.set_defaults(run=_analyze)


def _analyze(args: argparse.Namespace) -> int:
    from tichu_fast.analysis import analyze

    result = analyze(_read_replay(args.replay), max_nodes=args.budget, cards=args.cards)
    print(json.dumps(result.to_json(), indent=1) if args.json else result.to_text())
    return 0


# -- the entry point -------------------------------------------------------------------------


def _bot_traceback(error: BaseException) -> None:
    """For a bot that raised (BotError, its exception chained): where, in the bot's own frames.

    The frames of this package that called the bot (the arena, make_bot) are left out; the bot's, and
    those of what it called, are printed on stderr as Python prints a traceback.
    """
    from tichu_fast.errors import BotError

    cause = error.__cause__
    if not isinstance(error, BotError) or cause is None:
        return
    from tichu_fast import arena
    from tichu_fast.bots import specs

    callers = {arena.__file__, specs.__file__}  # where the bot is called from, or imported and built
    frames = traceback.extract_tb(cause.__traceback__)
    first = next((i for i, frame in enumerate(frames) if frame.filename not in callers), len(frames))
    lines = ["the bot's traceback (most recent call last):\n"]
    lines += traceback.format_list(frames[first:])
    lines += traceback.format_exception_only(type(cause), cause)
    print("".join(lines), end="", file=sys.stderr)


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
        _bot_traceback(error)
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
