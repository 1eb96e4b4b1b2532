"""HandState's C methods (is_terminal, num_legal_actions, apply_index, resample) hold up against any caller."""

from __future__ import annotations

import pytest

import tichu_fast as tf
from tichu_fast import _core


class _Rebinds:
    """An int whose __index__ rebinds the state's `_core` (dropping the last other reference to the old one)."""

    def __init__(self, state: tf.HandState, value: int) -> None:
        self.state, self.value = state, value

    def __index__(self) -> int:
        self.state._core = tf.HandState.new(99)._core
        return self.value


def test_apply_index_keeps_its_core_while_the_index_converts() -> None:
    state = tf.HandState.new(1)
    state.apply_index(_Rebinds(state, 0))  # type: ignore[arg-type]  # must not touch a freed core
    assert len(state.history) == 0  # the new core, untouched; the old one took the action and went
    state.apply_index(0)
    assert len(state.history) == 1


def test_resample_keeps_its_core_while_the_seed_converts() -> None:
    state = tf.HandState.new(2)
    for _ in range(20):
        state.apply_index(0)
    own = state.hands[0]
    world = state.resample(0, _Rebinds(state, 5))  # type: ignore[arg-type]  # from the old core, kept alive
    assert world.hands[0] == own  # seat 0 knows its own cards: the world is the old core's
    assert state.hands[0] != own  # while the state now holds deal 99


def test_a_state_without_its_core_raises() -> None:
    bare = object.__new__(tf.HandState)
    with pytest.raises(AttributeError):
        bare.is_terminal()
    with pytest.raises(AttributeError):
        bare.num_legal_actions()
    with pytest.raises(AttributeError):
        bare.apply_index(0)
    with pytest.raises(AttributeError):
        bare.resample(0, 1)


def test_a_core_of_another_type_raises() -> None:
    state = tf.HandState.new(3)
    state._core = "not a core"  # type: ignore[assignment]
    with pytest.raises(TypeError):
        state.is_terminal()
    with pytest.raises(TypeError):
        state.apply_index(0)


class _RebindsRules:
    """An int whose __index__ rebinds the state's `_rules`, dropping the last reference to the old ones."""

    def __init__(self, state: tf.HandState, value: int) -> None:
        self.state, self.value = state, value

    def __index__(self) -> int:
        self.state._rules = tf.Rules()
        return self.value


def test_resample_reads_the_rules_after_the_seed_converts() -> None:
    state = tf.HandState.new(5, tf.Rules())  # the state holds the only reference to its rules
    for _ in range(20):
        state.apply_index(0)
    world = state.resample(0, _RebindsRules(state, 5))  # type: ignore[arg-type]
    assert world.rules == tf.Rules()


def test_a_subclass_with_its_own_slots_works() -> None:
    class Mine(tf.HandState):
        __slots__ = ("_core",)  # shadows the base's slot

    state = tf.HandState.new(6)
    mine = object.__new__(Mine)
    mine._core, mine._origin, mine._rules = state._core, state._origin, state._rules
    assert mine.num_legal_actions() == state.num_legal_actions()
    mine.apply_index(0)
    assert not mine.is_terminal()
    assert mine.resample(0, 1).hands == state.resample(0, 1).hands  # the same core, the same seed


def test_the_methods_refuse_other_types() -> None:
    with pytest.raises(TypeError):
        tf.HandState.is_terminal(object())  # type: ignore[arg-type]


def test_a_class_with_other_slots_cannot_take_the_methods() -> None:
    class Other:
        __slots__ = ("_core", "_origin", "_pad", "_rules")

        def _resample(self) -> None:
            """Stands for HandState._resample."""

    with pytest.raises(TypeError, match="already installed"):
        _core.add_state_methods(Other, "world")

    class NotSlots:
        _core = None

    with pytest.raises(TypeError, match="slot"):
        _core.add_state_methods(NotSlots, "world")
    assert not tf.HandState.new(4).is_terminal()  # still installed as before
