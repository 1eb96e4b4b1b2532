"""How often a bot makes a call it is made to call, against the chance its calls table gives (docs/field.md).

A bot's own calls only show the hands it chose to call. To learn where its threshold should lie, one seat of
the bot's team calls on every deal: in a duplicate match against a member of the field, the bot's seat 0 (or 1,
in the second play of a deal) calls Tichu before the exchange, or Grand Tichu on its first 8 cards, whatever
its cards; every other decision is the bot's own. The calls are set beside the chance the bot's table gives
them, by tenths of the chance, and the doubt that would have calibrated them is fitted
(`Calibration.doubt`): a bot calling from the table with its doubt plus that one calls as if it knew its own
made rate.

    python scripts/forced_calls.py best --kind tichu --member mc-10ms --deals 300 --seed 7 --threads 2

About 12 minutes on 2 cores; docs/field.md "Its calls" gives what it found for `best`.
"""

from __future__ import annotations

import argparse
from typing import Any

from tichu_fast.arena import duplicate
from tichu_fast.bots import BEST, make_bot
from tichu_fast.bots.decide import call_action
from tichu_fast.calibration import Calibration, call_calibration, calls_heuristic
from tichu_fast.enums import Decision

KINDS = {"tichu": Decision.TICHU, "grand_tichu": Decision.GRAND_TICHU}  # each call forced at its decision


class ForcedCaller:
    """`bot`, except that its seat 0 or 1 calls `kind` at that call's decision whatever its cards."""

    def __init__(self, bot: Any, kind: str) -> None:
        self.bot, self.kind = bot, kind
        self.decision = KINDS[kind]

    def reset(self, hand_seed: int) -> None:
        """The bot's own reset, if it has one."""
        if hasattr(self.bot, "reset"):
            self.bot.reset(hand_seed)

    def act(self, state: Any, seat: int) -> Any:
        """The call at the forced seat's decision, the bot's move everywhere else."""
        if seat < 2 and state.decision == self.decision:
            call = call_action(state)
            if call is not None:
                return call
        return self.bot.act(state, seat)

    def __repr__(self) -> str:
        return f"ForcedCaller({self.bot!r}, {self.kind!r})"


def forced_calibration(
    bot: Any, kind: str, member: str, deals: int, seed: int, threads: int
) -> tuple[Any, Calibration]:
    """The duplicate match of the forced caller against `member`, and the forced seat's calls beside their chances."""
    result = duplicate(ForcedCaller(bot, kind), member, deals, seed, threads=threads)
    return result, call_calibration(result, calls_heuristic(bot), "a", seat=0)[kind]  # seat 0, then 1: team A's first


def main() -> None:
    """Parse the command line, play the match, print the calibration and the fitted doubt."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "spec", help="the bot: a SPEC whose calls read the heuristic's table (best, heuristic, mc, ismcts)"
    )
    parser.add_argument("--kind", choices=sorted(KINDS), default="tichu", help="the call forced (default tichu)")
    parser.add_argument("--member", default="mc-10ms", help="the opponent: a member of the field or a SPEC")
    parser.add_argument("--deals", type=int, default=300, help="deals, each played twice (default 300)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the deals (default 7)")
    parser.add_argument("--threads", type=int, default=1, help="threads of the match (default 1)")
    args = parser.parse_args()
    bot = make_bot(BEST if args.spec == "best" else args.spec)  # best takes no option: its whole SPEC does
    result, calibration = forced_calibration(bot, args.kind, args.member, args.deals, args.seed, args.threads)
    print(
        f"{args.spec} calling {args.kind} on every deal against {args.member}, {args.deals} deals (seed {args.seed}):"
    )
    print(f"margin {result.margin}, calls part {result.calls}, cards part {result.cards}")
    print(calibration.table())
    fitted = calibration.doubt()
    doubt = getattr(bot, "doubt", 0.0)
    print(f"doubt now {doubt:+.2f}; calibrated at {doubt + fitted.mean:+.2f} ± {fitted.ci:.2f}")


if __name__ == "__main__":
    main()
