#include "tichu/game/movegen.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>
#include <utility>

namespace tichu {
namespace {

// The sub-nibbles of each nibble with exactly k bits: which suits of one
// rank can form a single, a pair or a trio. Items past `size` are zero.
struct SubNibbles {
  std::uint8_t size = 0;
  std::array<std::uint8_t, 6> items{};
};

constexpr std::array<SubNibbles, 16> sub_nibbles_of_size(int k) {
  std::array<SubNibbles, 16> table{};
  for (unsigned nibble = 0; nibble < 16; ++nibble) {
    for (unsigned sub = 1; sub < 16; ++sub) {
      if ((sub & nibble) == sub && count(sub) == k) {
        table[nibble].items[table[nibble].size++] = static_cast<std::uint8_t>(sub);
      }
    }
  }
  return table;
}

constexpr auto kOneOf = sub_nibbles_of_size(1);
constexpr auto kTwoOf = sub_nibbles_of_size(2);
constexpr auto kThreeOf = sub_nibbles_of_size(3);

// Speed note: hands are random, so a loop whose trip count is a rank's card
// count mispredicts. Where it pays, the generator writes a fixed block of
// candidates and then advances its count by how many were real. Those
// writes reach at most 6 moves past the last legal one, which the buffer's
// room (kMaxLegalMoves = 2048 against at most 1858 legal moves) absorbs.

// A pair or trio of one rank, real or completed by the Phoenix.
struct Part {
  Mask cards;
  int rank;
};

// Room for the pairs or trios of one hand (parts(): at most 6 a rank, its fixed
// slots written past the count) or the cards the Phoenix pairs with (wild_parts()).
constexpr int kMaxParts = 13 * 10 + 6;

// Straights and pair runs grow rank by rank from one lowest rank, as
// blocks of moves: the runs without the Phoenix, then those with it. A
// block that is emitted is built in the output, right after the block one
// rank shorter it grows from; only the blocks too short to emit (straights
// of 1 to 4 ranks in a lead) wait in scratch. Without the Phoenix a 14-card
// hand has at most 162 partial straights (ranks held 3,3,3,3,2) and 324
// partial pair runs (4,4,3,3); with it, at most 368 and 756 in one block
// (counted over every count of cards a rank).
constexpr int kMaxPartials = 1024;

// The chunk of add_to_each() for the blocks grown in scratch, which mostly
// hold 0 to 2 runs: 2 moves (the output's blocks: 4).
constexpr int kScratchChunk = 2;

// Two scratch blocks, one grown from the other. The 32 KiB live per thread,
// not on the stack, so that threads started with a small stack can
// enumerate too. They have no constructor: a thread_local that needs one is
// reached through a guard on every use, which in a shared library cost a
// third of a lead's time.
struct RunStorage {
  std::array<Move, kMaxPartials> a, b;
};

RunStorage& run_storage() {
  thread_local RunStorage storage;
  return storage;
}

// A Move's second 8 bytes (type, length, rank2, phoenix_as, padding) as one
// number: adding two such numbers adds field by field, as no field exceeds
// 30. So a run one rank longer is the shorter one plus a card and plus
// tail(0, 1, 2): length + 1, rank2 + 2.
constexpr std::uint64_t tail(MoveType type, int length, int rank2, int phoenix_as = 0) {
  const Move m{.cards = 0,
               .type = type,
               .length = static_cast<std::uint8_t>(length),
               .rank2 = static_cast<std::uint8_t>(rank2),
               .phoenix_as = static_cast<std::uint8_t>(phoenix_as)};
  return std::bit_cast<std::array<std::uint64_t, 2>>(m)[1];
}

// What every run of a scratch block still lacks, added by the next copy
// (add_to_each()): the cards and tail() fields of the ranks it grew by in
// place. The runs are written less it; as both words add modulo 2^64, a
// later addition gives each run exactly.
struct Owed {
  Mask cards = 0;
  std::uint64_t step = 0;
};

// Writes moves src[0..n) from `dst` on with `cards` and `step` added to each
// (cards of a rank none of them holds: adding is a union); returns the end.
// In fixed chunks of kChunk moves, so that the loop ends where the predictor
// expects it (a loop that ran n times missed about once a call): 4 for the
// blocks written to the output (81 % of a Phoenix lead's 22 copies hold at
// most 4 moves), 2 for those into scratch (kScratchChunk: 87 % of its 27
// hold at most 2, 1.4 on average). Up to kChunk moves from src + n on are
// read (their values unused) and from dst + n on written (n = 0 still
// copies one chunk): the move buffer's room (2048 against at most 1857
// moves) and the scratch blocks' (1024 against at most 756) absorb them,
// and every block is read from before the place its successor is written to.
template <int kChunk = 4>
inline Move* add_to_each(Move* dst, const Move* src, int n, Mask cards, std::uint64_t step) {
#if defined(__GNUC__) || defined(__clang__)  // one 16-byte addition a move (SSE2 on x86-64)
  using Words = std::uint64_t __attribute__((vector_size(16)));
  const Words add = {cards, step};
#else
  using Words = std::array<std::uint64_t, 2>;
#endif
  int i = 0;
  do {
    for (int j = i; j < i + kChunk; ++j) {
      Words words;  // NOLINT(cppcoreguidelines-pro-type-member-init)
      std::memcpy(&words, src + j, sizeof(Move));
#if defined(__GNUC__) || defined(__clang__)
      words += add;
#else
      words[0] += cards;
      words[1] += step;
#endif
      std::memcpy(static_cast<void*>(dst + j), &words, sizeof(Move));  // Move is trivially copyable
    }
    i += kChunk;
  } while (i < n);
  return dst + n;
}

// For each rank, a flag bit (the lowest bit of its nibble) when the hand
// holds at least k cards of it: at_least[k], k = 1..4; bit 0 stands for the
// Mah Jong in at_least[1]. Each is derived on use from the counts in three
// instructions, so that an answer reads only the flags it needs (an answer
// to a single none) instead of all four being built for every call.
struct RankFlags {
  // The counts of RankFlags, read as "at least k": a nibble holds at most
  // 4, so adding 8 - k carries into its bit 3 exactly when it holds at least k.
  class Thresholds {
   public:
    explicit constexpr Thresholds(Mask counts) : counts_(counts) {}
    constexpr Mask operator[](std::size_t k) const { return ((counts_ + (8 - k) * kNibbleLow) >> 3) & kNibbleLow; }

