"""Single-observer ISMCTS in C++: `ismcts` for one decision, `ISMCTSBot` for whole hands.

One tree over the information sets of the seat to decide; each iteration draws
a fresh world consistent with what that seat knows, descends by UCB1 over the
actions available in that world, adds one node and plays out with a built-in
policy. Threads search separate trees whose root statistics are summed; the
GIL is released. docs/ismcts.md says what is searched and what is left to the
policy (other seats' pushes and answers to bomb offers, which the seat cannot see).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _args, _core
from tichu_fast._core import Action
from tichu_fast.bots.decide import (
    GRAND_CHANCE,
    TICHU_CHANCE,
    call_action,
    calling_heuristic,
    doubt_of,
    kept_choice,
    no_call,
    search_call,
    table_call,
    threshold,
)
from tichu_fast.bots.twin import core_state, policy_action_of
from tichu_fast.enums import Decision
from tichu_fast.hand import HandState
from tichu_fast.net import registry as _registry  # noqa: F401  (makes net="..." playable: _args.network_loader)

__all__ = [
    "BELIEF_POOL",
    "CLOSE_RATIO",
    "DEFAULT_EXPLORATION",
    "DEFAULT_PRIOR",
    "ISMCTSBot",
    "SearchResult",
    "ismcts",
]

DEFAULT_EXPLORATION = 0.35  # the UCB1 constant on rewards (own - other team return) / 400
DEFAULT_PRIOR = 0.5  # ISMCTSBot's progressive bias: +29.0 +- 17.5 a hand over prior=0 at 300 iterations (docs/bots.md)
CLOSE_RATIO = 0.8  # a decision is close when the runner-up has at least this share of the best action's visits
BELIEF_POOL = 64  # with a belief: the believed worlds drawn once per search (DRAWS uniform candidates each)


@dataclass(frozen=True)
class SearchResult:
    """What one search found: the chosen action and every root candidate's statistics.

    `actions` are the candidates searched (the legal actions, less the calls when
    `calls=False`; a few pushes on the exchange); `visits[i]` counts the iterations
    through `actions[i]` and `values[i]` is the mean return of the seat's team
    after it (nan if never visited). `action` is the most visited.
    """

    action: Action
    actions: tuple[Action, ...]
    visits: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]
    iterations: int
    seconds: float


def ismcts(
    state: HandState,
    seat: int | None = None,
    *,
    iterations: int | None = None,
    budget: float | None = None,
    threads: int = 1,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    policy: str = "random",
    calls: bool = False,
    prior: float = 0.0,
    belief: str | None = None,
    net: str | None = None,
    net_prior: float = 0.0,
    value_weight: float = 0.0,
) -> SearchResult:
    """Searches the current decision of `state` (left unchanged) for `seat`, the player in turn.

    Give `iterations` (in all threads together), `budget` (seconds of CPU time of
    each thread) or both (the first reached stops). Thread t's iteration i draws
    from a seed made of (seed, t, i): the same seed, threads and iterations give
    the same result; a time budget does not. A decision with one candidate is
    answered without searching. `prior` > 0 is progressive bias from the
    heuristic: at every node its action is expanded first and gets
    prior / (visits + 1) added to its UCB1 score (docs/ismcts.md).
    TichuError if no world consistent with what the seat knows turns up (docs/positions.md "Worlds").
    With a `belief` (docs/bots.md "Inference") the search first draws a pool of
    min(iterations, BELIEF_POOL) worlds, `state.resample_many(seat, pool, s, belief=belief)`
    with s = hand_seed(seed, 0xB5297A4D), and each iteration takes one of them at random
    instead of a uniform world.
    `net` names a network (``"net"``, the shipped one, a shipped one by its name such as ``"net-v2"``, or a name
    `tichu_fast.net.registry.load` gave) for two uses (docs/net.md "In the search"): `net_prior` > 0 is PUCT's
    prior term at play and bomb decisions, the network choosing what is tried first; `value_weight` in 0..1
    mixes the network's value into each leaf's playout (1: no playout).
    """
    core = _args.core_of(state)
    if state.is_terminal():
        raise ValueError("the hand is over: no decision to search")
    if seat is not None:
        chosen = _args.seat(seat, "seat")
        if chosen != state.current_player:
            raise ValueError(f"seat {chosen} is not the player in turn {state.current_player}")
    if iterations is None and budget is None:
        raise ValueError("give iterations, budget (seconds) or both")
    count = 0 if iterations is None else _args.count(iterations, "iterations", 1)
    seconds = 0.0 if budget is None else _args.budget(budget)
    model = _args.drawn_belief(belief, "ismcts")
    belief_name, odds, draws, _ = (None, 2.0, 1, "") if model is None else model
    pool = min(count, BELIEF_POOL) if count else BELIEF_POOL
    network = _args.network(net)
    found = _core.ismcts(
        core,
        iterations=count,
        budget=seconds,
        threads=_args.threads(threads),
        seed=_args.seed(seed),
        exploration=_args.nonnegative(exploration, "exploration"),
        policy=_args.policy(policy),
        calls=_args.flag(calls, "calls"),
        prior=_args.nonnegative(prior, "prior"),
        belief=belief_name,
        odds=odds,
        draws=draws,
        pool=pool,
        net=network,
        net_prior=_args.nonnegative(net_prior, "net_prior"),
        value_weight=_args.fraction(value_weight, "value_weight"),
    )
    found.visits.flags.writeable = False
    found.values.flags.writeable = False
    return SearchResult(
        action=found.actions[found.best],
        actions=found.actions,
        visits=found.visits,
        values=found.values,
        iterations=found.iterations,
        seconds=found.seconds,
    )


class ISMCTSBot:
    """A bot that answers every decision by `ismcts` with fixed parameters.

    Decision k after `reset(hand_seed)` searches with the seed
    hand_seed(hand_seed(seed, hand_seed), k), so a bot replays a hand exactly
    under an iteration budget.
    """

    def __init__(
        self,
        *,
        iterations: int | None = None,
        budget: float | None = None,
        threads: int = 1,
        seed: int = 0,
        exploration: float = DEFAULT_EXPLORATION,
        policy: str = "heuristic",
        calls: bool = False,
        prior: float = DEFAULT_PRIOR,
        extend: float = 0.0,
        call_worlds: int = 0,
        belief: str | None = None,
        keep: float = 0.0,
        tichu_chance: float = TICHU_CHANCE,
        grand_chance: float = GRAND_CHANCE,
        doubt: float = 0.0,
        play_doubt: float = 0.0,
        net: str | None = None,
        net_prior: float = 0.0,
        value_weight: float = 0.0,
    ) -> None:
        """Checks every parameter now (the same exceptions as `ismcts`).

        The bot plays out with the heuristic policy by default: at equal time it
        beat flat Monte Carlo with it and lost with random playouts (README,
        "Measured strength"); `ismcts()` itself defaults to the faster random policy.
        `prior` is the heuristic's progressive bias (see `ismcts`; 0.5 by default
        for the bot, 0 for `ismcts()`, whose results stay those of earlier versions). `extend` > 0
        spends more on close decisions: when the runner-up at the root has at
        least CLOSE_RATIO of the best action's visits, a second search of
        `extend` times the budget (another seed) is added to the first, root
        statistics summed. `call_worlds` > 0 decides the calls (Grand Tichu,
        Tichu, the in-play ``tichu``) by playouts over that many worlds
        (`tichu_fast.bots.decide`); 0 takes them from the heuristic. `keep` > 0 keeps the
        heuristic's action at the root unless the search's choice has a mean value
        (the team's return) at least `keep` points higher (`_kept`). `tichu_chance` and
        `grand_chance` are the thresholds of the calls taken from the heuristic's table
        (`tichu_fast.bots.decide.table_call`; the defaults are the heuristic's own, 0.55 and 0.6):
        a player stronger than the heuristic goes out first more often than the table says. `doubt`
        takes that many logits off each chance of the table, as against opponents stronger than the
        heuristic (docs/heuristic.md "Calls"; with the heuristic-v2 table, ValueError but for 0); `play_doubt`
        takes that many more off a Tichu called in play, read on the hand after the exchange.
        `net`, `net_prior` and `value_weight` put a network in the search (see `ismcts`, docs/net.md).
        """
        if iterations is None and budget is None:
            raise ValueError("give iterations, budget (seconds) or both")
        self.iterations = None if iterations is None else _args.count(iterations, "iterations", 1)
        self.budget = None if budget is None else _args.budget(budget)
        self.threads = _args.count(threads, "threads", 1)
        self.seed = _args.seed(seed)
        self.exploration = _args.nonnegative(exploration, "exploration")
        self.policy = _args.policy(policy)
        self.doubt = doubt_of(doubt)
        self.play_doubt = doubt_of(play_doubt, "play_doubt")
        self.calls = _args.flag(calls, "calls")
        self.prior = _args.nonnegative(prior, "prior")
        self.extend = _args.nonnegative(extend, "extend")
        # the second search of a close decision spends `extend` times the budget: it must be one a search takes
        if self.iterations is not None and self.iterations * self.extend >= _args.MAX_COUNT + 1:
            raise ValueError(
                f"extend x iterations must be below 2**63 (the core's 64-bit count), not {extend!r} x {self.iterations}"
            )
        if self.budget is not None and self.budget * self.extend > _args.MAX_BUDGET:
            raise ValueError(
                f"extend x budget must be at most {_args.MAX_BUDGET:.0f} seconds (a day), "
                f"not {extend!r} x {self.budget}"
            )
        self.call_worlds = _args.count(call_worlds, "call_worlds", 0, _args.MAX_WORLDS)
        if self.calls and self.call_worlds:
            raise ValueError("calls=True searches the calls in the tree: give call_worlds only with calls=False")
        _args.drawn_belief(belief, "ISMCTSBot")
        self.belief = belief
        self.keep = _args.nonnegative(keep, "keep")
        self.net = _args.network(net)
        self.net_prior = _args.nonnegative(net_prior, "net_prior")
        self.value_weight = _args.fraction(value_weight, "value_weight")
        if self.net is None and (self.net_prior > 0 or self.value_weight > 0):
            raise ValueError("net_prior and value_weight need a network: give net (e.g. net='net')")
        self.tichu_chance = threshold(tichu_chance, "tichu_chance")
        self.grand_chance = threshold(grand_chance, "grand_chance")
        # the calls table's, the push's and keep's (decide.own_heuristic): its calls with the doubt, its
        # push by its thresholds
        self.heuristic = calling_heuristic(
            self.policy, self.doubt, self.tichu_chance, self.grand_chance, self.play_doubt
        )
        self._hand = self.seed
        self._decisions = 0

    def reset(self, hand_seed: int) -> None:
        """Starts a new hand: later decisions are seeded from (seed, hand_seed, decision count)."""
        self._hand = _core.hand_seed(self.seed, _args.seed(hand_seed, "hand_seed"))
        self._decisions = 0

    def _search(self, state: HandState, seat: int | None, seed: int, scale: float = 1.0) -> SearchResult:
        # scaled in floats, then kept within the core's count: 2**63-1 times 1.0 rounds up to 2**63
        iterations = None if self.iterations is None else min(_args.MAX_COUNT, max(1, round(self.iterations * scale)))
        budget = None if self.budget is None else self.budget * scale
        return ismcts(
            state,
            seat,
            iterations=iterations,
            budget=budget,
            threads=self.threads,
            seed=seed,
            exploration=self.exploration,
            policy=self.policy,
            calls=self.calls,
            prior=self.prior,
            belief=self.belief,
            net=self.net,
            net_prior=self.net_prior,
            value_weight=self.value_weight,
        )

    def search(self, state: HandState, seat: int | None = None) -> SearchResult:
        """The full result of the search for the next decision (counted like `act`)."""
        seed = _core.hand_seed(self._hand, self._decisions)
        result = self._search(state, seat, seed)
        self._decisions += 1
        if self.extend > 0 and len(result.actions) > 1 and _close(result.visits):
            more = self._search(state, seat, _core.hand_seed(seed, 1), self.extend)
            result = _summed(result, more)
        if self.keep > 0 and len(result.actions) > 1:
            result = _kept(result, policy_action_of(state, self.heuristic, seed, self.calls), self.keep)
        return result

    def __repr__(self) -> str:
        """The budget, the playouts and the prior, and every other setting that is not its default."""
        spend = [f"iterations={self.iterations}"] if self.iterations is not None else []
        spend += [] if self.budget is None else [f"budget={self.budget}"]
        shown = [f"policy={self.policy!r}", f"prior={self.prior}", f"calls={self.calls}", f"seed={self.seed}"]
        optional = {
            "threads": 1,
            "exploration": DEFAULT_EXPLORATION,
            "extend": 0.0,
            "call_worlds": 0,
            "belief": None,
            "keep": 0.0,
            "tichu_chance": TICHU_CHANCE,
            "grand_chance": GRAND_CHANCE,
            "doubt": 0.0,
            "play_doubt": 0.0,
            "net": None,
            "net_prior": 0.0,
            "value_weight": 0.0,
        }
        shown += [f"{name}={getattr(self, name)!r}" for name, usual in optional.items() if getattr(self, name) != usual]
        return f"ISMCTSBot({', '.join(spend + shown)})"

    def act(self, state: Any, seat: int) -> Any:
        """The action for `seat`, which must be the player in turn of `state` (either backend).

        With `calls=False` the search never calls, so the calls (Grand Tichu, Tichu and
        the in-play ``tichu``) are taken from the heuristic's calls table with the bot's
        thresholds (`table_call`; by default exactly the heuristic policy's), as for
        MonteCarloBot: a bot that never called would give away the call bonus (docs/bots.md); with
        `call_worlds` they are decided by playouts instead. A reference
        state is searched on its C++ twin and the action read back by its text.
        """
        if not self.calls and state.decision != Decision.OVER:
            seed = _core.hand_seed(self._hand, self._decisions)
            if self.call_worlds:
                view = core_state(state)
                call = call_action(view)
                if call is not None:
                    if search_call(view, seat, self.call_worlds, seed, policy=self.policy, threads=self.threads):
                        self._decisions += 1
                        return call if isinstance(state, HandState) else state.parse_action(str(call))
                    if state.decision in (Decision.GRAND_TICHU, Decision.TICHU):
                        self._decisions += 1
                        no = no_call(view)
                        return no if isinstance(state, HandState) else state.parse_action(str(no))
            else:
                answer = table_call(core_state(state), seat, self.tichu_chance, self.grand_chance, self.heuristic)
                if answer is not None:
                    self._decisions += 1
                    return answer if isinstance(state, HandState) else state.parse_action(str(answer))
        action = self.search(core_state(state), seat).action
        return action if isinstance(state, HandState) else state.parse_action(str(action))


def _close(visits: npt.NDArray[np.int64]) -> bool:
    """Whether the runner-up has at least CLOSE_RATIO of the best action's visits."""
    top = np.sort(visits)[-2:]
    return bool(top[0] >= CLOSE_RATIO * top[1])


def _kept(result: SearchResult, usual: Action, keep: float) -> SearchResult:
    """`result` with the heuristic's action `usual` chosen unless the search's choice is `keep` points better.

    The search's choice (the most visited) replaces the heuristic's action only when
    its mean value exceeds that of `usual` by at least `keep`, or when `usual` was
    never visited (or is not a candidate).
    """
    if usual == result.action or usual not in result.actions:
        return result
    best = result.actions.index(result.action)
    if kept_choice(result.values, best, result.actions.index(usual), keep) == best:  # unvisited: nan, never kept
        return result
    return SearchResult(usual, result.actions, result.visits, result.values, result.iterations, result.seconds)


def _summed(first: SearchResult, second: SearchResult) -> SearchResult:
    """Two searches of one decision as one: visits and returns summed (root parallelisation)."""
    visits = first.visits + second.visits
    with np.errstate(invalid="ignore"):
        sums = np.nan_to_num(first.values) * first.visits + np.nan_to_num(second.values) * second.visits
        values = np.where(visits > 0, sums / np.maximum(visits, 1), np.nan)
    order = sorted(range(len(visits)), key=lambda i: (-int(visits[i]), -np.nan_to_num(values[i], nan=-np.inf), i))
    visits.flags.writeable = False
    values.flags.writeable = False
    return SearchResult(
        action=first.actions[order[0]],
        actions=first.actions,
        visits=visits,
        values=values,
        iterations=first.iterations + second.iterations,
        seconds=first.seconds + second.seconds,
    )
