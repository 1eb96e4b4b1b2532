// Calls legal_moves over 2,000 seeded hands of one situation, `reps` times,
// so that callgrind counts the instructions of one call (answer_count.sh).
//   answer_count SITUATION REPS
// SITUATION: single, pair, straight, fullhouse (the tables of
// bench/situations.py), dragon (a single only bombs beat), passonly (hands
// that can only pass the straight), outofturn (an out-of-turn bomb check
// on the pair), wish (the single, a Queen wished, hands holding one), lead.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "tichu/game/movegen.hpp"

namespace {

using tichu::Mask;
using tichu::Move;
using tichu::MoveType;

std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// 14 cards drawn from the deck minus `avoid`.
Mask deal(std::uint64_t& seed, Mask avoid) {
  Mask hand = 0;
  for (int n = 0; n < 14;) {
    const Mask bit = Mask{1} << (splitmix(seed) % 56);
    if ((hand | avoid) & bit) continue;
    hand |= bit;
    ++n;
  }
  return hand;
}

Mask card(int rank, int suit) { return Mask{1} << (4 * (rank - 1) + suit); }

Move make(Mask cards, MoveType type, int length, int rank2) {
  return Move{.cards = cards,
              .type = type,
              .length = static_cast<std::uint8_t>(length),
              .rank2 = static_cast<std::uint8_t>(rank2),
              .phoenix_as = 0};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const char* which = argv[1];
  const int reps = std::atoi(argv[2]);
  const Move single = make(card(9, 0), MoveType::Single, 1, 18);
  const Move pair = make(card(7, 0) | card(7, 1), MoveType::Pair, 2, 14);
  const Move straight =
      make(card(4, 0) | card(5, 1) | card(6, 1) | card(7, 1) | card(8, 1), MoveType::Straight, 5, 16);
  const Move full_house =
      make(card(6, 0) | card(6, 1) | card(6, 2) | card(3, 0) | card(3, 1), MoveType::FullHouse, 5, 12);
  const Move dragon = make(tichu::kDragon, MoveType::Single, 1, tichu::kDragonRank2);
  tichu::Situation s;
  bool pass_only = false;
  if (std::strcmp(which, "single") == 0) s.table = &single;
  if (std::strcmp(which, "pair") == 0) s.table = &pair;
  if (std::strcmp(which, "straight") == 0) s.table = &straight;
  if (std::strcmp(which, "fullhouse") == 0) s.table = &full_house;
  if (std::strcmp(which, "dragon") == 0) s.table = &dragon;
  if (std::strcmp(which, "passonly") == 0) {
    s.table = &straight;
    pass_only = true;
  }
  if (std::strcmp(which, "outofturn") == 0) {
    s.table = &pair;
    s.out_of_turn = true;
  }
  if (std::strcmp(which, "wish") == 0) {
    s.table = &single;
    s.wish = 12;
  }
  if (s.table == nullptr && std::strcmp(which, "lead") != 0) {
    std::fprintf(stderr, "answer_count: unknown situation '%s'\n", which);
    return 2;
  }
  std::uint64_t seed = 2026;
  std::vector<Mask> hands;
  static std::array<Move, tichu::kMaxLegalMoves> out;
  while (hands.size() < 2000) {
    tichu::Situation t = s;
    t.hand = deal(seed, s.table != nullptr ? s.table->cards : 0);
    if (pass_only && tichu::legal_moves(t, out.data()) != 1) continue;
    if (s.wish != 0 && (t.hand & tichu::rank_cards(s.wish)) == 0) continue;
    hands.push_back(t.hand);
  }
  long total = 0;
  for (int r = 0; r < reps; ++r) {
    for (const Mask h : hands) {
      s.hand = h;
      total += tichu::legal_moves(s, out.data());
    }
  }
  std::printf("%s: %.2f moves a call\n", which, static_cast<double>(total) / (reps * 2000.0));
  return 0;
}
