"""Where the calls and the exchange by search lived before the players moved to `tichu_fast.bots`:
now `tichu_fast.bots.decide`.

Kept so that `from tichu_fast.decide import table_call` goes on working.
"""

from __future__ import annotations

from tichu_fast.bots.decide import (
    CALL_ERRORS,
    CALL_MARGIN,
    GRAND_CHANCE,
    TICHU_CHANCE,
    call_action,
    call_gain,
    calling_heuristic,
    doubt_of,
    exchange_candidates,
    kept_choice,
    no_call,
    own_heuristic,
    per_mille,
    search_call,
    search_exchange,
    table_call,
    threshold,
    with_doubt,
)

__all__ = [
    "CALL_ERRORS",
    "CALL_MARGIN",
    "GRAND_CHANCE",
    "TICHU_CHANCE",
    "call_action",
    "call_gain",
    "calling_heuristic",
    "doubt_of",
    "exchange_candidates",
    "kept_choice",
    "no_call",
    "own_heuristic",
    "per_mille",
    "search_call",
    "search_exchange",
    "table_call",
    "threshold",
    "with_doubt",
]