   private:
    Mask counts_;
  };

  Mask counts;  // the cards of each rank, 0 to 4, one nibble a rank; the Mah Jong counts for rank 1
  Thresholds at_least;

  explicit RankFlags(Mask hand) : counts(count_by_rank(hand)), at_least(counts) {}

 private:
  static constexpr Mask count_by_rank(Mask hand) {
    const Mask normals = hand & kNormals;
    const Mask pairs = (normals & 0x5555555555555555ULL) + ((normals >> 1) & 0x5555555555555555ULL);
    return ((pairs & 0x3333333333333333ULL) + ((pairs >> 2) & 0x3333333333333333ULL)) | (hand & kMahJong);
  }
};

// How many ranks `flags` flags (one bit at most a rank, as RankFlags'): the
// nibbles summed into the top one by a multiplication, cheaper than count()
// on baseline x86-64; at most 14 flags, so no nibble overflows.
constexpr int flag_count(Mask flags) { return static_cast<int>((flags * kNibbleLow) >> 60); }

// The ranks flagged in `flags` from `lowest` up, one per call of next().
class RankIterator {
 public:
  RankIterator(Mask flags, int lowest) : flags_(lowest > 1 ? flags & (~Mask{0} << rank_shift(lowest)) : flags) {}
  [[nodiscard]] bool done() const { return flags_ == 0; }
  int next() {
    const int rank = std::countr_zero(flags_) / 4 + 1;
    flags_ &= flags_ - 1;
    return rank;
  }

 private:
  Mask flags_;
};

class Generator {
 public:
  Generator(Mask hand, Move* out) : hand_(hand), out_(out), phoenix_(hand & kPhoenix), flags_(hand) {}

  [[nodiscard]] int size() const { return n_; }

  // Writes a move at position n_ + offset without counting it yet.
  void put(int offset, Mask cards, MoveType type, int length, int rank2, int phoenix_as = 0) {
    store(out_ + n_ + offset, cards, type, length, rank2, phoenix_as);
  }

  // Writes a move at `dst`. The hot loops write through a local pointer and
  // count in a local: a Move holds bytes, which may alias anything, so a
  // store through out_[n_] makes the compiler reload out_ and n_ after it.
  // As two 8-byte words: field by field, GCC wrote the padding, the
  // cards and then each byte apart.
  static void store(Move* dst, Mask cards, MoveType type, int length, int rank2, int phoenix_as = 0) {
    const std::array<std::uint64_t, 2> words{cards, tail(type, length, rank2, phoenix_as)};
    std::memcpy(static_cast<void*>(dst), words.data(), sizeof(Move));  // Move is trivially copyable
  }

  void emit(Mask cards, MoveType type, int length, int rank2, int phoenix_as = 0) {
    put(0, cards, type, length, rank2, phoenix_as);
    ++n_;
  }

  // Singles above doubled rank `above` (0 when leading); `phoenix_rank2` is
  // what the Phoenix single would rank, 0 when it may not be played.
  void singles(int above, int phoenix_rank2) {
    if ((hand_ & kMahJong) && 2 > above) emit(kMahJong, MoveType::Single, 1, 2);
    const Mask normals = hand_ & kNormals & (~Mask{0} << (4 * (above / 2)));
    Move* dst = out_ + n_;
    for (Mask m = normals; m != 0; m &= m - 1) {
      store(dst++, m & -m, MoveType::Single, 1, 2 * rank_of_index(std::countr_zero(m)));
    }
    n_ = static_cast<int>(dst - out_);
    if (phoenix_ && phoenix_rank2 > 0) emit(kPhoenix, MoveType::Single, 1, phoenix_rank2);
    if ((hand_ & kDragon) && int{kDragonRank2} > above) emit(kDragon, MoveType::Single, 1, kDragonRank2);
  }

  // Pairs and trios (k = 2, 3) of rank above `above_rank`, the Phoenix
  // standing in for one card (R3).
  void same_rank(int k, int above_rank) {
    const Mask held = flags_.at_least[static_cast<std::size_t>(phoenix_ ? k - 1 : k)];
    Move* dst = out_ + n_;
    for (RankIterator it(held, std::max(kMinRank, above_rank + 1)); !it.done();) {
      const int r = it.next();
      // All slots a rank may fill are written, unused ones past the count:
      // no branch on it. Up to 3 cards, C(3,2) = 3 pairs or 1 trio, and 3
      // with the Phoenix; four of a kind (6 pairs or 4 trios, with the
      // Phoenix 4 or 6), about 1 rank held of 250 (1 of 95 with 2 or more)
      // in a 14-card hand, takes a branch the predictor rarely misses.
      // (Slots for 4 cards every time wrote 10 a rank.)
      if (nibble(r) == 0xF) [[unlikely]] {
        dst = rank_parts(dst, k, r, k == 2 ? 6 : 4, k == 2 ? 4 : 6);
      } else {
        dst = rank_parts(dst, k, r, k == 2 ? 3 : 1, 3);
      }
    }
    n_ = static_cast<int>(dst - out_);
  }

  // The pairs or trios of rank r in same_rank()'s order, written into
  // `real_slots` then `wild_slots` fixed slots; returns the end.
  [[gnu::always_inline]] Move* rank_parts(Move* dst, int k, int r, int real_slots, int wild_slots) const {
    const SubNibbles& a = (k == 2 ? kTwoOf : kThreeOf)[nibble(r)];
    const SubNibbles& b = (k == 2 ? kOneOf : kTwoOf)[nibble(r)];
    const MoveType type = k == 2 ? MoveType::Pair : MoveType::Trio;
    const int shift = rank_shift(r);
    for (int slot = 0; slot < real_slots; ++slot)
      store(dst + slot, Mask{a.items[static_cast<std::size_t>(slot)]} << shift, type, k, 2 * r);
    dst += a.size;
    if (!phoenix_) return dst;
    for (int slot = 0; slot < wild_slots; ++slot)
      store(dst + slot, (Mask{b.items[static_cast<std::size_t>(slot)]} << shift) | kPhoenix, type, k, 2 * r, r);
    return dst + b.size;
  }

