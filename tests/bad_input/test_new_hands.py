"""Bad input where a hand begins: seeds and hand_seed, from_deal, from_position, the core's from_deck and
its rules, on both backends; each case with the input that once misbehaved."""

from __future__ import annotations

import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.errors import InvalidNotationError
from tichu_fast.reference.deal import SplitMix64
from tichu_fast.rules import Rules

from .helpers import BACKENDS, load


def dealt_names(tf, seed: int = 1) -> list[list[str]]:
    deck = tf.shuffled_deck(seed)
    return [deck[14 * seat : 14 * seat + 14] for seat in range(4)]


def _hand_seed(backend):
    return backend.hand_seed


_FULL = tf.DECK


def _names(n, start=0):
    return list(_FULL)[start : start + n]


def _deal_with(backend, bad: str, replacing: str) -> list[list[str]]:
    names = list(backend.Cards(0xFFFFFFFFFFFFFF))
    hands = [names[14 * seat : 14 * seat + 14] for seat in range(4)]
    hands[0] = [bad if name == replacing else name for name in hands[0]]
    return hands


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), (1.0, TypeError), (-1, ValueError), (2**64, ValueError)]
)
def test_hand_seeds(name, seed, error):
    # R2.1: a seed is an int 0..2**64-1.
    tf = load(name)
    with pytest.raises(error):
        tf.HandState.new(seed)


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), ("7", TypeError), (-1, ValueError), (2**64, ValueError)]
)
def test_match_seeds(name, seed, error):
    # R9.1: the match's seed is checked like a hand's.
    tf = load(name)
    with pytest.raises(error):
        tf.Match.new(seed)


@pytest.mark.parametrize("name", BACKENDS)
def test_hand_seed_is_exported_and_checked(name):
    # R9.1 (docs/game.md "Match"): hand k is dealt from the k-th SplitMix64 output.
    tf = load(name)
    rng = SplitMix64(2026)
    assert [tf.hand_seed(2026, k) for k in range(6)] == [rng.next() for _ in range(6)]
    assert tf.hand_seed(2**64 - 1, 2**64 - 1) == SplitMix64((2**64 - 1) * (1 + SplitMix64.GAMMA) % 2**64).next()
    for seed, k, error in [(True, 0, TypeError), (0, True, TypeError), (0, 1.5, TypeError), (0, -1, ValueError)]:
        with pytest.raises(error):
            tf.hand_seed(seed, k)
    with pytest.raises(ValueError):
        tf.hand_seed(0, 2**64)


def test_hand_seed_arguments(backend):
    hand_seed = _hand_seed(backend)
    assert hand_seed(7, 0) == tf.hand_seed(7, 0)
    for seed in (-1, 2**64):
        with pytest.raises(ValueError):
            hand_seed(seed, 0)
    with pytest.raises(TypeError):
        hand_seed(True, 0)
    with pytest.raises(TypeError):
        hand_seed(1.0, 0)
    with pytest.raises(ValueError):
        hand_seed(1, -1)


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


@pytest.mark.parametrize("name", BACKENDS)
def test_from_deal_refuses_empty_card_names(name):
    # R2.1: a deal names 14 cards per seat; an empty name is bad notation, not a missing key.
    tf = load(name)
    names = dealt_names(tf)
    with pytest.raises(tf.InvalidNotationError):
        tf.HandState.from_deal([["", *names[0][1:]], *names[1:]])
    doubled_comma = ",".join(names[0][:5]) + ",," + ",".join(names[0][5:])
    with pytest.raises(tf.InvalidNotationError):
        tf.HandState.from_deal([doubled_comma, *names[1:]])
    assert tf.HandState.from_deal([", ".join(n) for n in names]).hands == tf.HandState.from_deal(names).hands


@pytest.mark.parametrize("name", BACKENDS)
def test_from_deal_refuses_card_sets(name):
    # R2.1: which 8 cards a seat sees first depends on the deal order, which a set lacks.
    tf = load(name)
    names = dealt_names(tf)
    with pytest.raises(TypeError, match="order"):
        tf.HandState.from_deal([tf.Cards(names[0]), *names[1:]])
    with pytest.raises(TypeError):
        tf.HandState.from_deal([set(names[0]), *names[1:]])


def test_from_deal_refuses_cards_and_empty_names(backend):
    hands = [" ".join(h) for h in backend.deal(1)]
    with pytest.raises(TypeError):
        backend.HandState.from_deal([backend.Cards(hands[0]), *hands[1:]])
    with pytest.raises(InvalidNotationError):
        backend.HandState.from_deal([hands[0].replace(" ", ",", 1).replace(",", ",,", 1), *hands[1:]])
    listed = [h.split() for h in hands]
    with pytest.raises(InvalidNotationError):
        backend.HandState.from_deal([[*listed[0][:13], ""], *listed[1:]])


