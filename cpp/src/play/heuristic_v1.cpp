// heuristic-v1: the built-in heuristic as it was on 2026-12-01, frozen as the
// project's fixed yardstick (docs/bots.md "Strength"). Every strength claim is
// measured against it, so it never changes: do not edit its rules (a test pins
// its decisions to hashes recorded from the original, tests/play/test_heuristic_v1.py).
// It shares only action.hpp's constructors of an Action, which decide nothing.
// The improved player is `heuristic` (heuristic.cpp). Its rules are written down
// in docs/playouts.md ("Built-in policies"). It reads only what the deciding seat may
// know (its hand, its push, hand sizes, the table, the trick, calls).
#include <array>
#include <bit>
#include <cstdint>

#include "tichu/game/score.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {
namespace v1 {
namespace {

constexpr int partner_of(int seat) { return (seat + 2) % 4; }

// One bit (the rank's lowest) per rank that has a card in `m`.
constexpr Mask ranks_of(Mask m) {
  const Mask n = m & kNormals;
  return (n | n >> 1 | n >> 2 | n >> 3) & kRankLowBits;
}

// The cards of `hand` that form a bomb: four of a rank, or a run of five or
// more of one suit.
Mask bomb_cards(Mask hand) {
  const Mask n = hand & kNormals;
  Mask bombs = (n & n >> 1 & n >> 2 & n >> 3 & kRankLowBits) * 0xF;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Mask cards = (hand >> suit) & kRankLowBits;
    const Mask starts = cards & cards >> 4 & cards >> 8 & cards >> 12 & cards >> 16;
    if (!starts) continue;
    Mask run = 0;
    for (int k = 0; k < 5; ++k) run |= starts << (4 * k);
    bombs |= run << suit;
  }
  return bombs;
}

int bomb_count(Mask hand) {
  const Mask n = hand & kNormals;
  int bombs = count(n & n >> 1 & n >> 2 & n >> 3 & kRankLowBits);
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Mask cards = (hand >> suit) & kRankLowBits;
    bombs += (cards & cards >> 4 & cards >> 8 & cards >> 12 & cards >> 16) != 0;
  }
  return bombs;
}

// Hand strength in half points: Dragon 2, Phoenix 1.5, Ace 1, King 0.5, bomb 2.
int strength2(Mask hand) {
  return 4 * ((hand & kDragon) != 0) + 3 * ((hand & kPhoenix) != 0) + 2 * count(hand & rank_cards(kMaxRank)) +
         count(hand & rank_cards(13)) + 4 * bomb_count(hand);
}

// Low cards that will need someone else to lose the lead: ranks 2..10 held
// once and in no run of five ranks.
int losers(Mask hand) {
  const Mask ranks = ranks_of(hand) | (hand & kMahJong);  // the Mah Jong as rank 1
  const Mask in_run_start = ranks & ranks >> 4 & ranks >> 8 & ranks >> 12 & ranks >> 16;
  Mask in_run = 0;
  for (int k = 0; k < 5; ++k) in_run |= in_run_start << (4 * k);
  int n = 0;
  for (int r = kMinRank; r <= 10; ++r) {
    n += count(hand & rank_cards(r)) == 1 && !(in_run >> rank_shift(r) & 1);
  }
  return n;
}

bool wants_grand_tichu(Mask first_eight) { return strength2(first_eight) >= 10; }
bool wants_tichu(Mask hand) { return strength2(hand) >= 10 && losers(hand) <= 2; }

// How much a card is worth keeping, for the exchange: the Dog least, then
// normal cards by rank (more when paired), the Mah Jong like a 7, bomb
// cards, the Phoenix and the Dragon most.
int keep_value(Mask hand, Mask bombs, int card) {
  const Mask bit = Mask{1} << card;
  if (bit == kDog) return 0;
  if (bit == kMahJong) return 30;
  if (bit == kPhoenix) return 400;
  if (bit == kDragon) return 410;
  const int rank = rank_of_index(card);
  return 4 * rank + 8 * (count(hand & rank_cards(rank)) - 1) + ((bombs & bit) ? 200 : 0);
}

