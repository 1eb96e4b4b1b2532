#include "tichu/movegen.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace tichu {
namespace {

// The sub-nibbles of each nibble with exactly k bits: which suits of one
// rank can form a single, a pair or a trio.
struct SubNibbles {
  std::uint8_t size = 0;
  std::array<std::uint8_t, 6> items{};
};

constexpr std::array<SubNibbles, 16> sub_nibbles_of_size(int k) {
  std::array<SubNibbles, 16> table{};
  for (unsigned nibble = 0; nibble < 16; ++nibble) {
    for (unsigned sub = 1; sub < 16; ++sub) {
      if ((sub & nibble) == sub && std::popcount(sub) == k) {
        table[nibble].items[table[nibble].size++] = static_cast<std::uint8_t>(sub);
      }
    }
  }
  return table;
}

constexpr auto kOneOf = sub_nibbles_of_size(1);
constexpr auto kTwoOf = sub_nibbles_of_size(2);
constexpr auto kThreeOf = sub_nibbles_of_size(3);

// Partial runs grow rank by rank; these bound how many card choices one
// partial straight or pair run can have in a hand of 14 cards (162 and 324
// without the Phoenix, a few hundred with it), with room to spare.
constexpr int kMaxPartials = 1024;

struct Partial {
  Mask cards;
  int phoenix_as;
};

// Enumeration state for one hand; `emit` appends to the caller's buffer.
class Generator {
 public:
  Generator(Mask hand, Move* out) : hand_(hand), out_(out), phoenix_(hand & kPhoenix) {
    for (int r = 1; r <= kMaxRank; ++r) nibble_[r] = rank_nibble(hand, r);
  }

  int size() const { return n_; }

  void emit(Mask cards, MoveType type, int length, int rank2, int phoenix_as = 0) {
    Move& m = out_[n_++];
    m = Move{};
    m.cards = cards;
    m.type = type;
    m.length = static_cast<std::uint8_t>(length);
    m.rank2 = static_cast<std::uint8_t>(rank2);
    m.phoenix_as = static_cast<std::uint8_t>(phoenix_as);
  }

  // Singles above doubled rank `above` (0 when leading); `phoenix_rank2` is
  // what the Phoenix single would rank, 0 when it may not be played.
  void singles(int above, int phoenix_rank2) {
    if ((hand_ & kMahJong) && 2 > above) emit(kMahJong, MoveType::Single, 1, 2);
    const Mask normals = hand_ & kNormals & (~Mask{0} << (4 * (above / 2)));
    for (Mask m = normals; m != 0; m &= m - 1) {
      const int index = std::countr_zero(m);
      emit(m & -m, MoveType::Single, 1, 2 * rank_of_index(index));
    }
    if (phoenix_ && phoenix_rank2 > 0) emit(kPhoenix, MoveType::Single, 1, phoenix_rank2);
    if ((hand_ & kDragon) && kDragonRank2 > above) emit(kDragon, MoveType::Single, 1, kDragonRank2);
  }

  // Pairs and trios (k = 2, 3) of rank above `above_rank`, the Phoenix
  // standing in for one card (R3).
  void same_rank(int k, int above_rank) {
    const auto& real = k == 2 ? kTwoOf : kThreeOf;
    const auto& with_phoenix = k == 2 ? kOneOf : kTwoOf;
    const MoveType type = k == 2 ? MoveType::Pair : MoveType::Trio;
    for (int r = std::max(kMinRank, above_rank + 1); r <= kMaxRank; ++r) {
      const unsigned nib = nibble_[r];
      const int shift = rank_shift(r);
      for (int i = 0; i < real[nib].size; ++i) emit(Mask{real[nib].items[i]} << shift, type, k, 2 * r);
      if (!phoenix_) continue;
      for (int i = 0; i < with_phoenix[nib].size; ++i) {
        emit((Mask{with_phoenix[nib].items[i]} << shift) | kPhoenix, type, k, 2 * r, r);
      }
    }
  }

  // Full houses whose trio ranks above `above_rank`; a trio and a pair of
  // different ranks, at most one of them completed by the Phoenix.
  void full_houses(int above_rank) {
    for (int t = std::max(kMinRank, above_rank + 1); t <= kMaxRank; ++t) {
      const unsigned tn = nibble_[t];
      if (std::popcount(tn) < (phoenix_ ? 2 : 3)) continue;
      const int ts = rank_shift(t);
      for (int p = kMinRank; p <= kMaxRank; ++p) {
        if (p == t) continue;
        const unsigned pn = nibble_[p];
        const int ps = rank_shift(p);
        for (int i = 0; i < kThreeOf[tn].size; ++i) {
          const Mask trio = Mask{kThreeOf[tn].items[i]} << ts;
          for (int j = 0; j < kTwoOf[pn].size; ++j) {
            emit(trio | (Mask{kTwoOf[pn].items[j]} << ps), MoveType::FullHouse, 5, 2 * t);
          }
          if (!phoenix_) continue;
          for (int j = 0; j < kOneOf[pn].size; ++j) {
            emit(trio | (Mask{kOneOf[pn].items[j]} << ps) | kPhoenix, MoveType::FullHouse, 5, 2 * t, p);
          }
        }
        if (!phoenix_) continue;
        for (int i = 0; i < kTwoOf[tn].size; ++i) {
          const Mask trio = (Mask{kTwoOf[tn].items[i]} << ts) | kPhoenix;
          for (int j = 0; j < kTwoOf[pn].size; ++j) {
            emit(trio | (Mask{kTwoOf[pn].items[j]} << ps), MoveType::FullHouse, 5, 2 * t, t);
          }
        }
      }
    }
  }

