// The exact solver on bench/solver_curve.py's positions, in thread CPU
// time, with a checksum of every value so that two builds can be shown to
// solve alike (docs/notes/2026-12-02-solver-node-cost.md). The positions
// come on stdin as `python bench/solver_curve.py --cards 20 --positions 16
// --dump` writes them: cards left, the deal's seed, the actions' texts
// joined by '|'.
//   g++ -std=c++20 -O3 -DNDEBUG -Icpp/include bench/ab/solver_bench.cpp
//       cpp/src/game/*.cpp cpp/src/play/*.cpp -o solver_bench
//   solver_bench [MAX_NODES] [ROUNDS] < positions.txt
// Each position is solved with a fresh table (as the bench does) and a
// node cap (default 2 million); prints per round "nodes N solved S cpu_s T
// ns_per_node X checksum C"; SOLVER_BENCH_EACH=1 also prints each
// position's nodes and CPU ms. Run it under valgrind --tool=callgrind for
// the instructions (one round).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "tichu/game/action.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/state.hpp"
#include "tichu/play/solver.hpp"

namespace {

// One line of --dump: the deal and the actions that lead to the position.
tichu::HandState read_position(const std::string& line) {
  std::istringstream in(line);
  int cards = 0;
  std::uint64_t seed = 0;
  in >> cards >> seed;
  std::string actions;
  std::getline(in >> std::ws, actions);
  auto s = tichu::HandState::from_deck(tichu::shuffled_deck(seed), tichu::Rules{});
  for (std::size_t p = 0; p < actions.size();) {
    std::size_t q = actions.find('|', p);
    if (q == std::string::npos) q = actions.size();
    s.apply(tichu::parse_action(actions.substr(p, q - p), s.decision()));
    p = q + 1;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const long long cap = argc > 1 ? std::atoll(argv[1]) : 2000000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 1;
  const bool each = std::getenv("SOLVER_BENCH_EACH") != nullptr;
  std::vector<tichu::HandState> positions;
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty()) positions.push_back(read_position(line));
  }
  if (positions.empty()) {
    std::fprintf(stderr, "no positions on stdin (bench/solver_curve.py --dump)\n");
    return 1;
  }
  tichu::SolveLimits limits;
  limits.max_nodes = cap;
  limits.line = false;
  limits.fresh_table = true;
  (void)tichu::solve(positions[0], limits);  // the thread's table is allocated and cleared once: not timed
  for (int r = 0; r < rounds; ++r) {
    long long nodes = 0;
    int solved = 0;
    std::uint64_t check = 0;
    double spent = 0;
    for (const auto& s : positions) {
      const double start = tichu::bench::cpu_now();
      const auto result = tichu::solve(s, limits);
      const double t = tichu::bench::cpu_now() - start;
      spent += t;
      nodes += result.nodes;
      solved += result.exact ? 1 : 0;
      check = tichu::bench::mix(check, static_cast<std::uint64_t>(result.exact ? result.lower + 100000 : 0));
      if (each) std::printf("%lld nodes %.3f ms\n", static_cast<long long>(result.nodes), t * 1e3);
    }
    std::printf("nodes %lld solved %d cpu_s %.4f ns_per_node %.1f checksum %llx\n", nodes, solved, spent,
                spent * 1e9 / static_cast<double>(nodes), static_cast<unsigned long long>(check));
  }
  return 0;
}