  // Full houses whose trio ranks above `above_rank`: a trio and a pair of
  // different ranks, at most one of them completed by the Phoenix.
  void full_houses(int above_rank) {
    std::array<Part, kMaxParts> trios, pairs, wild_pairs;  // filled by parts() and wild_parts()
    const std::size_t n_trios = parts(trios.data(), kThreeOf, 3, above_rank);
    // The trios completed by the Phoenix are the pairs above `above_rank`,
    // the last ones of `pairs` (in rank order).
    const Mask pairs_above = flags_.at_least[2] & (~Mask{0} << rank_shift(std::max(kMinRank, above_rank + 1)));
    const std::size_t n_wild_trios = phoenix_ ? static_cast<std::size_t>(pair_count(pairs_above)) : 0;
    if (n_trios + n_wild_trios == 0) return;
    const std::size_t n_pairs = parts(pairs.data(), kTwoOf, 2, 0);
    // The pairs the Phoenix completes go with real trios only.
    const std::size_t n_wild_pairs = phoenix_ && n_trios > 0 ? wild_parts(wild_pairs.data()) : 0;
    for (std::size_t i = 0; i < n_trios; ++i) {
      const Part& t = trios[i];
      pair_up(t, pairs.data(), n_pairs, false);
      pair_up(t, wild_pairs.data(), n_wild_pairs, true);
    }
    for (std::size_t i = n_pairs - n_wild_trios; i < n_pairs; ++i) {
      const Part t{.cards = pairs[i].cards | kPhoenix, .rank = pairs[i].rank};
      pair_up(t, pairs.data(), n_pairs, false, t.rank);
    }
  }

  // Straights of min_len..max_len cards whose top rank is above
  // `above_rank`: ranks from 1 (the Mah Jong), the Phoenix filling a gap or
  // extending either end within 2..14 (R3.1). One-suit straights without
  // Mah Jong or Phoenix are bombs (R3.6); drop_straight_flushes removes them.
  void straights(int min_len, int max_len, int above_rank) {
    RunStorage& scratch = run_storage();
    const int first_lo = std::max(1, above_rank - max_len + 2);
    // Only the lowest ranks where a run may start (kRankLowBits: the Phoenix may stand for any but the 1).
    const Mask starts = run_starts(flags_.at_least[1], min_len, kRankLowBits);
    if (min_len == max_len && !phoenix_) {  // an answer without the Phoenix: every rank held
      for (RankIterator it(starts, first_lo); !it.done();) real_straights(it.next(), min_len);
      return;
    }
    for (RankIterator it(starts, first_lo); !it.done();)
      grow_straights(scratch, it.next(), min_len, max_len, above_rank);
  }

  // The straights of exactly `length` ranks from `lo` when every rank is
  // held (no Phoenix), in grow_straights()' order: the lowest rank's card
  // changes fastest, as digits of a counter. One loop over the moves and
  // fixed loops over the ranks, so that only the move count steers branches.
  // (With the Phoenix, placing each wild run by a sum of digit x weight in
  // the same way gave the same moves in the same order but took 1.5x as
  // long as growing the runs rank by rank: grow_straights() keeps that.)
  void real_straights(int lo, int length) {
    // cards[k][j]: the j-th card of rank lo + k. Only the first `length` rows are read.
    std::array<std::array<Mask, 4>, kMaxRank> cards;  // NOLINT(cppcoreguidelines-pro-type-member-init)
    std::array<int, kMaxRank> sizes;                  // NOLINT(cppcoreguidelines-pro-type-member-init)
    std::array<int, kMaxRank> digits;                 // NOLINT(cppcoreguidelines-pro-type-member-init)
    int total = 1;
    for (int k = 0; k < length; ++k) {
      const SubNibbles& c = kOneOf[rank_nibble(hand_, lo + k)];  // lo may be 1
      const auto uk = static_cast<std::size_t>(k);
      for (std::size_t j = 0; j < 4; ++j) cards[uk][j] = Mask{c.items[j]} << rank_shift(lo + k);
      sizes[uk] = c.size;
      digits[uk] = 0;
      total *= c.size;
    }
    Move* dst = out_ + n_;
    const int rank2 = 2 * (lo + length - 1);
    const auto ranks = static_cast<std::size_t>(length);
    for (int t = 0; t < total; ++t) {
      Mask run = 0;
      int carry = 1;
      for (std::size_t k = 0; k < ranks; ++k) {
        run |= cards[k][static_cast<std::size_t>(digits[k])];
        const int next = digits[k] + carry;
        carry = next == sizes[k] ? 1 : 0;
        digits[k] = next - carry * sizes[k];
      }
      store(dst + t, run, MoveType::Straight, length, rank2);
    }
    n_ += total;
  }

  // The straights of straights() whose lowest rank is `lo`.
  void straights_at(RunStorage& scratch, int lo, int min_len, int max_len, int above_rank) {
    if (!run_may_start(flags_.at_least[1], lo, min_len, lo >= kMinRank)) return;
    grow_straights(scratch, lo, min_len, max_len, above_rank);
  }

  // straights_at() once run_may_start() holds: the block of one rank, then
  // longer ones (grow_runs()).
  [[gnu::always_inline]] void grow_straights(RunStorage& scratch, int lo, int min_len, int max_len, int above_rank) {
    Move* block = scratch.a.data();
    const SubNibbles& cards = kOneOf[rank_nibble(hand_, lo)];  // lo may be 1: the Mah Jong
    for (std::size_t i = 0; i < 4; ++i)  // all slots, as in same_rank()
      store(block + i, Mask{cards.items[i]} << rank_shift(lo), MoveType::Straight, 1, 2 * lo);
    const int n_real = cards.size;
    int n_wild = 0;
    if (phoenix_ && lo >= kMinRank)
      store(block + n_real + n_wild++, kPhoenix, MoveType::Straight, 1, 2 * lo, lo);  // never the 1
    grow_runs<false>(scratch, lo, n_real, n_wild, std::min(kMaxRank, lo + max_len - 1),
                     std::max(lo + min_len - 1, above_rank + 1));
  }

