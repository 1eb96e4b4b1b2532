"""Helpers shared by the bad-input suites: an error with its message, a backend by name, states to start from."""

from __future__ import annotations

import importlib
import random

import pytest

import tichu_fast as tf

BACKENDS = ["cpp", "reference"]
MODULES = {"cpp": "tichu_fast", "reference": "tichu_fast.reference"}


def load(name: str):
    """The backend module named in BACKENDS."""
    return importlib.import_module(MODULES[name])


def check(exc, fn, *mentions):
    """fn() raises exc; its message (lower-cased) contains at least one of `mentions`."""
    with pytest.raises(exc) as info:
        fn()
    if mentions:
        msg = str(info.value).lower()
        assert any(m.lower() in msg for m in mentions), f"message {str(info.value)!r} names none of {mentions}"
    return info.value


def mid_hand(backend, seed=3, steps=40):
    """A state of `backend` after up to `steps` random legal actions of seed `seed`."""
    state = backend.HandState.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


def play_state(seed: int = 3):
    """A C++ state at its first PLAY decision."""
    state = tf.HandState.new(seed)
    while state.decision != tf.Decision.PLAY:
        state.apply_index(0)
    return state
