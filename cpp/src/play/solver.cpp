// The open-hand solver (docs/solver.md): fail-soft alpha-beta on the team
// value with a transposition table of proven bounds, probed by null-window
// searches (MTD(f)) for the exact value of every root action.
//
// Values inside the search are in units of 5 points: every card point, the
// one-two bonus and every call are multiples of 5, so the null-window
// probes step five times faster.
#include "tichu/play/solver.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <memory>
#include <new>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "tichu/game/movegen.hpp"
#include "tichu/game/score.hpp"
#include "tichu/game/stop.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

// What the table key needs beyond the public accessors: who acted and who is
// next once the out-of-turn offers in progress are over (R10.2).
struct SolverAccess {
  static int offer_actor(const HandState& s) { return s.offer_actor_; }
  static int next_in_turn(const HandState& s) { return s.next_in_turn_; }
};

namespace {

constexpr int kInfinity = 30000;
constexpr int kUnit = 5;
constexpr int kMaxPly = 1024;
constexpr double kNoDeadline = 1e9;  // seconds (31 years): a longer time limit is none (and would overflow the clock)

// Everything that decides the rest of the hand, and nothing else: the hands,
// the table and its player, the passes, the wish (none when no hand holds a
// card of the wished rank: then it can bind nobody), the points in the trick
// and in each pile (only points count at the end; merged per team where
// the seat cannot change them by ending last), the out order, the calls,
// who may still call Tichu, the offer in progress and the bomb rule.
struct Key {
  std::array<std::uint64_t, 7> w{};
  friend bool operator==(const Key& a, const Key& b) {  // every word, without a branch or a memcmp call
    std::uint64_t d = 0;
    for (std::size_t i = 0; i < 7; ++i) d |= a.w[i] ^ b.w[i];
    return d == 0;
  }
};

// Card points (-25..100) as one byte of the key.
std::uint64_t byte_of_points(int points) { return static_cast<std::uint8_t>(points + 64); }
std::uint64_t points_byte(Mask cards) { return byte_of_points(card_points(cards)); }

// Equivalent cards (docs/solver.md): a suit matters only in a straight
// flush, so in a hand that holds none (nor ever will: a hand only loses
// cards) two cards of one rank are one card for the search. Such a hand is
// keyed by its count of cards per rank, written as the lowest bits of each
// rank's nibble, with bit 63 set so that it never equals a hand keyed card
// by card. The table's cards count only by their combination (type, rank,
// length, the Phoenix, the Dragon), the trick and piles only by points.
constexpr Mask kCountedHand = Mask{1} << 63;

// The cards of `m` with each rank's normal cards moved to the lowest suits.
constexpr Mask by_rank_counts(Mask m) {
  const Mask x = m & kNormals;
  Mask c = x - ((x >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);  // each nibble: its count, 0..4
  const Mask b0 = c & kNibbleLow, b1 = (c >> 1) & kNibbleLow, b2 = (c >> 2) & kNibbleLow;
  return (m & kSpecials) | (b0 | b1 | b2) | (b1 | b2) << 1 | (b2 | (b1 & b0)) << 2 | b2 << 3;
}
static_assert(by_rank_counts(Mask{0b1010} << 8 | kPhoenix) == (Mask{0b0011} << 8 | kPhoenix));
static_assert(by_rank_counts(Mask{0b1101} << 12) == Mask{0b0111} << 12);

// A hand as the key holds it (card by card without `reduce`).
constexpr Mask hand_key(Mask hand, bool reduce) {
  return !reduce || holds_straight_flush(hand) ? hand : by_rank_counts(hand) | kCountedHand;
}

// Bit r - 2 for each rank r (2..14) of which `cards` holds a normal card:
// each nibble's cards to its lowest bit, then those bits gathered.
constexpr std::uint32_t held_ranks(Mask cards) {
  Mask x = cards & kNormals;
  x = (x | x >> 1 | x >> 2 | x >> 3) & kNibbleLow;  // bit 4k: a card in nibble k (rank k + 1)
  x = (x | x >> 3) & 0x0303030303030303ULL;
  x = (x | x >> 6) & 0x000F000F000F000FULL;
  x = (x | x >> 12) & 0x000000FF000000FFULL;
  x = (x | x >> 24) & 0xFFFFULL;  // bit k: nibble k
  return static_cast<std::uint32_t>(x >> 1) & 0x1FFFU;
}
static_assert(held_ranks(rank_cards(2) | rank_cards(14) | kDragon | kMahJong) == (1U | 1U << 12));
static_assert(held_ranks(Mask{1} << rank_shift(7) << 3 | Mask{1} << rank_shift(9)) == (1U << 5 | 1U << 7));

// The ranks in a 13-bit set, by two table lookups: the build has no
// popcount instruction and the key counts ranks several times per node.
constexpr std::array<std::uint8_t, 256> kByteCount = [] {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(std::popcount(i));
  return t;
}();
constexpr int count_ranks(std::uint32_t ranks) { return kByteCount[ranks & 0xFFU] + kByteCount[ranks >> 8 & 0xFFU]; }
static_assert(count_ranks(0x1FFFU) == 13 && count_ranks(0x1001U) == 2);

// Equivalent ranks in the key (with `reduce`): a run of ranks that no hand
// holds only separates the ranks around it. Without the Phoenix in a hand
// any such run breaks every straight and pair run alike, so it counts as one
// empty rank; with the Phoenix, a run of one rank can be filled by it and
// a longer one cannot (it can only extend a straight by one rank on either
// side), so a run counts as at most two. Held ranks keep their order,
// which of them are consecutive and how far each lies from the ends of
// the scale (the Mah Jong's straight, the Phoenix as 2 or as Ace: the
// run above the top held rank counts in the last place too); the
// points of each held rank are keyed beside them. A rank no hand holds (on
// the table or wished) only compares with held ranks, so it takes the
// first place of its run.
struct RankMap {
  std::uint32_t held = 0;  // bit r - 2 for each rank r that a hand holds
  std::uint32_t places = 0;  // the ranks that take a place: the held ones, the first one or two of each empty run
  bool identity = true;
  std::uint64_t points = 0;  // 2 bits per place of a held rank: 1 for a 5, 2 for a 10 or King
  int end = 2;  // the place after the last, the run up to the Ace's end included
  std::array<Mask, 7> block_cards{};  // runs of held ranks (at most 7 in 13): their nibbles
  std::array<std::uint8_t, 7> block_down{};  // and how far they move down (place <= rank)
  std::size_t blocks = 0;

  explicit RankMap(Mask all) {
    held = held_ranks(all);
    const std::uint32_t empty = ~held & 0x1FFFU;
    const std::uint32_t starts = empty & ~(empty << 1);
    places = held | starts;
    if (all & kPhoenix) places |= empty & (starts << 1);
    end = 2 + count_ranks(places);
    const int top = held ? static_cast<int>(std::bit_width(held)) - 1 : 0;
    identity = (places & ((1U << top) - 1)) == (1U << top) - 1;
    for (const int r : {5, 10, 13}) {
      if (held >> (r - 2) & 1) points |= std::uint64_t{r == 5 ? 1U : 2U} << (2 * (place(r) - 2));
    }
    for (std::uint32_t h = held & ~(held << 1); h != 0; h &= h - 1) {
      const int b = std::countr_zero(h);
      const int width = 4 * std::countr_zero(~(held >> b));
      block_cards[blocks] = ((Mask{1} << width) - 1) << rank_shift(b + 2);
      block_down[blocks] = static_cast<std::uint8_t>(rank_shift(b + 2) - rank_shift(place(b + 2)));
      ++blocks;
    }
  }
  // The place of rank r (2..14): a held rank's own, an empty rank's the first of its run.
  [[nodiscard]] int place(int r) const {
    int i = r - 2;
    if (!(held >> i & 1)) i = static_cast<int>(std::bit_width(held & ((1U << i) - 1)));  // one past the held rank below
    return 2 + count_ranks(places & ((1U << i) - 1));
  }
  // The cards of `m`, which holds cards of held ranks only (a hand), with
  // each rank's nibble moved to its place (specials kept).
  [[nodiscard]] Mask cards(Mask m) const {
    if (identity) return m;
    Mask out = m & (kSpecials | kCountedHand);
    for (std::size_t b = 0; b < blocks; ++b) {
      out |= (m & block_cards[b]) >> block_down[b];
    }
    return out;
  }
  // A rank (twice it, halves for the Phoenix on a single): ranks below 2 and the Dragon keep theirs.
  [[nodiscard]] int rank2(int r2) const {
    const int r = r2 / 2;
    return r < 2 || r > 14 ? r2 : 2 * place(r) + (r2 & 1);
  }
  [[nodiscard]] int rank(int r) const { return r < 2 || r > 14 ? r : place(r); }
};

// `pile`: each seat's pile in card points, `may_call`: bit i when seat i may
// still call Tichu (the quick bounds' facts, counted once per node).
Key make_key(const HandState& s, bool reduce, const std::array<int, 4>& pile, unsigned may_call) {
  Key k;
  Mask all = 0;
  for (int i = 0; i < 4; ++i) all |= s.hand(i);
  const RankMap map(reduce ? all : kDeck);
  for (int i = 0; i < 4; ++i) k.w[static_cast<std::size_t>(i)] = map.cards(hand_key(s.hand(i), reduce));
  std::uint64_t w5 = points_byte(s.trick()) << 24;
  if (reduce) k.w[4] = map.points << 16 | static_cast<std::uint64_t>(map.end) << 8;
  if (const Move* t = s.table()) {
    // Only the table's combination counts (its points are the trick's): the
    // specials in it (the Dragon's trick is given away, R5.5) and its length.
    k.w[4] |= reduce ? (t->cards & kSpecials) | std::uint64_t{t->length} << 4 : t->cards;
    w5 |= static_cast<std::uint64_t>(t->type) | static_cast<std::uint64_t>(map.rank2(t->rank2)) << 8 |
          static_cast<std::uint64_t>(map.rank(t->phoenix_as)) << 16;
  }
  // A pile counts for its seat's team unless the seat ends last, and then
  // for the first player's team: once the first player is out, the piles of
  // his team and of every seat out are their team's for sure, one sum each.
  std::array<int, 2> team_points{};
  const int first = s.out_count() > 0 ? s.out_seat(0) : -1;
  for (int i = 0; i < 4; ++i) {
    const int points = pile[static_cast<std::size_t>(i)];
    if (first >= 0 && (s.hand(i) == 0 || team_of(i) == team_of(first))) {
      team_points[static_cast<std::size_t>(team_of(i))] += points;
    } else {
      w5 |= byte_of_points(points) << (32 + 8 * i);
    }
  }
  k.w[5] = w5;
  const Decision d = s.decision();
  auto w6 = static_cast<std::uint64_t>(d);
  w6 |= static_cast<std::uint64_t>(s.current_player() + 1) << 3;
  w6 |= static_cast<std::uint64_t>(s.table_player() + 1) << 6;
  w6 |= std::uint64_t{s.passed()} << 9;
  for (int i = 0; i < 4; ++i) {
    w6 |= std::uint64_t{may_call >> i & 1U} << (13 + i);
    w6 |= static_cast<std::uint64_t>(s.call(i)) << (17 + 2 * i);
  }
  const int wish = s.wish();
  if (wish && (all & kNormals & rank_cards(wish))) w6 |= static_cast<std::uint64_t>(map.rank(wish)) << 25;
  w6 |= static_cast<std::uint64_t>(s.out_count()) << 29;
  for (int i = 0; i < s.out_count() && i < 3; ++i) w6 |= static_cast<std::uint64_t>(s.out_seat(i)) << (32 + 2 * i);
  w6 |= std::uint64_t{s.rules().bombs_out_of_turn} << 38;
  if (d == Decision::Bomb || d == Decision::Wish) {
    w6 |= static_cast<std::uint64_t>(SolverAccess::offer_actor(s) + 1) << 39;
    w6 |= static_cast<std::uint64_t>(SolverAccess::next_in_turn(s) + 1) << 42;
  }
  w6 |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(team_points[0] + 64)) << 48;
  w6 |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(team_points[1] + 64)) << 56;
  k.w[6] = w6;
  return k;
}

