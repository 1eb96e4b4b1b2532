// The versioned observation tensor for learning agents (docs/rl.md): what
// one seat may know (R10.3) as float32, with the combination to beat, the
// points won, the exchange and an optional plane of the last k plays.
// observation.hpp's flat observation stays as it is.
#pragma once

#include "tichu/game/history.hpp"
#include "tichu/game/observation.hpp"

namespace tichu {

// Bump when the layout below changes: saved models name the version they
// were trained on.
inline constexpr int kObservationTensorVersion = 1;

// Block offsets; seats are relative to the player (0 = himself), card
// blocks follow the mask's bit order.
namespace tensor {
inline constexpr int kNumMoveTypes = 10;  // MoveType, the pass (slot 0) included
inline constexpr int kHand = 0;             // 56: his cards (first 8 during GRAND_TICHU)
inline constexpr int kPlayed = 56;          // 4 x 56: played in this hand by relative seats 0..3
inline constexpr int kTrick = 280;          // 56: every card of the current trick
inline constexpr int kToBeatType = 336;     // 10: one-hot MoveType of the table (slot 0: nothing to beat)
inline constexpr int kToBeatLength = 346;   // 1: its length / 14
inline constexpr int kToBeatRank = 347;     // 1: its rank / 15 (the Phoenix's half ranks kept)
inline constexpr int kTablePlayer = 348;    // 4: one-hot relative seat of the table's player
inline constexpr int kPoints = 352;         // 4: card points in each relative seat's pile / 100 (R8.5)
inline constexpr int kCardsLeft = 356;      // 4: cards held by each relative seat / 14
inline constexpr int kCalls = 360;          // 4 x 2: Tichu at +2k, Grand Tichu at +2k+1
inline constexpr int kOut = 368;            // 4: relative seats already out
inline constexpr int kWish = 372;           // 15: slot 0 none, slot r the rank r (slot 1 unused)
inline constexpr int kDecision = 387;       // 8: one-hot Decision
inline constexpr int kPushed = 395;         // 3 x 56: his own push, the cards to p+1, p+2, p+3 once chosen
inline constexpr int kReceived = 563;       // 3 x 56: the cards received from p+1, p+2, p+3
inline constexpr int kEnd = 731;

// One history row per public play (most recent first, zero rows when
// fewer): the relative seat, the move type (the pass in slot 0), the cards.
inline constexpr int kRowSeat = 0;   // 4
inline constexpr int kRowType = 4;   // 10
inline constexpr int kRowCards = 14;  // 56
inline constexpr int kRowSize = 70;

inline constexpr int kMaxHistory = 1024;
}  // namespace tensor

inline constexpr int kObservationTensorSize = tensor::kEnd;

static_assert(tensor::kPlayed == tensor::kHand + kNumCards && tensor::kTrick == tensor::kPlayed + 4 * kNumCards &&
                  tensor::kToBeatType == tensor::kTrick + kNumCards &&
                  tensor::kToBeatLength == tensor::kToBeatType + tensor::kNumMoveTypes &&
                  tensor::kToBeatRank == tensor::kToBeatLength + 1 && tensor::kTablePlayer == tensor::kToBeatRank + 1 &&
                  tensor::kPoints == tensor::kTablePlayer + 4 && tensor::kCardsLeft == tensor::kPoints + 4 &&
                  tensor::kCalls == tensor::kCardsLeft + 4 && tensor::kOut == tensor::kCalls + 8 &&
                  tensor::kWish == tensor::kOut + 4 && tensor::kDecision == tensor::kWish + kMaxRank + 1 &&
                  tensor::kPushed == tensor::kDecision + kNumDecisions &&
                  tensor::kReceived == tensor::kPushed + 3 * kNumCards &&
                  tensor::kEnd == tensor::kReceived + 3 * kNumCards,
              "the blocks follow each other without gaps");
static_assert(tensor::kRowCards + kNumCards == tensor::kRowSize &&
              tensor::kRowType + tensor::kNumMoveTypes == tensor::kRowCards);

// The tensor's length with `history` rows of plays.
constexpr int observation_tensor_size(int history) { return kObservationTensorSize + history * tensor::kRowSize; }

// Writes the tensor of `player` with the last `history` public plays into
// out[0, observation_tensor_size(history)).
void fill_observation_tensor(const RecordedHand& h, int player, int history, float* out);

// The tensor of `player` without history rows (history 0) from the state alone, into
// out[0, kObservationTensorSize): what a playout's network reads, where no record is kept.
void fill_observation_tensor(const HandState& s, int player, float* out);

// Per-move features for scoring each legal move (deep Monte Carlo style):
// the cards, the type one-hot, length / 14, rank / 15, whether the Phoenix
// is in it, the rank it stands for / 14, whether it is a bomb.
namespace features {
inline constexpr int kCards = 0;       // 56
inline constexpr int kType = 56;       // 10
inline constexpr int kLength = 66;     // 1
inline constexpr int kRank = 67;       // 1
inline constexpr int kHasPhoenix = 68; // 1
inline constexpr int kPhoenixAs = 69;  // 1
inline constexpr int kBomb = 70;       // 1
inline constexpr int kSize = 71;
inline constexpr int kMaxEntries = 14 + 6;  // a move's nonzero features: its 14 cards at most, six more
}  // namespace features

// Writes the features of moves[0, n) into out[n][features::kSize].
void fill_move_features(const Move* moves, long long n, float* out);

// The same features of one move, sparse: the places of its nonzero entries
// and their values (room for features::kMaxEntries each); returns how many.
int move_feature_entries(const Move& m, int* places, float* values);

}  // namespace tichu
