// What one seat may know of a hand (R10.3): the push-visibility rule and
// the flat float observation of docs/game.md "Observation".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "tichu/game/history.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

// Block offsets of the flat observation; seats are relative to the player
// (0 = himself), card blocks follow the mask's bit order.
namespace obs {
inline constexpr int kHand = 0;              // 56: his cards (first 8 during GRAND_TICHU)
inline constexpr int kPlayed = 56;           // 4 x 56: played by relative seats 1, 2, 3, then 0
inline constexpr int kTrick = 280;           // 56: the cards of the current trick
inline constexpr int kHandSizes = 336;       // 4: hand sizes / 14 by relative seat
inline constexpr int kCalls = 340;           // 4 x 2: Tichu at +2k, Grand Tichu at +2k+1
inline constexpr int kOut = 348;             // 4: relative seats already out
inline constexpr int kWish = 352;            // 15: slot 0 none, slot r the rank r wished (slot 1 unused)
inline constexpr int kDecision = 367;        // 8: one-hot Decision
inline constexpr int kTablePlayer = 375;     // 4: one-hot relative seat of the table's player
inline constexpr int kReceived = 379;        // 56: the cards he received in the exchange
inline constexpr int kEnd = 435;
}  // namespace obs

inline constexpr int kObservationSize = kNumCards         // hand
                                        + 4 * kNumCards   // played, per seat
                                        + kNumCards       // trick
                                        + 4               // hand sizes
                                        + 4 * 2           // calls
                                        + 4               // out
                                        + kMaxRank + 1    // wish
                                        + kNumDecisions   // decision
                                        + 4               // table player
                                        + kNumCards;      // received
static_assert(kObservationSize == 435, "docs/game.md fixes the layout at 435 floats");
static_assert(obs::kEnd == kObservationSize);
static_assert(obs::kReceived + kNumCards == obs::kEnd && obs::kTablePlayer + 4 == obs::kReceived &&
                  obs::kDecision + kNumDecisions == obs::kTablePlayer && obs::kWish + kMaxRank + 1 == obs::kDecision &&
                  obs::kOut + 4 == obs::kWish && obs::kCalls + 8 == obs::kOut &&
                  obs::kHandSizes + 8 - 4 == obs::kCalls && obs::kTrick + kNumCards == obs::kHandSizes &&
                  obs::kPlayed + 4 * kNumCards == obs::kTrick && obs::kHand + kNumCards == obs::kPlayed,
              "the blocks follow each other without gaps");

// One named block [start, stop) of the flat observation.
struct ObservationBlock {
  const char* name;
  int start, stop;
};
inline constexpr std::array<ObservationBlock, 10> kObservationBlocks{{
    {.name = "hand", .start = obs::kHand, .stop = obs::kPlayed},
    {.name = "played", .start = obs::kPlayed, .stop = obs::kTrick},
    {.name = "trick", .start = obs::kTrick, .stop = obs::kHandSizes},
    {.name = "hand_sizes", .start = obs::kHandSizes, .stop = obs::kCalls},
    {.name = "calls", .start = obs::kCalls, .stop = obs::kOut},
    {.name = "out", .start = obs::kOut, .stop = obs::kWish},
    {.name = "wish", .start = obs::kWish, .stop = obs::kDecision},
    {.name = "decision", .start = obs::kDecision, .stop = obs::kTablePlayer},
    {.name = "table_player", .start = obs::kTablePlayer, .stop = obs::kReceived},
    {.name = "received", .start = obs::kReceived, .stop = obs::kEnd},
}};

// Whether the push of seat `pusher` is known now to seat `viewer` (R2.2,
// R10.3): to himself once he has chosen it (during the exchange the seats
// before the one choosing have), to another seat never (he knows only the
// card he received, received_cards). `viewer` kOmniscient (HandState.pushed)
// knows every push once the exchange is done. A hand begun from a position
// has no known push.
inline constexpr int kOmniscient = -1;
bool push_known(const HandState& s, int pusher, int viewer);

// The card indices seat `player` received in the exchange, from seats
// player+1, player+2, player+3; nullopt before the exchange ends and for a
// hand begun from a position. Seat q pushes its k-th card (k = 0, 1, 2) to
// q+k+1, so player's card from player+j is push(player+j)[3-j].
std::optional<std::array<std::uint8_t, 3>> received_cards(const HandState& s, int player);

// Whether `player` must not see the decision now (R10.3): another seat is
// being offered a bomb out of turn, which would show that it holds one.
inline bool offer_hidden_from(const HandState& s, int player) {
  return s.decision() == Decision::Bomb && s.current_player() != player;
}

// The state as seat `player` may see it (R10.3, docs/rules.md): during
// another seat's bomb offer, the state once every pending offer to another
// seat is declined (the offers stop at his own): what it would be if no other
// seat held a bomb beating the table. Otherwise the state itself.
HandState public_view(const HandState& s, int player);

// Every field of tichu_fast.Observation for `player` (R10.3), read from the
// state and its record; the bindings only turn it into Python objects.
// `plays` points into the hand's steps: valid while the hand is unchanged.
struct ObservationFields {
  int player = 0;
  Decision decision = Decision::Over;
  int current_player = -1;
  Mask hand = 0;                     // his first 8 during GRAND_TICHU
  std::array<int, 4> hand_sizes{};   // 8 each during GRAND_TICHU
  std::optional<std::array<std::uint8_t, 3>> pushed, received;
  std::array<Mask, 4> played{}, piles{};
  std::vector<const Step*> plays;    // the public plays, in order (is_public_play)
  std::array<Call, 4> calls{};
  int wish = 0;                      // 0 for none
  std::optional<Move> table;
  int table_player = -1;
  Mask trick = 0;
  std::vector<int> out_order;
  PublicRecord record;               // trick starts, passes, the wish, Dragon gifts, points
};
// With `kept`, the fold of every step of `hand` that its caller keeps,
// `plays` is left empty (the caller keeps them too) and the record is
// finished from the fold rather than replayed.
ObservationFields observe(const RecordedHand& hand, int player, const PublicRecordFold* kept = nullptr);

// What the flat observation holds, seats absolute: read from a state by
// fill_observation, or from tichu_fast.Observation's fields (its to_array).
struct ObservationInput {
  int player = 0;
  Decision decision = Decision::Over;
  Mask hand = 0;                    // his first 8 during GRAND_TICHU
  std::array<Mask, 4> played{};
  Mask trick = 0;
  std::array<int, 4> hand_sizes{};  // 8 each during GRAND_TICHU
  std::array<Call, 4> calls{};
  std::uint8_t out = 0;             // the seats that went out (bit per seat)
  int wish = 0;                     // 0 for none
  int table_player = -1;
  Mask received = 0;                // the cards he received in the exchange
};

// Writes `in` into out[0, kObservationSize) (docs/game.md "Observation").
void encode_observation(const ObservationInput& in, float* out);

// Writes the flat observation of `player` into out[0, kObservationSize).
void fill_observation(const HandState& s, int player, float* out);

}  // namespace tichu
