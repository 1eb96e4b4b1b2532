#include "tichu/game/observation.hpp"

#include <algorithm>
#include <bit>
#include <optional>

namespace tichu {

bool push_known(const HandState& s, int pusher, int viewer) {
  if (viewer != kOmniscient && viewer != pusher) return false;
  if (s.exchanged()) return s.first_eight(pusher) != 0;  // a dealt hand; a position has no pushes
  return viewer == pusher && s.decision() == Decision::Exchange && pusher < s.current_player();
}

std::optional<std::array<std::uint8_t, 3>> received_cards(const HandState& s, int player) {
  if (!s.exchanged() || !s.first_eight(player)) return std::nullopt;
  std::array<std::uint8_t, 3> cards{};
  for (int j = 1; j <= 3; ++j) {
    cards[static_cast<std::size_t>(j - 1)] = s.push((player + j) % 4)[static_cast<std::size_t>(3 - j)];
  }
  return cards;
}

HandState public_view(const HandState& s, int player) {
  HandState view = s;
  const Action decline;  // a pass: always legal on an offer (R10.2)
  while (offer_hidden_from(view, player)) view.apply(decline);
  return view;
}

ObservationFields observe(const RecordedHand& hand, int player, const PublicRecordFold* kept) {
  std::optional<HandState> hidden;  // set during another seat's bomb offer (R10.3)
  if (offer_hidden_from(hand.state(), player)) hidden.emplace(public_view(hand.state(), player));
  const HandState& s = hidden ? *hidden : hand.state();
  ObservationFields f;
  f.player = player;
  f.decision = s.decision();
  f.current_player = s.current_player();
  const bool grand = s.decision() == Decision::GrandTichu;  // only the first 8 cards are dealt yet
  for (int q = 0; q < 4; ++q) {
    const auto i = static_cast<std::size_t>(q);
    f.hand_sizes[i] = count(grand ? s.first_eight(q) : s.hand(q));
    f.played[i] = s.played_cards(q);
    f.piles[i] = s.pile(q);
    f.calls[i] = s.call(q);
  }
  f.hand = grand ? s.first_eight(player) : s.hand(player);
  if (push_known(s, player, player)) f.pushed = s.push(player);
  f.received = received_cards(s, player);
  if (!kept) {
    f.plays.reserve(hand.steps().size());
    for (const Step& step : hand.steps()) {
      if (is_public_play(step)) f.plays.push_back(&step);
    }
  }
  f.wish = s.wish();
  if (s.table()) f.table = *s.table();
  f.table_player = s.table_player();
  f.trick = s.trick();
  for (int i = 0; i < s.out_count(); ++i) f.out_order.push_back(s.out_seat(i));
  f.record = kept ? kept->finish(s) : public_record(s, hand.steps());
  return f;
}

void encode_observation(const ObservationInput& in, float* out) {
  std::fill(out, out + kObservationSize, 0.0f);
  auto cards = [&](int offset, Mask m) {
    for (; m; m &= m - 1) out[offset + std::countr_zero(m)] = 1.0f;
  };
  const int player = in.player;
  cards(obs::kHand, in.hand);
  for (int k = 1; k <= 4; ++k) {
    cards(obs::kPlayed + kNumCards * (k - 1), in.played[static_cast<std::size_t>((player + k) % 4)]);
  }
  cards(obs::kTrick, in.trick);
  for (int k = 0; k < 4; ++k) {
    const auto seat = static_cast<std::size_t>((player + k) % 4);
    out[obs::kHandSizes + k] = static_cast<float>(in.hand_sizes[seat]) / 14.0f;
    out[obs::kCalls + 2 * k] = in.calls[seat] == Call::Tichu;
    out[obs::kCalls + 2 * k + 1] = in.calls[seat] == Call::GrandTichu;
    out[obs::kOut + k] = (in.out >> seat & 1) != 0;
  }
  out[obs::kWish + in.wish] = 1.0f;
  out[obs::kDecision + static_cast<int>(in.decision)] = 1.0f;
  if (in.table_player >= 0) out[obs::kTablePlayer + (in.table_player - player + 4) % 4] = 1.0f;
  cards(obs::kReceived, in.received);
}

void fill_observation(const HandState& state, int player, float* out) {
  std::optional<HandState> hidden;  // set during another seat's bomb offer (R10.3)
  if (offer_hidden_from(state, player)) hidden.emplace(public_view(state, player));
  const HandState& s = hidden ? *hidden : state;
  const bool grand = s.decision() == Decision::GrandTichu;  // only the first 8 cards are dealt yet
  ObservationInput in{.player = player,
                      .decision = s.decision(),
                      .hand = grand ? s.first_eight(player) : s.hand(player),
                      .trick = s.trick(),
                      .wish = s.wish(),
                      .table_player = s.table_player()};
  for (int seat = 0; seat < 4; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    in.played[i] = s.played_cards(seat);
    in.hand_sizes[i] = count(grand ? s.first_eight(seat) : s.hand(seat));
    in.calls[i] = s.call(seat);
    if (s.exchanged() && s.hand(seat) == 0) in.out |= static_cast<std::uint8_t>(1U << seat);
  }
  if (const auto received = received_cards(s, player)) {
    for (std::uint8_t card : *received) in.received |= Mask{1} << card;
  }
  encode_observation(in, out);
}

}  // namespace tichu
