#include "tichu/game/observation_tensor.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <optional>

#include "tichu/game/score.hpp"

namespace tichu {
namespace {

void set_cards(float* out, Mask m) {
  for (; m; m &= m - 1) out[std::countr_zero(m)] = 1.0f;
}

// The eight bits of a byte as eight floats 0 or 1, lowest bit first (8 kB,
// read at a few entries a tensor).
constexpr std::array<std::array<float, 8>, 256> kByteFloats = [] {
  std::array<std::array<float, 8>, 256> table{};
  for (std::size_t b = 0; b < 256; ++b) {
    for (std::size_t k = 0; k < 8; ++k) table[b][k] = ((b >> k) & 1U) != 0 ? 1.0f : 0.0f;
  }
  return table;
}();

// Writes all kNumCards floats of a card block: 1 where `m` holds the card,
// 0 elsewhere. A loop of fixed length, no branch on the cards (set_cards'
// loop ends where the cards do, and its exit mispredicts); a byte of cards
// a step (a nibble a step took 409 instructions for a tensor's six blocks).
void write_cards(float* out, Mask m) {
  static_assert(kNumCards % 8 == 0);
#if defined(__GNUC__)  // GCC and Clang: no loop left (MSVC would warn of an unknown pragma)
#pragma GCC unroll 7
#endif
  for (std::ptrdiff_t k = 0; k < kNumCards / 8; ++k) {
    std::memcpy(out + 8 * k, kByteFloats[static_cast<std::size_t>((m >> (8 * k)) & 0xFF)].data(), 8 * sizeof(float));
  }
}

// A call (Call's values 0, 1, 2) as the tensor's two call floats.
constexpr std::array<float, 3> kIsTichu{0.0f, 1.0f, 0.0f};
constexpr std::array<float, 3> kIsGrandTichu{0.0f, 0.0f, 1.0f};
static_assert(static_cast<int>(Call::None) == 0 && static_cast<int>(Call::Tichu) == 1 &&
              static_cast<int>(Call::GrandTichu) == 2);

void fill_history(const RecordedHand& h, int player, int history, float* out) {
  int row = 0;
  const auto& steps = h.steps();
  for (auto it = steps.rbegin(); it != steps.rend() && row < history; ++it) {
    if (!is_public_play(*it)) continue;
    float* r = out + static_cast<std::ptrdiff_t>(row) * tensor::kRowSize;
    r[tensor::kRowSeat + ((it->player - player) & 3)] = 1.0f;
    r[tensor::kRowType + static_cast<int>(it->action.move.type)] = 1.0f;
    set_cards(r + tensor::kRowCards, it->action.move.cards);
    ++row;
  }
}

// The tensor of `player` without history rows from `s`, the state he may see (R10.3).
void fill_seen(const HandState& s, int player, float* out) {
  using namespace tensor;
  // The card blocks [kHand, kToBeatType) are written whole below; the rest is cleared first.
  static_assert(kHand == 0 && kPlayed == kHand + kNumCards && kTrick == kPlayed + 4 * kNumCards &&
                kTrick + kNumCards == kToBeatType);
  std::fill(out + kToBeatType, out + kEnd, 0.0f);
  const bool grand = s.decision() == Decision::GrandTichu;  // only the first 8 cards are seen yet
  write_cards(out + kHand, grand ? s.first_eight(player) : s.hand(player));
  write_cards(out + kTrick, s.trick());
  if (const Move* table = s.table()) {
    out[kToBeatType + static_cast<int>(table->type)] = 1.0f;
    out[kToBeatLength] = static_cast<float>(table->length) / 14.0f;
    out[kToBeatRank] = static_cast<float>(table->rank2) / 30.0f;
    out[kTablePlayer + ((s.table_player() - player) & 3)] = 1.0f;
  } else {
    out[kToBeatType] = 1.0f;
  }
  for (int k = 0; k < 4; ++k) {
    const int seat = (player + k) & 3;  // seats 0..3: a mask, not a signed modulo
    write_cards(out + kPlayed + static_cast<std::ptrdiff_t>(kNumCards) * k, s.played_cards(seat));
    out[kPoints + k] = static_cast<float>(card_points(s.pile(seat))) / 100.0f;
    out[kCardsLeft + k] = static_cast<float>(count(grand ? s.first_eight(seat) : s.hand(seat))) / 14.0f;
    // Floats from tables and bit operations: no branch on the calls or on who is out.
    const auto call = static_cast<std::size_t>(s.call(seat));
    out[kCalls + 2 * k] = kIsTichu[call];
    out[kCalls + 2 * k + 1] = kIsGrandTichu[call];
    out[kOut + k] = static_cast<float>(static_cast<int>(s.exchanged()) & static_cast<int>(s.hand(seat) == 0));
  }
  out[kWish + s.wish()] = 1.0f;
  out[kDecision + static_cast<int>(s.decision())] = 1.0f;
  if (push_known(s, player, player)) {
    for (int k = 0; k < 3; ++k) out[kPushed + kNumCards * k + s.push(player)[static_cast<std::size_t>(k)]] = 1.0f;
  }
  if (const auto received = received_cards(s, player)) {
    for (int k = 0; k < 3; ++k) out[kReceived + kNumCards * k + (*received)[static_cast<std::size_t>(k)]] = 1.0f;
  }
}

}  // namespace

void fill_observation_tensor(const HandState& s, int player, float* out) {
  // Another seat's bomb offer is hidden (R10.3): a rare copy of the state, no optional on every call.
  if (offer_hidden_from(s, player)) [[unlikely]] {
    fill_seen(public_view(s, player), player, out);
  } else {
    fill_seen(s, player, out);
  }
}

void fill_observation_tensor(const RecordedHand& h, int player, int history, float* out) {
  fill_observation_tensor(h.state(), player, out);
  float* rows = out + kObservationTensorSize;
  std::fill(rows, rows + static_cast<std::ptrdiff_t>(history) * tensor::kRowSize, 0.0f);
  fill_history(h, player, history, rows);
}

int move_feature_entries(const Move& m, int* places, float* values) {
  using namespace features;
  int n = 0;
  auto put = [&](int place, float value) {
    places[n] = place;
    values[n] = value;
    n += static_cast<int>(value != 0.0f);
  };
  for (Mask c = m.cards & kDeck; c; c &= c - 1) put(kCards + std::countr_zero(c), 1.0f);
  put(kType + static_cast<int>(m.type) % tensor::kNumMoveTypes, 1.0f);
  put(kLength, static_cast<float>(m.length) / 14.0f);
  put(kRank, static_cast<float>(m.rank2) / 30.0f);
  put(kHasPhoenix, (m.cards & tichu::kPhoenix) != 0 ? 1.0f : 0.0f);
  put(kPhoenixAs, static_cast<float>(m.phoenix_as) / 14.0f);
  put(kBomb, is_bomb(m.type) ? 1.0f : 0.0f);
  return n;
}

void fill_move_features(const Move* moves, long long n, float* out) {
  std::fill(out, out + n * features::kSize, 0.0f);
  std::array<int, features::kMaxEntries> places{};
  std::array<float, features::kMaxEntries> values{};
  for (long long i = 0; i < n; ++i) {
    float* row = out + i * features::kSize;
    const int k = move_feature_entries(moves[i], places.data(), values.data());
    for (int e = 0; e < k; ++e) row[places[static_cast<std::size_t>(e)]] = values[static_cast<std::size_t>(e)];
  }
}

}  // namespace tichu