def test_direct_construction_is_refused(backend):
    with pytest.raises(TypeError):
        backend.HandState()


@pytest.mark.parametrize(
    ("hands", "out_order"),
    [
        ([_names(16), _names(3, 20), _names(3, 30), _names(3, 40)], ()),  # more than 14 cards
        ([_names(52), [], [], _names(4, 52)], (1, 2)),  # 52 cards, and a finished position
        ([_names(3), _names(3, 10), _names(3, 20), _names(3, 30)], (0, 1)),  # out seats still hold cards
        ([_names(3), [], _names(3, 20), _names(3, 30)], (1, 1)),  # a repeated seat
        ([_names(3), [], _names(3, 20), []], (1, 3)),  # R8.1: partners out first
        ([_names(3), [], [], []], (1, 2, 3)),  # R8.1: one seat holds cards
        ([_names(3), _names(3), _names(3, 20), _names(3, 30)], ()),  # shared cards
    ],
)
def test_impossible_positions_raise_value_error(backend, hands, out_order):
    with pytest.raises(ValueError):
        backend.HandState.from_position(hands, 0, out_order=out_order)


def test_core_from_position_refuses_what_once_crashed():
    # The C++ entry itself, without hand.py's conversion: ValueError, never a crash.
    rules = Rules()
    big = (1 << 16) - 1 << 4
    for hands, out in [
        ([big, 0b10000 << 40, 0, 0], []),
        ([(1 << 52) - 1 << 4, 0, 0, 0b1111], [1, 2]),
        ([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0, 1]),
        ([1 << 4, 0, 1 << 6, 1 << 7], [1, 1]),
        ([1 << 4, 0, 1 << 6, 1 << 7], [1, 2, 3, 0, 1]),
    ]:
        with pytest.raises(ValueError):
            _core.HandCore.from_position(hands, [0] * 4, out, [0] * 4, 0, 0, 15, rules)
    with pytest.raises(ValueError):  # a wish outside 0 and 2..14
        _core.HandCore.from_position([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [0] * 4, 0, 1, 15, rules)
    with pytest.raises(ValueError):  # a call outside 0..2
        _core.HandCore.from_position([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [3, 0, 0, 0], 0, 0, 15, rules)
    with pytest.raises(ValueError):  # bits outside the deck
        _core.HandCore.from_position([1 << 60, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [0] * 4, 0, 0, 15, rules)


@pytest.mark.parametrize("target", [0, -1, 1_000_001, 2**64])
def test_core_refuses_targets_outside_range(target):
    # R9.1: the target is 1..1_000_000 on the C++ side whatever the dataclass lets through.
    rules = object.__new__(Rules)
    object.__setattr__(rules, "bombs_out_of_turn", True)
    object.__setattr__(rules, "target", target)
    with pytest.raises(ValueError):
        _core.HandCore.from_deck(list(range(56)), rules)


def test_core_rules_types():
    rules = object.__new__(Rules)
    object.__setattr__(rules, "bombs_out_of_turn", 1)
    object.__setattr__(rules, "target", 1000)
    with pytest.raises(TypeError):
        _core.HandCore.from_deck(list(range(56)), rules)
    with pytest.raises(TypeError):
        _core.HandCore.from_deck(list(range(56)), None)


@pytest.mark.parametrize(
    ("deck", "why"),
    [
        ([0, 0, *range(2, 56)], "56 cards once each"),  # a card twice, another missing
        ([*range(55), 54], "56 cards once each"),  # the last card twice
        ([*range(55), 56], "0..55"),  # a card past the deck (the binding's check)
    ],
)
def test_core_refuses_a_deck_without_each_card_once(deck, why):
    # R1.1: 56 cards, each dealt once; the core's check is one union, not a test per card.
    with pytest.raises(ValueError, match=why):
        _core.HandCore.from_deck(deck, Rules())


@pytest.mark.parametrize("rules", [{}, "full", 1])
def test_rules_are_refused_the_same_way_everywhere(rules):
    for call in (
        lambda: tf.HandState.new(1, rules),
        lambda: tf.Match.new(1, rules),
        lambda: tf.simulate(2, rules=rules),
    ):
        with pytest.raises(TypeError, match=r"rules must be a tichu_fast\.Rules"):
            call()