  // Straights (ranks from 1, the Mah Jong) or pair runs (ranks from 2),
  // grown rank by rank from each lowest rank. `partials` holds the card
  // choices without the Phoenix, `with_phoenix` those where the Phoenix
  // stands for one rank of the run so far (R3.1: a gap or either end).
  // Emits runs of `min_ranks`..`max_ranks` ranks whose top rank is above
  // `above_rank`.
  void runs(bool pairs, int min_ranks, int max_ranks, int above_rank) {
    const auto& real = pairs ? kTwoOf : kOneOf;
    const MoveType type = pairs ? MoveType::PairRun : MoveType::Straight;
    const int per_rank = pairs ? 2 : 1;
    const int lowest = pairs ? kMinRank : 1;
    const int first_lo = std::max(lowest, above_rank - max_ranks + 2);
    for (int lo = first_lo; lo + min_ranks - 1 <= kMaxRank; ++lo) {
      int n0 = 0, n1 = 0;
      start(lo, real, pairs, n0, n1);
      for (int hi = lo + 1; hi <= kMaxRank && hi - lo + 1 <= max_ranks; ++hi) {
        extend(hi, real, pairs, n0, n1);
        if (n0 == 0 && n1 == 0) break;
        const int ranks = hi - lo + 1;
        if (ranks < min_ranks || hi <= above_rank) continue;
        const int length = ranks * per_rank;
        for (int i = 0; i < n0; ++i) {
          if (!pairs && lo >= kMinRank && single_suit(partials_[i].cards)) continue;  // R3.6
          emit(partials_[i].cards, type, length, 2 * hi);
        }
        for (int i = 0; i < n1; ++i) {
          emit(with_phoenix_[i].cards, type, length, 2 * hi, with_phoenix_[i].phoenix_as);
        }
      }
    }
  }

