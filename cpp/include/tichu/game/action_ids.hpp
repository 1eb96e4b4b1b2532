// Fixed action ids for learning agents (docs/rl.md): every action of every
// decision maps to one id in [0, kNumActionIds). A play's id is its abstract
// move (type, length, top rank, the Phoenix's role); its suits are not in
// the id: id -> action picks the first legal action with that id in the
// documented legal order, so both backends agree at no cost.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "tichu/game/action.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

namespace ids {

// Runs (straights, pair runs, straight flushes): the first id of each
// (length, lowest rank), then one id per Phoenix role.
struct RunTable {
  std::array<std::array<std::int16_t, 16>, 16> offset{};  // [length or pairs][lowest rank]
  int size = 0;
};

// Straights: lengths 5..14 from rank 1 (the Mah Jong) up; the Phoenix
// stands for none (role 0) or one of the ranks 2..top.
constexpr int straight_roles(int length, int low) { return low == 1 ? length : length + 1; }
constexpr RunTable straight_table() {
  RunTable t;
  for (int len = 5; len <= 14; ++len) {
    for (int low = 1; low + len - 1 <= kMaxRank; ++low) {
      t.offset[len][low] = static_cast<std::int16_t>(t.size);
      t.size += straight_roles(len, low);
    }
  }
  return t;
}
// Pair runs: 2..7 pairs from rank 2 up; the Phoenix stands for none or one rank.
constexpr RunTable pair_run_table() {
  RunTable t;
  for (int pairs = 2; pairs <= 7; ++pairs) {
    for (int low = kMinRank; low + pairs - 1 <= kMaxRank; ++low) {
      t.offset[pairs][low] = static_cast<std::int16_t>(t.size);
      t.size += pairs + 1;
    }
  }
  return t;
}
// Straight-flush bombs: lengths 5..13 from rank 2 up (the suit is not in the id).
constexpr RunTable straight_flush_table() {
  RunTable t;
  for (int len = 5; len <= 13; ++len) {
    for (int low = kMinRank; low + len - 1 <= kMaxRank; ++low) t.offset[len][low] = static_cast<std::int16_t>(t.size++);
  }
  return t;
}
inline constexpr RunTable kStraights = straight_table();
inline constexpr RunTable kPairRuns = pair_run_table();
inline constexpr RunTable kStraightFlushes = straight_flush_table();

inline constexpr int kPass = 0;
inline constexpr int kMahJong = 1;
inline constexpr int kSingle = 2;  // + rank - 2: the normal singles 2..A
inline constexpr int kDog = kSingle + 13;
inline constexpr int kDragon = kDog + 1;
inline constexpr int kPhoenixSingle = kDragon + 1;  // whatever half rank it takes
inline constexpr int kPair = kPhoenixSingle + 1;    // + 2 * (rank - 2) + (Phoenix in it)
inline constexpr int kTrio = kPair + 2 * 13;        // the same
inline constexpr int kFullHouse = kTrio + 2 * 13;   // + 3 * (12 * (trio - 2) + pair index) + role
inline constexpr int kStraight = kFullHouse + 13 * 12 * 3;
inline constexpr int kPairRun = kStraight + kStraights.size;
inline constexpr int kFourOfAKind = kPairRun + kPairRuns.size;  // + rank - 2
inline constexpr int kStraightFlush = kFourOfAKind + 13;
inline constexpr int kNoGrandTichu = kStraightFlush + kStraightFlushes.size;
inline constexpr int kGrandTichu = kNoGrandTichu + 1;
inline constexpr int kNoTichu = kGrandTichu + 1;
inline constexpr int kTichu = kNoTichu + 1;  // the TICHU decision's call and the call in PLAY
inline constexpr int kNoWish = kTichu + 1;
inline constexpr int kWish = kNoWish + 1;         // + rank - 2
inline constexpr int kGiftNext = kWish + 13;      // give the Dragon trick to p+1
inline constexpr int kGiftPrevious = kGiftNext + 1;  // to p+3
inline constexpr int kExchange = kGiftPrevious + 1;  // + (14 * 13 * 12 ordinal of the index triple)
inline constexpr int kNumActionIds = kExchange + 14 * 13 * 12;

static_assert(kStraights.size == 485 && kPairRuns.size == 296 && kStraightFlushes.size == 45);
static_assert(kNumActionIds == 3581, "docs/rl.md counts the ids");

}  // namespace ids

inline constexpr int kNumActionIds = ids::kNumActionIds;
// An exchange decision's legal ids: every push is legal (R2.2), so they are
// the whole range from ids::kExchange.
inline constexpr int kNumExchangeIds = kNumActionIds - ids::kExchange;

// The id of a move (a play, a bomb or the pass); std::invalid_argument for
// a move check_move refuses.
int move_id(const Move& m);

// The id of `a` as an answer to the current decision of `s`: a push's id
// names positions in the pusher's sorted hand, a gift's the receiver relative
// to the giver. std::invalid_argument for a push of cards he does not hold,
// a gift to a partner, or an action that is none.
int action_id(const Action& a, const HandState& s);

// Sets out[id] = 1 for every legal action's id (out holds kNumActionIds
// bytes, all written); returns how many distinct ids are set.
int legal_action_mask(const HandState& s, std::uint8_t* out);

// The distinct legal ids, ascending, into `ids` (room for kMaxActions);
// returns how many. Outside the exchange `first[k]` (room for kMaxActions)
// is the first legal action with id ids[k], what action_from_id returns;
// during the exchange the ids are the range from ids::kExchange and `first`
// is not written (action_from_id maps an ordinal to its push).
int legal_ids(const HandState& s, std::int32_t* ids, Action* first);

// The exchange's legal ids, ascending (what legal_ids writes during the
// exchange), from one table: a caller copies them in one pass.
std::span<const std::int32_t, kNumExchangeIds> exchange_ids();

// The first legal action (in legal_actions order) whose id is `id`; nullopt
// when none is. Precondition: 0 <= id < kNumActionIds.
std::optional<Action> action_from_id(int id, const HandState& s);

}  // namespace tichu
