#include "tichu/game/state.hpp"

#include <algorithm>
#include <utility>

#include "tichu/game/movegen.hpp"

namespace tichu {
namespace {

constexpr std::uint8_t bit(int seat) { return static_cast<std::uint8_t>(1u << seat); }
constexpr int team(int seat) { return seat & 1; }

Move* scratch_moves() {
  thread_local std::array<Move, kMaxLegalMoves> moves;
  return moves.data();
}

}  // namespace

bool holds_beating_bomb(Mask hand, const Move& table) {
  if (!holds_bomb(hand)) return false;
  const Situation bomb_answer{.hand = hand, .table = &table, .wish = 0, .out_of_turn = true};
  return legal_moves(bomb_answer, scratch_moves()) > 1;  // more than the pass
}

void check_rules(const Rules& rules) {
  if (rules.target < kMinTarget || rules.target > kMaxTarget) {
    throw std::invalid_argument("target must be 1..1000000, not " + std::to_string(rules.target));
  }
}

HandState HandState::from_deck(const std::array<std::uint8_t, kNumCards>& deck, Rules rules) {
  check_rules(rules);
  // 56 cards, each below 56, whose union is all 56: each once. Tested without
  // a branch per card (every deal of a simulation passes here).
  unsigned out_of_range = 0;
  for (std::uint8_t card : deck) out_of_range |= unsigned{card >= kNumCards};
  if (out_of_range != 0) throw std::invalid_argument("a deck holds the 56 cards once each");
  HandState s;
  s.rules_ = rules;
  for (std::size_t seat = 0; seat < 4; ++seat) {  // loops of fixed length: nothing to mispredict
    Mask eight = 0, rest = 0;
    for (std::size_t k = 0; k < 8; ++k) eight |= Mask{1} << deck[14 * seat + k];  // R2.1
    for (std::size_t k = 8; k < 14; ++k) rest |= Mask{1} << deck[14 * seat + k];
    s.first_eight_[seat] = eight;
    s.hands_[seat] = eight | rest;
  }
  if ((s.hands_[0] | s.hands_[1] | s.hands_[2] | s.hands_[3]) != kDeck) {
    throw std::invalid_argument("a deck holds the 56 cards once each");
  }
  s.decision_ = Decision::GrandTichu;
  s.player_ = 0;
  s.find_bomb_seats();
  return s;
}

void HandState::check_position(const Position& p) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  Mask seen = 0;
  for (std::size_t s = 0; s < 4; ++s) {
    const std::string hand = "hand " + std::to_string(s), pile = "pile " + std::to_string(s);
    if (p.hands[s] & ~kDeck) fail(hand + " has bits outside the 56 cards");
    if (p.piles[s] & ~kDeck) fail(pile + " has bits outside the 56 cards");
    if (count(p.hands[s]) > 14) fail(hand + " holds " + std::to_string(count(p.hands[s])) + " cards, more than 14");
    if (p.hands[s] & seen) fail(hand + " shares cards with another hand or pile: " + format_cards(p.hands[s] & seen));
    seen |= p.hands[s];
  }
  for (std::size_t s = 0; s < 4; ++s) {
    if (p.piles[s] & seen) {
      fail("pile " + std::to_string(s) + " shares cards with another hand or pile: " + format_cards(p.piles[s] & seen));
    }
    seen |= p.piles[s];
  }
  std::uint8_t out = 0;
  int out_count = 0;
  for (std::int8_t seat : p.out_order) {
    if (seat < 0) break;  // the order ends at the first -1
    if (seat > 3) fail("a seat in out_order is 0..3, not " + std::to_string(seat));
    if (out & bit(seat)) fail("out_order repeats seat " + std::to_string(seat));
    out |= bit(seat);
    ++out_count;
  }
  if (out_count > 3) fail("at most 3 seats can be out");
  for (int s = 0; s < 4; ++s) {
    if ((p.hands[static_cast<std::size_t>(s)] == 0) != ((out & bit(s)) != 0)) {
      fail("seat " + std::to_string(s) + ": a seat is in out_order exactly when it holds no cards");
    }
  }
  // R8.1: the hand is over once at most one seat holds cards, or two partners went out first.
  if (out_count >= 3 || (out_count >= 2 && team(p.out_order[0]) == team(p.out_order[1]))) {
    fail("the position is finished (R8.1): the hand would already be over");
  }
  if (p.leader < 0 || p.leader > 3) fail("the leader is a seat 0..3, not " + std::to_string(p.leader));
  if (!p.hands[static_cast<std::size_t>(p.leader)]) fail("the leader " + std::to_string(p.leader) + " holds no cards");
  if (p.wish != 0 && (p.wish < kMinRank || p.wish > kMaxRank))
    fail("wish " + std::to_string(p.wish) + " is not a rank 2..14");
  for (Call c : p.calls) {
    if (static_cast<int>(c) > 2) fail("a call is 0..2, not " + std::to_string(static_cast<int>(c)));
  }
  if (p.played > 0xF) fail("played is a set of seats 0..3");
  check_trick(p, seen);
  check_history(p);
  check_trick_order(p);
  check_wish_in_trick(p);
}

