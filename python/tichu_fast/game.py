"""Where `HandState`, `Match` and `Observation` lived before the layer was split.

Kept so that `from tichu_fast.game import HandState` goes on working; the
code is in `tichu_fast.hand`, `tichu_fast.match` and `tichu_fast.observation`.
"""

from __future__ import annotations

from tichu_fast.hand import HandState
from tichu_fast.match import Match
from tichu_fast.observation import Observation

__all__ = ["HandState", "Match", "Observation"]
