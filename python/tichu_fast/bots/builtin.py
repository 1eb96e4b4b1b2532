"""The built-in policies as bots: RandomBot, HeuristicBot, HeuristicV1Bot, HeuristicV2Bot, NetBot (docs/playouts.md)."""

from __future__ import annotations

from typing import Any

from tichu_fast import _args, _core
from tichu_fast.bots.decide import doubt_of, per_mille, threshold
from tichu_fast.bots.twin import core_state, policy_action_of

__all__ = [
    "HeuristicBot",
    "HeuristicV1Bot",
    "HeuristicV2Bot",
    "NetBot",
    "PolicyBot",
    "RandomBot",
    "core_state",
    "decision_seed",
    "policy_action_of",
]


def decision_seed(reset_seed: int, bot_seed: int, k: int) -> int:
    """The seed of a bot's decision k in a hand: hand_seed(hand_seed(reset_seed, bot_seed), k).

    The arena's C++ loop draws the same (cpp/include/tichu/play/duplicate.hpp).
    """
    return _core.hand_seed(_core.hand_seed(reset_seed, bot_seed), k)


class PolicyBot:
    """A built-in policy as a bot; decision k of a hand draws from decision_seed(reset seed, seed, k)."""

    policy = "random"

    def __init__(self, calls: bool = True, seed: int = 0) -> None:
        self.calls = _args.flag(calls, "calls")
        self.seed = _args.seed(seed)
        self._hand = 0
        self._decisions = 0

    def reset(self, hand_seed: int) -> None:
        """Starts a hand: its decisions count from 0 again."""
        self._hand = _args.seed(hand_seed, "hand_seed")
        self._decisions = 0

    def next_seed(self) -> int:
        """The seed of this hand's next decision (and counts it)."""
        k = self._decisions
        self._decisions += 1
        return decision_seed(self._hand, self.seed, k)

    def act(self, state: Any, seat: int) -> Any:  # noqa: ARG002 (the protocol's signature; the state knows its player)
        """The policy's action at the current decision of `state` (either backend)."""
        return policy_action_of(state, self.policy, self.next_seed(), self.calls)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(calls={self.calls}, seed={self.seed})"


class RandomBot(PolicyBot):
    """Uniform among the legal actions; `calls=False` never calls Grand Tichu nor Tichu."""

    policy = "random"


class HeuristicBot(PolicyBot):
    """The C++ rule-based player (docs/playouts.md "Built-in policies"); deterministic, it draws nothing.

    `params`, "KEY=VALUE,..." (docs/heuristic.md "Settings"), plays it with other numbers or
    rules switched off, e.g. ``HeuristicBot(params="off=exchange")``; the default is the shipped one.
    Its calls (docs/heuristic.md "Calls") have four settings of their own, added to `params`: the
    chances from which it calls, `tichu_chance` and `grand_chance` (0..1: the risk it takes),
    `doubt`, how much stronger than itself it takes the opponents to be (logits taken off every chance),
    and `play_doubt`, logits more off a Tichu called in play, read on the hand the exchange left.
    """

    policy = "heuristic"

    def __init__(
        self,
        calls: bool = True,
        seed: int = 0,
        params: str = "",
        *,
        tichu_chance: float | None = None,
        grand_chance: float | None = None,
        doubt: float | None = None,
        play_doubt: float | None = None,
    ) -> None:
        super().__init__(calls, seed)
        if not isinstance(params, str):
            raise TypeError(f"params must be a str such as 'push_gift=0', not {type(params).__name__}")
        settings = [params] if params else []
        for key, value in (("tichu_chance", tichu_chance), ("grand_chance", grand_chance)):
            if value is not None:
                settings.append(f"{key}={per_mille(threshold(value, key))}")
        for key, name, value in (("call_doubt", "doubt", doubt), ("play_doubt", "play_doubt", play_doubt)):
            if value is not None:
                settings.append(f"{key}={round(100 * doubt_of(value, name))}")
        self.params = ",".join(settings)
        if self.params:
            self.policy = _args.policy(f"heuristic:{self.params}")

    def __repr__(self) -> str:
        shown = f", params={self.params!r}" if self.params else ""
        return f"{type(self).__name__}(calls={self.calls}, seed={self.seed}{shown})"


class HeuristicV1Bot(PolicyBot):
    """The frozen yardstick `heuristic-v1`: the heuristic of 2026-12-01, never changed (docs/bots.md)."""

    policy = "heuristic-v1"


class HeuristicV2Bot(PolicyBot):
    """The frozen `heuristic-v2`: the heuristic of 2026-12-05 with that day's numbers, a field member (docs/bots.md)."""

    policy = "heuristic-v2"


class NetBot(PolicyBot):
    """A network's moves in C++ (docs/net.md): the move of highest logit at a play or a bomb offer; every other
    answer (the calls, the exchange, the wish, the Dragon's gift, the in-play Tichu call) the shipped heuristic's.

    `network` names a network of `tichu_fast.net.registry`: ``"net"`` (the default), the one that ships with the
    package, a shipped one by its name (``"net-v2"``), or one registered by
    `tichu_fast.net.registry.load(path, name)`. Deterministic: it draws nothing.
    """

    policy = "net"

    def __init__(self, calls: bool = True, seed: int = 0, network: str = "net") -> None:
        super().__init__(calls, seed)
        if not isinstance(network, str):
            raise TypeError(f"network must be a str naming a network, not {type(network).__name__}")
        self.network = network
        self.policy = _args.policy("net" if network == "net" else f"net:{network}")

    def __repr__(self) -> str:
        shown = "" if self.network == "net" else f", network={self.network!r}"
        return f"{type(self).__name__}(calls={self.calls}, seed={self.seed}{shown})"
