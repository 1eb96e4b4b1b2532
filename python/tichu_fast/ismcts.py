"""Where ISMCTS lived before the players moved to `tichu_fast.bots`: now `tichu_fast.bots.ismcts`.

Kept so that `from tichu_fast.ismcts import ismcts, ISMCTSBot` goes on working.
"""

from __future__ import annotations

from tichu_fast.bots.ismcts import (
    BELIEF_POOL,
    CLOSE_RATIO,
    DEFAULT_EXPLORATION,
    DEFAULT_PRIOR,
    ISMCTSBot,
    SearchResult,
    ismcts,
)

__all__ = [
    "BELIEF_POOL",
    "CLOSE_RATIO",
    "DEFAULT_EXPLORATION",
    "DEFAULT_PRIOR",
    "ISMCTSBot",
    "SearchResult",
    "ismcts",
]
