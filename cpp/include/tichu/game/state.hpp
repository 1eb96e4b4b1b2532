// One hand of Tichu from the deal to the score, as a plain value (docs/rules.md
// R2, R5 to R8, R10; docs/game.md "The sequence"). Copying a HandState is a
// memcpy: no pointers, no heap, so search can clone it freely.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tichu/game/action.hpp"
#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/score.hpp"

namespace tichu {

struct Rules {
  bool bombs_out_of_turn = true;  // R10.2; false: bombs only in one's own turn
  int target = 1000;              // R9.1: the match ends once a team has this many points

  friend bool operator==(const Rules&, const Rules&) = default;
};

// The targets a match accepts.
inline constexpr int kMinTarget = 1;
inline constexpr int kMaxTarget = 1'000'000;

// Throws std::invalid_argument for rules no hand is played by (a target
// outside kMinTarget..kMaxTarget).
void check_rules(const Rules& rules);

// Room for every legal action of one decision: the exchange has 14*13*12.
inline constexpr int kMaxActions = 14 * 13 * 12;

class HandState {
 public:
  // The deal of docs/game.md: seat s gets deck[14s, 14s + 14), whose first
  // 8 cards it sees before the Grand Tichu decision.
  static HandState from_deck(const std::array<std::uint8_t, kNumCards>& deck, Rules rules);

  // A position in the play phase (docs/positions.md): at the start of a trick
  // (no table), or within one; from_position checks it (check_position).
  struct Position {
    std::array<Mask, 4> hands{}, piles{};
    std::array<std::int8_t, 4> out_order{-1, -1, -1, -1};
    std::array<Call, 4> calls{};
    int leader = 0;  // the seat whose turn it is: the leader, or the next to answer the table
    int wish = 0;
    std::uint8_t played = 0xF;  // seats that have played a card (bit per seat)
    Move table{};               // the combination to beat; the pass: none (a trick's start)
    int table_player = -1;      // who played it
    Mask trick = 0;             // every card of the trick so far, the table's included
    std::uint8_t passed = 0;    // seats that passed since the table's play (bit per seat)
  };
  static HandState from_position(const Position& p, Rules rules);

  // Throws std::invalid_argument for a position no hand can reach: a hand
  // of more than 14 cards, bits outside the deck, hands and piles sharing
  // cards, an out order that repeats a seat, has more than 3 seats or is
  // not exactly the seats holding no cards, a finished position (R8.1), a
  // leader holding no cards, a wish not 0 or 2..14, a call not 0..2; and
  // within a trick: a table that is no reading of its cards (or the Dog),
  // table cards or trick cards in a hand or pile, a trick without the
  // table's cards, a table player who is the player in turn, passes other
  // than exactly the seats holding cards between the two.
  // No out-of-turn offer is made at a position's start (R10.2 follows plays).
  // Then check_history and check_trick_order (below) refuse facts that
  // contradict each other.
  static void check_position(const Position& p);

  // Throws std::invalid_argument unless `passed` lists seats 0..3 once each,
  // in turn order after the table player (R5.3): the order a position's
  // passes are written in, which Position keeps only as a set.
  static void check_pass_order(int table_player, std::span<const int> passed);

  [[nodiscard]] Decision decision() const { return decision_; }
  [[nodiscard]] int current_player() const { return decision_ == Decision::Over ? -1 : player_; }
  [[nodiscard]] bool is_terminal() const { return decision_ == Decision::Over; }

  // Every legal action of the current decision (room for kMaxActions).
  int legal_actions(Action* out) const;
  // Whether `a` is one of them.
  [[nodiscard]] bool is_legal(const Action& a) const;
  // Whether the action `text` reads as is one of them: false for an action
  // of another decision, NotationError for text that reads as no action.
  [[nodiscard]] bool is_legal(std::string_view text) const;
  // Applies a legal action (precondition: is_legal).
  void apply(const Action& a);
  // Applies `a` if it is legal; else throws IllegalActionError, the state unchanged.
  void apply_checked(const Action& a);

