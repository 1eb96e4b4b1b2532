"""Dealing: the SplitMix64 shuffle of docs/api.md ("Dealing"), shared by both backends."""

from __future__ import annotations

import operator

from .cards import CARD_NAMES, Cards

__all__ = ["SplitMix64", "deal", "hand_seed", "shuffled_deck"]

_MOD = 2**64
HAND_SIZE = 14  # R2.1


class SplitMix64:
    """The SplitMix64 generator, written out with explicit mod 2**64."""

    GAMMA = 0x9E3779B97F4A7C15  # added to the state by every next()

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + SplitMix64.GAMMA) % _MOD
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % _MOD
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % _MOD
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased draw from 0..n-1 (rejecting the short top range)."""
        threshold = (_MOD - n) % n
        while True:
            r = self.next()
            if r >= threshold:
                return r % n


def _check_seed(seed: object, what: str = "seed") -> int:
    """A seed (or another 64-bit count) as an int: TypeError for a bool or non-int, ValueError outside 0..2**64-1."""
    if isinstance(seed, bool):  # True is an int to Python, but never a seed here
        raise TypeError(f"{what} must be an int, not bool")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(seed).__name__}") from None
    if not 0 <= value < _MOD:
        shown = str(value) if value.bit_length() <= 128 else "a huge int"
        raise ValueError(f"{what} {shown} is outside 0 <= {what} < 2**64")
    return value


def hand_seed(seed: int, k: int) -> int:
    """The seed of hand k (0-based): the k-th output of SplitMix64(seed), i.e. next() called k + 1 times.

    `seed` and `k` are ints 0..2**64-1 (TypeError for a bool or a non-int, ValueError outside).
    """
    start = _check_seed(seed)
    steps = _check_seed(k, "k") + 1
    # next() adds the constant to the state each time, so the state after k + 1 calls is direct
    rng = SplitMix64((start + (steps - 1) * SplitMix64.GAMMA) % 2**64)
    return rng.next()


def _shuffled_indices(seed: int) -> list[int]:
    rng = SplitMix64(_check_seed(seed))
    deck = list(range(len(CARD_NAMES)))  # the card indices in bit order
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_deck(seed: int) -> list[str]:
    """The 56 card names in dealt order."""
    return [CARD_NAMES[card] for card in _shuffled_indices(seed)]


def deal(seed: int) -> tuple[Cards, Cards, Cards, Cards]:
    """The four hands: seat s gets deck[14s : 14s + 14] (R2.1)."""
    deck = _shuffled_indices(seed)
    hands = [Cards._of(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]) for seat in range(4)]
    return (hands[0], hands[1], hands[2], hands[3])
