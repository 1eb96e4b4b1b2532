#include "tichu/game/combo.hpp"

#include <array>

namespace tichu {
namespace {

// Card counts per rank 1..14 (rank 1: the Mah Jong) and a bit per rank held.
struct RankProfile {
  std::array<int, 15> counts{};
  unsigned present = 0;  // bit r set when rank r is held
  int lowest = 0, highest = 0, distinct = 0, max_count = 0;
};

RankProfile profile(Mask cards) {
  RankProfile p;
  for (int r = 1; r <= kMaxRank; ++r) {
    const int c = count(rank_nibble(cards, r));
    p.counts[static_cast<std::size_t>(r)] = c;
    if (c == 0) continue;
    p.present |= 1u << r;
    if (p.lowest == 0) p.lowest = r;
    p.highest = r;
    ++p.distinct;
    if (c > p.max_count) p.max_count = c;
  }
  return p;
}

bool one_suit(Mask normals) {
  for (int s = 0; s < kNumSuits; ++s) {
    if ((normals & ~suit_cards(s)) == 0) return true;
  }
  return false;
}

int classify_single(Mask card, Move* out) {
  if (card == kDog) {
    out[0] = make_move(card, MoveType::Dog, 0);
  } else if (card == kMahJong) {
    out[0] = make_move(card, MoveType::Single, 2);
  } else if (card == kPhoenix) {
    out[0] = make_move(card, MoveType::Single, kLedPhoenixRank2);
  } else if (card == kDragon) {
    out[0] = make_move(card, MoveType::Single, kDragonRank2);
  } else {
    out[0] = make_move(card, MoveType::Single, 2 * rank_of_index(std::countr_zero(card)));
  }
  return 1;
}

// Straights: distinct ranks from 1 (Mah Jong) to 14; the Phoenix fills the
// one gap or extends either end within 2..14 (R3.1). All one suit without
// Phoenix or Mah Jong is a straight flush (R3.6).
int classify_straight(Mask cards, const RankProfile& p, bool phoenix, Move* out) {
  const int n = count(cards);
  if (p.max_count > 1) return 0;
  const int span = p.highest - p.lowest + 1;
  if (!phoenix) {
    if (span != n) return 0;
    const bool flush = !(cards & kMahJong) && one_suit(cards);
    out[0] = make_move(cards, flush ? MoveType::StraightFlush : MoveType::Straight, 2 * p.highest);
    return 1;
  }
  if (span == n) {  // one gap inside
    for (int r = p.lowest + 1; r < p.highest; ++r) {
      if (!(p.present & (1u << r))) {
        out[0] = make_move(cards, MoveType::Straight, 2 * p.highest, r);
        return 1;
      }
    }
  }
  if (span != n - 1) return 0;
  int readings = 0;
  if (p.lowest - 1 >= kMinRank) out[readings++] = make_move(cards, MoveType::Straight, 2 * p.highest, p.lowest - 1);
  if (p.highest + 1 <= kMaxRank) {
    out[readings++] = make_move(cards, MoveType::Straight, 2 * (p.highest + 1), p.highest + 1);
  }
  return readings;
}

// Pair runs: consecutive ranks with two cards each; the Phoenix may complete
// one of them.
int classify_pair_run(Mask cards, const RankProfile& p, bool phoenix, Move* out) {
  const int n = count(cards);
  if (n % 2 != 0 || p.distinct != n / 2 || p.highest - p.lowest + 1 != p.distinct) return 0;
  int stand_in = 0;
  for (int r = p.lowest; r <= p.highest; ++r) {
    const int c = p.counts[static_cast<std::size_t>(r)];
    if (c == 2) continue;
    if (c != 1 || !phoenix || stand_in) return 0;
    stand_in = r;
  }
  if (phoenix != (stand_in != 0)) return 0;
  out[0] = make_move(cards, MoveType::PairRun, 2 * p.highest, stand_in);
  return 1;
}

int classify_full_house(Mask cards, const RankProfile& p, bool phoenix, Move* out) {
  if (p.distinct != 2) return 0;
  const int a = p.lowest, b = p.highest;
  const int ca = p.counts[static_cast<std::size_t>(a)], cb = p.counts[static_cast<std::size_t>(b)];
  if (!phoenix) {
    if (ca == 3 && cb == 2) return out[0] = make_move(cards, MoveType::FullHouse, 2 * a), 1;
    if (ca == 2 && cb == 3) return out[0] = make_move(cards, MoveType::FullHouse, 2 * b), 1;
    return 0;
  }
  if (ca == 2 && cb == 2) {  // either pair can be the trio (R3.5)
    out[0] = make_move(cards, MoveType::FullHouse, 2 * a, a);
    out[1] = make_move(cards, MoveType::FullHouse, 2 * b, b);
    return 2;
  }
  if (ca == 3 && cb == 1) return out[0] = make_move(cards, MoveType::FullHouse, 2 * a, b), 1;
  if (ca == 1 && cb == 3) return out[0] = make_move(cards, MoveType::FullHouse, 2 * b, a), 1;
  return 0;
}

// A bomb's strength: every straight flush above every four of a kind; longer
// straight flushes above shorter ones (R4.2).
int bomb_strength(const Move& m) {
  return m.type == MoveType::StraightFlush ? (1 << 12) | (m.length << 6) | m.rank2 : m.rank2;
}

bool iequals_prefix(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (ascii_lower(text[i]) != prefix[i]) return false;
  }
  return true;
}

// "1.5" .. "14.5" -> doubled rank 3..29; -1 otherwise.
int parse_half_rank2(std::string_view text) {
  if (text.size() < 3 || text.substr(text.size() - 2) != ".5") return -1;
  const std::string_view whole = text.substr(0, text.size() - 2);
  int value = 0;
  for (char c : whole) {
    if (!is_digit(c) || value > 14) return -1;
    value = value * 10 + (c - '0');
  }
  if (whole.empty() || whole.size() > 2 || value < 1 || value > kMaxRank) return -1;
  return 2 * value + 1;
}

}  // namespace

