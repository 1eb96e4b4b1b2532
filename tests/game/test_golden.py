"""Perft-style regression data: legal-move counts of 1168 fixed situations
(tests/data/golden_counts.txt, written by scripts/make_golden.py), which
both backends must reproduce exactly, and the outside check of
tests/data/peer_card_sets.json (tests/data/README.md says what it is)."""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).parents[1] / "data" / "golden_counts.txt"
PEER = Path(__file__).parents[1] / "data" / "peer_card_sets.json"


def golden_situations():
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#"):
            continue
        hand, table, wish, out_of_turn, count = (part.strip() for part in line.split("|"))
        yield hand, None if table == "-" else table, None if wish == "-" else int(wish), out_of_turn == "1", int(count)


def test_golden_counts(backend):
    # R3 to R6: every count, leading and responding, wishes, out of turn.
    situations = list(golden_situations())
    assert len(situations) == 1168
    wrong = []
    for hand, table, wish, out_of_turn, count in situations:
        got = backend.count_legal_moves(hand, table, wish, out_of_turn)
        listed = len(backend.legal_moves(hand, table, wish, out_of_turn))
        if got != count or listed != count:
            wrong.append((hand, table, wish, out_of_turn, count, got, listed))
    assert wrong == []


def test_peer_card_sets(backend):
    # R3 to R5: the legal card sets of 4000 situations on which two existing
    # engines agree (tests/data/README.md). They list card sets only, once
    # each, so several readings of one set (R3.5) collapse to one.
    cases = json.loads(PEER.read_text())
    assert len(cases) == 1000
    wrong = []
    for case in cases:
        hand = backend.Cards(case["hand"])
        for key in ("lead", "single", "pair", "straight"):
            situation = case[key]
            table = None if situation["table"] is None else backend.Move(situation["table"])
            got = {"pass" if m.is_pass else str(m.cards) for m in backend.legal_moves(hand, table)}
            expected = {"pass" if p == "pass" else str(backend.Cards(p)) for p in situation["plays"]}
            if got != expected:
                wrong.append((case["hand"], key, sorted(expected - got), sorted(got - expected)))
    assert wrong == []