// -- contradictions between a position's facts (kept apart from the checks of each fact above) --

void HandState::check_history(const Position& p) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  if (p.wish != 0) {
    for (std::size_t s = 0; s < 4; ++s) {
      if (p.hands[s] & kMahJong) {
        fail("a wish is in force but seat " + std::to_string(s) +
             " still holds the Mah Jong: only its play makes a wish (R6.1)");
      }
    }
  }
  for (std::int8_t seat : p.out_order) {
    if (seat < 0) break;
    if (!(p.played & bit(seat))) {
      fail("seat " + std::to_string(seat) + " is in out_order but not in played: a seat out has played its cards");
    }
  }
  if (p.table.type != MoveType::Pass && !(p.played & bit(p.table_player))) {
    fail("the table player " + std::to_string(p.table_player) + " is not in played: he played the table");
  }
  if (p.played == 0 && (p.piles[0] | p.piles[1] | p.piles[2] | p.piles[3]) != 0) {
    fail("a pile holds cards but played is empty: a trick is won only after someone played");
  }
  if (p.played == 0 && p.wish != 0) {
    fail("a wish is in force but played is empty: only the Mah Jong's play makes a wish (R6.1)");
  }
  // Nobody has played: the leader opens the first trick, which the Mah Jong's holder leads (R2.3).
  // Where the Mah Jong is in no hand (cut from a puzzle) the first leader is unknown and any seat may lead.
  for (std::size_t s = 0; s < 4; ++s) {
    if (p.played == 0 && (p.hands[s] & kMahJong) && std::cmp_not_equal(s, p.leader)) {
      fail("played is empty but the leader " + std::to_string(p.leader) + " does not hold the Mah Jong: seat " +
           std::to_string(s) + " holds it and leads the first trick (R2.3)");
    }
  }
}

