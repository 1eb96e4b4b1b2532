// Playouts and the built-in policies from the core alone: from states
// reached by random play (any decision: calls, mid-exchange, mid-trick, bomb
// offers), playouts end, are deterministic, do not depend on the thread
// count, and every action either policy chooses is legal.
//
//     test_playout            # 400 deals, or TICHU_TEST_HANDS of them

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/play/playout.hpp"
#include "tichu/play/policy.hpp"
#include "tichu/play/simulate.hpp"

namespace {

using tichu::HandState;
using tichu::Policy;
using tichu::PolicyKind;
using tichu_test::expect;

bool same(const tichu::PlayoutResult& a, const tichu::PlayoutResult& b) {
  return a.returns == b.returns && a.out_order == b.out_order && a.calls == b.calls && a.calls_won == b.calls_won &&
         a.tricks == b.tricks && a.bombs == b.bombs && a.one_two == b.one_two;
}

// Plays `s` to the end by `policy`, checking each action is legal (and that
// calls=false never calls); returns the final state.
HandState play_checked(HandState s, const Policy& policy, std::uint64_t seed, tichu::PolicyScratch& scratch) {
  tichu::SplitMix64 seeds(seed);
  for (int step = 0; !s.is_terminal(); ++step) {
    tichu::SplitMix64 rng(seeds.next());
    const tichu::Action a = tichu::choose(s, policy, rng, scratch);
    expect(s.is_legal(a), [&] { return "illegal '" + tichu::format_action(a) + "': " + tichu_test::describe(s); });
    const bool calls = (a.kind == tichu::ActionKind::GrandTichu || a.kind == tichu::ActionKind::Tichu) && a.value;
    expect(policy.calls || !calls, [&] { return "a call with calls=false: " + tichu_test::describe(s); });
    expect(step < 1000, [] { return std::string("a playout that does not end"); });
    if (!s.is_legal(a) || step >= 1000) break;
    s.apply(a);
  }
  return s;
}

}  // namespace

int main() {
  const int deals = tichu_test::hands_to_play(400);
  auto scratch = std::make_unique<tichu::PolicyScratch>();
  tichu_test::ActionList actions;
  const std::vector<Policy> policies{{.kind = PolicyKind::Random, .calls = true},
                                     {.kind = PolicyKind::Random, .calls = false},
                                     {.kind = PolicyKind::Heuristic, .calls = true},
                                     {.kind = PolicyKind::Heuristic, .calls = false},
                                     {.kind = PolicyKind::HeuristicV1, .calls = true}};
  tichu::SplitMix64 walk(2026);
  for (int d = 0; d < deals; ++d) {
    HandState s = tichu_test::deal_hand(tichu::hand_seed(99, static_cast<std::uint64_t>(d)), tichu::Rules{});
    // A random walk of a random length: a state at any decision.
    const auto steps = walk.pick(90);
    for (std::uint64_t k = 0; k < steps && !s.is_terminal(); ++k)
      s.apply(actions[static_cast<int>(walk.pick(static_cast<std::uint64_t>(actions.fill(s))))]);
    if (s.is_terminal()) continue;
    for (const Policy& policy : policies) {
      const std::uint64_t seed = walk.next();
      const HandState end = play_checked(s, policy, seed, *scratch);
      expect(end.is_terminal(), [&] { return "not over: " + tichu_test::describe(end); });
      const auto r = tichu::playout(s, policy, seed);
      expect(r.returns[0] == end.returns()[0] && r.returns[1] == end.returns()[1],
             [&] { return "playout differs from the step-by-step game: " + tichu_test::describe(s); });
      expect(same(r, tichu::playout(s, policy, seed)), [] { return std::string("a playout is not deterministic"); });
    }
  }
  // R5.2: cannot_beat never says "no" where a move beats the table; and it
  // catches most hands that can only pass.
  long pass_only = 0, caught = 0;
  for (int d = 0; d < deals; ++d) {
    HandState s = tichu_test::deal_hand(tichu::hand_seed(7, static_cast<std::uint64_t>(d)), tichu::Rules{});
    while (!s.is_terminal()) {
      if (s.decision() == tichu::Decision::Play && s.table() != nullptr) {
        const tichu::Mask hand = s.hand(s.current_player());
        const int n =
            tichu::legal_moves(tichu::Situation{.hand = hand, .table = s.table(), .wish = 0, .out_of_turn = false},
                               scratch->moves.data());
        const bool sure = tichu::cannot_beat(hand, *s.table());
        expect(!sure || n == 1, [&] { return "cannot_beat, yet a move beats: " + tichu_test::describe(s); });
        pass_only += n == 1;
        caught += sure;
      }
      s.apply(actions[static_cast<int>(walk.pick(static_cast<std::uint64_t>(actions.fill(s))))]);
    }
  }
  expect(caught * 10 >= pass_only * 7, [&] {
    return "cannot_beat catches only " + std::to_string(caught) + " of " + std::to_string(pass_only) +
           " pass-only hands";
  });
  // Batches: the same results on 1, 2 and 3 threads.
  const HandState start = tichu_test::deal_hand(5, tichu::Rules{});
  for (const Policy& policy : policies) {
    std::vector<tichu::PlayoutResult> one(300), two(300), three(300);
    tichu::playouts(start, 11, policy, 1, one);
    tichu::playouts(start, 11, policy, 2, two);
    tichu::playouts(start, 11, policy, 3, three);
    for (std::size_t i = 0; i < one.size(); ++i) {
      expect(same(one[i], two[i]) && same(one[i], three[i]), [] { return std::string("threads change playouts"); });
      expect(same(one[i], tichu::playout(start, policy, tichu::hand_seed(11, i))),
             [] { return std::string("playouts()[i] is not playout(hand_seed(seed, i))"); });
    }
    std::vector<tichu::HandRecord> a(200), b(200);
    tichu::simulate_hands(3, 17, tichu::Rules{}, policy, 1, a);
    tichu::simulate_hands(3, 17, tichu::Rules{}, policy, 3, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      expect(a[i].score[0] == b[i].score[0] && a[i].score[1] == b[i].score[1] && a[i].tricks == b[i].tricks,
             [] { return std::string("threads change simulate"); });
    }
  }
  return tichu_test::report("test_playout");
}
