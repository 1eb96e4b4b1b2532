// Clones: a HandState is a plain value (docs/game.md), so search can copy it.
// A copy equals its original, stays equal under the same actions, and
// differs from it after a different action.
//
//     test_clone                   # 500 hands, or TICHU_TEST_HANDS of them

#include <cstdint>
#include <string>
#include <type_traits>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/game/rng.hpp"

namespace {

using tichu::Action;
using tichu::ActionKind;
using tichu::HandState;
using tichu_test::expect;

static_assert(std::is_trivially_copyable_v<HandState>, "cloning a HandState must be a memcpy");

// Whether two actions must lead to different states. Two readings of one
// card set (R3.5) may not: when they end the hand, the table is cleared.
bool must_differ(const Action& a, const Action& b) {
  if (a.kind != b.kind || a.value != b.value || a.push != b.push) return true;
  return a.kind == ActionKind::Play && a.move.cards != b.move.cards;
}

// Plays one hand; at every step checks copies against the state.
void play_hand(std::uint64_t seed, tichu::SplitMix64& policy, tichu_test::ActionList& actions) {
  HandState s = tichu_test::deal_hand(seed, tichu::Rules{});
  int step = 0;
  auto at = [&] {
    return "deal seed " + std::to_string(seed) + ", step " + std::to_string(step) + ", " + tichu_test::describe(s);
  };
  while (!s.is_terminal()) {
    HandState copy = s;
    expect(copy == s && s == copy, [&] { return "a copy differs from its original: " + at(); });
    const int n = actions.fill(s);
    if (!expect(n > 0, [&] { return "no legal action before the end: " + at(); })) break;
    const int chosen = static_cast<int>(policy.below(static_cast<std::uint64_t>(n)));
    const int start = static_cast<int>(policy.below(static_cast<std::uint64_t>(n)));
    int other = -1;  // the first action from a random start that must give another state
    for (int k = 0; k < n && other < 0; ++k) {
      const int i = (start + k) % n;
      if (must_differ(actions[i], actions[chosen])) other = i;
    }
    HandState branch = s;
    s.apply(actions[chosen]);
    copy.apply(actions[chosen]);
    expect(copy == s, [&] { return "a copy differs after the same action: " + at(); });
    if (other >= 0) {
      branch.apply(actions[other]);
      expect(!(branch == s), [&] {
        return "'" + tichu::format_action(actions[other]) + "' and '" + tichu::format_action(actions[chosen]) +
               "' lead to equal states: " + at();
      });
    }
    ++step;
  }
  const HandState over = s;
  expect(over == s, [&] { return "a copy of a finished hand differs: " + at(); });
}

}  // namespace

int main() {
  const int hands = tichu_test::hands_to_play(500);
  tichu::SplitMix64 deals(31337);
  tichu::SplitMix64 policy(11);
  tichu_test::ActionList actions;
  for (int h = 0; h < hands; ++h) play_hand(deals.next(), policy, actions);
  return tichu_test::report("test_clone");
}
