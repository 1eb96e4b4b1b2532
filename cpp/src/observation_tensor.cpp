#include "tichu/observation_tensor.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <optional>

#include "tichu/score.hpp"

namespace tichu {
namespace {

void set_cards(float* out, Mask m) {
  for (; m; m &= m - 1) out[std::countr_zero(m)] = 1.0f;
}

void fill_history(const RecordedHand& h, int player, int history, float* out) {
  int row = 0;
  const auto& steps = h.steps();
  for (auto it = steps.rbegin(); it != steps.rend() && row < history; ++it) {
    if (!is_public_play(*it)) continue;
    float* r = out + static_cast<std::ptrdiff_t>(row) * tensor::kRowSize;
    r[tensor::kRowSeat + (it->player - player + 4) % 4] = 1.0f;
    r[tensor::kRowType + static_cast<int>(it->action.move.type)] = 1.0f;
    set_cards(r + tensor::kRowCards, it->action.move.cards);
    ++row;
  }
}

}  // namespace

void fill_observation_tensor(const RecordedHand& h, int player, int history, float* out) {
  using namespace tensor;
  std::optional<HandState> hidden;  // set during another seat's bomb offer (R10.3)
  if (offer_hidden_from(h.state(), player)) hidden.emplace(public_view(h.state(), player));
  const HandState& s = hidden ? *hidden : h.state();
  std::fill(out, out + observation_tensor_size(history), 0.0f);
  const bool grand = s.decision() == Decision::GrandTichu;  // only the first 8 cards are seen yet
  set_cards(out + kHand, grand ? s.first_eight(player) : s.hand(player));
  set_cards(out + kTrick, s.trick());
  if (const Move* table = s.table()) {
    out[kToBeatType + static_cast<int>(table->type)] = 1.0f;
    out[kToBeatLength] = static_cast<float>(table->length) / 14.0f;
    out[kToBeatRank] = static_cast<float>(table->rank2) / 30.0f;
    out[kTablePlayer + (s.table_player() - player + 4) % 4] = 1.0f;
  } else {
    out[kToBeatType] = 1.0f;
  }
  for (int k = 0; k < 4; ++k) {
    const int seat = (player + k) % 4;
    set_cards(out + kPlayed + static_cast<std::ptrdiff_t>(kNumCards) * k, s.played_cards(seat));
    out[kPoints + k] = static_cast<float>(card_points(s.pile(seat))) / 100.0f;
    out[kCardsLeft + k] = static_cast<float>(count(grand ? s.first_eight(seat) : s.hand(seat))) / 14.0f;
    out[kCalls + 2 * k] = s.call(seat) == Call::Tichu;
    out[kCalls + 2 * k + 1] = s.call(seat) == Call::GrandTichu;
    out[kOut + k] = s.exchanged() && s.hand(seat) == 0;
  }
  out[kWish + s.wish()] = 1.0f;
  out[kDecision + static_cast<int>(s.decision())] = 1.0f;
  if (push_known(s, player, player)) {
    for (int k = 0; k < 3; ++k) out[kPushed + kNumCards * k + s.push(player)[static_cast<std::size_t>(k)]] = 1.0f;
  }
  if (const auto received = received_cards(s, player)) {
    for (int k = 0; k < 3; ++k) out[kReceived + kNumCards * k + (*received)[static_cast<std::size_t>(k)]] = 1.0f;
  }
  fill_history(h, player, history, out + kObservationTensorSize);
}

void fill_move_features(const Move* moves, long long n, float* out) {
  using namespace features;
  std::fill(out, out + n * kSize, 0.0f);
  for (long long i = 0; i < n; ++i) {
    const Move& m = moves[i];
    float* row = out + i * kSize;
    set_cards(row + kCards, m.cards & kDeck);
    row[kType + static_cast<int>(m.type) % tensor::kNumMoveTypes] = 1.0f;
    row[kLength] = static_cast<float>(m.length) / 14.0f;
    row[kRank] = static_cast<float>(m.rank2) / 30.0f;
    row[kHasPhoenix] = (m.cards & tichu::kPhoenix) != 0;
    row[kPhoenixAs] = static_cast<float>(m.phoenix_as) / 14.0f;
    row[kBomb] = is_bomb(m.type);
  }
}

}  // namespace tichu