  // Grows the block of rank lo in scratch.a (n_real runs without the
  // Phoenix, then n_wild with it) rank by rank up to `last`: straights by a
  // card of each rank, pair runs (kPairs) by a pair of it. Blocks whose top
  // rank is below `first_emitted` (too short, or not above the table) stay
  // in scratch; from there on each block is written to the output after the
  // one it grows from. A scratch block grows by a rank of one choice in
  // place: only its new runs holding the Phoenix are written, and the
  // choice is owed to every run until the next copy adds it.
  template <bool kPairs>
  [[gnu::always_inline]] void grow_runs(RunStorage& scratch, int lo, int n_real, int n_wild, int last,
                                        int first_emitted) {
    Move* block = scratch.a.data();
    Move* spare = scratch.b.data();
    Owed owed;
    int hi = lo + 1;
    for (; hi < first_emitted && hi <= last; ++hi) {  // a lead: 3 ranks of straights, no pair run
      if (run_choices<kPairs>(hi).size == 1) {
        grow_run_block_in_place<kPairs>(block, n_real, n_wild, hi, owed);
        continue;
      }
      Move* const next = spare;
      grow_run_block<kPairs, kScratchChunk>(next, block, n_real, n_wild, hi, std::exchange(owed, {}));
      if (n_real + n_wild == 0) return;
      spare = block;
      block = next;
    }
    Move* dst = out_ + n_;
    for (; hi <= last && n_real > 0; ++hi) {
      Move* const end = grow_run_block<kPairs>(dst, block, n_real, n_wild, hi, std::exchange(owed, {}));
      block = dst;
      dst = end;
    }
    // Once the Phoenix stands in every run, each grows by the choices of the next rank alone.
    constexpr std::uint64_t step = tail(MoveType::Pass, kPairs ? 2 : 1, 2);
    for (; hi <= last && n_wild > 0; ++hi) {
      const SubNibbles& choices = run_choices<kPairs>(hi);
      Move* const begin = dst;
      for (std::size_t c = 0; c < choices.size; ++c)
        dst =
            add_to_each(dst, block, n_wild, (Mask{choices.items[c]} << rank_shift(hi)) + owed.cards, step + owed.step);
      owed = {};
      n_wild *= choices.size;
      block = begin;
    }
    n_ = static_cast<int>(dst - out_);
  }

  // What rank hi adds to a run: one of its cards for a straight, one of its
  // pairs for a pair run (kPairs).
  template <bool kPairs>
  [[nodiscard]] const SubNibbles& run_choices(int hi) const {
    return (kPairs ? kTwoOf : kOneOf)[nibble(hi)];
  }

  // Writes from `dst` on the runs one rank longer (top rank `hi`) than
  // `block` (n_real runs without the Phoenix, then n_wild with it, each
  // lacking `owed`): for each choice c of rank hi the runs without the
  // Phoenix plus c, then for each c those with it plus c, then those without
  // it plus the Phoenix as hi (the lowest rank's card changes fastest); for
  // a pair run the Phoenix comes with each card of rank hi in turn. Returns
  // the end; updates the counts.
  template <bool kPairs, int kChunk = 4>
  Move* grow_run_block(Move* dst, const Move* block, int& n_real, int& n_wild, int hi, Owed owed) const {
    const std::uint64_t step = owed.step + tail(MoveType::Pass, kPairs ? 2 : 1, 2);
    Move* const begin = dst;
    const SubNibbles& choices = run_choices<kPairs>(hi);
    const int shift = rank_shift(hi);
    if (choices.size == 1) {  // the commonest: both parts take the one choice, in one pass
      dst = add_to_each<kChunk>(dst, block, n_real + n_wild, (Mask{choices.items[0]} << shift) + owed.cards, step);
    } else {
      for (std::size_t c = 0; c < choices.size; ++c)
        dst = add_to_each<kChunk>(dst, block, n_real, (Mask{choices.items[c]} << shift) + owed.cards, step);
      for (std::size_t c = 0; c < choices.size; ++c)
        dst = add_to_each<kChunk>(dst, block + n_real, n_wild, (Mask{choices.items[c]} << shift) + owed.cards, step);
    }
    dst = add_wild_runs<kPairs, kChunk>(dst, block, n_real, hi, owed.cards, step);
    n_wild = static_cast<int>(dst - begin) - choices.size * n_real;
    n_real *= choices.size;
    return dst;
  }

  // grow_run_block() when rank hi has one choice, for a block in scratch:
  // the block stays, its runs now owing the choice too, and the new runs
  // holding the Phoenix as hi follow it (written less what they will be owed).
  template <bool kPairs>
  void grow_run_block_in_place(Move* block, int n_real, int& n_wild, int hi, Owed& owed) const {
    const Mask choice = Mask{run_choices<kPairs>(hi).items[0]} << rank_shift(hi);
    owed.cards += choice;
    owed.step += tail(MoveType::Pass, kPairs ? 2 : 1, 2);
    Move* const end = block + n_real + n_wild;
    Move* const wild_end = add_wild_runs<kPairs, kScratchChunk>(end, block, n_real, hi, -choice, 0);
    n_wild = static_cast<int>(wild_end - block) - n_real;
  }

  // Writes from `dst` on the n_real runs of `block` holding no Phoenix, grown by
  // the Phoenix as rank hi (for a pair run, beside each card of hi in turn),
  // with `cards` and `step` added; returns the end.
  template <bool kPairs, int kChunk = 4>
  Move* add_wild_runs(Move* dst, const Move* block, int n_real, int hi, Mask cards, std::uint64_t step) const {
    if (!phoenix_) return dst;
    const std::uint64_t wild_step = step + tail(MoveType::Pass, 0, 0, hi);
    if constexpr (kPairs) {
      const SubNibbles& ones = kOneOf[nibble(hi)];
      for (std::size_t c = 0; c < ones.size; ++c)
        dst = add_to_each<kChunk>(dst, block, n_real, (Mask{ones.items[c]} << rank_shift(hi)) + kPhoenix + cards,
                                  wild_step);
      return dst;
    }
    return add_to_each<kChunk>(dst, block, n_real, kPhoenix + cards, wild_step);
  }

  // Pair runs of min_ranks..max_ranks adjacent pairs whose top rank is
  // above `above_rank`; the Phoenix may complete one pair.
  [[gnu::always_inline]] void pair_runs(int min_ranks, int max_ranks, int above_rank) {
    RunStorage& scratch = run_storage();
    const int first_lo = std::max(kMinRank, above_rank - max_ranks + 2);
    // The Phoenix completes a pair only beside a card of its rank: every rank of a pair run is held.
    const Mask held = flags_.at_least[1] & ~kMahJong;
    const Mask starts =
        run_starts(flags_.at_least[2], min_ranks, held) & nibbles_equal(held_in_windows(held, min_ranks), min_ranks);
    for (RankIterator it(starts, first_lo); !it.done();)
      grow_pair_runs(scratch, it.next(), min_ranks, max_ranks, above_rank);
  }