std::uint64_t hash_key(const Key& k) {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (std::uint64_t w : k.w) {
    h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
  }
  return h ^ (h >> 31);
}

// One table slot: proven bounds on a position's value and the index of the
// best action found (legal_actions lists a position's actions in a fixed order).
struct Entry {
  Key key;
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint16_t best = 0;
  std::uint16_t generation = 0;  // 0: empty
};
static_assert(sizeof(Entry) == 64);

// The thread's table: 2^20 slots (64 MiB), allocated on the first solve and
// kept, since its facts hold for any later position. On Linux it asks for
// huge pages (2 MiB): a probe lands on a random slot, which misses the
// cache, and with 4 KiB pages it also missed the TLB (a page walk each).
int cards_left(const Key& k) {
  return count(k.w[0] & kDeck) + count(k.w[1] & kDeck) + count(k.w[2] & kDeck) + count(k.w[3] & kDeck);
}

class Table {
 public:
  static constexpr std::size_t kSlots = std::size_t{1} << 20;
  Table() : slots_(allocate_slots()) {}
  // Copies the position's entry into `out`, if the table holds it: in
  // either slot of its pair.
  bool find(std::uint64_t h, const Key& key, Entry& out) const {
    const Guard guard(*this, h);
    for (std::uint64_t j = 0; j < 2; ++j) {
      const Entry& e = (*slots_)[(h ^ j) & (kSlots - 1)];
      if (e.generation == generation_ && e.key == key) {
        out = e;
        return true;
      }
    }
    return false;
  }
  // Starts loading the position's slot pair (a cache miss: the table is far
  // larger than the cache) while the caller does other work.
  void prefetch(std::uint64_t h) const {
#if defined(__GNUC__) || defined(__clang__)  // MSVC: no prefetch, the probe just waits
    const Entry* pair = &(*slots_)[h & (kSlots - 2)];
    __builtin_prefetch(pair);
    __builtin_prefetch(pair + 1);
#else
    (void)h;
#endif
  }
  // Records the bounds [lo, hi] proved for the position, with what the
  // table knew of it. The slot: the position's own entry, else the pair's
  // first slot when the position has at least as many cards left as the
  // one there (its subtree cost more), else the second slot, which always
  // takes the newest.
  void store(std::uint64_t h, const Key& key, int lo, int hi, int best) {
    const Guard guard(*this, h);
    Entry& first = (*slots_)[h & (kSlots - 1)];
    Entry& second = (*slots_)[(h ^ 1) & (kSlots - 1)];
    Entry* e = &second;
    if (!(second.generation == generation_ && second.key == key) &&
        (first.generation != generation_ || first.key == key || cards_left(key) >= cards_left(first.key))) {
      e = &first;
    }
    if (e->generation == generation_ && e->key == key) {
      lo = std::max<int>(lo, e->lower);
      hi = std::min<int>(hi, e->upper);
    }
    e->key = key;
    e->lower = static_cast<std::int16_t>(lo);
    e->upper = static_cast<std::int16_t>(hi);
    e->best = static_cast<std::uint16_t>(best);
    e->generation = generation_;
  }
  void new_generation() {
    if (++generation_ == 0) {  // wrapped: forget everything once
      for (std::size_t i = 0; i < kSlots; ++i) (*slots_)[i].generation = 0;
      generation_ = 1;
    }
  }
  // While threads search together (set and cleared while no search runs),
  // each access holds the lock of its pair's stripe.
  void set_shared(bool shared) { shared_ = shared; }