// The two weakest cards to the opponents (the Dog to the right one), the
// best card that is neither a bomb's nor the Phoenix or Dragon to the partner.
Action push(Mask hand) {
  const Mask bombs = bomb_cards(hand);
  std::array<int, kNumCards> value{};
  int weakest = -1, second = -1;
  for (Mask m = hand; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    value[static_cast<std::size_t>(c)] = keep_value(hand, bombs, c);
    if (weakest < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(weakest)]) {
      second = weakest;
      weakest = c;
    } else if (second < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(second)]) {
      second = c;
    }
  }
  int gift = -1;  // the partner's card: the best below bomb cards, else the weakest left
  for (Mask m = hand & ~(Mask{1} << weakest) & ~(Mask{1} << second); m; m &= m - 1) {
    const int c = std::countr_zero(m);
    const int v = value[static_cast<std::size_t>(c)];
    const int best = gift < 0 ? -1 : value[static_cast<std::size_t>(gift)];
    const bool keepable = v < 200;
    const bool best_keepable = gift >= 0 && best < 200;
    if (gift < 0 || (keepable && (!best_keepable || v > best)) || (!keepable && !best_keepable && v < best)) gift = c;
  }
  // `second` goes left; `weakest` right, so the Dog (value 0) goes right.
  Action a;
  a.kind = ActionKind::Push;
  a.push = {static_cast<std::uint8_t>(second), static_cast<std::uint8_t>(gift), static_cast<std::uint8_t>(weakest)};
  return a;
}

// A rank the left opponent likely lacks: none in our hand, not pushed to
// him, and the fewest still unseen (at least one); ties to the higher rank.
// None (0) when no rank qualifies.
int wish(const HandState& s, int seat) {
  const Mask mine = s.hand(seat);
  Mask played = 0;
  for (int p = 0; p < 4; ++p) played |= s.played_cards(p);
  const Mask pushed_left = Mask{1} << s.push(seat)[0];
  int best = 0, best_unseen = 5;
  for (int r = kMaxRank; r >= kMinRank; --r) {
    const Mask cards = rank_cards(r);
    if ((mine & cards) || (pushed_left & cards)) continue;
    const int unseen = 4 - count(played & cards);
    if (unseen >= 1 && unseen < best_unseen) {
      best = r;
      best_unseen = unseen;
    }
  }
  return best;
}

// What the seat sees of the table around it.
struct View {
  int seat = 0;
  Mask hand = 0;
  Mask bombs = 0;
  int fewest_opponent_cards = 14;  // of opponents still holding cards
  bool control = false;            // the Dragon, an Ace or a bomb
  bool partner_in = false;         // the partner still holds cards
};

View view_of(const HandState& s) {
  View v;
  v.seat = s.current_player();
  v.hand = s.hand(v.seat);
  v.bombs = bomb_cards(v.hand);
  for (int k : {1, 3}) {
    const int n = count(s.hand((v.seat + k) % 4));
    if (n > 0 && n < v.fewest_opponent_cards) v.fewest_opponent_cards = n;
  }
  v.control = (v.hand & (kDragon | rank_cards(kMaxRank))) != 0 || v.bombs != 0;
  v.partner_in = s.hand(partner_of(v.seat)) != 0;
  return v;
}

// The cards of `hand` of the ranks `m` uses, that `m` leaves behind: a
// broken pair or trio.
int broken_ranks(Mask hand, const Move& m) {
  const Mask used = ranks_of(m.cards);
  return count(ranks_of(hand & (used * 0xF) & ~m.cards));
}

// A lead's score: longer first, lower first; the Phoenix, the Dragon and
// bomb cards kept; singles high when an opponent holds one card.
int lead_score(const View& v, const Move& m) {
  if (m.type == MoveType::Dog) {
    if (!v.partner_in) return -400;
    return v.control ? -300 : 60;  // hand the lead to the partner when we cannot win it back
  }
  if (is_bomb(m.type)) return -1000;
  int score = 20 * m.length - m.rank2;
  const bool straightish = m.type == MoveType::Straight || m.type == MoveType::PairRun;
  score -= (straightish ? 4 : 12) * broken_ranks(v.hand, m);
  if (m.cards & v.bombs) score -= 200;
  if (m.cards & kPhoenix) score -= m.length == 1 ? 60 : 30;
  if (m.cards == kDragon && count(v.hand) > 3) score -= 60;
  if (m.type == MoveType::Single && v.fewest_opponent_cards == 1) score += 2 * m.rank2 - 100;
  return score;
}

