"""Regressions for the outside review's findings (issue 14): bad card names, shared VecHands, the arena's errors."""

from __future__ import annotations

import pytest


def _deal_with(backend, bad: str, replacing: str) -> list[list[str]]:
    names = list(backend.Cards(0xFFFFFFFFFFFFFF))
    hands = [names[14 * seat : 14 * seat + 14] for seat in range(4)]
    hands[0] = [bad if name == replacing else name for name in hands[0]]
    return hands


@pytest.mark.parametrize("bad", ["2j 3s", " 2j", "2j\n", "2j,", "xx", "10 j"])
def test_from_deal_names_an_unknown_card(game_backend, bad):
    # R2.1: a deal is 14 card names per seat; a name that is not one card is refused, naming it.
    with pytest.raises(game_backend.InvalidNotationError, match="unknown card") as info:
        game_backend.HandState.from_deal(_deal_with(game_backend, bad, "2j"))
    assert repr(bad)[1:-1] in str(info.value)


@pytest.mark.parametrize(("alias", "card"), [("2J", "2j"), ("10J", "10j"), ("tj", "10j"), ("mj", "MJ")])
def test_from_deal_names_a_card_dealt_twice(game_backend, alias, card):
    # R2.1: every card is dealt once; an alias of a card already dealt names that card.
    hands = _deal_with(game_backend, alias, "3s" if card != "3s" else "4s")
    with pytest.raises(ValueError, match=f"card '{card}' is dealt twice"):
        game_backend.HandState.from_deal(hands)


@pytest.mark.parametrize(("alias", "card"), [("2J", "2j"), ("4S", "4s"), ("mj", "MJ")])
def test_from_deal_accepts_a_card_alias(game_backend, alias, card):
    # R2.1: a name is case-insensitive, with its aliases, as everywhere else.
    state = game_backend.HandState.from_deal(_deal_with(game_backend, alias, card))
    assert card in state.hands[0]


def test_vec_hands_shared_by_two_threads_takes_turns():
    # docs/rl.md: two threads stepping one VecHands take turns; every call sees one consistent set of arrays.
    import sys
    import threading

    import numpy as np

    from tichu_fast import VecHands

    vec = VecHands(64, seed=5, opponents={1: "random", 3: "random"}, dense_mask=False)
    errors: list[BaseException] = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def run(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(150):
                vec.step(vec.random_legal_ids(rng))
        except BaseException as error:
            errors.append(error)

    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []
    # The arrays agree with each other after the last step.
    assert vec.legal_offsets[-1] == len(vec.legal_ids) == vec.legal_counts.sum()
    vec.step(vec.random_legal_ids(np.random.default_rng(9)))


def test_vec_hands_step_takes_read_only_ids():
    # VecHands.step only reads the ids: a read-only array (e.g. another VecHands' view) is accepted.
    import numpy as np

    from tichu_fast import VecHands

    vec = VecHands(4, seed=1, dense_mask=False)
    ids = np.ascontiguousarray(vec.random_legal_ids(np.random.default_rng(0)), dtype=np.int64)
    ids.flags.writeable = False
    vec.step(ids)
    ids32 = vec.random_legal_ids(np.random.default_rng(1))
    ids32.flags.writeable = False
    vec.step(ids32)
