// The exact solver for open hands (docs/solver.md): the minimax value of a
// position in play with every hand visible. Team 0 (seats 0 and 2)
// maximises its hand return minus team 1's (HandState::returns), team 1
// minimises; every decision of the play is its seat's choice (moves and
// passes, out-of-turn bomb offers, the wish, the Dragon gift, a Tichu call).
#pragma once

#include <cstdint>
#include <vector>

#include "tichu/game/action.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

// When the search stops early. A stopped search is never reported exact:
// it gives the bounds it proved. The line is searched after the proof, with
// max_nodes of its own and the proof's deadline: it may stop short of the
// end of the hand (SolveResult::line_complete).
struct SolveLimits {
  std::int64_t max_nodes = -1;  // -1: no limit; per thread
  double max_seconds = -1.0;    // -1: no limit; one deadline for every thread, from the start of the solve
  bool line = true;             // also find a principal line
  bool fresh_table = false;     // forget what earlier solves of this thread proved (for timing)
  int threads = 1;              // threads searching the position together (same values for any count)
  bool reduce = true;           // equivalent cards: false searches every card apart (to test the reduction)
};

// One legal action of the seat in turn and its value, proved to lie in
// [lower, upper] (exact when they are equal).
struct ActionValue {
  Action action{};
  int lower = 0;
  int upper = 0;
};

struct SolveResult {
  bool exact = false;
  int lower = 0;  // the root value (team 0's return minus team 1's) lies in [lower, upper]
  int upper = 0;
  int best = -1;  // the index in `actions` of the best action (the first of equal ones)
  std::vector<ActionValue> actions;  // every legal action, in legal_actions order
  std::vector<Action> line;          // the principal line from the root (when exact)
  bool line_complete = false;        // the line reaches the end of the hand (false: the budget cut it short)
  std::int64_t nodes = 0;            // positions searched
  std::int64_t tt_probes = 0;        // transposition table look-ups
  std::int64_t tt_hits = 0;          // look-ups that found the position
};

// Whether `s` is a position the solver takes: a hand in play (not before
// it, not over). Throws std::invalid_argument otherwise.
void check_solvable(const HandState& s);

// Solves `s` exactly, or within `limits`. Each thread keeps its own
// transposition table between calls (facts about positions, valid for any
// later solve), so repeated solves of related positions are cheaper.
SolveResult solve(const HandState& s, const SolveLimits& limits);

}  // namespace tichu
