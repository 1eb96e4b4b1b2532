// Calls one kind of the lead's generators (or the whole lead) over
// game_bench's 2,000 Phoenix hands, `reps` times, so that callgrind counts
// its instructions and simulated misses a lead (lead_kinds.sh). Includes
// movegen.cpp to reach its Generator; prints a checksum of the moves.
//   lead_kinds KIND REPS   (KIND: singles pairs trios fullhouses pairruns straights lead)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../src/game/movegen.cpp"  // found through -I cpp/include
#include "bench_util.hpp"
#include "tichu/game/rng.hpp"

namespace {

using namespace tichu;
using tichu::bench::mix;
using tichu::bench::phoenix_hands;

constexpr std::array<const char*, 7> kKinds = {"lead",       "singles",  "pairs",    "trios",
                                               "fullhouses", "pairruns", "straights"};

// One kind as generate_leads() calls it (kind: an index of kKinds).
template <int kind>
[[gnu::noinline]] int one_kind(Mask hand, Move* out) {
  if constexpr (kind == 0) {
    return legal_moves(Situation{.hand = hand}, out);
  } else {
    Generator g(hand, out);
    if constexpr (kind == 1) g.singles(0, kLedPhoenixRank2);
    if constexpr (kind == 2) g.same_rank(2, 0);
    if constexpr (kind == 3) g.same_rank(3, 0);
    if constexpr (kind == 4) g.full_houses(0);
    if constexpr (kind == 5) g.pair_runs(2, 7, 0);
    if constexpr (kind == 6) {
      g.straights(5, 14, 0);
      g.drop_straight_flushes(0);
    }
    return g.size();
  }
}

constexpr std::array<int (*)(Mask, Move*), 7> kCalls = {one_kind<0>, one_kind<1>, one_kind<2>, one_kind<3>,
                                                          one_kind<4>, one_kind<5>, one_kind<6>};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const auto hands = phoenix_hands(2000);
  const int reps = std::atoi(argv[2]);
  std::size_t kind = 0;
  while (kind < kKinds.size() && std::strcmp(kKinds[kind], argv[1]) != 0) ++kind;
  if (kind == kKinds.size()) return 2;
  int (*const call)(Mask, Move*) = kCalls[kind];
  static std::array<Move, kMaxLegalMoves> buf;
  std::uint64_t check = 0, moves = 0;
  for (int r = 0; r < reps; ++r)
    for (Mask m : hands) {
      const int n = call(m, buf.data());
      if (r > 0) continue;  // the first round only: the count is 3 rounds less 1
      moves += static_cast<std::uint64_t>(n);
      for (int i = 0; i < n; ++i) {
        const Move& move = buf[static_cast<std::size_t>(i)];
        check = mix(check, move.cards ^ move.phoenix_as);
      }
    }
  std::printf("%s moves/lead %.2f check %016llx\n", argv[1], static_cast<double>(moves) / 2000.0,
              static_cast<unsigned long long>(check));
}