 private:
  static constexpr std::size_t kStripes = 4096;
  class Guard {
   public:
    Guard(const Table& t, std::uint64_t h) : lock_(t.shared_ ? &t.locks_[(h >> 1) & (kStripes - 1)] : nullptr) {
      if (lock_ == nullptr) return;
      for (int spins = 0; lock_->test_and_set(std::memory_order_acquire);) {
        while (lock_->test(std::memory_order_relaxed)) {
          // The holder was put to sleep inside (more threads than cores):
          // give it the core rather than spin through this time slice.
          if (++spins % 256 == 0) std::this_thread::yield();
        }
      }
    }
    ~Guard() {
      if (lock_ != nullptr) lock_->clear(std::memory_order_release);
    }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    std::atomic_flag* lock_;
  };
  static constexpr std::size_t kPage = std::size_t{1} << 21;
  using Slots = std::array<Entry, kSlots>;
  // The slots start on a 2 MiB boundary inside a plain allocation (an
  // aligned operator new is missing from older macOS deployment targets).
  struct Release {
    void* raw = nullptr;
    void operator()(Slots* slots) const {
      slots->~Slots();
      ::operator delete(raw);
    }
  };
  static std::unique_ptr<Slots, Release> allocate_slots() {
    constexpr std::size_t bytes = sizeof(Slots);
    std::size_t space = bytes + kPage;
    void* raw = ::operator new(space);
    void* start = raw;
    std::align(kPage, bytes, start, space);  // cannot fail: kPage bytes to spare
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(start, bytes, MADV_HUGEPAGE);  // advice only: without it the table works the same
#endif
    return {new (start) Slots{}, Release{raw}};
  }
  std::unique_ptr<Slots, Release> slots_;
  std::uint16_t generation_ = 1;
  bool shared_ = false;
  mutable std::array<std::atomic_flag, kStripes> locks_{};
};

Table& thread_table() {
  thread_local Table table;
  return table;
}

int terminal_value(const HandState& s) {
  const auto r = s.returns();
  return (r[0] - r[1]) / kUnit;
}

// A value bound no play can leave: card points and the one-two differ by at
// most 200, and every call made or still possible swings its value.
int static_bound(const HandState& s) {
  int b = 200;
  for (int i = 0; i < 4; ++i) {
    const Call c = s.call(i);
    b += c != Call::None ? call_value(c) : (s.may_call_tichu(i) ? call_value(Call::Tichu) : 0);
  }
  return b / kUnit;
}

// The points a set of cards may move: the Phoenix's -25 counts as 25.
int free_points(Mask cards) { return card_points(cards & ~kPhoenix) + ((cards & kPhoenix) ? 25 : 0); }

// Sure tricks: whether the seat in turn, on lead or answering a single, a
// pair or a trio, can play all its cards out winning every trick whatever
// the others do. No other hand holds a
// bomb; the seat plays each of its ranks as one combination (its single,
// pair, trio or four of a kind), each one that no other hand could beat
// (the cards of all other hands counted together, the Phoenix with them),
// the Dragon as a single, and at most one combination that could be beaten,
// the Mah Jong or the Dog, which it plays last; its Phoenix goes last
// alone, or with a single or a pair that is played last. A wish it could
// be bound by (it holds the rank) is not taken.
// `won`: the cards of the combinations nobody could beat, whose tricks the
// seat surely takes (the Dragon's it gives away).
bool runs_out(const HandState& s, Mask& won) {
  if (s.decision() != Decision::Play) return false;
  const int x = s.current_player();
  Mask hand = s.hand(x);
  const int wish = s.wish();
  if (wish != 0 && (hand & kNormals & rank_cards(wish))) return false;
  Mask others = 0;
  for (int i = 0; i < 4; ++i) {
    if (i == x) continue;
    if (holds_bomb(s.hand(i))) return false;
    others |= s.hand(i);
  }
  // beats[c - 1]: one bit per rank (its nibble's lowest) of which the others hold c of a kind.
  const Mask counts = by_rank_counts(others & kNormals);  // thermometer: 1, 3, 7 or 15 per nibble
  std::array<Mask, 3> beats{};
  for (std::size_t c = 0; c < 3; ++c) {
    beats[c] = counts >> c & kNibbleLow;
    if (c > 0 && (others & kPhoenix)) beats[c] |= counts >> (c - 1) & kNibbleLow;
  }
  const bool single_beaten = (others & (kPhoenix | kDragon)) != 0;
  won = 0;
  if (const Move* t = s.table()) {
    // Answering: first the lowest of its ranks that beats the table as a
    // single, pair or trio with all its cards and that nobody could beat
    // (the trick is then its own), or the Dragon on a single (its trick
    // given away); then it leads the rest.
    const int c = t->type == MoveType::Single ? 1 : t->type == MoveType::Pair ? 2 : t->type == MoveType::Trio ? 3 : 0;
    if (c == 0) return false;
    const Mask own = by_rank_counts(hand & kNormals);
    Mask first = 0;
    for (int r = std::max(2, t->rank2 / 2 + 1); r <= 14 && first == 0; ++r) {
      const int shift = rank_shift(r);
      const bool beaten =
          (beats[static_cast<std::size_t>(c - 1)] & ~((Mask{1} << (shift + 4)) - 1)) != 0 || (c == 1 && single_beaten);
      if (rank_count(own, r) == c && !beaten) first = hand & rank_cards(r);
    }
    if (first != 0) {
      won = first | s.trick();
    } else if (c == 1 && (hand & kDragon) && t->rank2 < kDragonRank2) {
      first = kDragon;
    } else {
      return false;
    }
    hand &= ~first;
  }
  int beatable = ((hand & kMahJong) ? 1 : 0) + ((hand & kDog) ? 1 : 0);
  int beatable_count = 4;  // the count of the one beatable rank (4: none, or a special card)
  const Mask own = by_rank_counts(hand & kNormals);
  for (Mask held = own & kNibbleLow; held != 0 && beatable <= 1; held &= held - 1) {
    const int shift = std::countr_zero(held);
    const int c = count((own >> shift) & 0xF);
    const Mask cards = hand & Mask{0xF} << shift;
    if (c == 4) {  // a bomb: nobody else holds one
      won |= cards;
      continue;
    }
    const Mask above = ~((Mask{1} << (shift + 4)) - 1);
    const bool beaten = (beats[static_cast<std::size_t>(c - 1)] & above) != 0 || (c == 1 && single_beaten);
    if (beaten) {
      ++beatable;
      beatable_count = c;
    } else {
      won |= cards;
    }
  }
  if (!(hand & kPhoenix)) return beatable <= 1;
  return beatable == 0 || (beatable == 1 && beatable_count <= 2);
}