namespace {

// Whether `earlier` (no Dog) can be the cards played below the bomb `table` in its trick: plays of one type
// and length, each beating the last (R5.2), then bombs lower than the table, each beating the last (R4.2).
// Decided on counts (how many cards, how many ranks, how many ranks held 1..4 times), so it refuses no trick a
// hand can reach but misses some it cannot: a four of a kind below the table may be taken out as a bomb, one
// above it not; below a straight flush, where a lower straight flush can be made of the cards, nothing is checked.
bool fits_below_bomb(Mask earlier, const Move& table) {
  const Mask normals = earlier & kNormals;
  if (table.type == MoveType::StraightFlush) {
    const Mask lows = straight_flush_lows(normals);  // the lowest straight flush of the cards has 5 of them
    if (lows != 0 && (table.length > 5 || 2 * (rank_of_index(std::countr_zero(lows)) + 4) < table.rank2)) return true;
  }
  std::array<int, 5> ranks_held{};  // ranks_held[v]: the normal ranks of which the trick holds v cards
  int bombs_below = 0;              // fours of a kind the table beats (R4.2: every one, below a straight flush)
  for (int rank = kMinRank; rank <= kMaxRank; ++rank) {
    const int held = rank_count(normals, rank);
    ++ranks_held[static_cast<std::size_t>(held)];
    if (held == 4 && (table.type == MoveType::StraightFlush || 2 * rank < table.rank2)) ++bombs_below;
  }
  const int ones = ranks_held[1], twos = ranks_held[2], threes = ranks_held[3], fours = ranks_held[4];
  const int mahjong = (earlier & kMahJong) != 0, phoenix = (earlier & kPhoenix) != 0;
  const bool dragon = (earlier & kDragon) != 0;
  // Singles, pairs and trios never hold a rank four times: each four of a kind was a bomb the table beats.
  if (fours == bombs_below) {
    if (twos == 0 && threes == 0) return true;                               // singles, or none
    if (!mahjong && !dragon && threes == 0 && ones == phoenix) return true;  // pairs (R3.1)
    if (!mahjong && !dragon && ones == 0 && twos == phoenix) return true;    // trios
  }
  for (int bombs = 0; bombs <= bombs_below; ++bombs) {  // that many fours of a kind were bombs
    const int n = count(earlier) - 4 * bombs, distinct = 13 - ranks_held[0] - bombs;
    const int most = fours > bombs ? 4 : threes > 0 ? 3 : twos > 0 ? 2 : 1;  // the most cards of one rank
    if (n == 0) continue;
    if (!mahjong && !dragon) {
      if (n % 5 == 0 && distinct >= 2) return true;  // full houses: a trio and a pair of another rank
      // pair runs: every pair holds a real card and only the Phoenix leaves a rank odd
      for (int pairs = 2; ones + threes == phoenix && 2 * pairs <= n; ++pairs) {
        if (n % (2 * pairs) == 0 && distinct >= pairs && most <= 2 * (n / (2 * pairs))) return true;
      }
    }
    // straights of `len` ranks (the Phoenix may stand for one), one card of a rank in each
    for (int len = 5; !dragon && len <= std::min(n, 14); ++len) {
      if (n % len == 0 && distinct + mahjong + phoenix >= len && most <= n / len) return true;
    }
  }
  return false;
}

}  // namespace

void HandState::check_trick_order(const Position& p) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  if (p.table.type == MoveType::Pass) return;
  if (p.trick & kDog) fail("the Dog is in the trick: it is led alone and leaves play at once (R3.4, R5.6)");
  const Move& t = p.table;
  if (is_bomb(t.type)) {  // earlier plays: plays of one type, then lower bombs (R4.2): bombs in a trick rise
    if (!fits_below_bomb(p.trick & ~t.cards, t)) {
      fail("the trick's cards below the bomb " + format_cards(t.cards) +
           " are no plays it tops: neither plays of one type (R5.2) nor lower bombs (R4.2) hold them");
    }
    return;
  }
  const Mask earlier = p.trick & ~t.cards;
  if (count(earlier) % t.length != 0) {
    fail("the trick holds " + std::to_string(count(earlier)) + " cards besides the table, not plays of the table's " +
         std::to_string(t.length) + " cards each (R5.2)");
  }
  if (earlier & kDragon) {
    fail("the Dragon is in the trick below the table " + format_cards(t.cards) +
         ": only a bomb beats the Dragon (R3.3, R4.3)");
  }
  if ((earlier & kMahJong) && t.type != MoveType::Single && t.type != MoveType::Straight) {
    fail("the Mah Jong is in the trick below a table that is no single and no straight (R1.3)");
  }
  const bool phoenix_single = t.type == MoveType::Single && t.cards == kPhoenix;
  const bool dragon = t.type == MoveType::Single && t.cards == kDragon;
  const bool ranked = t.type == MoveType::Single || t.type == MoveType::Pair || t.type == MoveType::Trio ||
                      t.type == MoveType::PairRun || t.type == MoveType::Straight;
  const Mask normals = earlier & kNormals;
  if (ranked && !phoenix_single && !dragon && normals != 0) {
    const int top = rank_of_index(63 - std::countl_zero(normals));
    if (2 * top >= t.rank2) {
      fail("the trick holds a " + std::to_string(top) + " below the table " + format_cards(t.cards) +
           ": every earlier play must be lower (R5.2)");
    }
  }
  if (t.type == MoveType::Single) {  // singles rise one by one: no rank twice
    const Mask singles = p.trick & kNormals;
    for (int rank = kMinRank; rank <= kMaxRank; ++rank) {
      if (std::popcount(rank_nibble(singles, rank)) > 1) {
        fail("the trick of singles holds rank " + std::to_string(rank) + " twice: a single must beat the last (R5.2)");
      }
    }
  }
}

