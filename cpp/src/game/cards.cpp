#include "tichu/game/cards.hpp"

#include <array>

namespace tichu {
namespace {

constexpr std::array<std::string_view, 15> kRankNames = {"",  "",  "2",  "3", "4", "5", "6", "7",
                                                         "8", "9", "10", "J", "Q", "K", "A"};
constexpr std::array<std::string_view, 4> kSpecialNames = {"MJ", "Dog", "Ph", "Dr"};
constexpr std::array<char, 4> kSuitLetters = {'j', 's', 'p', 't'};

std::array<std::string, kNumCards> make_names() {
  std::array<std::string, kNumCards> names;
  for (int i = 0; i < 4; ++i) names[static_cast<std::size_t>(i)] = kSpecialNames[static_cast<std::size_t>(i)];
  for (int i = 4; i < kNumCards; ++i) {
    names[static_cast<std::size_t>(i)] = std::string(kRankNames[static_cast<std::size_t>(rank_of_index(i))]) +
                                         kSuitLetters[static_cast<std::size_t>(i % 4)];
  }
  return names;
}

const std::array<std::string, kNumCards>& names() {
  static const std::array<std::string, kNumCards> table = make_names();
  return table;
}

// What a card name is, after "unknown card 'X'": the same words as the reference's (cards.py, CARD_NAMES_ARE).
constexpr std::string_view kCardNamesAre =
    ": a card is a rank 2..10, J, Q, K, A and a suit j, s, p, t (10s, Qp), or MJ, Dog, Ph, Dr";

}  // namespace

NotationError unknown_card(std::string_view token) {
  // NOLINTNEXTLINE(modernize-return-braced-init-list): the constructor inherited from invalid_argument is explicit
  return NotationError("unknown card " + quoted(token) + std::string(kCardNamesAre));
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

std::string quoted(std::string_view text) {
  std::size_t chars = 0, end = 0;
  for (; end < text.size(); ++end) {
    const bool starts_char = (static_cast<unsigned char>(text[end]) & 0xC0) != 0x80;
    if (starts_char && chars++ == kQuotedChars) break;  // cut only between code points
  }
  return "'" + std::string(text.substr(0, end)) + (end < text.size() ? "...'" : "'");
}

std::string_view card_name(int index) {
  if (index < 0 || index >= kNumCards) throw std::invalid_argument("no card has index " + std::to_string(index));
  return names()[static_cast<std::size_t>(index)];
}

std::string_view rank_name(int rank) {
  if (rank < kMinRank || rank > kMaxRank) throw std::invalid_argument("no rank " + std::to_string(rank) + " (2..14)");
  return kRankNames[static_cast<std::size_t>(rank)];
}

int parse_rank_name(std::string_view token) {
  if (iequals(token, "T")) return 10;
  for (int r = kMinRank; r <= kMaxRank; ++r) {
    if (iequals(token, kRankNames[static_cast<std::size_t>(r)])) return r;
  }
  if (token.size() == 2 && is_digit(token[0]) && is_digit(token[1])) {
    const int value = (token[0] - '0') * 10 + (token[1] - '0');
    if (value >= 11 && value <= kMaxRank) return value;
  }
  return -1;
}

int parse_card_name(std::string_view token) {
  for (int i = 0; i < 4; ++i) {
    if (iequals(token, kSpecialNames[static_cast<std::size_t>(i)])) return i;
  }
  if (token.size() < 2) return -1;
  const char suit_letter = ascii_lower(token.back());
  int suit = -1;
  for (int s = 0; s < kNumSuits; ++s) {
    if (kSuitLetters[static_cast<std::size_t>(s)] == suit_letter) suit = s;
  }
  if (suit < 0) return -1;
  const std::string_view rank_text = token.substr(0, token.size() - 1);
  // Only rank names here: "11j" is no card name even though 11 is the Jack.
  int rank = iequals(rank_text, "T") ? 10 : -1;
  for (int r = kMinRank; r <= kMaxRank; ++r) {
    if (iequals(rank_text, kRankNames[static_cast<std::size_t>(r)])) rank = r;
  }
  if (rank < 0) return -1;
  return rank_shift(rank) + suit;
}

std::string format_cards(Mask cards) {
  std::string text;
  for (Mask m = cards; m != 0; m &= m - 1) {
    if (!text.empty()) text += ' ';
    text += card_name(std::countr_zero(m));
  }
  return text;
}

Mask parse_cards(std::string_view text) {
  Mask cards = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_separator(text[end])) ++end;
    const std::string_view token = text.substr(i, end - i);
    const int index = parse_card_name(token);
    if (index < 0) throw unknown_card(token);
    const Mask bit = Mask{1} << index;
    if (cards & bit) throw NotationError("duplicate card " + quoted(token));
    cards |= bit;
    i = end;
  }
  return cards;
}

void check_mask(Mask mask) {
  if (mask & ~kDeck) {
    throw std::invalid_argument("mask " + std::to_string(mask) +
                                " has bits outside the 56 cards (bits 56..63 must be 0)");
  }
}

}  // namespace tichu
