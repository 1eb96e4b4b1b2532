"""What the three adapters share: seat names, bounds and the lazy import of their libraries.

Nothing here imports PettingZoo, Gymnasium or OpenSpiel.
"""

from __future__ import annotations

import numpy as np

from tichu_fast import _args
from tichu_fast.hand import HandState
from tichu_fast.rl import HISTORY_ROW_SIZE, MAX_HISTORY, NUM_ACTION_IDS, OBSERVATION_TENSOR_SIZE
from tichu_fast.rules import Rules

__all__ = [
    "AGENTS",
    "EXTRA",
    "MAX_DECISIONS",
    "MAX_TEAM_RETURN",
    "MIN_TEAM_RETURN",
    "OBSERVATION_HIGH",
    "OBSERVATION_LOW",
    "RENDER_MODES",
    "action_id",
    "check_flag",
    "check_history",
    "check_render_mode",
    "check_rules",
    "check_scale",
    "legal_mask",
    "missing",
    "seat_returns",
]

EXTRA = 'pip install ".[rl]" in the tichu_fast checkout ("tichu_fast[rl]" once published)'

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")

# A team's hand score (R7, R8): at best a double victory (200) with one Grand Tichu
# made (+200); at worst both partners' Grand Tichus lost (-400) and the Phoenix in
# the team's piles (-25).
MAX_TEAM_RETURN = 400
MIN_TEAM_RETURN = -425

# Every entry of observation_tensor lies in [-0.25, 1.25]: the pile points / 100
# (the Phoenix alone: -25, every point card: 125); all the others are in [0, 1].
OBSERVATION_LOW = -0.25
OBSERVATION_HIGH = 1.25

# The most decisions one hand can ask for (OpenSpiel's max_game_length): 4 + 4 + 4
# calls and pushes; at most 56 plays (each one plays a card); at most 3 passes
# after each play; the in-play Tichu call, once a seat (4); at most 3 out-of-turn
# offers after each play and each pass; one wish and one Dragon gift.
MAX_DECISIONS = 12 + 56 + 3 * 56 + 4 + 3 * (56 + 3 * 56) + 2


RENDER_MODES = ("ansi", "human")


def missing(library: str) -> str:
    """The message of the ImportError raised when `library` is not installed: it names the extra."""
    return f"tichu_fast.envs needs {library}: {EXTRA}"


def check_render_mode(render_mode: object) -> str | None:
    """None, "ansi" (render() returns the hand's text) or "human" (render() prints it)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    return render_mode


def check_history(history: object) -> int:
    """The number of history rows for the observation tensor: an int 0..MAX_HISTORY."""
    return _args.count(history, "history", 0, MAX_HISTORY)


def check_rules(rules: object) -> Rules:
    """The rules of every hand: a tichu_fast.Rules, or None for the default ones."""
    return _args.rules(rules)


def check_scale(reward_scale: object, what: str = "reward_scale") -> float:
    """A finite real number (an int or a float, not a bool)."""
    reward_scale = _args.real(reward_scale, what)
    if not np.isfinite(reward_scale):
        raise ValueError(f"{what} must be finite, not {reward_scale}")
    return float(reward_scale)


def check_flag(value: object, what: str) -> bool:
    """A bool (or a numpy bool)."""
    return _args.flag(value, what)


def action_id(action: object) -> int:
    """An env's action as an id: an int, a numpy integer or a 0-d integer array (a policy's argmax); never a bool."""
    if isinstance(action, np.ndarray):
        if action.ndim != 0 or action.dtype.kind not in "iu":
            raise TypeError(f"an action is an int id, not an array of shape {action.shape} and dtype {action.dtype}")
        return int(action)
    if isinstance(action, (bool, np.bool_)) or not hasattr(action, "__index__"):
        raise TypeError(f"an action is an int id, not {type(action).__name__}")
    return int(action.__index__())


def legal_mask(state: HandState) -> np.ndarray:
    """int8[NUM_ACTION_IDS]: 1 for every legal id (all zeros after the hand), as a new array."""
    mask = np.empty(NUM_ACTION_IDS, dtype=np.bool_)
    state.legal_action_mask(mask)
    return mask.view(np.int8)  # the same bytes: False is 0, True is 1


def observation_size(history: int) -> int:
    """The length of observation_tensor(p, history=history)."""
    return OBSERVATION_TENSOR_SIZE + HISTORY_ROW_SIZE * history


def seat_returns(state: HandState) -> np.ndarray:
    """float64[4]: each seat's team score at the end of the hand (R7, R8), in points."""
    team = state.returns()
    return np.array([team[0], team[1], team[0], team[1]], dtype=np.float64)
