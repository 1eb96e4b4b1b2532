"""Golden playthroughs (tests/data/playthroughs, scripts/make_playthroughs.py):
both backends replay each hand decision by decision and must reproduce
every line: decision, player, number of legal actions, score."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..playthrough import playthrough

FILES = sorted((Path(__file__).parents[1] / "data" / "playthroughs").glob("seed_*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough(game_backend, path):
    # R2, R5 to R8, R10: a whole hand, line by line.
    text = path.read_text()
    seed, policy = map(int, re.match(r"# tichu_fast playthrough \(seed (\d+), policy seed (\d+)\)", text).groups())
    assert playthrough(game_backend, seed, policy) == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays(game_backend, path):
    # The replay part of the file rebuilds the finished hand.
    lines = path.read_text().splitlines()
    replay = list(lines[1:4]) + [line.split(" | ", 1)[1] for line in lines if " | " in line]
    state = game_backend.HandState.from_replay("\n".join(replay))
    assert state.is_terminal()
    assert "returns {} {}".format(*state.returns()) == lines[-1]
