"""`SolverBot`: the exact solver in the endgame, ISMCTS before it (docs/solver.md).

Once at most `cards` cards are left in all four hands and at most `hidden`
of them are in the other three hands (the cards the seat cannot see), each decision draws
`worlds` deals consistent with what the seat knows (`resample_many`, R10.3),
solves every world exactly with all hands open (`tichu_fast.solver.solve`,
at most `max_nodes` positions each) and takes the action of the best mean
value for the seat's team: determinized double-dummy play, as the bridge
programs play. Before that point it plays as `ISMCTSBot` with the same
`iterations`/`budget`.
"""

from __future__ import annotations

from typing import Any

from tichu_fast import _args, _core
from tichu_fast.bots.decide import GRAND_CHANCE, TICHU_CHANCE, table_call
from tichu_fast.bots.ismcts import ISMCTSBot
from tichu_fast.bots.twin import core_state, policy_action_of
from tichu_fast.hand import HandState
from tichu_fast.solver import cards_left, in_endgame, solve

__all__ = ["SolverBot"]


class SolverBot:
    """Exact solves of drawn worlds once few cards are left; ISMCTS before.

    `cards`: the most cards in all hands at which the solver takes over;
    `hidden`: the most cards in the other three hands (unseen by the seat)
    at which it does: the fewer, the less the open-hand solves assume that
    is not known (strategy fusion); the default 14 sets no limit beyond
    `cards` (measured from endgame positions, docs/solver.md); `worlds`:
    deals drawn per decision; `max_nodes`: the node budget of each world's
    solve (when a world is not solved within it, the decision is the
    ISMCTS's); `iterations`/`budget`/`threads`/`calls`/`keep`: the ISMCTS before
    that (calls=False leaves every call to the heuristic's table, as ISMCTSBot does,
    with the thresholds `tichu_chance` and `grand_chance`; `keep` as ISMCTSBot's).
    """

    def __init__(
        self,
        *,
        cards: int = 14,
        hidden: int = 14,
        worlds: int = 16,
        max_nodes: int = 200_000,
        iterations: int | None = 1000,
        budget: float | None = None,
        threads: int = 1,
        seed: int = 0,
        calls: bool = False,
        tichu_chance: float = TICHU_CHANCE,
        grand_chance: float = GRAND_CHANCE,
        keep: float = 0.0,
    ) -> None:
        """Checks every parameter now (TypeError, ValueError)."""
        self.cards = _args.count(cards, "cards", 0)
        self.hidden = _args.count(hidden, "hidden", 0)
        self.worlds = _args.count(worlds, "worlds", 1, _args.MAX_WORLDS)
        self.max_nodes = _args.count(max_nodes, "max_nodes", 1)
        self.seed = _args.seed(seed)
        self.calls = _args.flag(calls, "calls")
        self.search = ISMCTSBot(
            iterations=iterations,
            budget=budget,
            threads=threads,
            seed=seed,
            calls=calls,
            tichu_chance=tichu_chance,
            grand_chance=grand_chance,
            keep=keep,
        )
        self._hand = self.seed
        self._decisions = 0

    def reset(self, hand_seed: int) -> None:
        """Starts a new hand (for the ISMCTS too)."""
        self._hand = _core.hand_seed(self.seed, _args.seed(hand_seed, "hand_seed"))
        self._decisions = 0
        self.search.reset(hand_seed)

    def endgame(self, state: Any, seat: int | None = None) -> bool:
        """Whether the solver decides `state` for `seat` (default: the player in turn): a decision
        of the play with at most `cards` cards left, at most `hidden` of them in the other hands."""
        if not in_endgame(state, self.cards):
            return False
        seat = state.current_player if seat is None else seat
        return cards_left(state) - len(state.hands[seat]) <= self.hidden

    def values(self, state: Any, seat: int) -> dict[str, float] | None:
        """Each legal action's mean exact value for `seat`'s team over the drawn worlds (by action text).

        None when a world is not solved within `max_nodes`.
        """
        fast = core_state(state)
        seed = _core.hand_seed(self._hand, self._decisions)
        sign = 1.0 if seat % 2 == 0 else -1.0
        sums: dict[str, float] = {str(action): 0.0 for action in fast.legal_actions()}
        worlds = fast.resample_many(seat, self.worlds, seed)
        for world in worlds:
            result = solve(world, max_nodes=self.max_nodes, line=False)
            if not result.exact:
                return None
            for item in result.actions:
                sums[str(item.action)] += sign * item.lower
        return {text: total / len(worlds) for text, total in sums.items()}

    def act(self, state: Any, seat: int) -> Any:
        """The action for `seat`, the player in turn of `state` (either backend).

        TypeError for a seat that is no int, IndexError outside 0..3, ValueError
        for a seat not in turn or a finished hand; `state` is never changed.
        """
        seat = _args.seat(seat, "seat")
        if state.is_terminal():
            raise ValueError("the hand is over: no decision to take")
        if seat != state.current_player:
            raise ValueError(f"seat {seat} is not the player in turn {state.current_player}")
        if not self.endgame(state, seat):
            return self.search.act(state, seat)
        seed = _core.hand_seed(self._hand, self._decisions)
        if not self.calls:  # the in-play tichu (possible once `cards` exceeds 14) from the table, as ISMCTSBot calls
            call = table_call(core_state(state), seat, self.search.tichu_chance, self.search.grand_chance)
            if call is not None:
                self._decisions += 1
                return call if isinstance(state, HandState) else state.parse_action(str(call))
        usual = policy_action_of(state, "heuristic", seed, self.calls)
        values = self.values(state, seat)
        self._decisions += 1
        if values is None:  # too hard to solve yet
            return self.search.act(state, seat)
        if not self.calls:
            values.pop("tichu", None)
        top = max(values.values())
        if values.get(str(usual)) == top:  # among equals, the heuristic's choice
            return usual
        best = max(values, key=values.__getitem__)
        return state.parse_action(best)

    def __repr__(self) -> str:
        head = f"SolverBot(cards={self.cards}, hidden={self.hidden}, worlds={self.worlds}, max_nodes={self.max_nodes}"
        return f"{head}, search={self.search!r})"