int classify(Mask cards, Move* out) {
  const int n = count(cards);
  if (n == 0) return 0;
  if (n == 1) return classify_single(cards, out);
  if (cards & (kDog | kDragon)) return 0;
  const bool phoenix = cards & kPhoenix;
  const RankProfile p = profile(cards & ~kPhoenix);
  if (n >= 5) {
    if (const int k = classify_straight(cards, p, phoenix, out)) return k;
  }
  if (cards & kMahJong) return 0;
  if (n == 5) {
    if (const int k = classify_full_house(cards, p, phoenix, out)) return k;
  }
  if (n >= 4) {
    if (const int k = classify_pair_run(cards, p, phoenix, out)) return k;
  }
  if (p.distinct != 1 || n > 4) return 0;
  const int rank = p.lowest;
  switch (n) {
    case 2: out[0] = make_move(cards, MoveType::Pair, 2 * rank, phoenix ? rank : 0); return 1;
    case 3: out[0] = make_move(cards, MoveType::Trio, 2 * rank, phoenix ? rank : 0); return 1;
    default:
      if (phoenix) return 0;  // the Phoenix is never part of a bomb (R4.1)
      out[0] = make_move(cards, MoveType::FourOfAKind, 2 * rank);
      return 1;
  }
}

bool beats(const Move& move, const Move* table) {
  if (move.type == MoveType::Pass) return false;
  if (table == nullptr) return true;  // leading
  if (table->type == MoveType::Dog || move.type == MoveType::Dog) return false;  // R4.5
  if (is_bomb(move.type)) {
    return !is_bomb(table->type) || bomb_strength(move) > bomb_strength(*table);  // R4.2, R4.3
  }
  if (is_bomb(table->type)) return false;
  if (move.type != table->type || move.length != table->length) return false;  // R5.2
  if (move.type == MoveType::Single && move.cards == kPhoenix) {
    return table->rank2 != kDragonRank2;  // R3.2, R3.3
  }
  return move.rank2 > table->rank2;
}

