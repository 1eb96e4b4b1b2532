// The built-in heuristic policy: a fast rule-based player that plays like a
// club player. Its rules are written down in docs/heuristic.md, each with a
// test (tests/play/test_heuristic.py), and each measured against the frozen
// yardstick heuristic-v1 (heuristic_v1.cpp) in docs/bots.md "Strength".
//
// It reads only what the deciding seat may know: its own hand and push, the
// public record (cards each seat has played, hand sizes, calls, the table,
// the trick, the wish). The other seats' hands are read for their sizes only.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

#include "tichu/game/score.hpp"
#include "tichu/play/policy.hpp"

#include "heuristic_calls.inc"  // kTichuChance, kGrandTichuChance: scripts/make_call_table.py
#include "heuristic_made.inc"   // kTichuMadeTable, kGrandMadeTable: scripts/make_made_table.py

namespace tichu {
namespace {

// A calls table's chance in per mille for a hand's strength and losers,
// clipped to the table (docs/heuristic.md "Calls"): heuristic_calls.inc's,
// going out first without calls (heuristic-v2), or heuristic_made.inc's, a
// call made.
using CallTable = std::array<std::array<std::int16_t, kCallLosers>, kCallStrengths>;
int table_chance(const CallTable& table, int strength, int losers) {
  return table[static_cast<std::size_t>(std::clamp(strength, 0, kCallStrengths - 1))]
              [static_cast<std::size_t>(std::clamp(losers, 0, kCallLosers - 1))];
}
// A chance in per mille with `doubt` hundredths of a logit taken off: the
// tables were made against the heuristic, and stronger opponents make fewer
// calls good (docs/heuristic.md "Calls").
int doubted(int chance, int doubt) {
  if (doubt == 0) return chance;
  const double p = std::clamp(chance, 1, 999) / 1000.0;
  const double logit = std::log(p / (1 - p)) - doubt / 100.0;
  return static_cast<int>(std::lround(1000.0 / (1.0 + std::exp(-logit))));
}

constexpr int partner_of(int seat) { return (seat + 2) % 4; }
constexpr Mask bit_of(int card) { return Mask{1} << card; }

// One bit (the rank's lowest) per rank that has a card in `m`.
constexpr Mask ranks_of(Mask m) {
  const Mask n = m & kNormals;
  return (n | n >> 1 | n >> 2 | n >> 3) & kRankLowBits;
}

// The cards of `hand` that form a bomb: four of a rank, or a run of five or
// more of one suit.
Mask bomb_cards(Mask hand) {
  const Mask lows = straight_flush_lows(hand);  // every suit at once
  Mask bombs = four_of_a_kind_ranks(hand) * 0xF;
  for (int k = 0; k < 5; ++k) bombs |= lows << (4 * k);
  return bombs;
}

// Four of a kinds, and suits holding a straight flush (one each, however long).
int bomb_count(Mask hand) {
  const Mask lows = straight_flush_lows(hand);
  int bombs = count(four_of_a_kind_ranks(hand));
  for (int suit = 0; suit < kNumSuits; ++suit) bombs += ((lows >> suit) & kRankLowBits) != 0;
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
    n += rank_count(hand, r) == 1 && !(in_run >> rank_shift(r) & 1);
  }
  return n;
}

bool wants_grand_tichu(Mask first_eight, const HeuristicParams& hp);
bool wants_tichu(Mask hand, const HeuristicParams& hp, bool in_play = false);

// ---------------------------------------------------------------- the plan
// A split of the hand into combinations (docs/heuristic.md "Hand planning"):
// bombs, then at most one straight when it leaves fewer combinations, then
// pair runs, full houses, trios, pairs and singles. The Phoenix, the Dragon
// and the Dog stay single. `id[c]` is card c's combination.

struct Plan {
  std::array<Mask, 16> combo{};
  std::array<std::uint8_t, kNumCards> id{};
  int n = 0;

