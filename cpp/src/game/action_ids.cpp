#include "tichu/game/action_ids.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

#include "tichu/game/movegen.hpp"  // cannot_beat: a pass-only answer needs no generator

namespace tichu {
namespace {

int top_rank(const Move& m) { return m.rank2 / 2; }

// A run's Phoenix role: 0 none, else its place counted from the lowest
// rank that the Phoenix may stand for.
int run_role(const Move& m, int low) {
  if (m.phoenix_as == 0) return 0;
  return low == 1 ? m.phoenix_as - 1 : m.phoenix_as - low + 1;
}

int full_house_id(const Move& m) {
  const int trio = top_rank(m);
  const Mask others = m.cards & kNormals & ~rank_cards(trio);
  const int pair = rank_of_index(std::countr_zero(others));
  const int role = m.phoenix_as == 0 ? 0 : (std::cmp_equal(m.phoenix_as, trio) ? 1 : 2);
  const int pair_index = pair < trio ? pair - kMinRank : pair - kMinRank - 1;
  return ids::kFullHouse + 3 * (12 * (trio - kMinRank) + pair_index) + role;
}

// The ordinal of a push among the 14*13*12 ordered triples of distinct
// positions (legal_actions' exchange order).
int push_ordinal(int a, int b, int c) {
  const int b2 = b - (b > a);
  const int c2 = c - (c > a) - (c > b);
  return (a * 13 + b2) * 12 + c2;
}

int push_id(const Action& a, Mask hand) {
  std::array<int, 3> pos{};
  for (std::size_t k = 0; k < 3; ++k) {
    const Mask card = Mask{1} << (a.push[k] & 63);
    if (a.push[k] >= kNumCards || !(hand & card)) {
      throw std::invalid_argument("a push of cards the player does not hold has no id");
    }
    pos[k] = count(hand & (card - 1));
  }
  if (pos[0] == pos[1] || pos[0] == pos[2] || pos[1] == pos[2] || count(hand) != 14) {
    throw std::invalid_argument("a push is 3 distinct cards of a 14-card hand");
  }
  return ids::kExchange + push_ordinal(pos[0], pos[1], pos[2]);
}

Move* scratch_moves() {
  thread_local std::array<Move, kMaxLegalMoves> buffer;
  return buffer.data();
}

Action* scratch_actions() {
  thread_local std::array<Action, kMaxActions> buffer;
  return buffer.data();
}

// The moves of a PLAY or BOMB decision (the Tichu call aside).
int decision_moves(const HandState& s, Move* out) {
  const bool in_turn = s.decision() == Decision::Play;
  return legal_moves(Situation{.hand = s.hand(s.current_player()),
                               .table = s.table(),
                               .wish = in_turn ? s.wish() : 0,
                               .out_of_turn = !in_turn},
                     out);
}

// The id of a valid move (the generator's, or one check_move accepted).
int valid_move_id(const Move& m) {
  const int top = top_rank(m);
  switch (m.type) {
    case MoveType::Pass: return ids::kPass;
    case MoveType::Dog: return ids::kDog;
    case MoveType::Single:
      if (m.cards == kMahJong) return ids::kMahJong;
      if (m.cards == kDragon) return ids::kDragon;
      if (m.cards == kPhoenix) return ids::kPhoenixSingle;
      return ids::kSingle + top - kMinRank;
    case MoveType::Pair: return ids::kPair + 2 * (top - kMinRank) + (m.phoenix_as != 0);
    case MoveType::Trio: return ids::kTrio + 2 * (top - kMinRank) + (m.phoenix_as != 0);
    case MoveType::FullHouse: return full_house_id(m);
    case MoveType::Straight: {
      const int low = top - m.length + 1;
      return ids::kStraight + ids::kStraights.offset[m.length][low] + run_role(m, low);
    }
    case MoveType::PairRun: {
      const int pairs = m.length / 2;
      const int low = top - pairs + 1;
      return ids::kPairRun + ids::kPairRuns.offset[pairs][low] + run_role(m, low);
    }
    case MoveType::FourOfAKind: return ids::kFourOfAKind + top - kMinRank;
    case MoveType::StraightFlush:
      return ids::kStraightFlush + ids::kStraightFlushes.offset[m.length][top - m.length + 1];
  }
  throw std::invalid_argument("a move of no known type");
}

}  // namespace

int move_id(const Move& m) {
  check_move(m);
  return valid_move_id(m);
}

namespace {

// action_id; `checked` false for the state's own legal actions, whose moves are valid.
int action_id_of(const Action& a, const HandState& s, bool checked) {
  switch (a.kind) {
    case ActionKind::GrandTichu: return a.value ? ids::kGrandTichu : ids::kNoGrandTichu;
    case ActionKind::Tichu: return a.value ? ids::kTichu : ids::kNoTichu;
    case ActionKind::Play: return checked ? move_id(a.move) : valid_move_id(a.move);
    case ActionKind::Wish:
      if (a.value == 0) return ids::kNoWish;
      if (a.value < kMinRank || a.value > kMaxRank) throw std::invalid_argument("a wish is a rank 2..14");
      return ids::kWish + a.value - kMinRank;
    case ActionKind::Gift: {
      const int p = s.current_player();
      if (p < 0) throw std::invalid_argument("a gift's id needs the giver: the hand is over");
      if (a.value == (p + 1) % 4) return ids::kGiftNext;
      if (a.value == (p + 3) % 4) return ids::kGiftPrevious;
      throw std::invalid_argument("a Dragon trick goes to an opponent of the giver, not seat " +
                                  std::to_string(a.value));
    }
    case ActionKind::Push: {
      const int p = s.current_player();
      if (p < 0) throw std::invalid_argument("a push's id needs the pusher: the hand is over");
      return push_id(a, s.hand(p));
    }
  }
  throw std::invalid_argument("an action of no known kind");
}

// legal_ids of a PLAY or BOMB decision, its legal_actions read as moves:
// the legal moves (HandState::legal_actions' order), then the call.
int play_ids(const HandState& s, std::int32_t* ids, Action* first) {
  const int p = s.current_player();
  int count = 0;
  if (s.decision() == Decision::Play && s.table() != nullptr &&
      cannot_beat(s.hand(p), *s.table(), s.seat_may_hold_bomb(p))) {
    ids[0] = ids::kPass;  // the pass alone (R5.2), the commonest answer: nothing to generate
    first[0] = play_action(kPass);
    count = 1;
  } else {
    // The first move of each id, found in legal order, then sorted by id:
    // O(legal moves), never O(kNumActionIds).
    thread_local std::array<std::int16_t, kNumActionIds> where;  // id -> index + 1 into `moves`, 0: not seen
    thread_local std::array<std::int32_t, kMaxActions> found;
    Move* moves = scratch_moves();
    const int n = decision_moves(s, moves);
    for (int i = 0; i < n; ++i) {
      const int id = valid_move_id(moves[i]);
      if (where[static_cast<std::size_t>(id)] == 0) {
        where[static_cast<std::size_t>(id)] = static_cast<std::int16_t>(i + 1);
        found[static_cast<std::size_t>(count++)] = id;
      }
    }
    // Insertion sort: the generator lists a kind's moves by rank, so the ids come nearly in order
    // (the pass, id 0, last), and a few distinct ids need no more than one shift each.
    for (int k = 1; k < count; ++k) {
      const std::int32_t id = found[static_cast<std::size_t>(k)];
      int j = k;
      for (; j > 0 && found[static_cast<std::size_t>(j - 1)] > id; --j)
        found[static_cast<std::size_t>(j)] = found[static_cast<std::size_t>(j - 1)];
      found[static_cast<std::size_t>(j)] = id;
    }
    for (int k = 0; k < count; ++k) {
      const auto id = static_cast<std::size_t>(found[static_cast<std::size_t>(k)]);
      ids[k] = static_cast<std::int32_t>(id);
      first[k] = play_action(moves[where[id] - 1]);
      where[id] = 0;
    }
  }
  const int with_call = s.add_tichu_call(first, count);
  // The call's id is above every move's: last among the actions, it keeps the ids ascending.
  static_assert(ids::kTichu > ids::kStraightFlush + ids::kStraightFlushes.size);
  if (with_call > count) ids[count] = ids::kTichu;
  return with_call;
}

}  // namespace

int action_id(const Action& a, const HandState& s) { return action_id_of(a, s, true); }

int legal_action_mask(const HandState& s, std::uint8_t* out) {
  std::fill(out, out + kNumActionIds, std::uint8_t{0});
  switch (s.decision()) {
    case Decision::Over: return 0;
    case Decision::Exchange:  // every ordered triple of the 14 cards
      std::fill(out + ids::kExchange, out + kNumActionIds, std::uint8_t{1});
      return kNumExchangeIds;
    case Decision::Play:
    case Decision::Bomb: {
      Move* moves = scratch_moves();
      const int n = decision_moves(s, moves);
      int set = 0;
      for (int i = 0; i < n; ++i) {
        std::uint8_t& bit = out[valid_move_id(moves[i])];
        set += bit == 0;
        bit = 1;
      }
      if (s.offers_tichu_call()) {
        out[ids::kTichu] = 1;
        ++set;
      }
      return set;
    }
    default: {
      Action* actions = scratch_actions();
      const int n = s.legal_actions(actions);
      for (int i = 0; i < n; ++i) out[action_id_of(actions[i], s, false)] = 1;
      return n;
    }
  }
}

std::span<const std::int32_t, kNumExchangeIds> exchange_ids() {
  static constexpr std::array<std::int32_t, kNumExchangeIds> kIds = [] {
    std::array<std::int32_t, kNumExchangeIds> t{};
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = static_cast<std::int32_t>(ids::kExchange + k);
    return t;
  }();
  return kIds;
}

int legal_ids(const HandState& s, std::int32_t* ids, Action* first) {
  if (s.decision() == Decision::Exchange) {
    const auto all = exchange_ids();
    std::ranges::copy(all, ids);
    return kNumExchangeIds;
  }
  if (s.decision() == Decision::Over) return 0;
  if (s.decision() == Decision::Play || s.decision() == Decision::Bomb) return play_ids(s, ids, first);
  // The small decisions (calls, wish, gift): one id per legal action, ascending in legal order.
  Action* actions = scratch_actions();
  const int n = s.legal_actions(actions);
  for (int i = 0; i < n; ++i) {
    ids[i] = action_id_of(actions[i], s, false);
    first[i] = actions[i];
  }
  return n;
}

std::optional<Action> action_from_id(int id, const HandState& s) {
  if (s.decision() == Decision::Exchange) {  // the ordinal names positions: decode it, generate nothing
    const int ordinal = id - ids::kExchange;
    const Mask hand = s.hand(s.current_player());
    if (ordinal < 0 || count(hand) != 14) return std::nullopt;
    const int c2 = ordinal % 12;
    const int a = ordinal / 12 / 13;
    const int b2 = ordinal / 12 % 13;
    const int b = b2 + (b2 >= a);
    int c = c2;  // the c2-th position other than a and b
    for (const int taken : {std::min(a, b), std::max(a, b)}) c += c >= taken;
    std::array<std::uint8_t, 14> cards{};
    int k = 0;
    for (Mask m = hand; m; m &= m - 1)
      cards[static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(std::countr_zero(m));
    // the ordinal order is the order of legal_actions (tests/game/test_rl_ids.py)
    return push_action(cards[static_cast<std::size_t>(a)], cards[static_cast<std::size_t>(b)],
                       cards[static_cast<std::size_t>(c)]);
  }
  Action* actions = scratch_actions();
  const int n = s.legal_actions(actions);
  for (int i = 0; i < n; ++i) {
    if (action_id_of(actions[i], s, false) == id) return actions[i];
  }
  return std::nullopt;
}

}  // namespace tichu
