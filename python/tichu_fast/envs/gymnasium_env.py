"""Gymnasium environment: one seat learns, the three others are built-in policies.

`TichuEnv(seat=0, opponents="heuristic", partner=None)`: the learner plays seat
`seat`; the opponents (seats seat+1 and seat+3) play `opponents`, the partner
(seat+2) plays `partner`, the same policy as the opponents unless given. The
policies are tichu_fast's built-in "random" and "heuristic"
(`tichu_fast.policy_action`, drawn from the environment's generator); with
`bot_calls=False` (the default) they never call Grand Tichu nor Tichu. The
learner's decisions are all of its seat's: calls, the exchange, plays, bombs out
of turn, the wish and the Dragon gift.

Observation: a dict, "observation" (the seat's `observation_tensor`, docs/rl.md)
and "action_mask" (int8[NUM_ACTION_IDS]); `info["action_mask"]` is the same mask.
Actions are the fixed ids (Discrete(NUM_ACTION_IDS)). The reward is 0 until the
hand ends, then the learner's team score in points (R7, R8; -425..400) times
`reward_scale`. An id outside the mask ends the episode (terminated) with reward
`illegal_reward * reward_scale` and `info["illegal_action"] = True`, or raises
IllegalMoveError with `illegal_action="raise"`. Registered as "TichuFast-v0".
The hand (a HandState) is the attribute `hand`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tichu_fast._args import seat as _seat
from tichu_fast.envs.common import (
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    RENDER_MODES,
    action_id,
    check_flag,
    check_history,
    check_render_mode,
    check_rules,
    check_scale,
    legal_mask,
    missing,
    observation_size,
    seat_returns,
)
from tichu_fast.errors import IllegalMoveError
from tichu_fast.hand import HandState
from tichu_fast.rl import NUM_ACTION_IDS
from tichu_fast.rules import Rules
from tichu_fast.search import POLICIES, policy_action

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:
    raise ImportError(missing("gymnasium")) from error

__all__ = ["ENV_ID", "TichuEnv"]

ENV_ID = "TichuFast-v0"


class TichuEnv(gymnasium.Env):  # type: ignore[misc]
    """One Tichu hand seen by one learning seat (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        seat: int = 0,
        opponents: str = "heuristic",
        partner: str | None = None,
        *,
        bot_calls: bool = False,
        rules: Rules | None = None,
        history: int = 0,
        reward_scale: float = 1.0,
        illegal_action: str = "terminate",
        illegal_reward: float = -500.0,
        render_mode: str | None = None,
    ) -> None:
        seat = _seat(seat, "seat")
        partner = opponents if partner is None else partner
        for name, policy in (("opponents", opponents), ("partner", partner)):
            if not isinstance(policy, str):
                raise TypeError(f"{name} must be a str, not {type(policy).__name__}")
            if policy not in POLICIES:
                raise ValueError(f"{name} must be one of {POLICIES}, not {policy!r}")
        if not isinstance(illegal_action, str):
            raise TypeError(f"illegal_action must be a str, not {type(illegal_action).__name__}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be 'terminate' or 'raise', not {illegal_action!r}")
        self.seat = seat
        # The policy of each seat; the learner's entry is never used.
        self.policies = [opponents if (s - seat) % 2 else partner for s in range(4)]
        self.bot_calls = check_flag(bot_calls, "bot_calls")
        self.rules = check_rules(rules)
        self.history = check_history(history)
        self.reward_scale = check_scale(reward_scale)
        self.illegal_action = illegal_action
        self.illegal_reward = check_scale(illegal_reward, "illegal_reward")
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    OBSERVATION_LOW, OBSERVATION_HIGH, (observation_size(self.history),), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (NUM_ACTION_IDS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(NUM_ACTION_IDS)
        self.hand: HandState | None = None
        self._over = False  # after an illegal action, until the next reset

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deals a hand and lets the bots act until the learner's first decision (its Grand Tichu call)."""
        super().reset(seed=seed, options=options)
        self.hand = HandState.new(self._draw_seed(), self.rules)
        self._over = False
        self._play_bots(self.hand)
        return self._observe(self.hand, {})

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Applies the learner's action id, then the bots' actions up to the learner's next decision or the end.

        The id is an int, a numpy integer or a 0-d integer array (a policy's argmax).
        """
        state = self.hand
        if state is None:
            raise RuntimeError("call reset() first")
        if self._over or state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        chosen = action_id(action)
        try:
            state.apply_id(chosen)
        except IllegalMoveError:
            if self.illegal_action == "raise":
                raise
            # The hand is abandoned: the episode ends with the penalty.
            self._over = True
            obs, info = self._observe(state, {"illegal_action": True})
            return obs, self.illegal_reward * self.reward_scale, True, False, info
        self._play_bots(state)
        reward = 0.0
        if state.is_terminal():
            reward = float(seat_returns(state)[self.seat]) * self.reward_scale
        obs, info = self._observe(state, {})
        return obs, reward, state.is_terminal(), False, info

    def render(self) -> str | None:
        """The hand as text (render_mode "ansi" returns it, "human" prints it)."""
        if self.render_mode is None or self.hand is None:
            return None
        text = repr(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(0, 2**64, dtype=np.uint64))

    def _play_bots(self, state: HandState) -> None:
        while not state.is_terminal() and state.current_player != self.seat:
            policy = self.policies[state.current_player]
            state.apply(policy_action(state, policy, self._draw_seed(), calls=self.bot_calls))

    def _observe(self, state: HandState, info: dict[str, Any]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        mask = np.zeros(NUM_ACTION_IDS, dtype=np.int8) if self._over else legal_mask(state)
        info["action_mask"] = mask
        return {"observation": state.observation_tensor(self.seat, history=self.history), "action_mask": mask}, info


def _register() -> None:
    if ENV_ID not in gymnasium.envs.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:TichuEnv")


_register()
