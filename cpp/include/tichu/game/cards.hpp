// Cards as bits of a 64-bit mask, and their text names.
//
// Layout (see docs/api.md): nibble 0 holds the special cards (bit 0 Mah Jong,
// 1 Dog, 2 Phoenix, 3 Dragon); nibble r-1 holds the four suits of rank r for
// r = 2..14. The Mah Jong thus sits where rank 1 would, which lets straights
// treat it as rank 1 with the same shifts as every other rank.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tichu {

using Mask = std::uint64_t;

inline constexpr int kNumCards = 56;
inline constexpr Mask kDeck = (Mask{1} << kNumCards) - 1;
inline constexpr Mask kMahJong = Mask{1} << 0;
inline constexpr Mask kDog = Mask{1} << 1;
inline constexpr Mask kPhoenix = Mask{1} << 2;
inline constexpr Mask kDragon = Mask{1} << 3;
inline constexpr Mask kSpecials = 0xF;
inline constexpr Mask kNormals = kDeck & ~kSpecials;

inline constexpr int kMinRank = 2;   // lowest normal rank
inline constexpr int kMaxRank = 14;  // the Ace
inline constexpr int kNumSuits = 4;

// One bit per rank (the lowest of each nibble), ranks 2..14.
inline constexpr Mask kRankLowBits = 0x0011111111111110ULL;
// The lowest bit of every nibble: a mask of rank counts or flags keeps one
// bit a rank with it, and a multiplication by it sums the nibbles into the top one.
inline constexpr Mask kNibbleLow = 0x1111111111111111ULL;

constexpr int rank_shift(int rank) { return 4 * (rank - 1); }

// The cards of `rank` in `m` as a nibble (for rank 1: the Mah Jong bit).
constexpr unsigned rank_nibble(Mask m, int rank) {
  return static_cast<unsigned>((m >> rank_shift(rank)) & (rank == 1 ? 0x1 : 0xF));
}

// All four cards of `rank` (2..14).
constexpr Mask rank_cards(int rank) { return Mask{0xF} << rank_shift(rank); }

namespace detail {
inline constexpr std::array<std::uint8_t, 16> kNibbleCount{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
}  // namespace detail

// The number of cards of `rank` in `m`, read from a table (no bit count: see count below).
constexpr int rank_count(Mask m, int rank) { return detail::kNibbleCount[rank_nibble(m, rank)]; }

// All normal cards of one suit (suit 0..3).
constexpr Mask suit_cards(int suit) { return kRankLowBits << suit; }

// The ranks `hand` holds all four cards of (R4.1), as flag bits: each
// rank's lowest bit.
constexpr Mask four_of_a_kind_ranks(Mask hand) {
  const Mask n = hand & kNormals;
  return n & n >> 1 & n >> 2 & n >> 3 & kRankLowBits;
}

// The cards of `hand` that begin five cards of one suit in consecutive ranks
// (a shift by 4 moves every card to the next rank of its suit, all suits at once).
constexpr Mask straight_flush_lows(Mask hand) {
  const Mask n = hand & kNormals;
  return n & n >> 4 & n >> 8 & n >> 12 & n >> 16;
}

// Whether `hand` holds five cards of one suit in consecutive ranks.
constexpr bool holds_straight_flush(Mask hand) { return straight_flush_lows(hand) != 0; }

// Whether `hand` holds a bomb (R4.1): four cards of one rank or a straight
// flush; the Phoenix is in neither. Branch-free: most hands hold none.
constexpr bool holds_bomb(Mask hand) { return (four_of_a_kind_ranks(hand) | straight_flush_lows(hand)) != 0; }

// The number of cards in `m`. Distributed builds target baseline x86-64,
// which has no popcount instruction, and the libgcc fallback is slow.
constexpr int count(Mask m) {
#if defined(__POPCNT__) || defined(__aarch64__)
  return std::popcount(m);
#else
  m -= (m >> 1) & 0x5555555555555555ULL;
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
#endif
}

namespace detail {
// kSelectInByte[b][j]: the index of the j-th lowest set bit of byte b (0 past its bits).
constexpr std::array<std::array<std::uint8_t, 8>, 256> make_select_in_byte() {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned b = 0; b < 256; ++b) {
    std::size_t j = 0;
    for (std::uint8_t i = 0; i < 8; ++i) {
      if (b >> i & 1) table[b][j++] = i;
    }
  }
  return table;
}
inline constexpr auto kSelectInByte = make_select_in_byte();
}  // namespace detail

// The k-th lowest card of `m` alone (k = 0: the lowest), 0 when `m` holds at
// most k cards. Without a loop: a loop of k trips mispredicts its exit when
// k is drawn at random (the random policy's singles). Running bit counts per
// byte find the byte, a 2 KiB table the bit in it.
constexpr Mask nth_card(Mask m, int k) {
  constexpr Mask ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  Mask c = m - ((m >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  const Mask sums = c * ones;  // byte i: the cards of bytes 0..i (at most 64)
  const Mask reached = ((sums | highs) - static_cast<Mask>(k + 1) * ones) & highs;  // bytes with sums > k
  const int byte = (std::countr_zero(reached) / 8) & 7;
  const auto before = static_cast<int>(((sums << 8) >> (8 * byte)) & 0xFF);
  const auto in_byte = static_cast<std::size_t>((m >> (8 * byte)) & 0xFF);
  const int bit = detail::kSelectInByte[in_byte][static_cast<std::size_t>((k - before) & 7)];
  return Mask{reached != 0} << (8 * byte + bit);
}

// The normal rank (2..14) of a card bit index >= 4.
constexpr int rank_of_index(int index) { return index / 4 + 1; }

// Text helpers, ASCII only: the C library's versions follow the locale that
// Python sets, and the reference backend reads text the same way.
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_separator(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool iequals(std::string_view a, std::string_view b);

// Raised for text that names no card or no combination; the bindings turn it
// into tichu_fast.errors.InvalidNotationError.
struct NotationError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// User input for an error message, in single quotes: at most
// kQuotedChars characters (UTF-8 code points) of it, then "...".
inline constexpr std::size_t kQuotedChars = 80;
std::string quoted(std::string_view text);

// The error for a token that names no card: quotes it and says what a card name is.
NotationError unknown_card(std::string_view token);

// The canonical name of card `index` (0..55); std::invalid_argument outside.
std::string_view card_name(int index);

// The canonical name of a rank 2..14: "2".."10", "J", "Q", "K", "A";
// std::invalid_argument outside.
std::string_view rank_name(int rank);

// The bit index of one card name, case-insensitive, "T" accepted for 10;
// -1 when it names no card.
int parse_card_name(std::string_view token);

// A rank name ("2".."10", "T", "J", "Q", "K", "A" or a number 2..14); -1 if none.
int parse_rank_name(std::string_view token);

// Card names joined by single spaces, in bit order.
std::string format_cards(Mask cards);

// Parses whitespace/comma separated names; throws NotationError naming the
// unknown or duplicate card.
Mask parse_cards(std::string_view text);

// Throws std::invalid_argument when `mask` has bits outside the 56 cards.
void check_mask(Mask mask);

}  // namespace tichu