// A wish in force, yet a card of its rank in the trick: played after the Mah Jong, it fulfilled the wish
// (R6.2). Every play of the trick came after the wish but the Mah Jong's own, whose card of the rank does
// not count: a straight from the Mah Jong holds at most one, where the table is a straight reaching the
// rank or a bomb (above straights of a length not known).
void HandState::check_wish_in_trick(const Position& p) {
  if (p.wish == 0 || p.table.type == MoveType::Pass) return;
  const int held = rank_count(p.trick & kNormals, p.wish);
  const bool own =
      (p.trick & kMahJong) &&
      (is_bomb(p.table.type) || (p.table.type == MoveType::Straight && std::cmp_less_equal(p.wish, p.table.length)));
  if (held > (own ? 1 : 0)) {
    throw std::invalid_argument("the wish for " + std::to_string(p.wish) + " is in force, but the trick holds a " +
                                std::to_string(p.wish) + " played after it: that play fulfilled the wish (R6.2)");
  }
}

void HandState::check_pass_order(int table_player, std::span<const int> passed) {
  auto listed = [&] {
    std::string text;
    for (const int s : passed) text += (text.empty() ? "" : ", ") + std::to_string(s);
    return "[" + text + "]";
  };
  if (table_player < 0 || table_player > 3) throw std::invalid_argument("the table player is a seat 0..3");
  int last = 0;  // how far after the table player the previous pass was, in turn order
  for (const int s : passed) {
    const int after = s < 0 || s > 3 ? -1 : (s - table_player + 4) % 4;
    if (after <= last) {
      throw std::invalid_argument("passed lists seats once each, in turn order after the table player " +
                                  std::to_string(table_player) + ": " + listed());
    }
    last = after;
  }
}

// The trick in progress of a position: nothing, or a table that someone
// played and the seats in turn since passed (R5.2, R5.3).
void HandState::check_trick(const Position& p, Mask seen) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  if (p.table.type == MoveType::Pass) {
    if (p.table != Move{} || p.table_player != -1 || p.trick != 0 || p.passed != 0) {
      fail("without a table there is no table player, trick or pass");
    }
    return;
  }
  try {
    check_move(p.table);
  } catch (const std::invalid_argument& e) {
    fail(std::string("the table is not a combination: ") + e.what());
  }
  if (p.table.type == MoveType::Dog) fail("the Dog leaves play at once (R5.6): it is never the table");
  if (p.table_player < 0 || p.table_player > 3) fail("the table player is a seat 0..3");
  if (p.table_player == p.leader) fail("the table player cannot be the player in turn (R5.4: he took the trick)");
  if (p.trick & ~kDeck) fail("the trick has bits outside the 56 cards");
  if ((p.trick & p.table.cards) != p.table.cards) fail("the trick must hold the table's cards");
  if (p.trick & seen) fail("the trick shares cards with a hand or pile: " + format_cards(p.trick & seen));
  if (p.passed > 0xF) fail("passed is a set of seats 0..3");
  std::uint8_t between = 0;  // R5.3: the seats holding cards after the table player, before the one in turn
  for (int s = (p.table_player + 1) % 4; s != p.leader; s = (s + 1) % 4) {
    if (p.hands[static_cast<std::size_t>(s)]) between |= bit(s);
  }
  if (p.passed != between) {
    fail("the passes must be exactly the seats holding cards between the table player " +
         std::to_string(p.table_player) + " and the player in turn " + std::to_string(p.leader));
  }
}

