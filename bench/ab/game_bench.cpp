// Whole-hand and playout throughput of one build of the core (playouts of the
// random policy and of the heuristic), in thread CPU time, with a checksum of
// every result so that two builds (LTO, PGO, a change) can be shown to play the
// same hands: bench/ab/alternate.py runs two such binaries alternately. Also the training run of a PGO build
// (-DTICHU_PGO_PROFILE, docs/speed.md), and the floor of a Phoenix lead
// (`floor`: the same leads beside a copy of their moves, docs/speed.md).
//   game_bench [ROUNDS] [HANDS] [what: all|simulate|playout|lead|floor|train]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "bench_util.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/play/playout.hpp"
#include "tichu/play/simulate.hpp"

using namespace tichu;
using tichu::bench::cpu_now;
using tichu::bench::mix;
using tichu::bench::phoenix_hands;

namespace {

// Mid-hand positions: the random policy for `steps` decisions from a deal.
std::vector<HandState> mid_hands(int n) {
  std::vector<HandState> out;
  PolicyScratch scratch;
  for (int i = 0; out.size() < static_cast<std::size_t>(n); ++i) {
    const std::uint64_t seed = hand_seed(77, static_cast<std::uint64_t>(i));
    HandState s = HandState::from_deck(shuffled_deck(seed), Rules{});
    SplitMix64 rng(seed);
    const int steps = 20 + static_cast<int>(seed % 30);
    for (int k = 0; k < steps && !s.is_terminal(); ++k) s.apply(choose(s, Policy{}, rng, scratch));
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

struct Result {
  double seconds;
  std::uint64_t check;
};

Result simulate(int hands, std::uint64_t seed) {
  std::vector<HandRecord> rec(static_cast<std::size_t>(hands));
  const double t0 = cpu_now();
  simulate_hands(seed, 0, hands, Rules{}, rec.data());
  const double t = cpu_now() - t0;
  std::uint64_t h = 0;
  for (const HandRecord& r : rec) {
    std::uint64_t v = 0;
    std::memcpy(&v, &r, 8);
    h = mix(h, v);
  }
  return {t / hands, h};
}

Result playouts_from(const std::vector<HandState>& pos, int per, const Policy& policy = Policy{}) {
  PolicyScratch scratch;
  std::uint64_t h = 0;
  const double t0 = cpu_now();
  for (std::size_t i = 0; i < pos.size(); ++i) {
    for (int j = 0; j < per; ++j) {
      const PlayoutResult r = playout(pos[i], policy, hand_seed(i, static_cast<std::uint64_t>(j)), scratch);
      h = mix(h, static_cast<std::uint64_t>(static_cast<std::uint16_t>(r.returns[0])) << 8 | r.tricks);
    }
  }
  return {(cpu_now() - t0) / static_cast<double>(pos.size() * static_cast<std::size_t>(per)), h};
}

Result leads(const std::vector<Mask>& hands, int reps) {
  static std::array<Move, kMaxLegalMoves> buf;
  std::uint64_t h = 0;
  const double t0 = cpu_now();
  for (int r = 0; r < reps; ++r)
    for (Mask m : hands) {
      const int n = legal_moves(Situation{.hand = m}, buf.data());
      h = mix(h, static_cast<std::uint64_t>(n) ^ buf[static_cast<std::size_t>(n / 2)].cards);
    }
  return {(cpu_now() - t0) / (static_cast<double>(hands.size()) * reps), h};
}

// The output's share of a lead: each hand's legal leads, generated once
// beforehand, copied into the same buffer with the same checksum as leads().
// What no generator can go below: writing the moves, with nothing decided.
Result lead_copies(const std::vector<Mask>& hands, int reps) {
  std::vector<std::vector<Move>> moves;
  for (Mask m : hands) {
    std::array<Move, kMaxLegalMoves> lead{};
    const int n = legal_moves(Situation{.hand = m}, lead.data());
    moves.emplace_back(lead.begin(), lead.begin() + n);
  }
  static std::array<Move, kMaxLegalMoves> buf;
  std::uint64_t h = 0;
  const double t0 = cpu_now();
  for (int r = 0; r < reps; ++r)
    for (const std::vector<Move>& lead : moves) {
      const int n = static_cast<int>(lead.size());
      std::memcpy(static_cast<void*>(buf.data()), lead.data(), lead.size() * sizeof(Move));
      h = mix(h, static_cast<std::uint64_t>(n) ^ buf[static_cast<std::size_t>(n / 2)].cards);
    }
  return {(cpu_now() - t0) / (static_cast<double>(hands.size()) * reps), h};
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  const int hands = argc > 2 ? std::atoi(argv[2]) : 20000;
  const char* what = argc > 3 ? argv[3] : "all";
  const bool all = std::strcmp(what, "all") == 0;
  const auto pos = mid_hands(200);
  const auto ph = phoenix_hands(2000);
  if (std::strcmp(what, "train") == 0) {  // the PGO training run: every hot path once, briefly
    simulate(hands, 1);
    playouts_from(pos, 20);
    leads(ph, 5);
    std::vector<PlayoutResult> out(200);
    playouts(pos[0], 3, Policy{.kind = PolicyKind::Heuristic}, 1, out);
    return 0;
  }
  for (int r = 0; r < rounds; ++r) {
    if (all || std::strcmp(what, "simulate") == 0) {
      const Result s = simulate(hands, static_cast<std::uint64_t>(r));
      std::printf("simulate %.1f ns/hand %.0f hands/s check %016llx\n", s.seconds * 1e9, 1 / s.seconds,
                  static_cast<unsigned long long>(s.check));
    }
    if (all || std::strcmp(what, "playout") == 0) {
      const Result p = playouts_from(pos, hands / 200);
      std::printf("playout %.1f ns check %016llx\n", p.seconds * 1e9, static_cast<unsigned long long>(p.check));
      // The heuristic's playouts: about ten times the random policy's cost, so a tenth as many.
      const Result h = playouts_from(pos, std::max(1, hands / 2000), Policy{.kind = PolicyKind::Heuristic});
      std::printf("playout_heuristic %.1f ns check %016llx\n", h.seconds * 1e9,
                  static_cast<unsigned long long>(h.check));
    }
    const bool floor = std::strcmp(what, "floor") == 0;  // the lead, then its copy: the same checksum
    if (all || floor || std::strcmp(what, "lead") == 0) {
      const Result l = leads(ph, 10);
      std::printf("lead_phoenix %.1f ns check %016llx\n", l.seconds * 1e9, static_cast<unsigned long long>(l.check));
    }
    if (floor) {
      const Result c = lead_copies(ph, 10);
      std::printf("lead_copy %.1f ns check %016llx\n", c.seconds * 1e9, static_cast<unsigned long long>(c.check));
    }
    std::fflush(stdout);
  }
}
