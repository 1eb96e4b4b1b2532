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
    """The backend module under test for the game API (HandState, Match, ...); the same as ``backend``."""
    return importlib.import_module(BACKENDS[request.param])


@pytest.fixture
def both_backends():
    """Both modules at once, for cross-backend agreement tests."""
    return tuple(importlib.import_module(name) for name in BACKENDS.values())


# Hypothesis profiles, chosen with HYPOTHESIS_PROFILE:
#   default   the plain run: 2500 examples per test, a couple of minutes for the differential tests
#   ci        the same examples, and a failure prints the blob that reproduces it (@reproduce_failure)
#   long      before a release: HYPOTHESIS_PROFILE=long python -m pytest tests/game/test_differential.py
#   sanitize  under ASan and UBSan everything runs several times slower (scripts/sanitize.sh)
# Every profile drops the deadline: a shared 2-core machine makes single examples slow at random.
from hypothesis import HealthCheck, settings  # noqa: E402

PROFILE_EXAMPLES = {"default": 2500, "ci": 2500, "long": 50_000, "sanitize": 300}
for name, examples in PROFILE_EXAMPLES.items():
    settings.register_profile(
        name,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=name == "ci",
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