HandState HandState::from_position(const Position& p, Rules rules) {
  check_rules(rules);
  check_position(p);
  HandState s;
  s.rules_ = rules;
  s.hands_ = p.hands;
  s.piles_ = p.piles;
  s.calls_ = p.calls;
  s.wish_ = static_cast<std::uint8_t>(p.wish);
  s.start_wish_ = s.wish_;
  s.played_ = p.played;
  s.exchanged_ = true;
  s.find_bomb_seats();
  for (int i = 0; i < 4 && p.out_order[static_cast<std::size_t>(i)] >= 0; ++i) {
    s.go_out(p.out_order[static_cast<std::size_t>(i)]);
  }
  s.start_trick(p.leader);
  if (p.table.type != MoveType::Pass) {  // within a trick: the table stays, the player in turn answers it
    s.table_ = s.start_table_ = p.table;
    s.table_player_ = s.start_table_player_ = static_cast<std::int8_t>(p.table_player);
    s.leader_ = s.table_player_;  // the earliest play known
    s.trick_ = s.start_trick_ = p.trick;
    s.passed_ = s.start_passed_ = p.passed;
  }
  return s;
}

int HandState::legal_actions(Action* out) const {
  if (decision_ == Decision::Over) return 0;  // and player_ is -1: no hand to read
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
  const Mask hand = hands_[static_cast<std::size_t>(player_)];
  switch (decision_) {
    case Decision::GrandTichu:
      out[0] = value_action(ActionKind::GrandTichu, 0);
      out[1] = value_action(ActionKind::GrandTichu, 1);
      return 2;
    case Decision::Tichu:
      out[0] = value_action(ActionKind::Tichu, 0);
      out[1] = value_action(ActionKind::Tichu, 1);
      return 2;
    case Decision::Exchange: {  // R2.2: three distinct cards, one per other seat
      int n = 0;
      for (Mask a = hand; a; a &= a - 1) {
        for (Mask b = hand & ~(a & -a); b; b &= b - 1) {
          for (Mask c = hand & ~(a & -a) & ~(b & -b); c; c &= c - 1) {
            out[n++] = push_action(std::countr_zero(a), std::countr_zero(b), std::countr_zero(c));
          }
        }
      }
      return n;
    }
    case Decision::Play:
    case Decision::Bomb: {
      const bool in_turn = decision_ == Decision::Play;
      Move* moves = scratch_moves();
      const int n =
          legal_moves(Situation{.hand = hand, .table = table(), .wish = in_turn ? wish_ : 0, .out_of_turn = !in_turn},
                      moves);
      for (int i = 0; i < n; ++i) out[i] = play_action(moves[i]);
      return add_tichu_call(out, n);
    }
    case Decision::Wish: {  // R6.1: no wish, or a normal rank
      out[0] = value_action(ActionKind::Wish, 0);
      for (int r = kMinRank; r <= kMaxRank; ++r) out[r - 1] = value_action(ActionKind::Wish, r);
      return 14;
    }
    case Decision::DragonGift:  // R5.5: either opponent
      out[0] = value_action(ActionKind::Gift, (player_ + 1) % 4);
      out[1] = value_action(ActionKind::Gift, (player_ + 3) % 4);
      return 2;
    case Decision::Over: return 0;
  }
  return 0;
}

bool HandState::is_legal(const Action& a) const {
  for (std::uint8_t b : a.pad) {
    if (b) return false;
  }
  if (decision_ == Decision::Over) return false;
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
  const Mask hand = hands_[static_cast<std::size_t>(player_)];
  const bool no_move = a.move == Move{};
  const bool no_push = a.push == std::array<std::uint8_t, 3>{};
  switch (decision_) {
    case Decision::GrandTichu: return a.kind == ActionKind::GrandTichu && a.value <= 1 && no_move && no_push;
    case Decision::Tichu: return a.kind == ActionKind::Tichu && a.value <= 1 && no_move && no_push;
    case Decision::Exchange: {
      if (a.kind != ActionKind::Push || a.value || !no_move) return false;
      Mask chosen = 0;
      for (std::uint8_t card : a.push) {
        if (card >= kNumCards) return false;
        chosen |= Mask{1} << card;
      }
      return count(chosen) == 3 && (chosen & ~hand) == 0;
    }
    case Decision::Play:
    case Decision::Bomb: {
      if (a.kind == ActionKind::Tichu) {
        return a.value == 1 && no_move && no_push && offers_tichu_call();
      }
      if (a.kind != ActionKind::Play || a.value || !no_push) return false;
      const bool in_turn = decision_ == Decision::Play;
      Move* moves = scratch_moves();
      const int n =
          legal_moves(Situation{.hand = hand, .table = table(), .wish = in_turn ? wish_ : 0, .out_of_turn = !in_turn},
                      moves);
      return std::find(moves, moves + n, a.move) != moves + n;
    }
    case Decision::Wish:
      return a.kind == ActionKind::Wish && (a.value == 0 || (a.value >= kMinRank && a.value <= kMaxRank)) && no_move &&
             no_push;
    case Decision::DragonGift:
      return a.kind == ActionKind::Gift && (a.value == (player_ + 1) % 4 || a.value == (player_ + 3) % 4) && no_move &&
             no_push;
    case Decision::Over: return false;
  }
  return false;
}

