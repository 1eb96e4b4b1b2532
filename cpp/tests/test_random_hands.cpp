// Random hands played through the core alone: seeded deals, every decision
// uniform among the legal actions, and the state's invariants checked at
// every step; at the end, the score (R7, R8).
//
//     test_random_hands            # 3000 hands, or TICHU_TEST_HANDS of them

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/score.hpp"

namespace {

using tichu::Action;
using tichu::ActionKind;
using tichu::Call;
using tichu::Decision;
using tichu::HandState;
using tichu::Mask;
using tichu_test::expect;
using tichu_test::expect_eq;

// Where a hand is, for failure messages.
struct Step {
  std::uint64_t seed = 0;
  int number = 0;
  const HandState* state = nullptr;

  [[nodiscard]] std::string operator()() const {
    return "deal seed " + std::to_string(seed) + ", step " + std::to_string(number) + ", " +
           tichu_test::describe(*state);
  }
};

Mask union_of(const HandState& s, Mask (HandState::*part)(int) const) {
  Mask all = 0;
  for (int seat = 0; seat < 4; ++seat) all |= (s.*part)(seat);
  return all;
}

// R1.1, R5.6: each of the 56 cards lies in exactly one place (a hand, a
// pile, the trick), but for the Dog once led, which is out of play.
void check_cards(const HandState& s, const Step& at) {
  Mask seen = 0;
  bool disjoint = true;
  for (int seat = 0; seat < 4; ++seat) {
    for (Mask part : {s.hand(seat), s.pile(seat)}) {
      disjoint = disjoint && (seen & part) == 0;
      seen |= part;
    }
    expect(tichu::count(s.hand(seat)) <= tichu::kMaxHandSize, [&] { return "a hand of more than 14 cards: " + at(); });
  }
  disjoint = disjoint && (seen & s.trick()) == 0;
  seen |= s.trick();
  expect(disjoint, [&] { return "a card in two places: " + at(); });

  const Mask played = union_of(s, &HandState::played_cards);
  const bool dog_led = (played & tichu::kDog) != 0;
  const Mask in_play = dog_led ? tichu::kDeck & ~tichu::kDog : tichu::kDeck;
  expect(seen == in_play,
         [&] { return "cards missing or extra: [" + tichu::format_cards(seen ^ in_play) + "]: " + at(); });
  // R4.5, R5.6: the Dog never lies in a trick.
  expect((s.trick() & tichu::kDog) == 0, [&] { return "the Dog in a trick: " + at(); });
  // Every card in a pile or the trick was played by someone, and the Dog.
  const Mask taken = union_of(s, &HandState::pile) | s.trick() | (played & tichu::kDog);
  expect(played == taken, [&] { return "played cards differ from piles and trick: " + at(); });

  // The cache of seats that may hold a bomb never says "none" for a hand
  // that holds one: the random policy and the out-of-turn offers (R10.2)
  // skip their bomb tests on its word.
  for (int seat = 0; seat < 4; ++seat) {
    expect(!tichu::holds_bomb(s.hand(seat)) || s.seat_may_hold_bomb(seat),
           [&] { return "a bomb the state says is not there: " + at(); });
  }

  if (const tichu::Move* table = s.table()) {  // R5.2: the table is the trick's last play
    const int by = s.table_player();
    expect(by >= 0 && by < 4 && (table->cards & ~s.trick()) == 0 && (table->cards & ~s.played_cards(by)) == 0,
           [&] { return "the table is no play of its player in this trick: " + at(); });
  }
}

// R2.1, R5.7, R6.1, R8.1: phases, seats out, the wish, the player in turn.
void check_progress(const HandState& s, const Step& at) {
  for (int seat = 0; seat < 4; ++seat) {
    if (!s.exchanged()) {
      expect_eq(tichu::count(s.hand(seat)), 14, [&] { return "a hand before the exchange: " + at(); });
    }
  }
  expect(s.out_count() >= 0 && s.out_count() <= 3, [&] { return "out count: " + at(); });
  int empty_hands = 0;
  for (int seat = 0; seat < 4; ++seat) empty_hands += s.hand(seat) == 0;
  expect_eq(empty_hands, s.out_count(), [&] { return "seats without cards vs seats out (R5.7): " + at(); });
  unsigned out_seats = 0;
  for (int i = 0; i < s.out_count(); ++i) out_seats |= 1U << s.out_seat(i);
  expect_eq(tichu::count(out_seats), s.out_count(), [&] { return "a seat out twice: " + at(); });

  expect(s.wish() == 0 || (s.wish() >= tichu::kMinRank && s.wish() <= tichu::kMaxRank),
         [&] { return "a wish outside 2..14 (R6.1): " + at(); });
  if (s.is_terminal()) {
    expect_eq(s.current_player(), -1, [&] { return "a player after the end: " + at(); });
    expect(s.table() == nullptr && s.trick() == 0, [&] { return "cards on the table after the end (R8.2): " + at(); });
    return;
  }
  const int p = s.current_player();
  expect(p >= 0 && p < 4, [&] { return "no player in turn: " + at(); });
  const bool needs_cards = s.decision() == Decision::Play || s.decision() == Decision::Bomb;
  expect(!needs_cards || s.hand(p) != 0, [&] { return "a player without cards decides (R5.7): " + at(); });
}

bool has_pass(const tichu_test::ActionList& actions) {
  for (int i = 0; i < actions.size(); ++i) {
    if (actions[i].kind == ActionKind::Play && actions[i].move.type == tichu::MoveType::Pass) return true;
  }
  return false;
}

// Every legal action is legal, and the list has the decision's shape (R10.1).
void check_actions(const HandState& s, const tichu_test::ActionList& actions, const Step& at) {
  const int n = actions.size();
  if (s.is_terminal()) {
    expect_eq(n, 0, [&] { return "actions after the end: " + at(); });
    return;
  }
  for (int i = 0; i < n; ++i) {
    expect(s.is_legal(actions[i]),
           [&] { return "'" + tichu::format_action(actions[i]) + "' listed but not legal: " + at(); });
  }
  const int p = s.current_player();
  switch (s.decision()) {
    case Decision::GrandTichu:  // R7.1
    case Decision::Tichu:       // R7.2
    case Decision::DragonGift:  // R5.5: either opponent
      expect_eq(n, 2, [&] { return "two choices: " + at(); });
      break;
    case Decision::Exchange: {  // R2.2: an ordered choice of 3 of 14 cards
      constexpr int kPushes = 14 * 13 * 12;
      expect_eq(n, kPushes, [&] { return "pushes: " + at(); });
      break;
    }
    case Decision::Wish:  // R6.1: no wish, or a rank 2..14
      expect_eq(n, 14, [&] { return "wishes: " + at(); });
      break;
    case Decision::Play: {
      int tichu_calls = 0;
      for (int i = 0; i < n; ++i) tichu_calls += actions[i].kind == ActionKind::Tichu;
      // R7.2: a Tichu call while the player has called nothing and played no card.
      const bool may_call = s.call(p) == Call::None && s.played_cards(p) == 0;
      expect_eq(tichu_calls, may_call ? 1 : 0, [&] { return "Tichu calls offered: " + at(); });
      const int moves = tichu::count_legal_moves(
          tichu::Situation{.hand = s.hand(p), .table = s.table(), .wish = s.wish(), .out_of_turn = false});
      expect_eq(n, moves + tichu_calls, [&] { return "actions vs legal moves: " + at(); });
      if (s.table() == nullptr) expect(!has_pass(actions), [&] { return "a leader may pass (R5.1): " + at(); });
      break;
    }
    case Decision::Bomb: {  // R10.2: offered only with a bomb that beats the table; the pass declines
      expect(n >= 2 && has_pass(actions), [&] { return "an offer without a bomb or a pass: " + at(); });
      for (int i = 0; i < n; ++i) {
        const tichu::Move& m = actions[i].move;
        expect(m.type == tichu::MoveType::Pass || tichu::is_bomb(m.type),
               [&] { return "'" + tichu::format_action(actions[i]) + "' out of turn is no bomb (R4.4): " + at(); });
      }
      break;
    }
    case Decision::Over: break;
  }
}

// Actions that no decision of this kind accepts are refused.
void check_refusals(const HandState& s, const Step& at) {
  Action wrong_kind;
  wrong_kind.kind = s.decision() == Decision::Wish ? ActionKind::Gift : ActionKind::Wish;
  wrong_kind.value = 5;
  expect(!s.is_legal(wrong_kind), [&] { return "'" + tichu::format_action(wrong_kind) + "' legal: " + at(); });
  if (s.decision() == Decision::Play && s.table() == nullptr) {
    expect(!s.is_legal(Action{}), [&] { return "the pass legal for a leader (R5.1): " + at(); });
  }
}

// R2.2: each seat's three pushed cards reach p+1, p+2, p+3, all at once.
void check_exchange(const HandState& before, const HandState& after, const Step& at) {
  for (int seat = 0; seat < 4; ++seat) {
    Mask expected = before.hand(seat);  // nothing moved before the last push
    for (int k = 0; k < 3; ++k) expected &= ~(Mask{1} << after.push(seat)[static_cast<std::size_t>(k)]);
    for (int from = 0; from < 4; ++from) {
      if (from == seat) continue;
      const int k = (seat - from + 3) % 4;  // seat = from + k + 1
      expected |= Mask{1} << after.push(from)[static_cast<std::size_t>(k)];
    }
    expect(after.hand(seat) == expected,
           [&] { return "the exchange gave seat " + std::to_string(seat) + ": " + at(); });
  }
}

// R8.1, R8.3, R8.5, R7.3: how the hand ended, and its score.
void check_score(const HandState& s, const Step& at) {
  const int first = s.out_seat(0);
  const bool double_victory = s.out_count() == 2;
  if (double_victory) {  // R8.1: partners out first and second
    expect(tichu::team_of(first) == tichu::team_of(s.out_seat(1)), [&] { return "two out, not partners: " + at(); });
  } else {  // R8.1: one player holds cards; R8.4: the first two out are no team
    expect_eq(s.out_count(), 3, [&] { return "seats out at the end: " + at(); });
    expect(tichu::team_of(first) != tichu::team_of(s.out_seat(1)), [&] { return "missed double victory: " + at(); });
  }
  std::array<int, 2> calls{};  // R7.3: each call on its own, won only by going out first
  for (int seat = 0; seat < 4; ++seat) {
    const int value = tichu::call_value(s.call(seat));
    calls[static_cast<std::size_t>(tichu::team_of(seat))] += seat == first ? value : -value;
  }
  const std::array<int, 2> score = s.returns();
  const int team0 = score[0] - calls[0];
  const int team1 = score[1] - calls[1];
  if (double_victory) {  // R8.3: 200 and 0, no card points
    const bool team0_won = tichu::team_of(first) == 0;
    expect(team0 == (team0_won ? 200 : 0) && team1 == (team0_won ? 0 : 200),
           [&] { return "double victory " + std::to_string(team0) + "/" + std::to_string(team1) + ": " + at(); });
  } else {  // R8.5: the deck holds 100 points
    expect_eq(team0 + team1, 100, [&] { return "card points of both teams: " + at(); });
  }
}

struct Counts {
  int hands = 0, steps = 0, double_victories = 0, bomb_offers = 0, gifts = 0, dogs = 0, wishes = 0;
};

void play_hand(std::uint64_t seed, tichu::Rules rules, tichu::SplitMix64& policy, tichu_test::ActionList& actions,
               Counts& counts) {
  HandState s = tichu_test::deal_hand(seed, rules);
  Step at{.seed = seed, .number = 0, .state = &s};
  const std::array<Mask, 4> dealt = tichu::deal(seed);
  for (int seat = 0; seat < 4; ++seat) {  // R2.1: the deal, its first 8 cards seen first
    expect(s.hand(seat) == dealt[static_cast<std::size_t>(seat)],
           [&] { return "deal() and from_deck disagree: " + at(); });
    expect(tichu::count(s.first_eight(seat)) == 8 && (s.first_eight(seat) & ~s.hand(seat)) == 0,
           [&] { return "the first 8 cards: " + at(); });
  }
  for (;;) {
    check_cards(s, at);
    check_progress(s, at);
    actions.fill(s);
    check_actions(s, actions, at);
    if (s.is_terminal()) break;
    if (!expect(actions.size() > 0, [&] { return "no legal action before the end: " + at(); })) break;
    check_refusals(s, at);
    counts.bomb_offers += s.decision() == Decision::Bomb;
    counts.gifts += s.decision() == Decision::DragonGift;
    counts.wishes += s.decision() == Decision::Wish;
    const Action chosen = actions[static_cast<int>(policy.below(static_cast<std::uint64_t>(actions.size())))];
    counts.dogs += chosen.move.type == tichu::MoveType::Dog;
    const HandState before = s;
    s.apply(chosen);
    if (before.decision() == Decision::Exchange && s.exchanged()) check_exchange(before, s, at);
    ++at.number;
    if (!expect(at.number < 2000, [&] { return "a hand that does not end: " + at(); })) break;
  }
  check_score(s, at);
  ++counts.hands;
  counts.steps += at.number;
  counts.double_victories += s.out_count() == 2;
}

}  // namespace

int main() {
  const int hands = tichu_test::hands_to_play(3000);
  tichu::SplitMix64 deals(20261130);
  tichu::SplitMix64 policy(7);
  tichu_test::ActionList actions;
  Counts counts;
  for (int h = 0; h < hands; ++h) {
    tichu::Rules rules;
    rules.bombs_out_of_turn = h % 4 != 3;  // R10.2: the rules option too, every fourth hand
    play_hand(deals.next(), rules, policy, actions, counts);
  }
  // The random policy must reach the rare branches, or the invariants above say little.
  const bool all_reached =
      counts.double_victories > 0 && counts.bomb_offers > 0 && counts.gifts > 0 && counts.dogs > 0 && counts.wishes > 0;
  expect(all_reached || hands < 1000,
         [] { return std::string("random hands never reached a double victory, bomb offer, gift, Dog or wish"); });
  std::printf("%d hands, %d steps: %d double victories, %d bomb offers, %d Dragon gifts, %d Dogs, %d wishes\n",
              counts.hands, counts.steps, counts.double_victories, counts.bomb_offers, counts.gifts, counts.dogs,
              counts.wishes);
  return tichu_test::report("test_random_hands");
}
