// Many hands stepped together for learning agents (docs/rl.md "VecHands"):
// action ids in, observation tensors, legal masks, players, rewards out,
// with automatic reset and optional built-in opponents. No Python here.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "tichu/game/history.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

// What sits at a seat: the learner (whose decisions come from step) or a
// built-in policy that answers at once.
enum class Seat : std::int8_t { Learner = -1, Random = 0, Heuristic = 1, HeuristicV1 = 2 };

class VecHands {
 public:
  // `n` hands; hand i's e-th episode is dealt by
  // hand_seed(hand_seed(seed, i), e), so it is HandState.new of that seed.
  // At least one seat must be a learner (std::invalid_argument).
  VecHands(int n, std::uint64_t seed, Rules rules, std::array<Seat, 4> seats);

  [[nodiscard]] int size() const { return static_cast<int>(hands_.size()); }
  [[nodiscard]] const RecordedHand& hand(int i) const { return hands_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] std::uint64_t episode(int i) const { return episodes_[static_cast<std::size_t>(i)]; }

  // Deals every hand's next episode and lets the opponents act.
  void reset();

  // Applies ids[i] to hand i. Every id is resolved first (from the legal
  // list kept for each hand): an illegal id throws IllegalActionError (an
  // out-of-range one std::out_of_range) naming the hand, and nothing
  // changes. Then the opponents act; a hand that ends writes its team
  // scores to rewards[4i..4i+4) by seat (others 0), sets terminated[i] and
  // is dealt its next episode.
  // With `obs`, each hand's observation tensor (what observe writes there)
  // is written as soon as the hand has moved, while its state is in cache;
  // the observe after it then passes obs = nullptr. Nothing is written when
  // an id is refused.
  void step(const std::int64_t* ids, float* rewards, std::uint8_t* terminated, float* obs = nullptr);

  // For each hand: the observation tensor of the player to decide
  // (obs[i * kObservationTensorSize ...], skipped when obs is null), his
  // seat, and his legal ids in compact form: counts[i] of them from
  // offsets[i] in legal_ids() (offsets has n + 1 entries). `mask`, when not
  // null, is the dense bool[n, kNumActionIds] form; only the bits that
  // change are written, so it must hold what the previous observe wrote
  // (`mask_fresh`: it is all zeros, or was never written by this object).
  void observe(float* obs, std::uint8_t* mask, bool mask_fresh, std::int32_t* current_player, std::int32_t* counts,
               std::int64_t* offsets);

  // Every hand's legal ids, ascending, one block after another (see observe).
  [[nodiscard]] const std::vector<std::int32_t>& legal_ids() const { return *ids_; }
  // The same list, shared: while a holder keeps it, the next step fills
  // another list instead of rewriting it (tichu_fast reads it without a copy).
  [[nodiscard]] std::shared_ptr<const std::vector<std::int32_t>> shared_legal_ids() const { return ids_; }

  // For each hand, its legal id at index floor(draws[i] * count) of its
  // block (draws in [0, 1): uniform over the ids), into out[i]: numpy's
  // `legal_ids[offsets[:-1] + (draws * counts).astype(int64)]` in one pass.
  void pick_legal_ids(const double* draws, std::int32_t* out) const;

 private:
  void deal(std::size_t i);
  void let_opponents_act(std::size_t i, float* rewards, std::uint8_t* terminated);
  void deal_all(bool stoppable);  // reset(); the constructor's may stop (check_stop) between hands
  void list_legal();  // rebuilds ids_, id_start_, first_ and first_start_ for every hand
  void append_legal(std::size_t i);  // appends hand i's block to them
  void clear_ids();  // empties ids_, first swapped with the spare list if ids_ is still shared

  std::uint64_t seed_;
  Rules rules_;
  std::array<Seat, 4> seats_;
  std::vector<RecordedHand> hands_;
  std::vector<std::uint64_t> episodes_;
  std::vector<SplitMix64> rngs_;  // the opponents' chance, per hand
  PolicyScratch scratch_{};
  // Each hand's legal ids (ascending) and, outside the exchange, the first
  // legal action of each id: step resolves an id by a binary search.
  std::shared_ptr<std::vector<std::int32_t>> ids_ = std::make_shared<std::vector<std::int32_t>>();
  std::shared_ptr<std::vector<std::int32_t>> spare_ids_ = std::make_shared<std::vector<std::int32_t>>();
  std::vector<std::int64_t> id_start_;  // n + 1
  std::vector<Action> first_;
  std::vector<std::int64_t> first_start_;  // n + 1; an empty block during the exchange
  // The ids the dense mask holds, per hand as ids_ when it was written,
  // padded to whole blocks with the last id (set_in_blocks), but an exchange
  // row as one block of kExchangeRow; next_* is observe's scratch for the
  // next, swapped in (both keep their size and capacity).
  static constexpr std::int32_t kExchangeRow = -1;
  std::vector<std::int32_t> in_mask_;
  std::vector<std::int64_t> in_mask_start_;
  std::vector<std::int32_t> next_mask_;
  std::vector<std::int64_t> next_mask_start_;
  std::vector<Action> actions_;  // step's resolved actions
};

}  // namespace tichu