bool HandState::is_legal(std::string_view text) const {
  try {
    return is_legal(parse_action(text, decision_));
  } catch (const IllegalActionError&) {
    return false;
  }
}

void HandState::apply_checked(const Action& a) {
  if (is_terminal()) throw IllegalActionError("the hand is over: no action is legal");
  if (!is_legal(a)) {
    std::string message = "'" + format_action(a) + "' is not legal for seat " + std::to_string(player_) + " now";
    // A bare "Ph" reads as the Phoenix led (R3.2); on a single, say how to write it there.
    const bool phoenix_single = a.kind == ActionKind::Play && a.move.cards == kPhoenix;
    if (phoenix_single && table_.type == MoveType::Single && table_.cards != kDragon) {
      Move on_table = a.move;
      on_table.rank2 = static_cast<std::uint8_t>(table_.rank2 + 1);
      message += ": on this table the Phoenix is '" + format_move(on_table) + "'";
    }
    throw IllegalActionError(message);
  }
  apply(a);
}

void HandState::apply(const Action& a) {
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
  const int p = player_;
  // A play or pass in turn, nine decisions in ten, first: a branch that is
  // nearly always taken rather than the switch's jump through a table.
  if (decision_ == Decision::Play && a.kind == ActionKind::Play) {
    if (a.move.type == MoveType::Pass) {
      pass(p);
    } else {
      play(p, a.move);
    }
    return;
  }
  switch (decision_) {
    case Decision::GrandTichu:  // R2.1, R7.1: seats 0..3 on their first 8 cards
      if (a.value) calls_[static_cast<std::size_t>(p)] = Call::GrandTichu;
      if (p < 3) {
        player_ = static_cast<std::int8_t>(p + 1);
      } else {
        ask_tichu(0);
      }
      return;
    case Decision::Tichu:  // R7.2, R10.1: seats 0..3 before the exchange
      if (a.value) calls_[static_cast<std::size_t>(p)] = Call::Tichu;
      ask_tichu(p + 1);
      return;
    case Decision::Exchange:  // R2.2: secret and simultaneous
      push_[static_cast<std::size_t>(p)] = a.push;
      if (p < 3) {
        player_ = static_cast<std::int8_t>(p + 1);
      } else {
        exchange();
      }
      return;
    case Decision::Play:
      if (a.kind == ActionKind::Tichu) {  // R7.2: then he decides again
        calls_[static_cast<std::size_t>(p)] = Call::Tichu;
      } else if (a.move.type == MoveType::Pass) {
        pass(p);
      } else {
        play(p, a.move);
      }
      return;
    case Decision::Bomb:
      if (a.move.type == MoveType::Pass) {
        offer_bombs(offer_actor_, next_in_turn_, (p + 1) % 4);  // declined: the offer moves on
      } else {
        play(p, a.move);
      }
      return;
    case Decision::Wish:  // R6.1: in force at once; the offers follow
      wish_ = a.value;
      offer_bombs(p, next_in_turn_, (p + 1) % 4);
      return;
    case Decision::DragonGift: give_trick(a.value); return;
    case Decision::Over: return;
  }
}

