"""Shared fixtures: every test taking ``backend`` runs on both implementations."""

from __future__ import annotations

import importlib
import os

import pytest

BACKENDS = {"cpp": "tichu_fast", "reference": "tichu_fast.reference"}


@pytest.fixture(params=list(BACKENDS), ids=list(BACKENDS))
def backend(request):
    """The backend module under test: ``tichu_fast`` (C++) or ``tichu_fast.reference``."""
    return importlib.import_module(BACKENDS[request.param])


@pytest.fixture(params=list(BACKENDS), ids=list(BACKENDS))
def game_backend(request):
    """The backend module under test for the game API (HandState, Match, ...).

    Parametrised like ``backend``. The C++ game state machine lands after the pure-Python
    one: while ``tichu_fast`` has no ``HandState`` yet, the "cpp" case is skipped (not
    failed). The reference backend is never skipped.
    """
    module = importlib.import_module(BACKENDS[request.param])
    if request.param == "cpp" and not hasattr(module, "HandState"):
        pytest.skip("the C++ game API (tichu_fast.HandState) has not landed yet")
    return module


@pytest.fixture
def both_backends():
    """Both modules at once, for cross-backend agreement tests."""
    return tuple(importlib.import_module(name) for name in BACKENDS.values())


# Hypothesis profiles: "ci" (the default) keeps the differential tests to a
# couple of minutes; "long" is for local runs before a release:
#     HYPOTHESIS_PROFILE=long python -m pytest tests/test_differential.py
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=50_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Under the sanitizers everything runs several times slower (scripts/sanitize.sh).
settings.register_profile("sanitize", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