// Rounds a bound in points down (lower) or up (upper) to units.
int floor_units(int v) { return v / kUnit - (v % kUnit != 0 && v < 0 ? 1 : 0); }
int ceil_units(int v) { return v / kUnit + (v % kUnit != 0 && v > 0 ? 1 : 0); }

// Bounds on the final value that hold whatever is played from `s`, for a
// cut before any move is generated (the bridge solvers' quick-trick bounds,
// in Tichu's terms): points already in piles stay with their seat's team
// unless that seat ends last; the points still in hands and the trick may
// go either way; the calls' signs are fixed once the first player is out;
// the one-two only while no opponent of the first player is out.
struct QuickBounds {
  std::array<int, 4> pile{};
  int piles = 0;  // each pile for its seat's team, for team 0
  Mask free = 0;
  std::uint8_t holders = 0;
  // The calls, for team 0: every call made lost, what each seat's call
  // made adds when it goes out first, the seats that may still call
  // Tichu, and how many of them each team has.
  int calls_lost = 0;
  std::array<int, 4> call_won{};
  std::uint8_t may_call = 0;
  std::array<int, 2> may_count{};

  explicit QuickBounds(const HandState& s) : free(s.trick()) {
    for (int i = 0; i < 4; ++i) {
      const auto u = static_cast<std::size_t>(i);
      pile[u] = card_points(s.pile(i));
      piles += team_of(i) == 0 ? pile[u] : -pile[u];
      free |= s.hand(i);
      if (s.hand(i)) holders |= static_cast<std::uint8_t>(1u << i);
      const int sign = team_of(i) == 0 ? 1 : -1;
      const int v = call_value(s.call(i));
      calls_lost -= sign * v;
      call_won[u] = 2 * sign * v;
      if (s.may_call_tichu(i)) {
        may_call |= static_cast<std::uint8_t>(1u << i);
        ++may_count[static_cast<std::size_t>(team_of(i))];
      }
    }
  }

  // The card points for team 0 when seat `f` goes out first and seat `t`
  // ends last, from `d`, the piles each for its seat's team (`piles`, or
  // more won by a seat other than t): the last seat's pile goes to the
  // first player's team (R8.4); the points still free lie within `swing`
  // of that.
  [[nodiscard]] int pile_points(int d, int f, int t) const {
    if (team_of(t) == team_of(f)) return d;
    const int moved = 2 * pile[static_cast<std::size_t>(t)];
    return team_of(f) == 0 ? d + moved : d - moved;
  }

  // The calls' part of the value for team 0 when seat `f` goes out first
  // lies in [cl, ch]: a call made is won or lost, a seat that may still
  // call Tichu may call or not (its call won, or an opponent's lost, raises
  // the value of its team).
  void call_bounds(int f, int& cl, int& ch) const {
    const int made = calls_lost + call_won[static_cast<std::size_t>(f)];
    const bool f_may = (may_call >> f & 1) != 0;
    const bool f_team0 = team_of(f) == 0;
    cl = made - 100 * (may_count[0] - (f_may && f_team0 ? 1 : 0)) - (f_may && !f_team0 ? 100 : 0);
    ch = made + 100 * (may_count[1] - (f_may && !f_team0 ? 1 : 0)) + (f_may && f_team0 ? 100 : 0);
  }

  // The bounds whoever goes out first and last, in units.
  void value(const HandState& s, int& lo, int& hi) const {
    const int swing = free_points(free);
    lo = kInfinity;
    hi = -kInfinity;
    auto widen = [&](int a, int b) {
      lo = std::min(lo, a);
      hi = std::max(hi, b);
    };
    const int outs = s.out_count();
    for (int f = 0; f < 4; ++f) {
      if (outs >= 1 ? f != s.out_seat(0) : !(holders >> f & 1)) continue;
      int cl = 0, ch = 0;  // the calls, for team 0, when f goes out first
      call_bounds(f, cl, ch);
      const int partner = (f + 2) % 4;
      const bool one_two = (outs == 0 || (outs == 1 && s.out_seat(0) == f)) && (holders >> partner & 1);
      if (one_two) {
        const int v = team_of(f) == 0 ? 200 : -200;
        widen(v + cl, v + ch);
      }
      for (int t = 0; t < 4; ++t) {  // t ends last
        if (t == f || !(holders >> t & 1)) continue;
        const int d = pile_points(piles, f, t);
        widen(d - swing + cl, d + swing + ch);
      }
    }
    lo = floor_units(lo);
    hi = ceil_units(hi);
  }

  // The bound for the team of the seat in turn, in units (a lower bound for
  // team 0, an upper one for team 1), when that seat runs out winning the
  // tricks of the cards `won` (`runs_out`): it does not end last, it goes
  // out first unless someone is out already, so no opponent's call can win
  // and no opponent's one-two happen; after its partner it makes the
  // one-two. It grows with the points in `won`.
  [[nodiscard]] int run_out(const HandState& s, Mask won) const {
    const int x = s.current_player();
    const bool maxi = team_of(x) == 0;
    const int outs = s.out_count();
    const int f = outs >= 1 ? s.out_seat(0) : x;
    int cl = 0, ch = 0;
    call_bounds(f, cl, ch);
    if (outs == 1 && f == (x + 2) % 4) return maxi ? floor_units(200 + cl) : ceil_units(-200 + ch);
    const int won_points = card_points(won);
    const int sure = piles + (maxi ? won_points : -won_points);  // x's pile stays its team's: x does not end last
    const int left = free_points(free & ~won);
    int worst = maxi ? kInfinity : -kInfinity;  // the worst end for x's team, team 0's view
    for (int t = 0; t < 4; ++t) {  // t ends last: anyone still in but x
      if (t == x || t == f || !(holders >> t & 1)) continue;
      const int d = pile_points(sure, f, t);  // t is not x: its pile is as it was
      worst = maxi ? std::min(worst, d - left + cl) : std::max(worst, d + left + ch);
    }
    if (worst == kInfinity || worst == -kInfinity) return maxi ? -kInfinity : kInfinity;  // no bound
    return maxi ? floor_units(worst) : ceil_units(worst);
  }
};

