"""Write tests/data/golden_counts.txt: legal-move counts of seeded situations.

Like chess perft files: a fixed list of situations with the number of legal
moves in each, which every backend must reproduce (tests/game/test_golden.py).
The counts are taken from the reference backend and were checked against
the C++ core when written; rerun only when docs/rules.md changes.

    python scripts/make_golden.py
"""

from __future__ import annotations

from pathlib import Path

from tichu_fast import reference as ref

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden_counts.txt"

# Tables of every kind, each with a few wishes and both kinds of turn.
TABLES = [
    None,
    "MJ",
    "7j",
    "At",
    "Ph:9.5",
    "Dr",
    "Dog",
    "3j 3s",
    "Qj Qs",
    "8j 8s 8p",
    "4j 4s 4p 2j 2s",
    "Jj Js Jp 3j 3s",
    "5j 5s 6j 6s",
    "9j 9s 10j 10s Jj Js",
    "MJ 2j 3s 4p 5t",
    "6j 7s 8p 9t 10j",
    "9j 10s Jp Qt Kj",
    "2j 3s 4p 5t 6j 7s 8p",
    "7j 7s 7p 7t",
    "2s 3s 4s 5s 6s",
]


def main() -> None:
    lines = ["# hand | table | wish | out_of_turn | legal moves   (hands dealt by deal(0..39))"]
    for seed in range(40):
        hands = ref.deal(seed)
        for seat in (0, 1, 2, 3):
            hand = hands[seat]
            for i, text in enumerate(TABLES):
                if (seed + seat + i) % 5:  # a spread of situations, not all of them
                    continue
                table = None if text is None else ref.Move(text)
                if table is not None and not hand.isdisjoint(table.cards):
                    continue
                for wish in (None, 2 + (seed * 7 + seat) % 13):
                    for out_of_turn in (False, True) if table is not None else (False,):
                        n = ref.count_legal_moves(hand, table, wish, out_of_turn)
                        lines.append(f"{hand} | {table or '-'} | {wish or '-'} | {int(out_of_turn)} | {n}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines) - 1} situations to {OUT}")


if __name__ == "__main__":
    main()
