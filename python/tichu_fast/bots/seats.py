"""The seat loop: the bot in turn asked for its action on its own view of the hand, the action applied.

One loop for every place bots play: the arena's Python path and the endgame
positions it plays from (`tichu_fast.arena`), and the table of `tichu-fast
play` (`tichu_fast.web.table`), where a person holds one seat and the table
asks the bots one decision at a time. Each bot decides on a world drawn for
its seat (R10.3: what the seat knows, nothing more), decision k of a hand on
the world drawn from ``hand_seed(views, k)``. The places differ in how a bot is
called (the arena names a failing bot and times it), which a subclass says by
overriding `reset_bots`, `ask` and `apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tichu_fast._core import hand_seed
from tichu_fast.bots.protocol import Bot
from tichu_fast.hand import HandState

__all__ = ["VIEW_STREAM", "Seats"]

VIEW_STREAM = 0x3C6EF372FE94F82B  # mixed into the seeds of the seats' views, apart from the bots' own streams


class Seats:
    """The bots at a hand's four seats (`bots[s]` at seat s; None where a person sits, never asked).

    `views` seeds the worlds the bots decide on: decision k of a hand is decided
    on ``state.resample(seat, hand_seed(views, k))``.
    """

    def __init__(self, bots: Sequence[Bot | None], views: int) -> None:
        if len(bots) != 4:
            raise ValueError(f"a table has 4 seats, not {len(bots)}")
        self.bots = tuple(bots)
        self.views = views

    def reset_bots(self, seed: int) -> None:
        """Starts a hand: ``reset(seed)`` once for each bot that has one, in seat order."""
        done: list[Bot] = []
        for bot in self.bots:
            if bot is not None and not any(bot is other for other in done):
                done.append(bot)
                reset = getattr(bot, "reset", None)
                if reset is not None:
                    reset(seed)

    def view(self, state: HandState, seat: int, step: int) -> HandState:
        """The world `seat`, in turn, decides decision `step` of the hand on (R10.3)."""
        return state.resample(seat, hand_seed(self.views, step))

    def action(self, state: HandState, step: int) -> Any:
        """The action of the bot in turn for decision `step` of the hand, asked on its view."""
        return self._decide(state, state.current_player, step)

    def _decide(self, state: HandState, seat: int, step: int) -> Any:
        bot = self.bots[seat]
        if bot is None:
            raise ValueError(f"no bot sits at seat {seat}")
        return self.ask(bot, self.view(state, seat, step), seat, step)

    def ask(self, bot: Bot, view: HandState, seat: int, step: int) -> Any:  # noqa: ARG002 (for a subclass's messages)
        """The bot's action at `seat` on its `view` (a subclass may time it or name it in errors)."""
        return bot.act(view, seat)

    def apply(self, state: HandState, action: Any, seat: int, step: int) -> None:  # noqa: ARG002 (as ask)
        """Applies the bot's action to the true state (a subclass may say which bot chose it when it is illegal)."""
        state.apply(action)

    def play(self, state: HandState, until: Callable[[HandState], bool] | None = None) -> int:
        """Plays `state` (changed) until its end, or until `until(state)`; the number of decisions taken."""
        step = 0
        while not state.is_terminal() and not (until is not None and until(state)):
            seat = state.current_player
            self.apply(state, self._decide(state, seat, step), seat, step)
            step += 1
        return step