std::string format_move(const Move& move) {
  if (move.type == MoveType::Pass) return "pass";
  std::string text;
  for (Mask m = move.cards; m != 0; m &= m - 1) {
    if (!text.empty()) text += ' ';
    const int index = std::countr_zero(m);
    text += card_name(index);
    if (Mask{1} << index != kPhoenix) continue;
    text += ':';
    if (move.type == MoveType::Single) {
      text += std::to_string(move.rank2 / 2) + ".5";
    } else {
      text += rank_name(move.phoenix_as);
    }
  }
  return text;
}

Move parse_move(std::string_view text) {
  std::size_t first = 0, last = text.size();
  while (first < last && is_separator(text[first])) ++first;
  while (last > first && is_separator(text[last - 1])) --last;
  const std::string_view body = text.substr(first, last - first);
  if (body.size() == 4 && iequals_prefix(body, "pass")) return kPass;
  if (body.empty()) throw NotationError("empty move text (write 'pass' for a pass)");

  Mask cards = 0;
  std::string_view annotation;
  bool annotated = false;
  std::size_t i = 0;
  while (i < body.size()) {
    if (is_separator(body[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < body.size() && !is_separator(body[end])) ++end;
    std::string_view token = body.substr(i, end - i);
    i = end;
    if (iequals_prefix(token, "ph:")) {
      annotation = token.substr(3);
      annotated = true;
      token = token.substr(0, 2);
    }
    const int index = parse_card_name(token);
    if (index < 0) throw unknown_card(token);
    if (cards & (Mask{1} << index)) throw NotationError("duplicate card " + quoted(token));
    cards |= Mask{1} << index;
  }

  std::array<Move, kMaxReadings> readings;
  const auto k = static_cast<std::size_t>(classify(cards, readings.data()));
  if (k == 0) throw NotationError("not a combination: " + format_cards(cards));
  if (!annotated) {
    if (k > 1) {
      throw NotationError("ambiguous: '" + format_cards(cards) +
                          "' has two readings; write the Phoenix as Ph:R, e.g. '" + format_move(readings[0]) + "'");
    }
    return readings[0];
  }
  if (cards == kPhoenix) {
    const int rank2 = parse_half_rank2(annotation);
    if (rank2 < 0) {
      throw NotationError("the Phoenix single ranks 1.5 to 14.5, not " + quoted(annotation));
    }
    return make_move(cards, MoveType::Single, rank2);
  }
  const int stands_for = parse_rank_name(annotation);
  for (std::size_t r = 0; r < k; ++r) {
    if (stands_for > 0 && int{readings[r].phoenix_as} == stands_for) return readings[r];
  }
  throw NotationError(quoted("Ph:" + std::string(annotation)) + " fits no reading of '" + format_cards(cards) + "'");
}

void check_move(const Move& move) {
  for (std::uint8_t b : move.pad) {
    if (b != 0) throw std::invalid_argument("move record has non-zero padding");
  }
  check_mask(move.cards);
  if (move.type == MoveType::Pass) {
    if (move == kPass) return;
    throw std::invalid_argument("a pass has no cards, length, rank or Phoenix");
  }
  if (move.cards == kPhoenix && move.type == MoveType::Single && move.length == 1 && move.phoenix_as == 0 &&
      move.rank2 % 2 == 1 && move.rank2 >= kLedPhoenixRank2 && move.rank2 <= 2 * kMaxRank + 1) {
    return;
  }
  std::array<Move, kMaxReadings> readings;
  const auto k = static_cast<std::size_t>(classify(move.cards, readings.data()));
  for (std::size_t r = 0; r < k; ++r) {
    if (readings[r] == move) return;
  }
  throw std::invalid_argument("not a reading of its cards: " + format_cards(move.cards));
}

}  // namespace tichu
