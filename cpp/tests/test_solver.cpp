// The open-hand solver (solver.hpp) on hand-checked positions: the Dragon
// gift to the tailender, a Tichu call before the first play, the wish; a
// node limit that gives bounds around the exact value, never a wrong exact;
// a time limit that stops every thread at once.
//
//     test_solver

#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/play/policy.hpp"
#include "tichu/play/solver.hpp"

namespace {

using tichu::Action;
using tichu::HandState;
using tichu_test::expect;
using tichu_test::expect_eq;

HandState position(const char* h0, const char* h1, const char* h2, const char* h3, int leader,
                   std::uint8_t played = 0xF, std::array<std::int8_t, 4> out = {-1, -1, -1, -1}) {
  HandState::Position p;
  p.hands = {tichu::parse_cards(h0), tichu::parse_cards(h1), tichu::parse_cards(h2), tichu::parse_cards(h3)};
  p.leader = leader;
  p.played = played;
  p.out_order = out;
  return HandState::from_position(p, tichu::Rules{});
}

void apply(HandState& s, const char* text) { s.apply(tichu::parse_action(text, s.decision())); }

int value_of(const tichu::SolveResult& r, const char* text) {
  for (const auto& a : r.actions) {
    if (tichu::format_action(a.action) == text) return a.lower;
  }
  return -99999;
}

std::string best_text(const tichu::SolveResult& r) {
  return r.best < 0 ? "" : tichu::format_action(r.actions[static_cast<std::size_t>(r.best)].action);
}

void dragon_gift() {  // R5.5, R8.4: seat 1 ends last, so his pile goes to seat 2's team (first out)
  HandState s = position("Dr", "2j", "", "", 0, 0xF, {2, 3, -1, -1});
  apply(s, "Dr");
  const auto r = tichu::solve(s, {});
  expect(r.exact, [] { return std::string("the gift is solved exactly"); });
  expect_eq(value_of(r, "give 1"), 25, [] { return std::string("give 1"); });
  expect_eq(value_of(r, "give 3"), -25, [] { return std::string("give 3"); });
  expect(best_text(r) == "give 1", [&] { return "best " + best_text(r); });
}

void tichu_call() {  // R7.2, R8.3: seat 0 calls, goes out first, and seat 2 follows for the one-two
  HandState s = position("Aj", "2j 3s", "4j", "5j", 0, 0b1110);
  const auto r = tichu::solve(s, {});
  expect_eq(r.lower, 300, [] { return std::string("value"); });
  expect_eq(r.upper, 300, [] { return std::string("value"); });
  expect_eq(value_of(r, "Aj"), 200, [] { return std::string("Aj"); });
  expect(best_text(r) == "tichu", [&] { return "best " + best_text(r); });
  expect_eq(static_cast<long long>(r.line.size()), 7, [] { return std::string("the line"); });
}

void wish() {  // R6.1, R6.3: a wish for 10 makes seat 3 spend his 10 on the Mah Jong
  HandState s = position("MJ 3j", "9j 5j", "Aj", "10p", 0);
  apply(s, "MJ");
  const auto r = tichu::solve(s, {});
  expect_eq(value_of(r, "wish 10"), 15, [] { return std::string("wish 10"); });
  expect_eq(value_of(r, "no wish"), -5, [] { return std::string("no wish"); });
  expect(best_text(r) == "wish 10", [&] { return "best " + best_text(r); });
}

void node_limit() {  // never a wrong exact: bounds around the true value
  HandState s = position("Aj Kj 5j", "2j 3s 5s", "4j 10j", "5p Ks", 0);
  tichu::SolveLimits fresh;
  fresh.fresh_table = true;
  const auto exact = tichu::solve(s, fresh);
  expect(exact.exact && exact.lower == exact.upper, [] { return std::string("exact without a limit"); });
  for (int budget : {0, 1, 10, 100}) {
    tichu::SolveLimits limits;
    limits.max_nodes = budget;
    limits.fresh_table = true;
    const auto r = tichu::solve(s, limits);
    expect(r.lower <= exact.lower && exact.lower <= r.upper, [&] { return "bounds at " + std::to_string(budget); });
    expect(!r.exact || r.lower == exact.lower, [&] { return "a wrong exact at " + std::to_string(budget); });
    HandState end = s;  // the line ends the hand exactly when it says so
    for (const Action& a : r.line) end.apply(a);
    expect(end.is_terminal() == r.line_complete, [&] { return "line_complete at " + std::to_string(budget); });
  }
}

// max_seconds is one deadline for every thread, read at each thread's
// first position: a deadline already past stops every thread there, not
// after 1024 positions of its own.
void deadline_past() {
  HandState s = tichu_test::deal_hand(7, tichu::Rules{});
  tichu::SplitMix64 rng(7);
  auto scratch = std::make_unique<tichu::PolicyScratch>();
  auto before_play = [](tichu::Decision d) {
    return d == tichu::Decision::GrandTichu || d == tichu::Decision::Tichu || d == tichu::Decision::Exchange;
  };
  while (before_play(s.decision())) s.apply(tichu::choose_heuristic(s, false, tichu::kShippedHeuristic, rng, *scratch));
  for (int threads : {1, 8}) {
    tichu::SolveLimits limits;
    limits.max_seconds = 0.0;
    limits.threads = threads;
    const auto r = tichu::solve(s, limits);
    expect(!r.exact && r.line.empty() && !r.line_complete, [] { return std::string("not exact, no line"); });
    expect(r.nodes <= threads, [&] { return std::to_string(r.nodes) + " nodes on " + std::to_string(threads); });
  }
}

// The solver asks the heuristic's choice among the moves it listed
// (choose_heuristic_play): the same action as choose_heuristic (without
// calls) at every Play and Bomb decision of random play, bombs offered out of
// turn (R10.2) and wishes (R6.3) included.
void heuristic_among_moves() {
  auto scratch = std::make_unique<tichu::PolicyScratch>();
  tichu_test::ActionList acts;
  std::vector<tichu::Move> moves(static_cast<std::size_t>(tichu::kMaxActions));
  int checked = 0;
  for (int hand = 0; hand < tichu_test::hands_to_play(60); ++hand) {
    HandState s = tichu_test::deal_hand(static_cast<std::uint64_t>(hand), tichu::Rules{});
    tichu::SplitMix64 rng(static_cast<std::uint64_t>(hand) + 1);
    const tichu::Policy random{.kind = tichu::PolicyKind::Random, .calls = true};
    while (!s.is_terminal()) {
      if (s.decision() == tichu::Decision::Play || s.decision() == tichu::Decision::Bomb) {
        const int n = acts.fill(s);
        int k = 0;
        while (k < n && acts[k].kind == tichu::ActionKind::Play) {
          moves[static_cast<std::size_t>(k)] = acts[k].move;
          ++k;
        }
        tichu::SplitMix64 unused(0);
        const Action expected = tichu::choose_heuristic(s, false, tichu::kShippedHeuristic, unused, *scratch);
        const Action got = tichu::choose_heuristic_play(s, moves.data(), k);
        expect(got == expected, [&] {
          return "choose_heuristic_play " + tichu::format_action(got) + " against " + tichu::format_action(expected) +
                 " at " + tichu_test::describe(s);
        });
        ++checked;
      }
      s.apply(tichu::choose(s, random, rng, *scratch));
    }
  }
  expect(checked > 1000, [&] { return "only " + std::to_string(checked) + " decisions checked"; });
}

}  // namespace

int main() {
  heuristic_among_moves();
  dragon_gift();
  tichu_call();
  wish();
  node_limit();
  deadline_past();
  return tichu_test::report("test_solver");
}