// Whether the quick bounds [lo, hi] of a position decide its value
// against (alpha, beta): then `cut` is the bound to return.
bool bounds_cut(int lo, int hi, int alpha, int beta, int& cut) {
  if (hi <= alpha) {
    cut = hi;
    return true;
  }
  if (lo >= beta) {
    cut = lo;
    return true;
  }
  return false;
}

// Whether the sure-trick bound of `s` decides its value against (alpha,
// beta). It is tried only where it could cut (its best case, every card the
// seat holds won, does).
bool sure_trick_cut(const HandState& s, const QuickBounds& q, int alpha, int beta, int& cut) {
  if (s.decision() != Decision::Play) return false;
  const bool maxi = team_of(s.current_player()) == 0;
  const int best_case = q.run_out(s, (s.hand(s.current_player()) | s.trick()) & kNormals);
  if (maxi ? best_case < beta : best_case > alpha) return false;
  Mask won = 0;
  if (!runs_out(s, won)) return false;
  cut = q.run_out(s, won);
  return maxi ? cut >= beta : cut <= alpha;
}

// When the searches of one solve stop: at one deadline, fixed as the search
// starts (a thread that starts late gets no time of its own), or once a
// thread proved the whole root. `stop` is read at every position by every
// thread; the first thread to find the deadline past raises it for all.
struct Halt {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::atomic<bool> stop{false};
};

class Search {
 public:
  // `thread` > 0 searches beside thread 0 (in another order) until `halt` stops them.
  Search(const SolveLimits& limits, Table& table, Halt& halt, int thread = 0)
      : limits_(limits), table_(table), halt_(&halt), thread_(thread) {
    for (auto& k : killers_) k = {Action{}, Action{}};
  }

  // The fail-soft alpha-beta value of `s` within (alpha, beta).
  int ab(const HandState& s, int alpha, int beta, int ply);

  // The value of `s` proved by null-window probes from `guess`, into [lo, hi].
  void mtdf(const HandState& s, int guess, int& lo, int& hi);

  bool aborted = false;
  std::int64_t nodes = 0, probes = 0, hits = 0;

  // The actions to search at `s` into `out` (their count returned); with
  // `moves`, a Play or Bomb decision's legal moves, before any is merged,
  // go there too (their count into `n_moves`), for the heuristic's choice.
  int generate(const HandState& s, Action* out, Move* moves = nullptr, int* n_moves = nullptr);

  // The heuristic's action at `s` (without calls), which decides most
  // positions right; a Play or Bomb decision's legal moves as `generate` listed them.
  Action heuristic(const HandState& s, const Move* moves, int n_moves);

  // From now on the search stops by `halt`.
  void halt_on(Halt& halt) { halt_ = &halt; }

 private:
  bool out_of_budget();
  int merge_equivalent(Action* out, int n);
  // One ply's actions and the order to try them in.
  struct Ply {
    std::array<Action, kMaxActions> acts;
    std::array<std::uint16_t, kMaxActions> perm;
    std::array<Move, kMaxActions> moves;  // a play's legal moves, all of them (generate)
    int n_moves = 0;
  };
  void order(const HandState& s, Ply& here, int n, int hint, int ply);

  const SolveLimits& limits_;
  Table& table_;
  Halt* halt_;
  int thread_;
  // Buffers kept by the thread between solves: allocating and clearing
  // them cost more than a small solve.
  struct Workspace {
    std::vector<std::unique_ptr<Ply>> plies;
    std::array<int, kMaxActions> scores;
    PolicyScratch scratch;
    std::array<std::array<Action, 2>, kMaxPly> killers;
    std::array<std::uint64_t, kMaxActions> classes;
    std::array<std::uint16_t, kMaxActions> class_order;
    std::array<bool, kMaxActions> keep;
  };
  static Workspace& workspace() {
    thread_local std::unique_ptr<Workspace> w = std::make_unique_for_overwrite<Workspace>();
    return *w;
  }
  Workspace& work_ = workspace();
  std::vector<std::unique_ptr<Ply>>& plies_ = work_.plies;
  std::array<int, kMaxActions>& scores_ = work_.scores;
  std::array<std::array<Action, 2>, kMaxPly>& killers_ = work_.killers;
};

bool Search::out_of_budget() {
  if (halt_->stop.load(std::memory_order_relaxed)) return true;  // out of time, or another thread finished
  if (limits_.max_nodes >= 0 && nodes > limits_.max_nodes) return true;
  if ((nodes & 1023) == 1) {  // the thread's first position, then every 1024th
    check_stop();  // Ctrl-C or the interpreter's exit: Stopped unwinds the search
    if (halt_->deadline != std::chrono::steady_clock::time_point::max() &&
        std::chrono::steady_clock::now() >= halt_->deadline) {
      halt_->stop.store(true, std::memory_order_relaxed);
      return true;
    }
  }
  return false;
}

// The class of a play under equivalent cards: its combination and its
// cards by rank counts. Plays of one class from a hand without a straight
// flush leave positions with one key, hence one value.
std::uint64_t play_class(const Move& m) {
  return by_rank_counts(m.cards) | std::uint64_t{static_cast<std::uint8_t>(m.type)} << 56 |
         std::uint64_t{m.phoenix_as} << 60;
}

bool same_move_class(const Move& a, const Move& b) {
  return a.type == b.type && a.length == b.length && a.rank2 == b.rank2 && a.phoenix_as == b.phoenix_as &&
         by_rank_counts(a.cards) == by_rank_counts(b.cards);
}

// Whether the plays of `hand` fall into classes of more than one play.
bool has_equivalent_plays(Mask hand) {
  return !holds_straight_flush(hand) && (by_rank_counts(hand) & kNormals & kNibbleLow << 1) != 0;
}

