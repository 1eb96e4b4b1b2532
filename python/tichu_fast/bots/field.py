"""The field: frozen opponents at fixed budgets, against which a strength claim is measured (docs/field.md).

Each member is a name the bot registry knows (``make_bot("ismcts-10ms")``) and
stands for one fixed SPEC: a budget in iterations or worlds, never in time, so
that a member plays the same moves on every machine, and playouts, priors and
beliefs by ``heuristic-v2``, the heuristic of 2026-12-05 frozen. The members'
play is pinned by tests/house/test_field.py: a change that moves it is a new
member under a new name, never an edit of one.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FIELD", "FieldMember"]


@dataclass(frozen=True)
class FieldMember:
    """One opponent of the field: the SPEC its name stands for, and a line of help."""

    spec: str
    help: str


# Weakest first. Every option is written out, so that a later change of a bot's defaults leaves a member
# as it is. The names are the budgets measured when each was made; on the machine of 2026-12-07 a
# mid-hand play costs about 0.7, 7 to 10 and 130 ms (`python bench/field_costs.py`, docs/field.md);
# ismcts-100ms is the 100 ms bot of 2026-12-02 as it was named then (9,700 iterations).
_MC = "playouts_per_world=1,policy=heuristic-v2,calls=1,call_worlds=0,exchange_worlds=0"
_ISMCTS = "policy=heuristic-v2,exploration=0.35,prior=0.5,extend=0,calls=0,call_worlds=0"
_CALLS = "tichu_chance=0.5,grand_chance=0.46"

FIELD: dict[str, FieldMember] = {
    "heuristic-v1": FieldMember("heuristic-v1", "the yardstick: the heuristic of 2026-12-01"),
    "heuristic-v2": FieldMember("heuristic-v2", "the heuristic of 2026-12-05 with that day's numbers"),
    "mc-1ms": FieldMember(f"mc:worlds=6,{_MC},keep=0,{_CALLS}", "flat Monte Carlo over 6 worlds"),
    "mc-10ms": FieldMember(f"mc:worlds=80,{_MC},keep=0,{_CALLS}", "flat Monte Carlo over 80 worlds"),
    "ismcts-1ms": FieldMember(f"ismcts:iterations=50,{_ISMCTS},keep=0,{_CALLS}", "ISMCTS, 50 iterations"),
    "ismcts-10ms": FieldMember(f"ismcts:iterations=600,{_ISMCTS},keep=0,{_CALLS}", "ISMCTS, 600 iterations"),
    "ismcts-100ms": FieldMember(
        f"ismcts:iterations=9700,{_ISMCTS},keep=4,tichu_chance=0.35,grand_chance=0.35",
        "the spec of the strongest bot of 2026-12-02 (ISMCTS, 9,700 iterations, calls from a 35% chance), "
        "playing out, calling and pushing by heuristic-v2",
    ),
}
