"""Bad input to the command line: arguments refused before any deal is played."""

from __future__ import annotations

import pytest

from tichu_fast import cli


@pytest.mark.parametrize("spec", ["ismcts:budget=99999999999", "mc:budget=99999999999"])
def test_the_arena_command_refuses_a_budget_outside_its_range_before_playing(spec, capsys):
    # review: the arena CLI took ismcts:budget=99999999999 and searched 0 iterations
    assert cli.main(["arena", "--team-a", spec, "--team-b", "random", "--deals", "1"]) == 2
    assert "at most 86400 seconds" in capsys.readouterr().err