// Keeps the first play of each class, in the given order; returns how many are left.
int Search::merge_equivalent(Action* out, int n) {
  auto& cls = work_.classes;
  auto& idx = work_.class_order;
  for (int i = 0; i < n; ++i) {
    const Action& a = out[i];
    cls[static_cast<std::size_t>(i)] =
        a.kind == ActionKind::Play ? play_class(a.move) : (std::uint64_t{0xF} << 56 | static_cast<std::uint64_t>(i));
    idx[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(i);
  }
  std::sort(idx.begin(), idx.begin() + n,
            [&cls](std::uint16_t a, std::uint16_t b) { return cls[a] != cls[b] ? cls[a] < cls[b] : a < b; });
  auto& keep = work_.keep;
  std::fill(keep.begin(), keep.begin() + n, true);
  for (int k = 1, first = 0; k < n; ++k) {
    const std::uint16_t i = idx[static_cast<std::size_t>(k)], f = idx[static_cast<std::size_t>(first)];
    if (cls[i] != cls[f]) {
      first = k;
    } else if (out[i].kind == ActionKind::Play && out[f].kind == ActionKind::Play &&
               same_move_class(out[i].move, out[f].move)) {
      keep[i] = false;
    }
  }
  int m = 0;
  for (int i = 0; i < n; ++i) {
    if (keep[static_cast<std::size_t>(i)]) out[m++] = out[i];
  }
  return m;
}

// Equivalent ranks (the bridge solvers' equivalent cards): two singles of
// the seat in turn, of ranks r < r' with no card of a rank between them in
// any hand, each the seat's only card of its rank and held by no other
// hand, with the same points, leave positions that swapping r and r' maps
// onto each other, so they have one value. It takes a seat that cannot use
// either in any other combination (no Phoenix, no five ranks in a row),
// no Phoenix elsewhere (its single would rank between them), no Mah Jong
// left (no later wish can name one of them) and no wish for either.
int merge_adjacent_singles(const HandState& s, Action* out, int n) {
  const int p = s.current_player();
  const Mask hand = s.hand(p);
  Mask others = 0;
  for (int i = 0; i < 4; ++i) {
    if (i != p) others |= s.hand(i);
  }
  if (((hand | others) & (kMahJong | kPhoenix)) != 0) return n;
  const Mask ranks = by_rank_counts(hand) & kNibbleLow;  // one bit per rank held
  if ((ranks & ranks >> 4 & ranks >> 8 & ranks >> 12 & ranks >> 16) != 0) return n;
  const Mask counts = by_rank_counts(hand);
  const int wish = s.wish();
  int prev = -1;  // the rank of the last single seen that could be equivalent to the next one
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const Action& a = out[i];
    const bool single = a.kind == ActionKind::Play && a.move.type == MoveType::Single && (a.move.cards & kNormals);
    if (!single) {
      out[m++] = a;
      continue;
    }
    const int r = a.move.rank2 / 2;
    const bool alone = rank_nibble(counts, r) == 1 && rank_nibble(others, r) == 0 && r != wish;
    bool drop = false;
    if (alone && prev >= 2 && prev < r) {
      const Mask between = ((Mask{1} << rank_shift(r)) - 1) & ~((Mask{1} << rank_shift(prev + 1)) - 1);
      drop = ((hand | others) & between) == 0 && card_points(rank_cards(prev)) == card_points(rank_cards(r));
    }
    prev = alone ? r : -1;
    if (!drop) out[m++] = a;
  }
  return m;
}

// Dominated Dragon gifts (R5.5, R8.4): the giver leads next whichever
// opponent takes the trick, so the two gifts lead to one game and differ
// only in the pile the trick lies in, and piles count only at the end: for
// the recipient's team, unless he ends last, when they go to the first
// player's team. Once the first player is out and an opponent of the
// giver, that is the opponents' team either way: the gifts have one value.
// If the first player is on the giver's team and one opponent is out (he
// cannot end last), the gift to the other one is worth at least as much to
// the giver at every end of the hand, so only that one is searched. Returns
// how many of the two gifts in `out` are left (the kept one first).
int merge_gifts(const HandState& s, Action* out) {
  if (s.out_count() == 0) return 2;
  if (team_of(s.out_seat(0)) != team_of(s.current_player())) return 1;
  const bool first_in = s.hand(out[0].value) != 0, second_in = s.hand(out[1].value) != 0;
  if (first_in == second_in) return 2;
  if (!first_in) out[0] = out[1];
  return 1;
}

// The legal actions, less the wishes for a rank no hand holds: each leaves
// the same future as no wish (nobody can be bound by it nor fulfil it); and
// with `reduce`, one play of each class of equivalent ones.
int Search::generate(const HandState& s, Action* out, Move* moves, int* n_moves) {
  const int n = s.legal_actions(out);
  if (s.decision() == Decision::Play || s.decision() == Decision::Bomb) {
    if (moves != nullptr) {  // the plays come first, in legal_moves order (a Tichu call after them)
      int k = 0;
      while (k < n && out[k].kind == ActionKind::Play) {
        moves[k] = out[k].move;
        ++k;
      }
      *n_moves = k;
    }
    if (!limits_.reduce || n <= 2) return n;
    const int m = has_equivalent_plays(s.hand(s.current_player())) ? merge_equivalent(out, n) : n;
    return s.decision() == Decision::Play ? merge_adjacent_singles(s, out, m) : m;
  }
  if (s.decision() != Decision::Wish) return n;
  Mask all = 0;
  for (int i = 0; i < 4; ++i) all |= s.hand(i);
  int m = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i].value == 0 || (all & kNormals & rank_cards(out[i].value))) out[m++] = out[i];
  }
  return m;
}