void HandState::exchange() {
  for (int s = 0; s < 4; ++s) {
    for (std::uint8_t card : push_[static_cast<std::size_t>(s)])
      hands_[static_cast<std::size_t>(s)] &= ~(Mask{1} << card);
  }
  for (int s = 0; s < 4; ++s) {
    for (int k = 0; k < 3; ++k) {
      const Mask card = Mask{1} << push_[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
      hands_[static_cast<std::size_t>((s + k + 1) % 4)] |= card;
    }
  }
  exchanged_ = true;
  find_bomb_seats();
  int leader = 0;  // R2.3: the Mah Jong's holder leads
  while (!(hands_[static_cast<std::size_t>(leader)] & kMahJong)) ++leader;
  start_trick(leader);
}

// R7.2, R10.1: the Tichu decision goes to the seats in order from `from`
// on, skipping Grand Tichu callers; after the last one, the exchange.
void HandState::ask_tichu(int from) {
  int seat = from;
  while (seat < 4 && calls_[static_cast<std::size_t>(seat)] == Call::GrandTichu) ++seat;
  if (seat < 4) {
    decision_ = Decision::Tichu;
    player_ = static_cast<std::int8_t>(seat);
  } else {
    decision_ = Decision::Exchange;
    player_ = 0;
  }
}

int HandState::next_holder(int after) const {  // the first holder after `after` in turn order, no loop
  const unsigned from = static_cast<unsigned>(after + 1) & 3;
  const unsigned turned = ((holders() | holders() << 4) >> from) & 0xF;  // bit k: seat (after + 1 + k) % 4
  return turned == 0 ? -1 : static_cast<int>((from + static_cast<unsigned>(std::countr_zero(turned))) & 3);
}

void HandState::go_out(int seat) {
  out_order_[out_count_++] = static_cast<std::int8_t>(seat);
  out_seats_ |= bit(seat);
}

bool HandState::hand_over() const {  // R8.1: at most one seat holds cards, or two partners went out first
  return out_count_ >= 3 || (out_count_ == 2 && team(out_order_[0]) == team(out_order_[1]));
}

void HandState::play(int seat, const Move& move) {
  const auto s = static_cast<std::size_t>(seat);
  hands_[s] &= ~move.cards;
  played_cards_[s] |= move.cards;
  // A hand that lost its bombs keeps none: its bit is dropped. Tested only
  // where the bit is set, which few hands' are (most hold no bomb).
  if (seat_may_hold_bomb(seat)) {
    bomb_seats_.bits &= static_cast<std::uint8_t>(~(unsigned{!holds_bomb(hands_[s])} << seat));
  }
  played_ |= bit(seat);
  if (wish_ && (move.cards & kNormals & rank_cards(wish_))) wish_ = 0;  // R6.2: a real card fulfils it
  if (!hands_[s]) go_out(seat);
  if (move.type == MoveType::Dog) {  // R5.6: out of play at once; the partner leads
    if (hand_over()) {
      finish();
      return;
    }
    const int partner = (seat + 2) % 4;
    start_trick(partner);
    return;
  }
  trick_ |= move.cards;
  table_ = move;
  table_player_ = static_cast<std::int8_t>(seat);
  passed_ = 0;
  if (hand_over()) {  // R8.1: no offer, no wish
    finish();
    return;
  }
  next_in_turn_ = static_cast<std::int8_t>(next_holder(seat));  // R4.4: also after a bomb
  if (move.cards & kMahJong) {  // R6.1: the wish first, then the offers
    decision_ = Decision::Wish;
    player_ = static_cast<std::int8_t>(seat);
    return;
  }
  offer_bombs(seat, next_in_turn_, (seat + 1) % 4);
}

void HandState::pass(int seat) {
  passed_ |= bit(seat);
  // R5.4: the trick ends once every other player still holding cards has
  // passed (a table player of -1 clears bit 7, outside the four seats).
  const unsigned waiting = holders() & ~(1u << (table_player_ & 7)) & ~unsigned{passed_};
  const int next = waiting != 0 ? next_holder(seat) : -1;
  offer_bombs(seat, next, (seat + 1) % 4);
}

// R10.2: from seat `from` on, in turn order up to the actor, the first
// player holding a bomb that beats the table is offered one; excluded are
// the actor, the player of the last play and, while the trick goes on, the
// player whose turn is next.
void HandState::offer_bombs(int actor, int next_in_turn, int from) {
  offer_actor_ = static_cast<std::int8_t>(actor);
  next_in_turn_ = static_cast<std::int8_t>(next_in_turn);
  // The seats that may hold a bomb are kept as the hands shrink
  // (bomb_seats_): most offers end here, with no seat to try.
  unsigned may = rules_.bombs_out_of_turn ? bomb_seats_.bits : 0u;
  may &= ~(1u << (table_player_ & 7));  // a seat of -1 clears bit 7, outside the four:
  may &= ~(1u << (next_in_turn & 7));   // no test (the next turn is often none)
  if (may != 0 && offer_bomb_to(may, actor, from)) return;
  continue_after_offers();
}

// The scan of offer_bombs over the seats in `may`, out of line: the common
// offer, with no seat to try, then saves no registers for its call.
bool HandState::offer_bomb_to(unsigned may, int actor, int from) {
  for (int s = from; s != actor; s = (s + 1) % 4) {
    if (!(may >> s & 1)) continue;
    if (holds_beating_bomb(hands_[static_cast<std::size_t>(s)], table_)) {
      decision_ = Decision::Bomb;
      player_ = static_cast<std::int8_t>(s);
      return true;
    }
  }
  return false;
}

void HandState::find_bomb_seats() {
  unsigned may = 0;
  for (int s = 0; s < 4; ++s) may |= unsigned{holds_bomb(hands_[static_cast<std::size_t>(s)])} << s;
  bomb_seats_.bits = static_cast<std::uint8_t>(may);
}

void HandState::continue_after_offers() {
  if (next_in_turn_ < 0) {
    take_trick();
    return;
  }
  decision_ = Decision::Play;
  player_ = next_in_turn_;
}

void HandState::take_trick() {  // R5.4, R5.5
  if (table_.cards == kDragon) {
    decision_ = Decision::DragonGift;
    player_ = table_player_;
    return;
  }
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
  piles_[static_cast<std::size_t>(table_player_)] |= trick_;
  start_trick(table_player_);
}

void HandState::give_trick(int to) {
  piles_[static_cast<std::size_t>(to)] |= trick_;
  trick_ = 0;
  if (hand_over()) {  // R8.2: the gift of the last trick
    table_ = Move{};
    table_player_ = -1;
    decision_ = Decision::Over;
    player_ = -1;
    return;
  }
  start_trick(player_);
}

// A new trick led by `seat`, or by the next seat holding cards (R5.4, R5.6).
void HandState::start_trick(int seat) {
  const int leader = hands_[static_cast<std::size_t>(seat)] ? seat : next_holder(seat);
  trick_ = 0;
  table_ = Move{};
  table_player_ = -1;
  passed_ = 0;
  offer_actor_ = -1;
  next_in_turn_ = -1;
  leader_ = static_cast<std::int8_t>(leader);
  decision_ = Decision::Play;
  player_ = static_cast<std::int8_t>(leader);
}

// R8.1, R8.2: the hand ends now. The table goes to the last play's player,
// by a Dragon gift if that play is the Dragon; after a double victory
// nothing is counted, so no gift is asked and the cards just lie in his pile.
void HandState::finish() {
  const bool double_victory = out_count_ == 2;
  if (trick_) {
    if (table_.cards == kDragon && !double_victory) {
      decision_ = Decision::DragonGift;
      player_ = table_player_;
      return;
    }
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
    piles_[static_cast<std::size_t>(table_player_)] |= trick_;
  }
  trick_ = 0;
  table_ = Move{};
  table_player_ = -1;
  decision_ = Decision::Over;
  player_ = -1;
}

std::array<int, 2> HandState::returns() const {
  HandOutcome o;
  o.out_count = std::min<int>(out_count_, 3);
  for (int i = 0; i < o.out_count; ++i)
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t seat (-1 for none), not a character
    o.out_order[static_cast<std::size_t>(i)] = out_order_[static_cast<std::size_t>(i)];
  o.piles = piles_;
  o.calls = calls_;
  for (Mask h : hands_) o.tailender_hand |= h;
  return score_hand(o);
}

}  // namespace tichu
