"""The control of docs/bots.md "Inference": flat Monte Carlo repeating worlds as a belief does, without a belief.

Resampling by a belief (heuristic:2, 4 draws) keeps about 41 distinct worlds of 64. `Repeat64`
is `mc:worlds=64` whose 64 worlds are 40 distinct uniform ones, world i being distinct world
i % 40 (24 of them played twice, each time from its own playout seed, as a repeated believed
world is), so it loses what the belief's repetition loses and nothing else:

    python scripts/deal_by_deal.py scripts.experiments.belief_control:Repeat64 mc:worlds=64 \
        --seed 17 --deals 300 --out c.jsonl
"""

from __future__ import annotations

from typing import Any

from tichu_fast.bots import MonteCarloBot
from tichu_fast.search import world_seed

DISTINCT = 40


class Repeat64(MonteCarloBot):
    """`mc:worlds=64` on 40 distinct uniform worlds, world i the (i % 40)-th (a control, no belief)."""

    def __init__(self) -> None:
        super().__init__(worlds=64)

    def _values(self, state: Any, seat: int, seed: int) -> Any:
        """Each legal action's mean team return over the repeated worlds, the usual seeds."""
        distinct = state.resample_many(seat, DISTINCT, world_seed(seed))
        worlds = [distinct[i % DISTINCT] for i in range(64)]
        return state.evaluate_actions(seat, worlds, policy=self.search_policy, seed=seed)["mean"]