// Cheap move ordering: the table's best action, the killers of this ply,
// then for plays: passing to a partner's table, more cards before fewer,
// lower before higher, bombs last.
void Search::order(const HandState& s, Ply& here, int n, int hint, int ply) {
  for (int i = 0; i < n; ++i) here.perm[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(i);
  if (n < 2) return;
  const int p = s.current_player();
  const bool partner_table = s.table() && s.table_player() == (p + 2) % 4;
  const auto& killers = killers_[static_cast<std::size_t>(std::min(ply, kMaxPly - 1))];
  const bool classes = limits_.reduce && has_equivalent_plays(s.hand(p));
  auto same = [classes](const Action& a, const Action& b) {
    if (a == b) return true;
    return classes && a.kind == ActionKind::Play && b.kind == ActionKind::Play && same_move_class(a.move, b.move);
  };
  // The heuristic's choice first: it decides most two-way nodes right.
  const Action heuristic = hint < 0 ? this->heuristic(s, here.moves.data(), here.n_moves) : Action{};
  for (int i = 0; i < n; ++i) {
    const Action& a = here.acts[static_cast<std::size_t>(i)];
    int score = 0;
    if (i == hint) {
      score = 1 << 24;
    } else if (same(a, heuristic)) {
      score = 1 << 23;
    } else if (same(a, killers[0])) {
      score = 1 << 22;
    } else if (same(a, killers[1])) {
      score = 1 << 21;
    } else if (a.kind == ActionKind::Play) {
      if (a.move.type == MoveType::Pass) {
        score = partner_table ? 1 << 20 : -(1 << 12);
      } else {
        score = a.move.length * 64 - a.move.rank2 - (is_bomb(a.move.type) ? 2000 : 0);
      }
    } else if (a.kind == ActionKind::Tichu) {
      score = -(1 << 10);
    }
    if (thread_ > 0 && ply < 6 && i != hint) {  // helpers try other orders near the root (lazy SMP)
      std::uint64_t x = (static_cast<std::uint64_t>(thread_) << 32 | static_cast<std::uint64_t>(ply) << 16 |
                         static_cast<std::uint64_t>(i)) *
                        0x9E3779B97F4A7C15ULL;
      score += static_cast<int>((x ^ (x >> 29)) >> 40) & ((1 << 23) - 1);
    }
    scores_[static_cast<std::size_t>(i)] = score;
  }
  std::sort(here.perm.begin(), here.perm.begin() + n, [this](std::uint16_t a, std::uint16_t b) {
    return scores_[a] != scores_[b] ? scores_[a] > scores_[b] : a < b;  // ties in legal order
  });
}

Action Search::heuristic(const HandState& s, const Move* moves, int n_moves) {
  if (s.decision() == Decision::Play || s.decision() == Decision::Bomb) {
    return choose_heuristic_play(s, moves, n_moves);  // the moves listed once
  }
  SplitMix64 rng(0);  // the heuristic draws nothing
  return choose_heuristic(s, false, kShippedHeuristic, rng, work_.scratch);
}

int Search::ab(const HandState& s, int alpha, int beta, int ply) {
  if (s.is_terminal()) return terminal_value(s);
  ++nodes;
  if (out_of_budget()) {
    aborted = true;
    return 0;
  }
  if (const Move* t = s.table(); t != nullptr && s.decision() == Decision::Play) {
    // A pass forced by a hand that surely cannot beat the table (and no
    // Tichu call to make): the forced move below, without listing the moves.
    const int p = s.current_player();
    if (!s.may_call_tichu(p) && cannot_beat(s.hand(p), *t)) {
      HandState child = s;
      child.apply(Action{.move = kPass});
      return ab(child, alpha, beta, ply + 1);
    }
  }
  const auto depth = static_cast<std::size_t>(ply);
  while (plies_.size() <= depth) plies_.push_back(std::make_unique_for_overwrite<Ply>());
  Ply& here = *plies_[depth];
  int n = generate(s, here.acts.data(), here.moves.data(), &here.n_moves);
  if (limits_.reduce && s.decision() == Decision::DragonGift && n == 2) {
    n = merge_gifts(s, here.acts.data());  // here only: the line still picks among both
  }
  if (n == 1) {  // a forced move (most often a pass): the child's value, without a table entry
    HandState child = s;
    child.apply(here.acts[0]);
    return ab(child, alpha, beta, ply + 1);
  }
  // The quick bounds before the key (a cut needs none), the sure tricks
  // after it, while the table's slot loads.
  const QuickBounds q(s);
  int q_lo = 0, q_hi = 0;
  q.value(s, q_lo, q_hi);
  if (int cut = 0; bounds_cut(q_lo, q_hi, alpha, beta, cut)) return cut;
  const Key key = make_key(s, limits_.reduce, q.pile, q.may_call);
  const std::uint64_t h = hash_key(key);
  table_.prefetch(h);
  if (int cut = 0; sure_trick_cut(s, q, alpha, beta, cut)) return cut;
  ++probes;
  int hint = -1;
  if (Entry e; table_.find(h, key, e)) {
    ++hits;
    if (e.lower >= beta || e.lower == e.upper) return e.lower;
    if (e.upper <= alpha) return e.upper;
    if (e.lower > alpha || e.upper < beta) {  // a narrower window: the quick bounds may cut it
      alpha = std::max<int>(alpha, e.lower);
      beta = std::min<int>(beta, e.upper);
      if (int cut = 0; bounds_cut(q_lo, q_hi, alpha, beta, cut) || sure_trick_cut(s, q, alpha, beta, cut)) return cut;
    }
    hint = std::cmp_less(e.best, n) ? e.best : -1;  // an equivalent position's index may lie past this one's actions
  }
  order(s, here, n, hint, ply);
  const bool maxi = team_of(s.current_player()) == 0;
  const int alpha0 = alpha, beta0 = beta;
  int best = maxi ? -kInfinity : kInfinity;
  int best_i = 0;
  for (int k = 0; k < n; ++k) {
    const int i = here.perm[static_cast<std::size_t>(k)];
    HandState child = s;
    child.apply(here.acts[static_cast<std::size_t>(i)]);
    const int v = ab(child, alpha, beta, ply + 1);
    if (aborted) return 0;
    if (maxi ? v > best : v < best) {
      best = v;
      best_i = i;
    }
    if (maxi) {
      alpha = std::max(alpha, best);
    } else {
      beta = std::min(beta, best);
    }
    if (alpha >= beta) {
      auto& killers = killers_[std::min(depth, static_cast<std::size_t>(kMaxPly - 1))];
      const Action& a = here.acts[static_cast<std::size_t>(i)];
      if (!(a == killers[0])) {
        killers[1] = killers[0];
        killers[0] = a;
      }
      break;
    }
  }
  int lo = -kInfinity, hi = kInfinity;
  if (best <= alpha0) {
    hi = best;
  } else if (best >= beta0) {
    lo = best;
  } else {
    lo = hi = best;
  }
  table_.store(h, key, lo, hi, best_i);
  return best;
}

void Search::mtdf(const HandState& s, int guess, int& lo, int& hi) {
  if (s.is_terminal()) {
    lo = hi = terminal_value(s);
    return;
  }
  int g = std::clamp(guess, lo, hi);
  while (lo < hi) {
    const int beta = g == lo ? g + 1 : g;
    const int v = ab(s, beta - 1, beta, 0);
    if (aborted) return;
    if (v < beta) {
      hi = std::min(hi, v);
    } else {
      lo = std::max(lo, v);
    }
    g = std::clamp(v, lo, hi);
  }
}

}  // namespace

void check_solvable(const HandState& s) {
  switch (s.decision()) {
    case Decision::GrandTichu:
    case Decision::Tichu:
    case Decision::Exchange:
      throw std::invalid_argument("the solver takes a position in play, not one before it (Grand Tichu, exchange)");
    case Decision::Over: throw std::invalid_argument("the hand is over: there is nothing to solve");
    default: return;
  }
}