  void add(Mask m) {
    combo[static_cast<std::size_t>(n)] = m;
    for (Mask k = m; k; k &= k - 1) id[static_cast<std::size_t>(std::countr_zero(k))] = static_cast<std::uint8_t>(n);
    ++n;
  }
};

// Splits `rest` (normal cards and the Mah Jong, no bomb) by rank into pair
// runs, full houses (each trio with the lowest lone pair), trios, pairs and
// singles; adds them to `plan` when given; returns how many.
int group(Mask rest, Plan* plan) {
  Mask singles = rest & kMahJong, pairs = 0, trios = 0;  // cards
  for (int r = kMinRank; r <= kMaxRank; ++r) {
    const Mask c = rest & rank_cards(r);
    switch (count(c)) {
      case 1: singles |= c; break;
      case 2: pairs |= c; break;
      case 3: trios |= c; break;
      default: break;
    }
  }
  int combos = count(singles);
  if (plan) {
    for (Mask m = singles; m; m &= m - 1) plan->add(m & -m);
  }
  Mask lone = 0;  // pairs in no pair run
  for (int r = kMinRank; r <= kMaxRank;) {
    if (!(pairs & rank_cards(r))) {
      ++r;
      continue;
    }
    Mask run = 0;
    int len = 0;
    for (; r <= kMaxRank && (pairs & rank_cards(r)); ++r, ++len) run |= pairs & rank_cards(r);
    if (len >= 2) {
      ++combos;
      if (plan) plan->add(run);
    } else {
      lone |= run;
    }
  }
  for (Mask t = trios; t;) {
    const Mask trio = t & rank_cards(rank_of_index(std::countr_zero(t)));
    t &= ~trio;
    Mask house = trio;
    if (lone) {
      const Mask pair = lone & rank_cards(rank_of_index(std::countr_zero(lone)));
      lone &= ~pair;
      house |= pair;
    }
    ++combos;
    if (plan) plan->add(house);
  }
  for (Mask p = lone; p;) {
    const Mask pair = p & rank_cards(rank_of_index(std::countr_zero(p)));
    p &= ~pair;
    ++combos;
    if (plan) plan->add(pair);
  }
  return combos;
}

// The best straight of `rest` for the plan: the longest run of five or more
// ranks (the Mah Jong as rank 1), its ends trimmed while they would break a
// pair or trio and it stays five long; one card per rank, the lowest. 0 if
// none.
Mask straight_of(Mask rest) {
  const Mask ranks = ranks_of(rest) | (rest & kMahJong);  // rank r at bit 4(r-1)
  int best_low = 0, best_len = 0;
  for (int r = 1; r <= kMaxRank;) {
    if (!(ranks >> rank_shift(r) & 1)) {
      ++r;
      continue;
    }
    int len = 0;
    const int low = r;
    for (; r <= kMaxRank && (ranks >> rank_shift(r) & 1); ++r) ++len;
    if (len > best_len) best_low = low, best_len = len;
  }
  if (best_len < 5) return 0;
  auto held = [&](int r) { return r == 1 ? 1 : rank_count(rest, r); };
  int low = best_low, high = best_low + best_len - 1;
  while (high - low + 1 > 5 && held(low) >= 2) ++low;
  while (high - low + 1 > 5 && held(high) >= 2) --high;
  Mask straight = 0;
  for (int r = low; r <= high; ++r) {
    const Mask c = r == 1 ? kMahJong : rest & rank_cards(r);
    straight |= c & -c;
  }
  return straight;
}

Plan build_plan(Mask hand) {
  Plan plan;
  Mask rest = hand & (kNormals | kMahJong);
  const Mask fours = four_of_a_kind_ranks(hand) * 0xF;
  for (Mask f = fours; f;) {
    const Mask four = f & rank_cards(rank_of_index(std::countr_zero(f)));
    f &= ~four;
    plan.add(four);
  }
  rest &= ~fours;
  const Mask flush = bomb_cards(rest);  // straight flushes left
  if (flush) plan.add(flush);
  rest &= ~flush;
  if (const Mask straight = straight_of(rest);
      straight && 1 + group(rest & ~straight, nullptr) < group(rest, nullptr)) {
    plan.add(straight);
    rest &= ~straight;
  }
  group(rest, &plan);
  for (const Mask special : {kDog, kPhoenix, kDragon}) {
    if (hand & special) plan.add(special);
  }
  return plan;
}

// build_plan, remembered per thread by the hand (a plan depends on nothing
// else): a search asks for the same hands at many positions. 256 entries of
// 208 bytes: 52 KiB in every thread that asks.
Plan make_plan(Mask hand) {
  struct Memo {
    Mask hand = 0;
    bool full = false;
    Plan plan;
  };
  constexpr int kMemoBits = 8;
  thread_local std::array<Memo, std::size_t{1} << kMemoBits> memo{};
  Memo& m = memo[static_cast<std::size_t>((hand * 0x9E3779B97F4A7C15ULL) >> (64 - kMemoBits))];
  if (!m.full || m.hand != hand) m = Memo{.hand = hand, .full = true, .plan = build_plan(hand)};
  return m.plan;
}

// The plan's combinations that `cards` uses only in part.
int broken(const Plan& plan, Mask cards) {
  unsigned touched = 0;
  for (Mask k = cards; k; k &= k - 1) touched |= 1U << plan.id[static_cast<std::size_t>(std::countr_zero(k))];
  int n = 0;
  for (; touched; touched &= touched - 1) {
    n += (plan.combo[static_cast<std::size_t>(std::countr_zero(touched))] & ~cards) != 0;
  }
  return n;
}

// ---------------------------------------------------------------- counting
// What the seat knows of the cards it does not hold (docs/heuristic.md
// "Card counting"): every card not in its hand and not yet played may be
// with an opponent, except the card it pushed to its partner.

struct Unseen {
  Mask cards = 0;
  std::array<std::int8_t, kMaxRank + 1> per_rank{};  // normal ranks; [1] the Mah Jong
  bool phoenix = false, dragon = false;
};

// The counts of unseen `cards`.
Unseen unseen_from(Mask cards) {
  Unseen u;
  u.cards = cards;
  u.per_rank[1] = static_cast<std::int8_t>((cards & kMahJong) != 0);
  for (int r = kMinRank; r <= kMaxRank; ++r)
    u.per_rank[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(rank_count(cards, r));
  u.phoenix = (cards & kPhoenix) != 0;
  u.dragon = (cards & kDragon) != 0;
  return u;
}

Unseen unseen_of(const HandState& s, int seat) {
  Mask played = s.trick();  // played cards are public: every seat's plays, the won tricks, the trick
  for (int p = 0; p < 4; ++p) played |= s.played_cards(p) | s.pile(p);
  Mask cards = kDeck & ~s.hand(seat) & ~played;
  const auto& pushed = s.push(seat);  // a position built without an exchange has no pushes
  if (s.exchanged() && pushed[0] != pushed[1]) cards &= ~bit_of(pushed[1]);  // with the partner (or played)
  return unseen_from(cards);
}

// Whether some unseen cards could beat `m` (bombs apart): a combination of
// the same kind and length, higher; the Phoenix fills one gap.
bool beatable(const Unseen& u, const Move& m) {
  switch (m.type) {
    case MoveType::Single: {
      if (m.rank2 == kDragonRank2) return false;
      if (u.dragon || u.phoenix) return true;
      const int rank = m.rank2 / 2;
      for (int r = rank + 1; r <= kMaxRank; ++r) {
        if (u.per_rank[static_cast<std::size_t>(r)] > 0) return true;
      }
      return false;
    }
    case MoveType::Pair:
    case MoveType::Trio:
    case MoveType::FullHouse: {
      const int need = m.type == MoveType::Pair ? 2 : 3;
      for (int r = m.rank2 / 2 + 1; r <= kMaxRank; ++r) {
        if (u.per_rank[static_cast<std::size_t>(r)] + (u.phoenix ? 1 : 0) >= need) return true;
      }
      return false;
    }
    case MoveType::Straight:
    case MoveType::PairRun: {
      const int need = m.type == MoveType::Straight ? 1 : 2;
      const int ranks = m.type == MoveType::Straight ? m.length : m.length / 2;
      for (int top = m.rank2 / 2 + 1; top <= kMaxRank; ++top) {
        const int low = top - ranks + 1;
        if (low < (need == 1 ? 1 : kMinRank)) continue;
        int deficit = 0;
        for (int r = low; r <= top; ++r) deficit += std::max(0, need - u.per_rank[static_cast<std::size_t>(r)]);
        if (deficit == 0 || (deficit == 1 && u.phoenix)) return true;
      }
      return false;
    }
    default: return true;  // the Dog: anything may follow
  }
}

// ---------------------------------------------------------------- exchange

// How much a card is worth keeping, for the exchange: the Dog and the Mah
// Jong least (heuristic-v1 valued the Mah Jong like a 7), then normal cards
// by rank (more when paired), bomb cards, the Phoenix and the Dragon most.
int keep_value(Mask hand, Mask bombs, int card, const HeuristicParams& hp) {
  const Mask bit = bit_of(card);
  if (bit == kDog) return 0;
  if (bit == kMahJong) return hp[kPushMahJong];
  if (bit == kPhoenix) return 400;
  if (bit == kDragon) return 410;
  const int rank = rank_of_index(card);
  return 4 * rank + hp[kPushPair] * (count(hand & rank_cards(rank)) - 1) + ((bombs & bit) ? 200 : 0);
}

// The two weakest cards to the opponents (the Dog to the right one), the
// best card that is neither a bomb's nor the Phoenix or Dragon to the partner
// (docs/heuristic.md "The exchange"). Weakest by the keep value, plus 25 for
// a card of the plan's straight and 15 per plan combination its loss adds
// (a lone single's none); the partner's best by the keep value alone. With
// gift_caller, a partner who called (and we did not) gets our best card but
// a bomb's, the Dragon and the Phoenix too: his call is worth more than ours.
Action push(Mask hand, bool strong, bool partner_called, const HeuristicParams& hp) {
  const Mask bombs = bomb_cards(hand);
  std::array<int, kNumCards> value{};
  int weakest = -1, second = -1;
  const int straight_value = hp.on(kRuleExchange) ? hp[kPushStraight] : 0;
  const int gift_mode = hp.on(kRuleExchange) ? hp[kPushGift] : 0;
  const Mask straight = straight_value ? straight_of(hand & (kNormals | kMahJong) & ~bombs) : 0;
  const int plan_value = hp.on(kRuleExchange) ? hp[kPushPlan] : 0;
  const int combos = plan_value ? make_plan(hand).n : 0;
  std::array<int, kNumCards> gift_value{};
  for (Mask m = hand; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    const int base = keep_value(hand, bombs, c, hp);
    value[static_cast<std::size_t>(c)] = base + ((straight & bit_of(c)) ? straight_value : 0);
    if (plan_value) value[static_cast<std::size_t>(c)] += plan_value * (make_plan(hand & ~bit_of(c)).n - combos + 1);
    gift_value[static_cast<std::size_t>(c)] = gift_mode ? base : value[static_cast<std::size_t>(c)];
    if (weakest < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(weakest)]) {
      second = weakest;
      weakest = c;
    } else if (second < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(second)]) {
      second = c;
    }
  }
  int gift = -1;  // the partner's card: the best below bomb cards, else the weakest left
  for (Mask m = hand & ~bit_of(weakest) & ~bit_of(second); m; m &= m - 1) {
    const int c = std::countr_zero(m);
    const int v = gift_value[static_cast<std::size_t>(c)];
    const int best = gift < 0 ? -1 : gift_value[static_cast<std::size_t>(gift)];
    const bool keepable = v < 200 && !(bit_of(c) & (bombs | kPhoenix | kDragon));
    const bool best_keepable = gift >= 0 && best < 200 && !(bit_of(gift) & (bombs | kPhoenix | kDragon));
    if (gift < 0 || (keepable && (!best_keepable || v > best)) || (!keepable && !best_keepable && v < best)) gift = c;
  }
  if (hp.on(kRuleExchange) && hp[kPushMode] == 1 && strong) {  // keep the best: the partner gets the third weakest
    int third = -1;
    for (Mask m = hand & ~bit_of(weakest) & ~bit_of(second); m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (third < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(third)]) third = c;
    }
    gift = third;
  }
  if (hp.on(kRuleExchange) && hp[kGiftCaller] && partner_called) {  // help the partner's call
    for (Mask m = hand & ~bit_of(weakest) & ~bit_of(second) & ~bombs; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (gift_value[static_cast<std::size_t>(c)] > gift_value[static_cast<std::size_t>(gift)]) gift = c;
    }
  }
  if (hp.on(kRuleExchange) && hp[kPushMode] == 2 && (hand & kDog) && weakest == 1) {  // the Dog to the partner
    int third = -1;
    for (Mask m = hand & ~kDog & ~bit_of(second); m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (third < 0 || value[static_cast<std::size_t>(c)] < value[static_cast<std::size_t>(third)]) third = c;
    }
    gift = 1;
    weakest = third;
  }
  return push_action(second, gift, weakest);
}

