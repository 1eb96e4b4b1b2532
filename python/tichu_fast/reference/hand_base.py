"""`HandBase`: the reference HandState's empty base class.

The modules HandState forwards to (action_ids, search, worlds, tensor) take a
state as an argument and must not import `hand_state` at run time (it imports
them); they recognise a reference state by this base instead.
"""

from __future__ import annotations

__all__ = ["HandBase"]


class HandBase:
    """The base of `tichu_fast.reference.HandState`; it holds nothing."""

    __slots__ = ()