  // The pair runs of pair_runs() whose lowest rank is `lo`.
  void pair_runs_at(RunStorage& scratch, int lo, int min_ranks, int max_ranks, int above_rank) {
    if (!run_may_start(flags_.at_least[2], lo, min_ranks, flags_.at_least[1] >> rank_shift(lo) & 1)) return;
    grow_pair_runs(scratch, lo, min_ranks, max_ranks, above_rank);
  }

  // pair_runs_at() once run_may_start() holds: the block of one rank, then
  // longer ones (grow_runs()), the Phoenix completing a pair of the top rank
  // with each of its cards.
  [[gnu::always_inline]] void grow_pair_runs(RunStorage& scratch, int lo, int min_ranks, int max_ranks,
                                             int above_rank) {
    Move* block = scratch.a.data();
    const SubNibbles& pairs = kTwoOf[nibble(lo)];
    const SubNibbles& ones = kOneOf[nibble(lo)];
    const int n_real = pairs.size;
    for (std::size_t i = 0; i < pairs.size; ++i)
      store(block + i, Mask{pairs.items[i]} << rank_shift(lo), MoveType::PairRun, 2, 2 * lo);
    int n_wild = 0;
    if (phoenix_) {
      for (std::size_t i = 0; i < ones.size; ++i)
        store(block + n_real + i, (Mask{ones.items[i]} << rank_shift(lo)) | kPhoenix, MoveType::PairRun, 2, 2 * lo, lo);
      n_wild = ones.size;
    }
    grow_runs<true>(scratch, lo, n_real, n_wild, std::min(kMaxRank, lo + max_ranks - 1),
                    std::max(lo + min_ranks - 1, above_rank + 1));
  }

  // Removes the straights generated from `from` on that are one-suit
  // without Mah Jong or Phoenix: those card sets are straight flushes.
  void drop_straight_flushes(int from) {
    if (!holds_straight_flush(hand_)) return;
    int kept = from;
    for (int i = from; i < n_; ++i) {
      const Move& m = out_[i];
      if (m.type == MoveType::Straight && !(m.cards & (kMahJong | kPhoenix)) && single_suit(m.cards)) continue;
      out_[kept++] = m;
    }
    n_ = kept;
  }

  // Bombs (R4.1) that beat `table` (nullptr: all bombs).
  void bombs(const Move* table) {
    const Mask fours = four_of_a_kind_ranks(hand_);
    const bool flush = holds_straight_flush(hand_);
    if (fours == 0 && !flush) return;  // most hands: one well-predicted branch
    const bool table_bomb = table != nullptr && is_bomb(table->type);
    const bool table_flush = table_bomb && table->type == MoveType::StraightFlush;
    if (!table_flush) {
      const int above = table_bomb ? table->rank2 / 2 : 0;
      for (RankIterator it(fours, above + 1); !it.done();) {
        const int r = it.next();
        emit(rank_cards(r), MoveType::FourOfAKind, 4, 2 * r);
      }
    }
    if (!flush) return;
    for (int s = 0; s < kNumSuits; ++s) {
      const Mask suit = (hand_ >> s) & kRankLowBits;  // bit 4(r-1): rank r held in suit s
      // The lowest ranks of five in a row, low to high; from each, every length.
      for (Mask starts = suit & suit >> 4 & suit >> 8 & suit >> 12 & suit >> 16; starts != 0; starts &= starts - 1) {
        const int lo = std::countr_zero(starts) / 4 + 1;
        Mask cards = Mask{0x11111} << (rank_shift(lo) + s);
        for (int hi = lo + 4; hi <= kMaxRank && ((suit >> rank_shift(hi)) & 1); ++hi) {
          cards |= Mask{1} << (rank_shift(hi) + s);
          const int length = hi - lo + 1;
          if (table_flush &&
              (length < int{table->length} || (length == int{table->length} && 2 * hi <= int{table->rank2}))) {
            continue;
          }
          emit(cards, MoveType::StraightFlush, length, 2 * hi);
        }
      }
    }
  }

  void dog() {
    if (hand_ & kDog) emit(kDog, MoveType::Dog, 1, 0);
  }

 private:
  // The cards of normal rank `rank` (2 to 14): rank_nibble() without its test of rank 1, where
  // the Mah Jong alone counts (straights' lowest rank reads that one by rank_nibble()).
  [[nodiscard]] unsigned nibble(int rank) const { return static_cast<unsigned>((hand_ >> rank_shift(rank)) & 0xF); }

  // Every pair/trio (`choices` of each rank's nibble, which need k cards of
  // it) of rank above `above_rank`.
  std::size_t parts(Part* out, const std::array<SubNibbles, 16>& choices, int k, int above_rank) const {
    std::size_t n = 0;
    for (RankIterator it(flags_.at_least[static_cast<std::size_t>(k)], std::max(kMinRank, above_rank + 1));
         !it.done();) {
      const int r = it.next();
      const unsigned cards = nibble(r);
      const SubNibbles& c = choices[cards];
      const int shift = rank_shift(r);
      // The slots of up to 3 cards (3 pairs, 1 trio) whatever the count, as in same_rank(); four
      // of a kind (6 pairs, 4 trios) by a branch the predictor rarely misses.
      if (cards == 0xF) [[unlikely]] {
        for (std::size_t slot = 0; slot < std::size_t{k == 2 ? 6U : 4U}; ++slot)
          out[n + slot] = {.cards = Mask{c.items[slot]} << shift, .rank = r};
      } else {
        for (std::size_t slot = 0; slot < std::size_t{k == 2 ? 3U : 1U}; ++slot)
          out[n + slot] = {.cards = Mask{c.items[slot]} << shift, .rank = r};
      }
      n += c.size;
    }
    return n;
  }