// A rank the left opponent likely lacks: none in our hand, not pushed to
// him, and the fewest still unseen (at least one); ties to the higher rank.
int wish(const HandState& s, int seat) {
  const Mask mine = s.hand(seat);
  Mask played = 0;
  for (int p = 0; p < 4; ++p) played |= s.played_cards(p);
  const Mask pushed_left = bit_of(s.push(seat)[0]);
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

// The wish (docs/heuristic.md "The wish"): the rank of the card the seat
// pushed to its left opponent, else of the one it pushed to its right
// opponent: a normal card he has not played, of a rank the seat does not
// hold and did not push to its partner; 0 (no wish) otherwise.
int pushed_wish(const HandState& s, int seat) {
  if (!s.exchanged()) return 0;
  const auto& pushed = s.push(seat);
  const Mask avoid = ranks_of(s.hand(seat) | bit_of(pushed[1]));
  for (const int k : {0, 2}) {
    const Mask card = bit_of(pushed[static_cast<std::size_t>(k)]);
    const int opponent = (seat + 1 + k) % 4;
    if (!(card & kNormals) || (s.played_cards(opponent) & card) || (ranks_of(card) & avoid)) continue;
    return rank_of_index(pushed[static_cast<std::size_t>(k)]);
  }
  return 0;
}

// ---------------------------------------------------------------- play

// What the seat sees of the table around it.
struct View {
  int seat = 0;
  Mask hand = 0;
  Mask bombs = 0;
  int fewest_opponent_cards = 14;  // of opponents still holding cards
  int partner_cards = 0;
  bool control = false;         // the Dragon, an Ace or a bomb
  bool partner_in = false;      // the partner still holds cards
  bool partner_tichu = false;   // the partner called and is still in
  int opponent_tichu = -1;      // an opponent who called and is still in, or -1
  bool stop = false;            // an opponent is out first: the other must not go out before us
  bool race = false;            // the partner is out first: go out before both opponents
};

View view_of(const HandState& s, const HeuristicParams& hp) {
  View v;
  v.seat = s.current_player();
  v.hand = s.hand(v.seat);
  v.bombs = bomb_cards(v.hand);
  for (int k : {1, 3}) {
    const int opp = (v.seat + k) % 4;
    const int n = count(s.hand(opp));
    if (n > 0 && n < v.fewest_opponent_cards) v.fewest_opponent_cards = n;
    if (n > 0 && s.call(opp) != Call::None) v.opponent_tichu = opp;
  }
  v.control = (v.hand & (kDragon | rank_cards(kMaxRank))) != 0 || v.bombs != 0;
  const int partner = partner_of(v.seat);
  v.partner_cards = count(s.hand(partner));
  v.partner_in = v.partner_cards > 0;
  v.partner_tichu = v.partner_in && s.call(partner) != Call::None;
  if (hp.on(kRulePartner) && hp[kOneTwo] && s.out_count() == 1) {
    v.race = s.out_seat(0) == partner;
    v.stop = !v.race;
  }
  return v;
}

// The cards of `hand` of the ranks `m` uses, that `m` leaves behind: a
// broken pair or trio.
int broken_ranks(Mask hand, const Move& m) {
  const Mask used = ranks_of(m.cards);
  return count(ranks_of(hand & (used * 0xF) & ~m.cards));
}

// A lead's score (v1's, its numbers settable): longer first, lower first; the
// Phoenix, the Dragon and bomb cards kept; singles high when an opponent holds
// one card; the Dog to a partner, or (dog_out) when the partner is out.
int lead_score(const View& v, const Move& m, const HeuristicParams& hp) {
  if (m.type == MoveType::Dog) {
    if (!v.partner_in) return hp[kDogOut];
    return v.control && !hp[kDogControl] ? -300 : 60;  // hand the lead to the partner when we cannot win it back
  }
  if (is_bomb(m.type)) return -1000;
  int score = 20 * m.length - m.rank2;
  const bool straightish = m.type == MoveType::Straight || m.type == MoveType::PairRun;
  score -= (straightish ? 4 : 12) * broken_ranks(v.hand, m);
  if (m.cards & v.bombs) score -= 200;
  if (m.cards & kPhoenix) score -= m.length == 1 ? hp[kLeadPhoenix] : 30;
  if (m.cards == kDragon && count(v.hand) > 3) score -= 60;
  if (m.type == MoveType::Single && v.fewest_opponent_cards == 1) score += 2 * m.rank2 - 100;
  return score;
}

// What beating the table with `m` costs: its rank, and more for the
// Phoenix, the Dragon (follow_phoenix, follow_dragon), broken pairs and bomb
// cards.
int follow_cost(const View& v, const Move& m, const HeuristicParams& hp) {
  int cost = 2 * m.rank2 + 12 * broken_ranks(v.hand, m);
  if (m.cards & kPhoenix) cost += hp[kFollowPhoenix];
  if (m.cards == kDragon) cost += hp[kFollowDragon];
  if (m.cards & v.bombs) cost += 200;
  return cost;
}

// The lesser of two bombs: four of a kind before straight flushes, shorter, lower.
bool lower_bomb(const Move& a, const Move& b) {
  if (a.type != b.type) return a.type < b.type;
  if (a.length != b.length) return a.length < b.length;
  return a.rank2 < b.rank2;
}

// Whether `c`, a combination of the plan, is a loser: one that unseen cards
// could beat (bombs, and the Phoenix when `phoenix_free`, are none).
bool loser(Mask c, const Unseen& u, Mask bombs, bool phoenix_free) {
  if (c & bombs) return false;
  if (c == kPhoenix && phoenix_free) return false;
  if (c == kDog) return true;
  std::array<Move, kMaxReadings> readings{};
  return classify(c, readings.data()) == 0 || beatable(u, readings[0]);
}

// Which combinations of `hand`'s own plan (make_plan(hand), bit k for
// combination k) are losers against the unseen cards, remembered per
// thread: an answer weighs the hand left by each move, a lead the hand's
// own plan, and a search (the solver) asks again for the same hand and
// unseen cards at many positions. The key is what it depends on: the hand,
// the unseen cards (the rest of Unseen follows from them) and the one
// number loser reads. 1,024 entries of 32 bytes: 32 KiB a thread.
std::uint32_t loser_bits(Mask hand, const Unseen& u, const HeuristicParams& hp) {
  struct Memo {
    Mask hand = 0;
    Mask unseen = 0;
    std::uint32_t losers = 0;
    int phoenix_free = 0;
    bool full = false;
  };
  constexpr int kMemoBits = 10;
  thread_local std::array<Memo, std::size_t{1} << kMemoBits> memo{};
  const int phoenix_free = hp[kPhoenixFree];  // read once: the key and the result agree
  const std::uint64_t h = (hand * 0x9E3779B97F4A7C15ULL) ^ (u.cards * 0xBF58476D1CE4E5B9ULL);
  Memo& m = memo[static_cast<std::size_t>(h >> (64 - kMemoBits))];
  if (m.full && m.hand == hand && m.unseen == u.cards && m.phoenix_free == phoenix_free) return m.losers;
  const Plan plan = make_plan(hand);
  const Mask bombs = bomb_cards(hand);
  std::uint32_t bits = 0;
  for (int k = 0; k < plan.n; ++k)
    bits |= static_cast<std::uint32_t>(loser(plan.combo[static_cast<std::size_t>(k)], u, bombs, phoenix_free != 0))
            << k;
  m = Memo{.hand = hand, .unseen = u.cards, .losers = bits, .phoenix_free = phoenix_free, .full = true};
  return bits;
}

// How many combinations of `hand`'s own plan are losers.
int losers_after(Mask hand, const Unseen& u, const HeuristicParams& hp) { return count(loser_bits(hand, u, hp)); }

Action lead(const HandState& s, const View& v, const Move* moves, int n, const HeuristicParams& hp) {
  // Partnership: the lead to a partner about to go out (or who called Tichu).
  if (hp.on(kRulePartner) && v.partner_in &&
      (v.partner_cards <= hp[kFeedPartner] || (v.partner_tichu && hp[kFeedTichu]))) {
    int low = -1;
    for (int i = 0; i < n; ++i) {
      if (moves[i].type == MoveType::Dog) return play_action(moves[i]);
      if (moves[i].type == MoveType::Single && (moves[i].cards & kNormals) &&
          (low < 0 || moves[i].rank2 < moves[low].rank2))
        low = i;
    }
    if (hp[kFeedSingle] && low >= 0 && v.partner_cards == 1 && v.fewest_opponent_cards > 1)
      return play_action(moves[low]);
  }
  const bool plan_on = hp.on(kRulePlan), count_on = hp.on(kRuleCount);
  Plan plan;
  Unseen unseen;
  int non_boss = 0;
  std::array<bool, 16> boss{};
  if (plan_on || count_on) {
    plan = make_plan(v.hand);
    unseen = unseen_of(s, v.seat);
    const std::uint32_t lost = loser_bits(v.hand, unseen, hp);
    for (int k = 0; k < plan.n; ++k) {
      const Mask c = plan.combo[static_cast<std::size_t>(k)];
      const bool lose = ((lost >> k) & 1U) != 0;
      boss[static_cast<std::size_t>(k)] = !lose && !(c & v.bombs) && c != kPhoenix;
      non_boss += lose;
    }
  }
  int best = 0, best_score = 0;
  for (int i = 0; i < n; ++i) {
    const Move& m = moves[i];
    int score = lead_score(v, m, hp) + hp[kLeadHigh] * m.rank2;
    if (m.type == MoveType::FullHouse) score -= hp[kLeadHouse];  // five cards few can beat: kept for later
    if (plan_on && m.type != MoveType::Dog && !is_bomb(m.type)) score -= hp[kLeadBreak] * broken(plan, m.cards);
    if (count_on && m.type != MoveType::Dog && !is_bomb(m.type) && broken(plan, m.cards) == 0 && m.cards != kPhoenix) {
      const bool whole_boss =
          boss[static_cast<std::size_t>(plan.id[static_cast<std::size_t>(std::countr_zero(m.cards))])] &&
          count(plan.combo[static_cast<std::size_t>(plan.id[static_cast<std::size_t>(std::countr_zero(m.cards))])]) ==
              m.length;
      if (whole_boss)
        score += non_boss <= hp[kCashLosers] ? 1000 : -hp[kKeepBoss];  // cash the winners last but one; else keep them
    }
    if (i == 0 || score > best_score) best = i, best_score = score;
  }
  return play_action(moves[best]);
}

// The choice among `moves`, the legal moves of the seat in turn (or
// offered a bomb) in legal_moves order.
Action play_among(const HandState& s, const Move* moves, int n, const HeuristicParams& hp) {
  const View v = view_of(s, hp);
  const Move* table = s.table();
  int pass = -1;
  for (int i = 0; i < n; ++i) {
    if (moves[i].cards == v.hand) return play_action(moves[i]);  // going out
    if (moves[i].type == MoveType::Pass) pass = i;
  }
  if (table == nullptr) return lead(s, v, moves, n, hp);
  const int owner = s.table_player();
  const bool partner_table = owner == partner_of(v.seat);
  if (partner_table && pass >= 0) return play_action(kPass);  // never beat the partner but to go out
  const bool plan_on = hp.on(kRulePlan);
  Plan plan;
  if (plan_on) plan = make_plan(v.hand);
  const int follow_losers = hp.on(kRuleCount) ? hp[kFollowLosers] : 0;
  Unseen unseen;  // every use below is under the counting rule
  if (hp.on(kRuleCount)) unseen = unseen_of(s, v.seat);
  // The cheapest beating move, bombs apart.
  int best = -1, best_cost = 0, bomb = -1;
  for (int i = 0; i < n; ++i) {
    const Move& m = moves[i];
    if (m.type == MoveType::Pass) continue;
    if (is_bomb(m.type)) {
      if (bomb < 0 || lower_bomb(m, moves[bomb])) bomb = i;
      continue;
    }
    int cost = follow_cost(v, m, hp);
    if (plan_on) cost += hp[kFollowBreak] * broken(plan, m.cards);
    if (follow_losers) {
      const Mask rest = v.hand & ~m.cards;
      cost += follow_losers * losers_after(rest, unseen, hp);
    }
    if (best < 0 || cost < best_cost) best = i, best_cost = cost;
  }
  if (pass < 0) return play_action(moves[best >= 0 ? best : bomb]);  // the wish binds
  if (hp.on(kRuleCount) && hp[kTempo] && !partner_table) {  // win the lead and cash out
    auto cashes_out = [&](const Move& m) {  // a winner (or a bomb) that leaves at most cash_losers losers
      return (is_bomb(m.type) || !beatable(unseen, m)) &&
             losers_after(v.hand & ~m.cards, unseen, hp) <= hp[kCashLosers];
    };
    if (best >= 0 && cashes_out(moves[best])) return play_action(moves[best]);
    if (hp[kTempo] >= 2) {  // a dearer answer than the cheapest too (v2 looked at the cheapest only), before a bomb
      int pick = -1, pick_cost = 0;
      for (int i = 0; i < n; ++i) {
        const Move& m = moves[i];
        if (m.type == MoveType::Pass || is_bomb(m.type) || !cashes_out(m)) continue;
        const int cost = follow_cost(v, m, hp);
        if (pick < 0 || cost < pick_cost) pick = i, pick_cost = cost;
      }
      if (pick >= 0) return play_action(moves[pick]);
    }
    if (bomb >= 0 && cashes_out(moves[bomb])) return play_action(moves[bomb]);
  }
  const int owner_cards = owner >= 0 ? count(s.hand(owner)) : 14;
  const bool caller =
      hp.on(kRulePartner) && hp[kBreakTichu] && owner == v.opponent_tichu;  // break the opponent's Tichu
  const bool protect = hp[kProtectTichu] && v.partner_tichu;  // the partner's Tichu stands
  const bool racing = hp[kCallerRace] && s.call(v.seat) != Call::None;  // our own Tichu
  const bool danger =
      !partner_table && (owner_cards <= hp[kDangerOwner] || v.fewest_opponent_cards <= hp[kDangerFewest] || caller ||
                         v.stop || v.race || protect || racing);
  const int points = card_points(s.trick());
  if (best >= 0) {
    const bool precious = (moves[best].cards & (kPhoenix | kDragon)) || (moves[best].cards & v.bombs);
    bool breaks = plan_on && broken(plan, moves[best].cards) > 0;
    if (follow_losers && hp[kPassLosers] < 99) {
      const int kept = plan_on ? losers_after(v.hand, unseen, hp) : 0;  // the plan's losers (no plan: none)
      const int delta = losers_after(v.hand & ~moves[best].cards, unseen, hp) - kept;
      breaks = delta >= hp[kPassLosers];
    }
    bool spare = false;  // a winner single kept for a trick worth it
    if (hp[kSpareBoss] && hp.on(kRuleCount) && moves[best].type == MoveType::Single && points <= 0 && !danger) {
      spare = !beatable(unseen, moves[best]) && count(v.hand) > 2;
    }
    if ((!precious || danger || points >= hp[kPreciousPoints] || count(v.hand) <= 4) &&
        (!breaks || danger || points >= hp[kBreakPoints] || count(v.hand) <= hp[kBreakHand]) && !spare)
      return play_action(moves[best]);
  }
  if (bomb >= 0 && !partner_table && (danger || points >= hp[kBombPoints])) return play_action(moves[bomb]);
  return play_action(kPass);
}

// The move at a play or bomb decision: the legal moves listed, then play_among's choice.
Action play(const HandState& s, const HeuristicParams& hp, PolicyScratch& scratch) {
  const bool in_turn = s.decision() == Decision::Play;
  const Mask hand = s.hand(s.current_player());
  const Move* table = s.table();
  if (in_turn && table != nullptr && cannot_beat(hand, *table)) return play_action(kPass);  // nothing to list
  Move* moves = scratch.moves.data();
  const int n =
      legal_moves(Situation{.hand = hand, .table = table, .wish = in_turn ? s.wish() : 0, .out_of_turn = !in_turn},
                  moves);
  return play_among(s, moves, n, hp);
}

// Calls from the table of scripts/make_call_table.py (heuristic_calls.inc):
// call when the hand's chance of going out first, in per mille, reaches the
// threshold.
bool wants_grand_tichu(Mask first_eight, const HeuristicParams& hp) {
  if (!hp.on(kRuleCalls)) return strength2(first_eight) >= 10;
  return heuristic_call_chance(first_eight, true, hp) >= hp[kGrandChance];
}

bool wants_tichu(Mask hand, const HeuristicParams& hp, bool in_play) {
  if (!hp.on(kRuleCalls)) return strength2(hand) >= 10 && losers(hand) <= 2;
  return heuristic_call_chance(hand, false, hp, in_play) >= hp[kTichuChance];
}

}  // namespace

