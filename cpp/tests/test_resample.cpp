// Worlds from C++ alone (resample.hpp): over random hands stopped at every
// kind of decision, each world agrees with what its seat knows (R10.3) and
// with every wish constraint (R6.3), and a world resamples like the truth.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/game/history.hpp"
#include "tichu/game/observation.hpp"
#include "tichu/game/resample.hpp"

namespace {

using tichu::Decision;
using tichu::HandState;
using tichu::Mask;
using tichu::RecordedHand;
using tichu_test::expect;

std::array<float, tichu::kObservationSize> observe(const HandState& s, int player) {
  std::array<float, tichu::kObservationSize> out{};
  tichu::fill_observation(s, player, out.data());
  return out;
}

// A random hand stopped after `steps` random actions (or at its end).
RecordedHand random_hand(std::uint64_t seed, int steps, tichu_test::ActionList& actions) {
  RecordedHand hand(tichu_test::deal_hand(seed, tichu::Rules{}));
  tichu::SplitMix64 rng(seed ^ 0x5DEECE66DULL);
  for (int i = 0; i < steps && !hand.state().is_terminal(); ++i) {
    const int n = actions.fill(hand.state());
    hand.apply_index(static_cast<long long>(rng.pick(static_cast<std::uint64_t>(n))));
  }
  return hand;
}

void check_world(const RecordedHand& truth, const RecordedHand& world, int player, const std::string& where) {
  const HandState& t = truth.state();
  const HandState& w = world.state();
  // R10.3: the same observation and the same information key.
  expect(observe(t, player) == observe(w, player), [&] { return "observation differs: " + where; });
  expect(tichu::information_state_string(truth, player) == tichu::information_state_string(world, player),
         [&] { return "information key differs: " + where; });
  expect(t.hand(player) == w.hand(player) || t.decision() == Decision::GrandTichu,
         [&] { return "his hand differs: " + where; });
  Mask held_t = 0, held_w = 0;
  for (int q = 0; q < 4; ++q) {
    held_t |= t.hand(q);
    held_w |= w.hand(q);
    expect(tichu::count(t.hand(q)) == tichu::count(w.hand(q)), [&] { return "a hand size differs: " + where; });
    expect((w.first_eight(q) & ~(w.hand(q) | w.played_cards(q) | (w.exchanged() ? tichu::kDeck : 0))) == 0,
           [&] { return "a first eight outside its hand: " + where; });
  }
  expect(held_t == held_w, [&] { return "the unplayed cards differ: " + where; });
  // A world's cache of seats that may hold a bomb never says "none" for a
  // hand that holds one: the random policy skips its bomb tests on its word.
  for (int q = 0; q < 4; ++q) {
    expect(!tichu::holds_bomb(w.hand(q)) || w.seat_may_hold_bomb(q),
           [&] { return "a world's bomb the state says is not there: " + where; });
  }
  // R6.3: every wish constraint holds in the world.
  for (const tichu::WishConstraint& c : tichu::wish_constraints(truth)) {
    expect(tichu::satisfies(c, w.hand(c.seat) | c.played_since), [&] { return "a wish constraint fails: " + where; });
  }
  if (w.exchanged() && w.first_eight(0)) {  // each pushed card is with its receiver or played by him (R2.2)
    for (int q = 0; q < 4; ++q) {
      for (int k = 0; k < 3; ++k) {
        const int to = (q + k + 1) % 4;
        const Mask card = Mask{1} << w.push(q)[static_cast<std::size_t>(k)];
        expect((card & (w.hand(to) | w.played_cards(to))) != 0,
               [&] { return "a push not with its receiver: " + where; });
      }
    }
  }
  // A world resamples with the same constraints as the truth.
  const tichu::Knowledge again(world, player);
  const tichu::Knowledge first(truth, player);
  expect(again.constraints().size() == first.constraints().size(),
         [&] { return "a world's constraints differ: " + where; });
}

}  // namespace

int main() {
  tichu_test::ActionList actions;
  long worlds = 0, with_wish = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    for (int steps : {0, 3, 7, 12, 20, 35, 50, 70, 90}) {
      const RecordedHand truth = random_hand(seed, steps, actions);
      if (truth.state().is_terminal()) continue;
      // The start rebuilt and replayed gives back the state.
      RecordedHand again(tichu::start_of(truth));
      for (const tichu::Step& step : truth.steps()) again.apply(step.action);
      expect(again.state() == truth.state(), [&] { return "start_of does not replay, seed " + std::to_string(seed); });
      if (!tichu::wish_constraints(truth).empty()) ++with_wish;
      for (int player = 0; player < 4; ++player) {
        const std::string where = "seed " + std::to_string(seed) + " steps " + std::to_string(steps) + " player " +
                                  std::to_string(player) + ": " + tichu_test::describe(truth.state());
        for (const RecordedHand& world :
             tichu::resample_many(truth, player, 3, seed * 31 + static_cast<std::uint64_t>(player))) {
          check_world(truth, world, player, where);
          ++worlds;
        }
      }
    }
  }
  expect(with_wish > 20, [&] { return "too few positions with a wish constraint: " + std::to_string(with_wish); });
  std::printf("%ld worlds, %ld positions with wish constraints\n", worlds, with_wish);
  return tichu_test::report("test_resample");
}