  // The pairs the Phoenix completes: each normal card with it, in card order
  // (that of kOneOf's items). One loop over the cards, not 4 slots a rank.
  std::size_t wild_parts(Part* out) const {
    std::size_t n = 0;
    for (Mask m = hand_ & kNormals; m != 0; m &= m - 1)
      out[n++] = {.cards = (m & -m) | kPhoenix, .rank = rank_of_index(std::countr_zero(m))};
    return n;
  }

  // How many pairs the ranks flagged in `ranks` (each held at least twice)
  // hold in all: C(c, 2) = 1 + 2 [c >= 3] + 3 [c = 4] a rank.
  [[nodiscard]] int pair_count(Mask ranks) const {
    return flag_count(ranks) + 2 * flag_count(ranks & flags_.at_least[3]) + 3 * flag_count(ranks & flags_.at_least[4]);
  }

  // Full houses of trio `t` with each pair of another rank.
  void pair_up(const Part& t, const Part* pairs, std::size_t n_pairs, bool wild_pair, int trio_phoenix_as = 0) {
    Move* dst = out_ + n_;
    for (std::size_t j = 0; j < n_pairs; ++j) {
      const Part& p = pairs[j];
      store(dst, t.cards | p.cards, MoveType::FullHouse, 5, 2 * t.rank, wild_pair ? p.rank : trio_phoenix_as);
      dst += p.rank != t.rank;
    }
    n_ = static_cast<int>(dst - out_);
  }

  // Whether a run of `ranks` ranks can start at `lo`, given the ranks
  // `held` (flag bits): all held, or all but one that the Phoenix may stand
  // for (`wild_lo`: it may stand for lo itself). Later ranks the Phoenix
  // can always stand for, as long as no other is missing.
  [[nodiscard]] bool run_may_start(Mask held, int lo, int ranks, bool wild_lo) const {
    const Mask window = held >> rank_shift(lo) & kNibbleLow & ((Mask{1} << (4 * ranks)) - 1);
    const int missing = ranks - count(window);
    if (missing == 0) return true;
    if (!phoenix_ || missing > 1) return false;
    return wild_lo || (window & 1);
  }

  // run_may_start() for every lowest rank at once, as flag bits: the ranks
  // lo with lo + ranks - 1 <= 14 where it holds, given `wild_lo` (flag bits
  // of the ranks the Phoenix may stand for as lo). Without a branch per rank.
  [[nodiscard]] Mask run_starts(Mask held, int ranks, Mask wild_lo) const {
    const Mask in_window = held_in_windows(held, ranks);
    Mask starts = nibbles_equal(in_window, ranks);
    if (phoenix_) starts |= nibbles_equal(in_window, ranks - 1) & (wild_lo | held);
    return starts & ((Mask{1} << rank_shift(kMaxRank - ranks + 2)) - 1);  // lo <= 15 - ranks
  }

  // Per nibble: how many of the `ranks` ranks from it `held` flags (at most 14, so no carry). The
  // multiplication sums the windows ending at each rank at once, the shift moves each to its lowest.
  static Mask held_in_windows(Mask held, int ranks) {
    return (held * (kNibbleLow >> (64 - 4 * ranks))) >> rank_shift(ranks);
  }

  // A flag bit for each nibble of `counts` that equals `value`.
  static Mask nibbles_equal(Mask counts, int value) {
    const Mask x = counts ^ (static_cast<Mask>(value) * kNibbleLow);
    return ~(x | x >> 1 | x >> 2 | x >> 3) & kNibbleLow;
  }

  static bool single_suit(Mask cards) {
    for (int s = 0; s < kNumSuits; ++s) {
      if ((cards & ~suit_cards(s)) == 0) return true;
    }
    return false;
  }

