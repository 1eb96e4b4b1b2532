"""MonteCarloBot: flat determinized Monte Carlo over `HandState.evaluate_actions` (docs/bots.md)."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from tichu_fast import _args, _core
from tichu_fast.bots.builtin import PolicyBot
from tichu_fast.bots.decide import (
    GRAND_CHANCE,
    TICHU_CHANCE,
    call_action,
    calling_heuristic,
    doubt_of,
    kept_choice,
    no_call,
    search_call,
    search_exchange,
    table_call,
    threshold,
)
from tichu_fast.bots.twin import core_state, policy_action_of
from tichu_fast.enums import ActionKind, Decision
from tichu_fast.hand import HandState

__all__ = ["MonteCarloBot"]

# Decisions the heuristic takes for MonteCarloBot: the calls (a playout without calls
# cannot value them fairly) and the exchange (2184 pushes, too many to search flatly).
_HEURISTIC_DECISIONS = (Decision.GRAND_TICHU, Decision.TICHU, Decision.EXCHANGE)


class MonteCarloBot(PolicyBot):
    """Flat Monte Carlo: each legal action played out in worlds drawn for the seat, the best mean taken.

    Give a time `budget` in seconds of CPU time per decision (default 0.1) or a
    number of `worlds` (then the bot is deterministic given its seed and the
    hand). Each world is played out `playouts_per_world` times by `policy`
    ("heuristic" or "random", no calls in the playouts) on `threads` C++
    threads. The calls (Grand Tichu, Tichu, also the in-play `tichu`) are taken
    from the heuristic's calls table, calling from a chance of `tichu_chance` and
    `grand_chance` (the heuristic's own 0.55 and 0.6 by default: exactly its calls;
    `tichu_fast.bots.decide.table_call`), or with `call_worlds` > 0 decided by playouts
    over that many worlds (`tichu_fast.bots.decide`); `calls=False` never calls. The exchange is
    the heuristic's push, or with `exchange_worlds` > 0 the best of a few
    candidate pushes over that many worlds. With a `belief` ("heuristic",
    "heuristic:2:4", "heuristic:2:4:distinct", ...; docs/bots.md "Inference") the
    worlds are drawn weighted by how likely the other seats' plays were;
    "heuristic:2:weights" weighs uniform worlds instead, and needs `worlds`.
    `keep` > 0 plays the heuristic's move unless another has a mean team return
    at least `keep` points higher. `doubt` takes that many logits off each chance of
    the calls table, as against opponents stronger than the heuristic (docs/heuristic.md "Calls"), and
    `play_doubt` that many more off a Tichu called in play, read on the hand after the exchange.
    `net` names a network (``"net"``, the shipped one, a shipped one by its name such as ``"net-v2"``, or a
    name `tichu_fast.net.registry.load` gave) whose value `value_weight` (in 0..1) mixes into each playout's
    return, 1 playing nothing out (`evaluate_actions`; docs/net.md "In the search").
    """

    policy = "heuristic"

    def __init__(
        self,
        budget: float | None = None,
        *,
        worlds: int | None = None,
        playouts_per_world: int = 1,
        policy: str = "heuristic",
        threads: int = 1,
        calls: bool = True,
        seed: int = 0,
        call_worlds: int = 0,
        exchange_worlds: int = 0,
        belief: str | None = None,
        keep: float = 0.0,
        tichu_chance: float = TICHU_CHANCE,
        grand_chance: float = GRAND_CHANCE,
        doubt: float = 0.0,
        play_doubt: float = 0.0,
        net: str | None = None,
        value_weight: float = 0.0,
    ) -> None:
        super().__init__(calls, seed)
        if budget is not None and worlds is not None:
            raise ValueError("give a time budget or a number of worlds, not both")
        self.budget = _args.budget(0.1 if budget is None else budget) if worlds is None else None
        self.worlds = None if worlds is None else _args.count(worlds, "worlds", 1, _args.MAX_WORLDS)
        self.playouts_per_world = _args.count(playouts_per_world, "playouts_per_world", 1, _args.MAX_SAMPLES)
        if self.worlds is not None and self.worlds * self.playouts_per_world > _args.MAX_SAMPLES:
            raise ValueError(f"worlds x playouts_per_world must be at most {_args.MAX_SAMPLES:_} (the cap of one call)")
        self.search_policy = _args.policy(policy)
        self.doubt = doubt_of(doubt)
        self.play_doubt = doubt_of(play_doubt, "play_doubt")
        self.threads = _args.threads(threads)
        self.call_worlds = _args.count(call_worlds, "call_worlds", 0, _args.MAX_WORLDS)
        self.exchange_worlds = _args.count(exchange_worlds, "exchange_worlds", 0, _args.MAX_WORLDS)
        if _args.belief(belief) is not None and self.worlds is None:
            # a time budget evaluates batches of worlds; :weights normalises over all worlds of one call
            _args.drawn_belief(belief, "MonteCarloBot with a time budget", ("resample", "distinct"))
        self.belief = belief
        self.keep = _args.nonnegative(keep, "keep")
        self.tichu_chance = threshold(tichu_chance, "tichu_chance")
        self.grand_chance = threshold(grand_chance, "grand_chance")
        # the calls table's, the exchange's and keep's: its calls with the doubt, its push by its thresholds
        self.heuristic = calling_heuristic(
            self.search_policy, self.doubt, self.tichu_chance, self.grand_chance, self.play_doubt
        )
        self.net = _args.network(net)
        self.value_weight = _args.value_weight(value_weight, self.net)

    def __repr__(self) -> str:
        spend = f"budget={self.budget}" if self.worlds is None else f"worlds={self.worlds}"
        shown = "" if self.belief is None else f", belief={self.belief!r}"
        shown += "" if not self.keep else f", keep={self.keep}"
        if (self.tichu_chance, self.grand_chance) != (TICHU_CHANCE, GRAND_CHANCE):
            shown += f", tichu_chance={self.tichu_chance}, grand_chance={self.grand_chance}"
        shown += "" if not self.doubt else f", doubt={self.doubt}"
        shown += "" if not self.play_doubt else f", play_doubt={self.play_doubt}"
        shown += "" if self.net is None else f", net={self.net!r}"
        shown += "" if not self.value_weight else f", value_weight={self.value_weight}"
        return f"MonteCarloBot({spend}, policy={self.search_policy!r}, calls={self.calls}, seed={self.seed}{shown})"

    def act(self, state: Any, seat: int) -> Any:
        """The action with the best mean team return over the worlds, or the heuristic's for calls and the exchange."""
        seed = self.next_seed()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = core_state(state)
        usual = None
        if self.calls and self.call_worlds and call_action(view) is not None:
            called = search_call(view, seat, self.call_worlds, seed, policy=self.search_policy, threads=self.threads)
            if called or state.decision in (Decision.GRAND_TICHU, Decision.TICHU):
                answer = call_action(view) if called else no_call(view)
                return answer if isinstance(state, HandState) else state.parse_action(str(answer))
        elif state.decision == Decision.EXCHANGE and self.exchange_worlds:
            push = search_exchange(view, seat, self.exchange_worlds, seed, policy=self.search_policy)[0]
            return push if isinstance(state, HandState) else state.parse_action(str(push))
        else:
            answer = (
                table_call(view, seat, self.tichu_chance, self.grand_chance, self.heuristic) if self.calls else None
            )
            if answer is not None:
                return answer if isinstance(state, HandState) else state.parse_action(str(answer))
            # The calls were the table's (above), so the heuristic is asked for its move only, once.
            usual = policy_action_of(state, self.heuristic, seed, False)
            if state.decision in _HEURISTIC_DECISIONS:
                return usual
        values = self._values(view, seat, seed)
        searched = [i for i, a in enumerate(actions) if a.kind != ActionKind.TICHU]  # the call is the heuristic's
        best = max(searched, key=lambda i: values[i])
        if self.keep:
            # Its move, not its call: the heuristic's calls flag changes only whether it calls, and a
            # call was returned above, so `usual` is its move when asked (tests/play/test_decide.py).
            kept = usual if usual is not None else policy_action_of(state, self.heuristic, seed, False)
            if kept in actions:
                best = kept_choice(values, best, actions.index(kept), self.keep)
        return actions[best]

    def _values(self, state: Any, seat: int, seed: int) -> Any:
        """Each legal action's mean team return for `seat`."""
        per_world = self.playouts_per_world
        if self.worlds is not None:
            result = state.evaluate_actions(
                seat,
                self.worlds,
                per_world,
                policy=self.search_policy,
                threads=self.threads,
                seed=seed,
                belief=self.belief,
                net=self.net,
                value_weight=self.value_weight,
            )
            return result["mean"]
        # A time budget of CPU time: batches of worlds until the next batch would not fit.
        assert self.budget is not None
        clock = time.thread_time if self.threads == 1 else time.process_time  # threads=1 plays on this thread
        deadline = clock() + self.budget
        total: Any = 0.0
        done, batch, k = 0, 4, 0
        start = clock()
        while True:
            result = state.evaluate_actions(
                seat,
                batch,
                per_world,
                policy=self.search_policy,
                threads=self.threads,
                seed=_core.hand_seed(seed, k),
                belief=self.belief,
                net=self.net,
                value_weight=self.value_weight,
            )
            total = total + result["mean"] * batch
            done += batch
            k += 1
            now = clock()
            per = (now - start) / done
            batch = int(min((deadline - now) / per, 2 * done, _args.MAX_WORLDS, _args.MAX_SAMPLES // per_world))
            if batch < 1:
                return np.asarray(total) / done