namespace {

// What one thread proved about the root: the position's value and each
// action's lie in these bounds (facts, whether it finished or not).
struct RootProof {
  int lo = 0, hi = 0;
  std::vector<std::array<int, 2>> bounds;
  bool finished = false;
  std::int64_t nodes = 0, probes = 0, hits = 0;
};

// The root's value first (one MTD(f) over the whole position), then each
// action's, from action `first` on: no action is worth more to its seat
// than the root.
void prove_root(Search& search, const HandState& s, const std::vector<Action>& acts, int first, RootProof& proof) {
  const int n = static_cast<int>(proof.bounds.size());
  const bool maxi = team_of(s.current_player()) == 0;
  search.mtdf(s, 0, proof.lo, proof.hi);
  for (int k = 0; k < n && !search.aborted; ++k) {
    const int i = (first + k) % n;
    HandState child = s;
    child.apply(acts[static_cast<std::size_t>(i)]);
    auto& b = proof.bounds[static_cast<std::size_t>(i)];
    if (maxi) {
      b[1] = std::min(b[1], proof.hi);
    } else {
      b[0] = std::max(b[0], proof.lo);
    }
    search.mtdf(child, maxi ? proof.hi : proof.lo, b[0], b[1]);
  }
  proof.finished = !search.aborted;
  proof.nodes = search.nodes;
  proof.probes = search.probes;
  proof.hits = search.hits;
}

// The principal line from `s`: `first`, the root's best action, worth `v`;
// then at each position the heuristic's action when it keeps the value,
// else the first that does in the order `generate` lists them, tested by
// null-window searches (mostly answered from the table the proof left).
// The choice depends on the position alone, so the line is the same for
// any thread count. Returns whether the line reached the end of the hand:
// false when the search's budget ran out first (the line so far is kept,
// each action of it proved to keep the value).
bool principal_line(Search& search, const HandState& s, const Action& first, int v, std::vector<Action>& line) {
  HandState cur = s;
  line.push_back(first);
  cur.apply(first);
  std::vector<Action> here(kMaxActions);
  std::vector<Move> moves(kMaxActions);
  while (!cur.is_terminal()) {
    int n_moves = 0;
    const int m = search.generate(cur, here.data(), moves.data(), &n_moves);
    const Action heuristic = search.heuristic(cur, moves.data(), n_moves);
    const bool maxi = team_of(cur.current_player()) == 0;
    auto keeps = [&](const Action& a) {
      HandState child = cur;
      child.apply(a);
      const int cv = maxi ? search.ab(child, v - 1, v, 1) : search.ab(child, v, v + 1, 1);
      return !search.aborted && (maxi ? cv >= v : cv <= v);
    };
    const Action* pick = keeps(heuristic) ? &heuristic : nullptr;
    for (int i = 0; i < m && pick == nullptr && !search.aborted; ++i) {
      const Action& a = here[static_cast<std::size_t>(i)];
      if (!(a == heuristic) && keeps(a)) pick = &a;
    }
    if (pick == nullptr) return false;  // out of budget: some action keeps the proved value
    line.push_back(*pick);
    cur.apply(*pick);
  }
  return true;
}

// Lets the helpers use the caller's table while they run, whatever ends the search.
class SharedTable {
 public:
  explicit SharedTable(Table& t) : table_(t) { table_.set_shared(true); }
  ~SharedTable() { table_.set_shared(false); }
  SharedTable(const SharedTable&) = delete;
  SharedTable& operator=(const SharedTable&) = delete;

 private:
  Table& table_;
};

}  // namespace

SolveResult solve(const HandState& s, const SolveLimits& limits) {
  check_solvable(s);
  Table& table = thread_table();  // on a thread's first solve: 64 MiB to allocate, before the clock starts
  if (limits.fresh_table) table.new_generation();
  Halt halt;  // the proof's, for every thread
  if (limits.max_seconds >= 0 && limits.max_seconds < kNoDeadline) {
    halt.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(limits.max_seconds));
  }
  Search search(limits, table, halt);
  SolveResult r;
  std::vector<Action> acts(kMaxActions);
  const int n = s.legal_actions(acts.data());
  acts.resize(static_cast<std::size_t>(n));
  const int bound = static_bound(s);
  const bool maxi = team_of(s.current_player()) == 0;
  const int threads = std::clamp(limits.threads, 1, kMaxThreads);
  std::vector<RootProof> proofs(static_cast<std::size_t>(threads));
  for (auto& p : proofs) {
    p.lo = -bound;
    p.hi = bound;
    p.bounds.assign(static_cast<std::size_t>(n), {-bound, bound});
  }
  if (threads == 1) {
    prove_root(search, s, acts, 0, proofs[0]);
    search.nodes = search.probes = search.hits = 0;  // counted in the proof; the line counts its own
  } else {
    // Lazy SMP: every thread proves the whole root, in its own order,
    // through one table; the first to finish ends the others. The exact
    // values are unique, so the result does not depend on which one.
    const SharedTable shared(table);
    parallel_for(threads, threads, [&](long long begin, long long end) {
      for (long long t = begin; t < end; ++t) {
        Search helper(limits, table, halt, static_cast<int>(t));
        prove_root(helper, s, acts, static_cast<int>(t * n / threads), proofs[static_cast<std::size_t>(t)]);
        if (proofs[static_cast<std::size_t>(t)].finished) halt.stop.store(true, std::memory_order_relaxed);
      }
    });
  }
  // Every thread's bounds are facts: the result keeps the tightest.
  int root_lo = -bound, root_hi = bound;
  std::vector<std::array<int, 2>> bounds(static_cast<std::size_t>(n), {-bound, bound});
  bool finished = false;
  for (const auto& p : proofs) {
    finished = finished || p.finished;
    root_lo = std::max(root_lo, p.lo);
    root_hi = std::min(root_hi, p.hi);
    for (int i = 0; i < n; ++i) {
      auto& b = bounds[static_cast<std::size_t>(i)];
      b[0] = std::max(b[0], p.bounds[static_cast<std::size_t>(i)][0]);
      b[1] = std::min(b[1], p.bounds[static_cast<std::size_t>(i)][1]);
    }
    r.nodes += p.nodes;
    r.tt_probes += p.probes;
    r.tt_hits += p.hits;
  }
  search.aborted = !finished;
  r.exact = finished;
  r.lower = maxi ? -kInfinity : kInfinity;
  r.upper = r.lower;
  for (int i = 0; i < n; ++i) {
    const auto& b = bounds[static_cast<std::size_t>(i)];
    r.exact = r.exact && b[0] == b[1];
    r.actions.push_back(
        ActionValue{.action = acts[static_cast<std::size_t>(i)], .lower = b[0] * kUnit, .upper = b[1] * kUnit});
    if (maxi) {
      r.lower = std::max(r.lower, b[0]);
      r.upper = std::max(r.upper, b[1]);
    } else {
      r.lower = std::min(r.lower, b[0]);
      r.upper = std::min(r.upper, b[1]);
    }
  }
  r.lower = std::max(r.lower, root_lo);
  r.upper = std::min(r.upper, root_hi);
  // The best action: by its proven lower bound for team 0, upper for team 1.
  for (int i = 0; i < n; ++i) {
    const auto& b = bounds[static_cast<std::size_t>(i)];
    const auto& cur = r.best < 0 ? b : bounds[static_cast<std::size_t>(r.best)];
    if (r.best < 0 || (maxi ? b[0] > cur[0] : b[1] < cur[1])) r.best = i;
  }
  if (r.exact && limits.line && r.best >= 0) {
    // The line has the proof's deadline (not its stop: a thread that
    // finished the proof raised that) and a node budget of its own.
    Halt line_halt;
    line_halt.deadline = halt.deadline;
    search.halt_on(line_halt);
    r.line_complete = principal_line(search, s, acts[static_cast<std::size_t>(r.best)],
                                     bounds[static_cast<std::size_t>(r.best)][0], r.line);
  }
  r.lower *= kUnit;
  r.upper *= kUnit;
  r.nodes += search.nodes;
  r.tt_probes += search.probes;
  r.tt_hits += search.hits;
  return r;
}

}  // namespace tichu