  Mask hand_;
  Move* out_;
  int n_ = 0;
  bool phoenix_;
  RankFlags flags_;
};

// Every move a leader may make (R5.1): all combinations, bombs, the Dog.
void generate_leads(Generator& g) {
  g.singles(0, kLedPhoenixRank2);
  g.same_rank(2, 0);
  g.same_rank(3, 0);
  g.full_houses(0);
  g.pair_runs(2, 7, 0);
  const int first_straight = g.size();
  g.straights(5, 14, 0);
  g.drop_straight_flushes(first_straight);
  g.bombs(nullptr);
  g.dog();
}

// R6.3, R6.4: keeps only the moves holding a real card of the wished rank,
// if there are any; returns the new count, or 0 (moves untouched) if none.
int keep_wished(Move* moves, int n, Mask wished) {
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    if (moves[i].cards & wished) moves[kept++] = moves[i];
  }
  return kept;
}

// The n moves written, the wish applied: those that fulfil it if any do
// (compulsory, no pass: R6.3), else all of them and the pass if `may_pass`
// (a leader cannot pass: R5.1). Returns the count.
[[gnu::always_inline]] inline int wished_or_passed(Move* out, int n, Mask hand, int wish, bool may_pass) {
  const Mask wished = wish ? hand & kNormals & rank_cards(wish) : 0;
  if (wished) {
    const int kept = keep_wished(out, n, wished);
    if (kept > 0) return kept;
  }
  if (may_pass) out[n++] = kPass;
  return n;
}

// The answers in turn to `table` of one kind (R5.2: the same type and
// length, higher): `kind` writes them.
using AnswerKind = void (*)(Generator&, const Move& table);

void higher_singles(Generator& g, const Move& table) {
  g.singles(table.rank2, table.rank2 == kDragonRank2 ? 0 : table.rank2 + 1);  // the Phoenix: R3.2
}
void higher_pairs(Generator& g, const Move& table) { g.same_rank(2, table.rank2 / 2); }
void higher_trios(Generator& g, const Move& table) { g.same_rank(3, table.rank2 / 2); }
void higher_full_houses(Generator& g, const Move& table) { g.full_houses(table.rank2 / 2); }
void higher_pair_runs(Generator& g, const Move& table) {
  g.pair_runs(table.length / 2, table.length / 2, table.rank2 / 2);
}
void higher_straights(Generator& g, const Move& table) {
  g.straights(table.length, table.length, table.rank2 / 2);
  g.drop_straight_flushes(0);
}
void only_bombs(Generator& /*g*/, const Move& /*table*/) {}

// Whether `hand` holds a straight that beats straight `table` (R5.2: the
// same length, a higher top), straight flushes included: some window of
// that many ranks, topping above the table, holds each rank, or all but one
// with the Phoenix. A beating straight starts at rank 2 or above (the
// table's tops at least its length), so the Mah Jong plays no part. Lets
// the two in five hands that cannot answer skip the generator's set-up;
// one multiplication counts every window at once.
bool holds_higher_straight(Mask hand, const Move& table) {
  constexpr Mask low = kNibbleLow;
  const Mask either = (hand & kNormals) | (hand & kNormals) >> 2;
  const Mask held = (either | either >> 1) & kRankLowBits;  // a flag bit for each rank held
  const int length = table.length;  // 5 to 14
  // Nibble e: how many of the ranks e + 2 - length .. e + 1 are held (at most 14, so no carry).
  const Mask held_in_window = held * (low >> (64 - 4 * length));
  Mask missing = static_cast<Mask>(length) * low - held_in_window;  // no borrow: each nibble <= length
  missing &= ~(low * ((hand & kPhoenix) >> 2));  // one missing rank is the Phoenix's (no branch: a coin toss)
  // Nibbles of tops above the table's up to the Ace; the others made non-zero.
  const Mask tops = (Mask{1} << rank_shift(kMaxRank + 1)) - (Mask{1} << rank_shift(table.rank2 / 2 + 1));
  const Mask m = missing | ~tops;
  return ((m - low) & ~m & (low << 3)) != 0;  // some nibble of m is zero
}

// Every move in turn against `table` of the kind `kind` answers with: its
// answers, the bombs that beat the table (R4.1), the wish, the pass. One
// function a kind, out of line, so that each builds only what it reads
// and saves only the registers it uses: an answer to a single neither
// counts the ranks nor spills the generator (its fields stay in registers
// when no out-of-line call sees it).
template <AnswerKind kind>
[[gnu::noinline]] int answer_moves(Mask hand, const Move& table, int wish, Move* out) {
  Generator g(hand, out);
  kind(g, table);
  g.bombs(&table);
  return wished_or_passed(out, g.size(), hand, wish, true);
}

// The moves in turn against `table` (R5.2), dispatched by its type.
int response_moves(Mask hand, const Move& table, int wish, Move* out) {
  switch (table.type) {
    case MoveType::Single: return answer_moves<higher_singles>(hand, table, wish, out);
    case MoveType::Pair: return answer_moves<higher_pairs>(hand, table, wish, out);
    case MoveType::Trio: return answer_moves<higher_trios>(hand, table, wish, out);
    case MoveType::FullHouse: return answer_moves<higher_full_houses>(hand, table, wish, out);
    case MoveType::PairRun: return answer_moves<higher_pair_runs>(hand, table, wish, out);
    case MoveType::Straight:
      return holds_higher_straight(hand, table) ? answer_moves<higher_straights>(hand, table, wish, out)
                                                : answer_moves<only_bombs>(hand, table, wish, out);
    case MoveType::Dog: return wished_or_passed(out, 0, hand, wish, true);  // nothing beats the Dog (R4.5)
    default: return answer_moves<only_bombs>(hand, table, wish, out);  // a bomb: only a higher one
  }
}

// R4.4, R4.6: out of turn, only bombs and the pass; no wish.
[[gnu::noinline]] int out_of_turn_moves(Mask hand, const Move* table, Move* out) {
  Generator g(hand, out);
  if (table != nullptr && table->type != MoveType::Dog) g.bombs(table);
  out[g.size()] = kPass;
  return g.size() + 1;
}

[[gnu::noinline]] int lead_moves(Mask hand, int wish, Move* out) {
  Generator g(hand, out);
  generate_leads(g);
  return wished_or_passed(out, g.size(), hand, wish, false);
}

}  // namespace

int legal_moves(const Situation& s, Move* out) {
  if (s.out_of_turn) return out_of_turn_moves(s.hand, s.table, out);
  if (s.table == nullptr) return lead_moves(s.hand, s.wish, out);
  return response_moves(s.hand, *s.table, s.wish, out);
}

int count_legal_moves(const Situation& s) {
  thread_local std::array<Move, kMaxLegalMoves> scratch;
  return legal_moves(s, scratch.data());
}

namespace {

// Runs are counted from the top rank down, into `at` by lowest rank: with c
// cards of rank lo, the straights from lo of at least k cards number
// R[k](lo) = c * R[k-1](lo+1) without the Phoenix (a run of length 0
// counting once), and W[k](lo) = c * W[k-1](lo+1) + R[k-1](lo+1) with it,
// the second term the Phoenix standing for lo (never the 1). Pair runs
// alike, with C(c,2) real pairs and c pairs completed by the Phoenix. Every
// lowest rank is thus counted in a few independent multiplications; straights
// and pair runs in loops of their own, whose terms stay in registers.
using RunsAt = std::array<int, kMaxRank + 1>;

// The straights from each lowest rank `top` down to 1 (the Mah Jong), and
// their sum. rK, wK: runs of at least K cards from the rank above, without
// and with the Phoenix; r0 also counts the empty run.
int count_straights(Mask per_rank, std::uint64_t phoenix, int top, RunsAt& at) {
  std::uint64_t r0 = 1, r1 = 0, r2 = 0, r3 = 0, r4 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0;
  int total = 0;
  for (int lo = top; lo >= 1; --lo) {
    const auto n = static_cast<std::uint64_t>(per_rank >> rank_shift(lo) & 0xF);
    const std::uint64_t stands = lo >= kMinRank ? phoenix : 0;  // the Phoenix for lo
    const std::uint64_t w5 = n * w4 + stands * r4;
    w4 = n * w3 + stands * r3;
    w3 = n * w2 + stands * r2;
    w2 = n * w1 + stands * r1;
    w1 = n * w1 + stands * r0;  // a Phoenix run is never empty
    const std::uint64_t r5 = n * r4;
    r4 = n * r3;
    r3 = n * r2;
    r2 = n * r1;
    r1 = n * r0;
    r0 = 1 + r1;
    const auto here = static_cast<int>(r5 + w5);
    at[static_cast<std::size_t>(lo)] = here;
    total += here;
  }
  return total;
}

// The pair runs from each lowest rank `top` down to 2, and their sum: pK,
// qK of at least K ranks from the rank above, without and with the Phoenix.
int count_pair_runs(Mask per_rank, std::uint64_t phoenix, int top, RunsAt& at) {
  std::uint64_t p0 = 1, p1 = 0, q1 = 0;
  int total = 0;
  for (int lo = top; lo >= kMinRank; --lo) {
    const auto n = static_cast<std::uint64_t>(per_rank >> rank_shift(lo) & 0xF);
    const auto two = n * (n - 1) / 2, with_phoenix = phoenix * n;
    const std::uint64_t q2 = two * q1 + with_phoenix * p1;
    q1 = two * q1 + with_phoenix * p0;
    const std::uint64_t p2 = two * p1;
    p1 = two * p0;
    p0 = 1 + p1;
    const auto runs = static_cast<int>(p2 + q2);
    at[static_cast<std::size_t>(lo)] = runs;
    total += runs;
  }
  return total;
}

}  // namespace

