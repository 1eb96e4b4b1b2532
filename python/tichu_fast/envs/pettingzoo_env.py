"""PettingZoo AEC environment: the four seats of one hand as agents "seat_0".."seat_3".

`env(...)` returns it behind PettingZoo's order-enforcing wrapper, `raw_env(...)`
and `TichuAECEnv(...)` without it. Each agent observes a dict: "observation", its
`observation_tensor` (docs/rl.md; `history` rows of the last plays), and
"action_mask", int8[NUM_ACTION_IDS], the legal ids when it is the agent's turn
(all zeros otherwise). Actions are the fixed action ids (Discrete(NUM_ACTION_IDS)).
An illegal id raises IllegalMoveError and changes nothing.

Rewards come once, when the hand ends: every seat gets its team's score in
points (R7, R8; -425..400) times `reward_scale`, so partners get the same
reward. The hand's deal is drawn from the generator that `reset(seed=)` seeds;
the hand itself (a HandState) is the attribute `hand`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tichu_fast.envs.common import (
    AGENTS,
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    RENDER_MODES,
    action_id,
    check_history,
    check_render_mode,
    check_rules,
    check_scale,
    legal_mask,
    missing,
    observation_size,
    seat_returns,
)
from tichu_fast.hand import HandState
from tichu_fast.rl import NUM_ACTION_IDS
from tichu_fast.rules import Rules

try:
    import pettingzoo
    from gymnasium import spaces
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as error:
    raise ImportError(missing("pettingzoo")) from error

__all__ = ["TichuAECEnv", "env", "raw_env"]

_SEAT = {agent: seat for seat, agent in enumerate(AGENTS)}


class TichuAECEnv(pettingzoo.AECEnv):  # type: ignore[misc]
    """One Tichu hand as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tichu_fast_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        history: int = 0,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = check_rules(rules)
        self.history = check_history(history)
        self.reward_scale = check_scale(reward_scale)
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = list(AGENTS)
        size = observation_size(self.history)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTION_IDS,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTION_IDS) for agent in AGENTS}
        self._rng = np.random.default_rng()
        self.hand: HandState | None = None

    def observation_space(self, agent: str) -> Any:
        """The observation space of `agent` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of `agent`: Discrete(NUM_ACTION_IDS)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:  # noqa: ARG002
        """Deals a new hand; `seed` reseeds the generator the deals are drawn from."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.hand = HandState.new(int(self._rng.integers(0, 2**64, dtype=np.uint64)), self.rules)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.hand.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """`agent`'s observation tensor and its action mask (zeros when it is not its turn)."""
        state = self._hand()
        seat = _SEAT[agent]
        if not state.is_terminal() and state.current_player == seat:
            mask = legal_mask(state)
        else:
            mask = np.zeros(NUM_ACTION_IDS, dtype=np.int8)
        return {"observation": state.observation_tensor(seat, history=self.history), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Applies the action id of the agent in turn; after the end, removes a finished agent (action None).

        Once every agent has left it only warns, as PettingZoo's OrderEnforcingWrapper does.
        """
        if self.hand is not None and not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._hand()
        if action is None:
            raise TypeError(f"{agent} is still playing: its action must be an action id, not None")
        state.apply_id(action_id(action))
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = seat_returns(state) * self.reward_scale
            self.rewards = {a: float(returns[s]) for s, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(AGENTS, True)
            self.agent_selection = AGENTS[(_SEAT[agent] + 1) % 4]
        else:
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self.agent_selection = AGENTS[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """(observation, cumulative reward, terminated, truncated, info) of the agent selected.

        Once every agent has left (the hand is over, each stepped with None),
        the last agent's final observation, 0.0, True, False and {}.
        """
        if self.hand is not None and not self.agents:
            return _after_the_end(self, observe)
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def render(self) -> str | None:
        """The hand as text (render_mode "ansi" returns it, "human" prints it)."""
        if self.render_mode is None:
            return None
        text = repr(self._hand())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _hand(self) -> HandState:
        if self.hand is None:
            raise RuntimeError("call reset() first")
        return self.hand


def _after_the_end(env: Any, observe: bool) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """What last() gives once every agent has left: the last agent's final view, terminated, nothing more to pay."""
    return (env.observe(env.agent_selection) if observe else None, 0.0, True, False, {})


class _OrderEnforcingWrapper(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's OrderEnforcingWrapper, whose last() also answers once every agent has left."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As TichuAECEnv.last."""
        if self._has_reset and not self.agents:
            return _after_the_end(self, observe)
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result


def raw_env(**kwargs: Any) -> TichuAECEnv:
    """TichuAECEnv(**kwargs) without wrappers."""
    return TichuAECEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """TichuAECEnv(**kwargs) behind PettingZoo's OrderEnforcingWrapper (step before reset is an error)."""
    return _OrderEnforcingWrapper(TichuAECEnv(**kwargs))