  // Bombs (R4.1) that beat `table` (nullptr: all bombs).
  void bombs(const Move* table) {
    const bool table_bomb = table != nullptr && is_bomb(table->type);
    const bool table_flush = table_bomb && table->type == MoveType::StraightFlush;
    if (!table_flush) {
      const int above = table_bomb ? table->rank2 / 2 : 0;
      for (int r = std::max(kMinRank, above + 1); r <= kMaxRank; ++r) {
        if (nibble_[r] == 0xF) emit(Mask{0xF} << rank_shift(r), MoveType::FourOfAKind, 4, 2 * r);
      }
    }
    for (int s = 0; s < kNumSuits; ++s) {
      const Mask suit = (hand_ >> s) & kRankLowBits;  // bit 4(r-1): rank r held in suit s
      if ((suit & (suit >> 4) & (suit >> 8) & (suit >> 12) & (suit >> 16)) == 0) continue;
      for (int lo = kMinRank; lo + 4 <= kMaxRank; ++lo) {
        Mask cards = 0;
        for (int hi = lo; hi <= kMaxRank && (suit >> rank_shift(hi) & 1); ++hi) {
          cards |= Mask{1} << (rank_shift(hi) + s);
          const int length = hi - lo + 1;
          if (length < 5) continue;
          if (table_flush && (length < table->length || (length == table->length && 2 * hi <= table->rank2))) {
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
  static bool single_suit(Mask cards) {
    for (int s = 0; s < kNumSuits; ++s) {
      if ((cards & ~suit_cards(s)) == 0) return true;
    }
    return false;
  }

  void start(int lo, const std::array<SubNibbles, 16>& real, bool pairs, int& n0, int& n1) {
    const unsigned nib = nibble_[lo];
    const int shift = rank_shift(lo);
    n0 = 0;
    n1 = 0;
    for (int i = 0; i < real[nib].size; ++i) partials_[n0++] = {Mask{real[nib].items[i]} << shift, 0};
    if (!phoenix_ || lo < kMinRank) return;  // the Phoenix is never the 1 (R3.1)
    if (pairs) {
      for (int i = 0; i < kOneOf[nib].size; ++i) {
        with_phoenix_[n1++] = {(Mask{kOneOf[nib].items[i]} << shift) | kPhoenix, lo};
      }
    } else {
      with_phoenix_[n1++] = {kPhoenix, lo};
    }
  }

  void extend(int hi, const std::array<SubNibbles, 16>& real, bool pairs, int& n0, int& n1) {
    const unsigned nib = nibble_[hi];
    const int shift = rank_shift(hi);
    const SubNibbles& choices = real[nib];
    // Runs that already hold the Phoenix take a real choice of rank hi.
    int m1 = 0;
    for (int i = 0; i < n1; ++i) {
      for (int c = 0; c < choices.size; ++c) {
        next_with_phoenix_[m1++] = {with_phoenix_[i].cards | (Mask{choices.items[c]} << shift),
                                    with_phoenix_[i].phoenix_as};
      }
    }
    // Runs without it may let the Phoenix stand for rank hi.
    if (phoenix_) {
      if (pairs) {
        const SubNibbles& one = kOneOf[nib];  // the real card the Phoenix pairs with
        for (int i = 0; i < n0; ++i) {
          for (int c = 0; c < one.size; ++c) {
            next_with_phoenix_[m1++] = {partials_[i].cards | (Mask{one.items[c]} << shift) | kPhoenix, hi};
          }
        }
      } else {
        for (int i = 0; i < n0; ++i) next_with_phoenix_[m1++] = {partials_[i].cards | kPhoenix, hi};
      }
    }
    int m0 = 0;
    for (int i = 0; i < n0; ++i) {
      for (int c = 0; c < choices.size; ++c) {
        next_partials_[m0++] = {partials_[i].cards | (Mask{choices.items[c]} << shift), 0};
      }
    }
    std::copy(next_partials_.begin(), next_partials_.begin() + m0, partials_.begin());
    std::copy(next_with_phoenix_.begin(), next_with_phoenix_.begin() + m1, with_phoenix_.begin());
    n0 = m0;
    n1 = m1;
  }

  Mask hand_;
  Move* out_;
  int n_ = 0;
  bool phoenix_;
  std::array<unsigned, kMaxRank + 1> nibble_{};
  std::array<Partial, kMaxPartials> partials_, with_phoenix_, next_partials_, next_with_phoenix_;
};

// Every move a leader may make (R5.1): all combinations, bombs, the Dog.
void generate_leads(Generator& g) {
  g.singles(0, kLedPhoenixRank2);
  g.same_rank(2, 0);
  g.same_rank(3, 0);
  g.full_houses(0);
  g.runs(true, 2, 7, 0);
  g.runs(false, 5, 14, 0);
  g.bombs(nullptr);
  g.dog();
}

// Every move that beats `table` in turn (R5.2): the same type and length
// with a higher rank, or a bomb that beats it.
void generate_responses(Generator& g, const Move& table) {
  const int rank = table.rank2 / 2;
  switch (table.type) {
    case MoveType::Single: {
      const int phoenix_rank2 = table.rank2 == kDragonRank2 ? 0 : table.rank2 + 1;  // R3.2
      g.singles(table.rank2, phoenix_rank2);
      break;
    }
    case MoveType::Pair: g.same_rank(2, rank); break;
    case MoveType::Trio: g.same_rank(3, rank); break;
    case MoveType::FullHouse: g.full_houses(rank); break;
    case MoveType::PairRun: g.runs(true, table.length / 2, table.length / 2, rank); break;
    case MoveType::Straight: g.runs(false, table.length, table.length, rank); break;
    case MoveType::Dog: return;  // nothing beats the Dog, a bomb neither (R4.5)
    default: break;
  }
  g.bombs(&table);
}

// R6.3, R6.4: keeps only the moves holding a real card of the wished rank,
// if there are any; returns the new count, or -1 when none holds one.
int keep_wished(Move* moves, int n, Mask wished) {
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    if (moves[i].cards & wished) moves[kept++] = moves[i];
  }
  return kept == 0 ? -1 : kept;
}

}  // namespace

int legal_moves(const Situation& s, Move* out) {
  Generator g(s.hand, out);
  if (s.out_of_turn) {  // R4.4, R4.6: only bombs, no wish
    if (s.table != nullptr && s.table->type != MoveType::Dog) g.bombs(s.table);
    out[g.size()] = kPass;
    return g.size() + 1;
  }
  if (s.table == nullptr) {
    generate_leads(g);
  } else {
    generate_responses(g, *s.table);
  }
  int n = g.size();
  const Mask wished = s.wish ? s.hand & kNormals & (Mask{0xF} << rank_shift(s.wish)) : 0;
  if (wished) {
    const int kept = keep_wished(out, n, wished);
    if (kept > 0) return kept;  // compulsory: no pass (R6.3)
  }
  if (s.table != nullptr) out[n++] = kPass;  // a leader cannot pass (R5.1)
  return n;
}

int count_legal_moves(const Situation& s) {
  thread_local std::array<Move, kMaxLegalMoves> scratch;
  return legal_moves(s, scratch.data());
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
  check_move(*s.table);
  if (s.table->cards & s.hand) {
    throw std::invalid_argument("hand and table share cards: " + format_cards(s.table->cards & s.hand));
  }
}

}  // namespace tichu