  // Team scores of the finished hand (precondition: is_terminal).
  [[nodiscard]] std::array<int, 2> returns() const;

  // What the state holds, for the bindings and observations.
  [[nodiscard]] Mask hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] Mask first_eight(int seat) const { return first_eight_[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] Mask pile(int seat) const { return piles_[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] Mask played_cards(int seat) const { return played_cards_[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] Call call(int seat) const { return calls_[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] const std::array<std::uint8_t, 3>& push(int seat) const {
    return push_[static_cast<std::size_t>(seat)];
  }
  [[nodiscard]] bool exchanged() const { return exchanged_; }
  [[nodiscard]] int out_count() const { return out_count_; }
  [[nodiscard]] int out_seat(int i) const { return out_order_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] bool is_out(int seat) const {
    return hands_[static_cast<std::size_t>(seat)] == 0 && decision_ != Decision::GrandTichu;
  }
  [[nodiscard]] int wish() const { return wish_; }
  [[nodiscard]] const Move* table() const { return table_.type == MoveType::Pass ? nullptr : &table_; }
  [[nodiscard]] int table_player() const { return table_player_; }
  [[nodiscard]] int leader() const { return leader_; }
  [[nodiscard]] Mask trick() const { return trick_; }
  [[nodiscard]] bool may_call_tichu(int seat) const {  // R7.2
    // & rather than &&: each test alone is unpredictable in a random hand.
    // seat & 3 is the seat (0..3); it also shows GCC, inlining this where a
    // current_player() of -1 is on some path, that index and shift stay in range.
    const int i = seat & 3;
    const auto no_call = static_cast<unsigned>(calls_[static_cast<std::size_t>(i)] == Call::None);
    const auto not_played = static_cast<unsigned>((played_ >> i & 1) == 0);
    return (static_cast<unsigned>(exchanged_) & no_call & not_played) != 0;
  }
  // R7.2 among the legal actions: in his turn (a PLAY decision, not a bomb
  // offer) a player who may still call Tichu has the call besides his moves.
  [[nodiscard]] bool offers_tichu_call() const { return decision_ == Decision::Play && may_call_tichu(player_); }
  // The call's place in the order of legal actions (docs/api.md): after the
  // moves. Writes it at out[moves] when offered; returns the count with it.
  [[nodiscard]] int add_tichu_call(Action* out, int moves) const {
    if (!offers_tichu_call()) return moves;
    out[moves] = value_action(ActionKind::Tichu, 1);
    return moves + 1;
  }
  // False when `seat` (0..3)'s hand surely holds no bomb (bomb_seats_, kept
  // as the hands shrink); true means "maybe", so a caller may skip its bomb tests.
  [[nodiscard]] bool seat_may_hold_bomb(int seat) const { return (bomb_seats_.bits >> seat & 1) != 0; }
  [[nodiscard]] const Rules& rules() const { return rules_; }
  // Seats that passed since the table's last play (bit per seat).
  [[nodiscard]] std::uint8_t passed() const { return passed_; }
  // How a position began within a trick: its table's player (-1: at a
  // trick's start, or a dealt hand), its passes and trick, and its wish.
  [[nodiscard]] int start_table_player() const { return start_table_player_; }
  [[nodiscard]] std::uint8_t start_passed() const { return start_passed_; }
  [[nodiscard]] const Move& start_table() const { return start_table_; }
  [[nodiscard]] Mask start_trick() const { return start_trick_; }
  [[nodiscard]] int start_wish() const { return start_wish_; }

  friend bool operator==(const HandState&, const HandState&) = default;

 private:
  friend struct WorldAccess;   // resample.cpp: rebuilds the start and swaps hidden hands
  friend struct SolverAccess;  // solver.cpp: the out-of-turn offer in progress, for its table key

  HandState() = default;
  static void check_trick(const Position& p, Mask seen);  // check_position's trick in progress
  // check_position's contradictions between the facts a position states (docs/positions.md): a wish while
  // the Mah Jong is in a hand or nobody has played (R6.1); a seat out, or the table player, that never
  // played a card; cards in a pile when nobody has played; nobody has played and the Mah Jong is in
  // another hand than the leader's (R2.3).
  static void check_history(const Position& p);
  // check_position's trick order: the table must top every earlier play of its trick (R5.2, R3.3, R4.3):
  // no Dog in a trick (R3.4); below a table that is no bomb, only plays of its type and length, all
  // lower (no Dragon, no Mah Jong outside singles and straights, no single of a rank twice); below a
  // bomb, plays of one type and then lower bombs (R4.2: bombs in a trick rise), judged on card counts.
  static void check_trick_order(const Position& p);
  // A wish in force with a card of its rank in the trick, other than in the Mah Jong's own straight:
  // that card fulfilled the wish (R6.2).
  static void check_wish_in_trick(const Position& p);

  [[nodiscard]] int next_holder(int after) const;  // the first seat after `after` holding cards
  // The seats holding cards (bit per seat): those not out, as out_seats_ keeps them.
  [[nodiscard]] unsigned holders() const { return ~unsigned{out_seats_} & 0xFu; }
  void go_out(int seat);                           // R5.7: `seat` played its last card
  void ask_tichu(int from);          // the first seat from `from` on without a Grand Tichu, or the exchange
  [[nodiscard]] bool hand_over() const;            // R8.1
  void play(int seat, const Move& move);
  void pass(int seat);
  void offer_bombs(int actor, int next_in_turn, int from);
  [[gnu::noinline]] bool offer_bomb_to(unsigned may, int actor, int from);  // offers to a seat of `may`
  void continue_after_offers();
  void take_trick();
  void give_trick(int to);
  void start_trick(int winner);
  void finish();
  void exchange();
  void find_bomb_seats();  // bomb_seats_ from the four hands, after they are set or exchanged

  std::array<Mask, 4> hands_{}, first_eight_{}, piles_{}, played_cards_{};
  Mask trick_ = 0;
  Move table_{};
  std::array<std::array<std::uint8_t, 3>, 4> push_{};
  std::array<Call, 4> calls_{};
  std::array<std::int8_t, 4> out_order_{-1, -1, -1, -1};
  std::uint8_t out_count_ = 0;
  // The seats of out_order_ as bits, so that who still holds cards is one
  // read (every pass and play asks) rather than a test of the four hands.
  std::uint8_t out_seats_ = 0;
  Decision decision_ = Decision::GrandTichu;
  std::int8_t player_ = 0;
  std::int8_t table_player_ = -1;
  std::int8_t leader_ = -1;
  std::uint8_t passed_ = 0;   // seats that passed since the last play
  std::uint8_t played_ = 0;   // seats that have played a card (R7.2)
  std::uint8_t wish_ = 0;
  std::uint8_t start_wish_ = 0;  // a position's wish, so that its start can be rebuilt (resample.cpp)
  // A position begun within a trick, for the same reason and the public record (history.hpp).
  std::int8_t start_table_player_ = -1;
  std::uint8_t start_passed_ = 0;
  Mask start_trick_ = 0;
  Move start_table_{};
  bool exchanged_ = false;
  // Out-of-turn offers under way (R10.2): who acted, who is next in turn
  // once they are over (-1: the trick ends), and the actor the scan is
  // relative to.
  std::int8_t offer_actor_ = -1;
  std::int8_t next_in_turn_ = -1;
  // The seats whose hand may still hold a bomb (bit per seat): found when the
  // hands are set or exchanged, and a seat's bit dropped once a play leaves it
  // none (a hand only shrinks after the exchange, so it gains no bomb). The
  // out-of-turn offers test only these seats. A cache of the hands, so it takes
  // no part in comparing states; all four bits (the default) are always safe.
  struct BombSeats {
    std::uint8_t bits = 0xF;
    friend bool operator==(BombSeats /*a*/, BombSeats /*b*/) { return true; }
  } bomb_seats_{};
  Rules rules_{};
};

// The legal moves of a player on an out-of-turn offer, quickly: whether
// `hand` holds a bomb that beats `table`.
bool holds_beating_bomb(Mask hand, const Move& table);

}  // namespace tichu
