"""Learning environments for tichu_fast (docs/rl.md "Learning environments").

Three adapters, each in its own module and each needing the optional extra
`pip install ".[rl]"` in a checkout (`"tichu_fast[rl]"` once published): importing `tichu_fast` or this package imports
none of the libraries; importing an adapter module does.

- `tichu_fast.envs.pettingzoo_env`: `env()` / `TichuAECEnv`, the four seats as PettingZoo AEC agents.
- `tichu_fast.envs.gymnasium_env`: `TichuEnv`, one learning seat against built-in bots (id "TichuFast-v0").
- `tichu_fast.envs.openspiel_game`: the game "python_tichu_fast" registered with `pyspiel.register_game`.
"""

from __future__ import annotations

from tichu_fast.envs.common import (
    AGENTS,
    MAX_DECISIONS,
    MAX_TEAM_RETURN,
    MIN_TEAM_RETURN,
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
)

__all__ = ["AGENTS", "MAX_DECISIONS", "MAX_TEAM_RETURN", "MIN_TEAM_RETURN", "OBSERVATION_HIGH", "OBSERVATION_LOW"]