// What beating the table with `m` costs: its rank, and more for the
// Phoenix, the Dragon, broken pairs and bomb cards.
int follow_cost(const View& v, const Move& m) {
  int cost = 2 * m.rank2 + 12 * broken_ranks(v.hand, m);
  if (m.cards & kPhoenix) cost += 40;
  if (m.cards == kDragon) cost += 30;
  if (m.cards & v.bombs) cost += 200;
  return cost;
}

// The lesser of two bombs: four of a kind before straight flushes, shorter, lower.
bool lower_bomb(const Move& a, const Move& b) {
  if (a.type != b.type) return a.type < b.type;
  if (a.length != b.length) return a.length < b.length;
  return a.rank2 < b.rank2;
}

Action play(const HandState& s, PolicyScratch& scratch) {
  const View v = view_of(s);
  const bool in_turn = s.decision() == Decision::Play;
  const Move* table = s.table();
  if (in_turn && table != nullptr && cannot_beat(v.hand, *table)) return play_action(kPass);  // nothing to list
  Move* moves = scratch.moves.data();
  const int n =
      legal_moves(Situation{.hand = v.hand, .table = table, .wish = in_turn ? s.wish() : 0, .out_of_turn = !in_turn},
                  moves);
  int pass = -1;
  for (int i = 0; i < n; ++i) {
    if (moves[i].cards == v.hand) return play_action(moves[i]);  // going out
    if (moves[i].type == MoveType::Pass) pass = i;
  }
  if (table == nullptr) {
    int best = 0, best_score = lead_score(v, moves[0]);
    for (int i = 1; i < n; ++i) {
      const int score = lead_score(v, moves[i]);
      if (score > best_score) best = i, best_score = score;
    }
    return play_action(moves[best]);
  }
  const int owner = s.table_player();
  const bool partner_table = owner == partner_of(v.seat);
  if (partner_table && pass >= 0) return play_action(kPass);  // never beat the partner but to go out
  // The cheapest beating move, bombs apart.
  int best = -1, best_cost = 0, bomb = -1;
  for (int i = 0; i < n; ++i) {
    const Move& m = moves[i];
    if (m.type == MoveType::Pass) continue;
    if (is_bomb(m.type)) {
      if (bomb < 0 || lower_bomb(m, moves[bomb])) bomb = i;
      continue;
    }
    const int cost = follow_cost(v, m);
    if (best < 0 || cost < best_cost) best = i, best_cost = cost;
  }
  if (pass < 0) return play_action(moves[best >= 0 ? best : bomb]);  // the wish binds
  const int owner_cards = owner >= 0 ? count(s.hand(owner)) : 14;
  const bool danger = !partner_table && (owner_cards <= 3 || v.fewest_opponent_cards <= 2);
  const int points = card_points(s.trick());
  if (best >= 0) {
    const bool precious = (moves[best].cards & (kPhoenix | kDragon)) || (moves[best].cards & v.bombs);
    if (!precious || danger || points >= 15 || count(v.hand) <= 4) return play_action(moves[best]);
  }
  if (bomb >= 0 && !partner_table && (danger || points >= 25)) return play_action(moves[bomb]);
  return play_action(kPass);
}

Action choose(const HandState& s, bool calls, PolicyScratch& scratch) {
  const int seat = s.current_player();
  const bool partner_called = s.call(partner_of(seat)) != Call::None;
  switch (s.decision()) {
    case Decision::GrandTichu:
      return value_action(ActionKind::GrandTichu, calls && wants_grand_tichu(s.first_eight(seat)));
    case Decision::Tichu: return value_action(ActionKind::Tichu, calls && !partner_called && wants_tichu(s.hand(seat)));
    case Decision::Exchange: return push(s.hand(seat));
    case Decision::Play:
      if (calls && !partner_called && s.may_call_tichu(seat) && wants_tichu(s.hand(seat))) {
        return value_action(ActionKind::Tichu, 1);
      }
      return play(s, scratch);
    case Decision::Bomb: return play(s, scratch);
    case Decision::Wish: return value_action(ActionKind::Wish, wish(s, seat));
    case Decision::DragonGift: {
      const int left = (seat + 1) % 4, right = (seat + 3) % 4;
      return value_action(ActionKind::Gift, count(s.hand(right)) > count(s.hand(left)) ? right : left);
    }
    case Decision::Over: break;
  }
  return Action{};
}

}  // namespace
}  // namespace v1

Action choose_heuristic_v1(const HandState& s, bool calls, SplitMix64& /*rng*/, PolicyScratch& scratch) {
  return v1::choose(s, calls, scratch);
}

}  // namespace tichu
