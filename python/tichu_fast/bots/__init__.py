"""The players: the protocol any bot meets, the built-in bots, bots by name, and the seat loop (docs/bots.md).

A bot is an object with ``act(state, seat) -> Action | str`` and optionally
``reset(hand_seed) -> None``, or a plain function ``f(state, seat)``;
`as_bot` accepts either. The arena (`tichu_fast.arena`) passes each seat its
own view of the hand, a world drawn consistently with what the seat knows.
"""

from __future__ import annotations

from tichu_fast.bots.best import BEST, best_bot
from tichu_fast.bots.builtin import (
    HeuristicBot,
    HeuristicV1Bot,
    HeuristicV2Bot,
    NetBot,
    PolicyBot,
    RandomBot,
    decision_seed,
)
from tichu_fast.bots.field import FIELD, FieldMember
from tichu_fast.bots.ismcts import ISMCTSBot
from tichu_fast.bots.monte_carlo import MonteCarloBot
from tichu_fast.bots.protocol import Bot, FunctionBot, as_bot, bot_name
from tichu_fast.bots.seats import Seats
from tichu_fast.bots.specs import BOTS, BotSpec, make_bot, native_policy, register_bot

__all__ = [
    "BEST",
    "BOTS",
    "FIELD",
    "Bot",
    "BotSpec",
    "FieldMember",
    "FunctionBot",
    "HeuristicBot",
    "HeuristicV1Bot",
    "HeuristicV2Bot",
    "ISMCTSBot",
    "MonteCarloBot",
    "NetBot",
    "PolicyBot",
    "RandomBot",
    "Seats",
    "as_bot",
    "best_bot",
    "bot_name",
    "decision_seed",
    "make_bot",
    "native_policy",
    "register_bot",
]