std::array<int, 2> heuristic_call_features(Mask hand, const HeuristicParams& params) {
  return {strength2(hand), losers_after(hand, unseen_from(kDeck & ~hand), params)};
}

int heuristic_call_chance(Mask hand, bool grand, const HeuristicParams& params, bool in_play) {
  const auto f = heuristic_call_features(hand, params);
  if (params[kCallTable] == 0) return table_chance(grand ? kGrandChanceTable : kTichuChanceTable, f[0], f[1]);
  const int doubt = params[kCallDoubt] + (in_play && !grand ? params[kPlayDoubt] : 0);
  return doubted(table_chance(grand ? kGrandMadeTable : kTichuMadeTable, f[0], f[1]), doubt);
}

Action choose_heuristic_play(const HandState& s, const Move* moves, int n, const HeuristicParams& params) {
  return play_among(s, moves, n, params);
}

Action choose_heuristic(const HandState& s, bool calls, const HeuristicParams& hp, SplitMix64& /*rng*/,
                        PolicyScratch& scratch) {
  const int seat = s.current_player();
  const bool partner_called = s.call(partner_of(seat)) != Call::None;
  switch (s.decision()) {
    case Decision::GrandTichu:
      return value_action(ActionKind::GrandTichu, calls && wants_grand_tichu(s.first_eight(seat), hp));
    case Decision::Tichu:
      return value_action(ActionKind::Tichu, calls && !partner_called && wants_tichu(s.hand(seat), hp));
    case Decision::Exchange:
      return push(s.hand(seat), s.call(seat) != Call::None || wants_tichu(s.hand(seat), hp),
                  partner_called && s.call(seat) == Call::None, hp);
    case Decision::Play:
      if (calls && !partner_called && s.may_call_tichu(seat) && wants_tichu(s.hand(seat), hp, true)) {
        return value_action(ActionKind::Tichu, 1);
      }
      return play(s, hp, scratch);
    case Decision::Bomb: return play(s, hp, scratch);
    case Decision::Wish: {
      if (!hp.on(kRuleWish) || hp[kWishMode] == 0) return value_action(ActionKind::Wish, wish(s, seat));
      if (hp[kWishMode] == 1) return value_action(ActionKind::Wish, 0);
      if (hp[kWishMode] == 3) return value_action(ActionKind::Wish, pushed_wish(s, seat));
      for (int r = kMaxRank; r >= kMinRank; --r) {
        if (!(s.hand(seat) & rank_cards(r))) return value_action(ActionKind::Wish, r);
      }
      return value_action(ActionKind::Wish, 0);
    }
    case Decision::DragonGift: {
      const int left = (seat + 1) % 4, right = (seat + 3) % 4;
      return value_action(ActionKind::Gift, count(s.hand(right)) > count(s.hand(left)) ? right : left);
    }
    case Decision::Over: break;
  }
  return Action{};
}

}  // namespace tichu
