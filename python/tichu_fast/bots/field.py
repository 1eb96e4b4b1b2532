"""The field: frozen opponents at fixed budgets, against which a strength claim is measured (docs/bots.md "The field").

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


# Weakest first. The budgets: about 1 ms, 10 ms and 100 ms of CPU a decision on one idle core, the search
# bots of a class costing alike (`python bench/field_costs.py` measures them; docs/bots.md "The field").
FIELD: dict[str, FieldMember] = {
    "heuristic-v1": FieldMember("heuristic-v1", "the yardstick: the heuristic of 2026-12-01"),
    "heuristic-v2": FieldMember("heuristic-v2", "the heuristic of 2026-12-05 with that day's numbers"),
    "mc-1ms": FieldMember("mc:worlds=8,policy=heuristic-v2", "flat Monte Carlo over 8 worlds"),
    "mc-10ms": FieldMember("mc:worlds=80,policy=heuristic-v2", "flat Monte Carlo over 80 worlds"),
    "ismcts-1ms": FieldMember("ismcts:iterations=100,policy=heuristic-v2", "ISMCTS, 100 iterations"),
    "ismcts-10ms": FieldMember("ismcts:iterations=1000,policy=heuristic-v2", "ISMCTS, 1,000 iterations"),
    "ismcts-100ms": FieldMember(
        "ismcts:iterations=9700,keep=4,tichu_chance=0.35,grand_chance=0.35,policy=heuristic-v2",
        "the strongest bot of 2026-12-02: ISMCTS, 9,700 iterations, calls from a 35% chance",
    ),
}
