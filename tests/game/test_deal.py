"""deal / shuffled_deck (docs/api.md "Dealing"; R1.1, R1.2, R2.1)."""

from __future__ import annotations

import pytest

MASK64 = (1 << 64) - 1
SEEDS = [0, 1, 2, 42, 12345, 2**32 + 7, 2**63, 2**64 - 1]


def spec_shuffle(seed):
    """The shuffle of docs/api.md written out independently: a permutation of 0..55."""
    state = seed

    def nxt():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(n):
        t = ((1 << 64) - n) % n
        while True:
            r = nxt()
            if r >= t:
                return r % n

    deck = list(range(56))
    for i in range(55, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_splitmix_reference_values():
    # sanity of the test's own SplitMix64: the well-known first output for seed 0
    state = 0x9E3779B97F4A7C15
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    assert z ^ (z >> 31) == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("seed", SEEDS)
def test_four_disjoint_hands_of_14(backend, seed):
    # R1.2 / R2.1: four seats, 14 cards each, disjoint, covering the 56-card deck (R1.1)
    hands = backend.deal(seed)
    assert isinstance(hands, tuple)
    assert len(hands) == 4
    assert all(isinstance(h, backend.Cards) for h in hands)
    assert [len(h) for h in hands] == [14, 14, 14, 14]
    union = backend.Cards()
    for i, h in enumerate(hands):
        for other in hands[i + 1 :]:
            assert h.isdisjoint(other)
        union = union | h
    assert union == backend.DECK


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffled_deck_is_permutation(backend, seed):
    # R1.1: the shuffled deck holds each of the 56 cards once, by canonical name
    deck = backend.shuffled_deck(seed)
    assert isinstance(deck, list)
    assert len(deck) == 56
    assert sorted(deck) == sorted(backend.CARD_NAMES)


@pytest.mark.parametrize("seed", SEEDS)
def test_deal_matches_shuffled_deck(backend, seed):
    # docs: seat s gets deck[14s : 14s+14]
    deck = backend.shuffled_deck(seed)
    hands = backend.deal(seed)
    for s in range(4):
        assert hands[s] == backend.Cards(deck[14 * s : 14 * s + 14])


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_follows_the_documented_algorithm(backend, seed):
    # docs: SplitMix64 + Fisher-Yates exactly as written (identical in both backends)
    expected = [backend.CARD_NAMES[i] for i in spec_shuffle(seed)]
    assert backend.shuffled_deck(seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_reproducible(backend, seed):
    # same seed, same deal
    assert backend.shuffled_deck(seed) == backend.shuffled_deck(seed)
    assert [h.mask for h in backend.deal(seed)] == [h.mask for h in backend.deal(seed)]


def test_seeds_differ(backend):
    # different seeds give different deals
    decks = {tuple(backend.shuffled_deck(s)) for s in range(20)}
    assert len(decks) == 20


@pytest.mark.parametrize("seed", SEEDS + list(range(3, 20)))
def test_backends_agree(both_backends, seed):
    # docs: the shuffle is identical in both backends
    cpp, ref = both_backends
    assert cpp.shuffled_deck(seed) == ref.shuffled_deck(seed)
    assert [h.mask for h in cpp.deal(seed)] == [h.mask for h in ref.deal(seed)]


@pytest.mark.parametrize("seed", [-1, -(2**63), 2**64, 2**64 + 5, 2**80])
def test_seed_out_of_range(backend, seed):
    # docs: 0 <= seed < 2**64, else ValueError
    with pytest.raises(ValueError):
        backend.deal(seed)
    with pytest.raises(ValueError):
        backend.shuffled_deck(seed)


@pytest.mark.parametrize("seed", [1.5, "3", None])
def test_seed_wrong_type(backend, seed):
    # docs: a wrong type raises TypeError
    with pytest.raises(TypeError):
        backend.deal(seed)
    with pytest.raises(TypeError):
        backend.shuffled_deck(seed)