// The counts follow generate_leads() kind by kind.
LeadCount::LeadCount(Mask hand) : hand_(hand), counted_(!holds_straight_flush(hand)) {
  if (!counted_) return;  // drop_straight_flushes would shift the straights
  const RankFlags flags(hand);
  const std::uint64_t phoenix = (hand & kPhoenix) ? 1 : 0;
  // Ranks with at least 2, 3, 4 cards: C(c,2) = [c>=2] + 2[c>=3] + 3[c>=4],
  // C(c,3) = [c>=3] + 3[c>=4], and the sums over ranks below alike.
  const int a2 = flag_count(flags.at_least[2]), a3 = flag_count(flags.at_least[3]), a4 = flag_count(flags.at_least[4]);
  const int cards = count(hand & kNormals);
  const int real_pairs = a2 + 2 * a3 + 3 * a4, real_trios = a3 + 3 * a4;
  const int wild_pairs = phoenix ? cards : 0;
  // Full houses, a trio with a pair of another rank, the Phoenix in at most
  // one: sum over trio ranks r of C(c,3) (RP + WP - C(c,2) - ph c), plus
  // with the Phoenix sum of C(c,2) (RP - C(c,2)).
  int full_houses = real_trios * (real_pairs + wild_pairs) - (3 * a3 + 21 * a4);
  if (phoenix) full_houses += real_pairs * real_pairs - (a2 + 8 * a3 + 27 * a4) - (3 * a3 + 13 * a4);

  const Mask one = flags.at_least[1], two_up = flags.at_least[2];  // rank flags, the Mah Jong as rank 1
  const Mask per_rank = flags.counts;  // cards a rank, the Mah Jong as rank 1
  const Mask five = one + (one >> 4) + (one >> 8) + (one >> 12) + (one >> 16);  // ranks held per 5-window, <= 5
  const bool may_straight = (five & (phoenix ? 0x4444444444444444ULL : five >> 2 & five & kNibbleLow)) != 0;
  const Mask normal_one = one & ~Mask{1};
  const bool may_pair_run =
      (two_up & (phoenix ? (normal_one >> 4) | (normal_one << 4) : two_up >> 4)) != 0;  // two adjacent ranks
  // From the rank above the highest held (the Phoenix may stand for it) down.
  const int top = std::min(kMaxRank, (67 - std::countl_zero(one)) / 4 + 1);
  const int straights = may_straight ? count_straights(per_rank, phoenix, top, straights_at_) : 0;
  const int pair_runs = may_pair_run ? count_pair_runs(per_rank, phoenix, top, pair_runs_at_) : 0;
  const int singles =
      cards + static_cast<int>(hand & kMahJong) + static_cast<int>(phoenix) + ((hand & kDragon) ? 1 : 0);
  kinds_ = {
      singles,
      real_pairs + wild_pairs,
      real_trios + (phoenix ? real_pairs : 0),
      full_houses,
      pair_runs,
      straights,
      a4,  // four of a kind
      (hand & kDog) ? 1 : 0,
  };
  for (int k : kinds_) total_ += k;
}

Move LeadCount::nth(int k, Move* scratch) const {
  if (k < kinds_[0]) {  // a single, the commonest choice of a short hand: built directly, in singles() order
    // The Mah Jong (bit 0, read as rank 1) comes first, then the normal
    // cards in card order: one nth_card finds either, with no branch on it.
    const Mask ranked = hand_ & (kMahJong | kNormals);
    const Mask card = nth_card(ranked, k);
    if (card != 0) return make_move(card, MoveType::Single, 2 * rank_of_index(std::countr_zero(card)));
    k -= count(ranked);
    if ((hand_ & kPhoenix) && k-- == 0) return make_move(kPhoenix, MoveType::Single, kLedPhoenixRank2);
    return make_move(kDragon, MoveType::Single, kDragonRank2);
  }
  Generator g(hand_, scratch);
  std::size_t kind = 0;
  while (k >= kinds_[kind]) k -= kinds_[kind++];
  switch (kind) {
    case 0: g.singles(0, kLedPhoenixRank2); break;
    case 1: g.same_rank(2, 0); break;
    case 2: g.same_rank(3, 0); break;
    case 3: g.full_houses(0); break;
    case 4:
    case 5: {
      const bool straight = kind == 5;
      const auto& at = straight ? straights_at_ : pair_runs_at_;
      std::size_t lo = straight ? 1 : kMinRank;
      while (k >= at[lo]) k -= at[lo++];
      RunStorage& blocks = run_storage();
      if (straight) {
        g.straights_at(blocks, static_cast<int>(lo), 5, kMaxRank, 0);
      } else {
        g.pair_runs_at(blocks, static_cast<int>(lo), 2, 7, 0);
      }
      break;
    }
    case 6: g.bombs(nullptr); break;  // four of a kind alone: no straight flush here
    default: g.dog(); break;
  }
  return scratch[k];
}

void check_situation(const Situation& s) {
  check_mask(s.hand);
  if (count(s.hand) > kMaxHandSize) {
    throw std::invalid_argument("a hand holds at most 14 cards, got " + std::to_string(count(s.hand)));
  }
  if (s.wish != 0 && (s.wish < kMinRank || s.wish > kMaxRank)) {
    throw std::invalid_argument("wish must be None or a rank 2..14, got " + std::to_string(s.wish));
  }
  if (s.table == nullptr) return;
  if (s.table->type == MoveType::Pass) throw std::invalid_argument("table must be a combination or None, not a pass");
  if (s.table->cards & s.hand) {
    throw std::invalid_argument("hand and table share cards: " + format_cards(s.table->cards & s.hand));
  }
}

}  // namespace tichu
