// The heuristic's numbers and the rules switched off (docs/heuristic.md): a
// value that a Policy carries, so that heuristics of other settings play side
// by side in one process. The default is the shipped heuristic.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace tichu {

// The heuristic's rules, each of which can be switched off to measure what it
// is worth (scripts/heuristic_strength.py; docs/bots.md "Strength").
inline constexpr std::uint32_t kRuleCount = 1;      // card counting
inline constexpr std::uint32_t kRulePartner = 2;    // partnership
inline constexpr std::uint32_t kRulePlan = 4;       // hand planning
inline constexpr std::uint32_t kRuleCalls = 8;      // calls from the table
inline constexpr std::uint32_t kRuleExchange = 16;  // the exchange
inline constexpr std::uint32_t kRuleWish = 32;      // the wish and the Dragon gift

// The rules' numbers (docs/heuristic.md).
enum HeuristicParam : std::uint8_t {
  kLeadBreak,        // a lead's cost per plan combination it breaks
  kKeepBoss,         // a lead's cost for a winner while two or more losers remain
  kCashLosers,       // cash the winners when at most this many losers remain
  kFollowBreak,      // an answer's cost per plan combination it breaks
  kBreakPoints,      // an answer that breaks the plan is played from this many trick points on
  kBreakHand,        // ... or with at most this many cards
  kPreciousPoints,   // the Phoenix, Dragon or a bomb card is spent from this many trick points on
  kBombPoints,       // a bomb is dropped from this many trick points on
  kDangerOwner,      // the table's owner in danger of going out with at most this many cards
  kDangerFewest,     // an opponent in danger with at most this many cards
  kFeedPartner,      // lead low (or the Dog) to a partner with at most this many cards
  kFeedTichu,        // the Dog to a partner who called Tichu
  kBreakTichu,       // spend anything against an opponent Tichu caller's winning play
  kTichuStrength,    // a Tichu needs this strength (half points)
  kTichuLosers,      // ... and at most this many losers
  kGrandStrength,    // a Grand Tichu needs this strength of the first eight
  kDogControl,       // the Dog is led even when holding control
  kWishMode,         // 0: v1's wish; 1: none; 2: the highest rank not held; 3: a pushed card's rank
  kSpareBoss,        // an answer keeps a winner single for a trick without points
  kOneTwo,           // stop the other opponent when one is out; race when the partner is out first
  kFeedSingle,       // lead the lowest single to a partner with one card
  kPushMode,         // 0: v1's exchange; 1: keep the best card when strong; 2: the Dog to the partner
  kPhoenixFree,      // the Phoenix is no loser (it joins one)
  kTempo,            // a winner (or bomb) leaving a hand to cash out is played: 1 the cheapest answer, 2 any
  kFollowLosers,     // an answer's cost per loser the hand keeps after it
  kLeadHigh,         // a lead's bonus per rank2 (0: lower first as v1; below 0 lower first more)
  kPassLosers,       // pass when the answer adds this many losers (99: off), unless points or danger
  kTichuChance,      // a Tichu from this chance (per mille) of going out first
  kGrandChance,      // a Grand Tichu from this chance of the first eight
  kProtectTichu,     // stop every opponent's winning play while the partner's Tichu stands
  kCallerRace,       // a seat that called plays every answer it can (no sparing)
  kPushStraight,     // the exchange's keep value of a card of the plan's straight, added
  kPushPlan,         // the exchange's keep value per plan combination a card's loss adds (a lone single 0)
  kPushGift,         // the partner's card by: 0 its keep value (v1); 1 its keep value before the plan's
  kPushMahJong,      // the exchange's keep value of the Mah Jong
  kPushPair,         // ... added to a normal card per other card of its rank
  kCallTable,        // the calls' chances: 0 going out first without calls (v2); 1 a call made (heuristic_made.inc)
  kCallDoubt,        // hundredths of a logit taken off the chance of table 1: stronger opponents assumed
  kGiftCaller,       // the partner who called before the exchange gets the best card, the Dragon and Phoenix too
  kLeadHouse,        // a lead's cost for a full house: kept for later, hard to beat
  kDogOut,           // the Dog's lead score when the partner is out
  kLeadPhoenix,      // a lead's cost for the Phoenix alone: it is kept to join a combination
  kFollowPhoenix,    // an answer's cost for the Phoenix
  kFollowDragon,     // an answer's cost for the Dragon
  kPlayDoubt,        // hundredths of a logit more taken off a Tichu called in play, on the hand after the exchange
  kNumHeuristicParams
};

// Each number's name in a policy's text, its shipped value, its value in
// heuristic-v1 (read when its rule is switched off), its value in the frozen
// heuristic-v2 (the shipped values of 2026-12-05, never changed) and its rule.
struct HeuristicParamSpec {
  std::string_view name;
  int value;
  int v1;
  int v2;
  std::uint32_t rule;
};
inline constexpr std::array<HeuristicParamSpec, kNumHeuristicParams> kHeuristicParamSpecs{{
    {.name = "lead_break", .value = 160, .v1 = 0, .v2 = 160, .rule = kRulePlan},
    {.name = "keep_boss", .value = 0, .v1 = 0, .v2 = 200, .rule = kRuleCount},
    {.name = "cash_losers", .value = 1, .v1 = 0, .v2 = 1, .rule = kRuleCount},
    {.name = "follow_break", .value = 0, .v1 = 0, .v2 = 0, .rule = kRulePlan},
    {.name = "break_points", .value = 10, .v1 = 0, .v2 = 10, .rule = kRulePlan},
    {.name = "break_hand", .value = 5, .v1 = 99, .v2 = 5, .rule = kRulePlan},
    {.name = "precious_points", .value = 5, .v1 = 15, .v2 = 5, .rule = kRulePlan},
    {.name = "bomb_points", .value = 15, .v1 = 25, .v2 = 15, .rule = kRulePlan},
    {.name = "danger_owner", .value = 6, .v1 = 3, .v2 = 6, .rule = kRulePartner},
    {.name = "danger_fewest", .value = 2, .v1 = 2, .v2 = 2, .rule = kRulePartner},
    {.name = "feed_partner", .value = 0, .v1 = 0, .v2 = 0, .rule = kRulePartner},
    {.name = "feed_tichu", .value = 1, .v1 = 0, .v2 = 1, .rule = kRulePartner},
    {.name = "break_tichu", .value = 1, .v1 = 0, .v2 = 1, .rule = kRulePartner},
    {.name = "tichu_strength", .value = 10, .v1 = 10, .v2 = 10, .rule = kRuleCalls},
    {.name = "tichu_losers", .value = 2, .v1 = 2, .v2 = 2, .rule = kRuleCalls},
    {.name = "grand_strength", .value = 12, .v1 = 10, .v2 = 12, .rule = kRuleCalls},
    {.name = "dog_control", .value = 1, .v1 = 0, .v2 = 1, .rule = kRulePartner},
    {.name = "wish_mode", .value = 3, .v1 = 0, .v2 = 3, .rule = kRuleWish},
    {.name = "spare_boss", .value = 0, .v1 = 0, .v2 = 0, .rule = kRuleCount},
    {.name = "one_two", .value = 1, .v1 = 0, .v2 = 1, .rule = kRulePartner},
    {.name = "feed_single", .value = 0, .v1 = 0, .v2 = 0, .rule = kRulePartner},
    {.name = "push_mode", .value = 1, .v1 = 0, .v2 = 1, .rule = kRuleExchange},
    {.name = "phoenix_free", .value = 1, .v1 = 0, .v2 = 1, .rule = kRuleCount},
    {.name = "tempo", .value = 2, .v1 = 0, .v2 = 1, .rule = kRuleCount},
    {.name = "follow_losers", .value = 40, .v1 = 0, .v2 = 40, .rule = kRuleCount},
    {.name = "lead_high", .value = -4, .v1 = 0, .v2 = 0, .rule = kRulePlan},
    {.name = "pass_losers", .value = 0, .v1 = 99, .v2 = 0, .rule = kRuleCount},
    {.name = "tichu_chance", .value = 550, .v1 = 0, .v2 = 500, .rule = kRuleCalls},
    {.name = "grand_chance", .value = 600, .v1 = 0, .v2 = 460, .rule = kRuleCalls},
    {.name = "protect_tichu", .value = 0, .v1 = 0, .v2 = 0, .rule = kRulePartner},
    {.name = "caller_race", .value = 0, .v1 = 0, .v2 = 0, .rule = kRulePartner},
    {.name = "push_straight", .value = 25, .v1 = 0, .v2 = 25, .rule = kRuleExchange},
    {.name = "push_plan", .value = 15, .v1 = 0, .v2 = 15, .rule = kRuleExchange},
    {.name = "push_gift", .value = 1, .v1 = 0, .v2 = 1, .rule = kRuleExchange},
    {.name = "push_mahjong", .value = 0, .v1 = 30, .v2 = 0, .rule = kRuleExchange},
    {.name = "push_pair", .value = 6, .v1 = 8, .v2 = 6, .rule = kRuleExchange},
    {.name = "call_table", .value = 1, .v1 = 0, .v2 = 0, .rule = kRuleCalls},
    {.name = "call_doubt", .value = 0, .v1 = 0, .v2 = 0, .rule = kRuleCalls},
    {.name = "gift_caller", .value = 1, .v1 = 0, .v2 = 0, .rule = kRuleExchange},
    {.name = "lead_house", .value = 60, .v1 = 0, .v2 = 0, .rule = kRulePlan},
    {.name = "dog_out", .value = 0, .v1 = -400, .v2 = -400, .rule = kRulePartner},
    {.name = "lead_phoenix", .value = 150, .v1 = 60, .v2 = 60, .rule = kRulePlan},
    {.name = "follow_phoenix", .value = 100, .v1 = 40, .v2 = 40, .rule = kRulePlan},
    {.name = "follow_dragon", .value = 100, .v1 = 30, .v2 = 30, .rule = kRulePlan},
    {.name = "play_doubt", .value = 0, .v1 = 0, .v2 = 0, .rule = kRuleCalls},
}};

// The rules' names in a policy's text (`off=`), bit k the rule 1 << k.
inline constexpr std::array<std::string_view, 6> kHeuristicRuleNames{"count", "partner",  "plan",
                                                                     "calls", "exchange", "wish"};

// A number may be set within +-kMaxHeuristicParam: the rules multiply and add
// them (a weight times at most 16 combinations), which stays far inside an int.
inline constexpr int kMaxHeuristicParam = 1'000'000;

// One heuristic's settings: immutable once made.
class HeuristicParams {
 public:
  // The shipped heuristic.
  constexpr HeuristicParams() {
    for (std::size_t p = 0; p < values_.size(); ++p) values_[p] = kHeuristicParamSpecs[p].value;
  }

  // The frozen heuristic-v2's numbers (kHeuristicV2).
  static constexpr HeuristicParams frozen_v2() {
    HeuristicParams params;
    for (std::size_t p = 0; p < params.values_.size(); ++p) params.values_[p] = kHeuristicParamSpecs[p].v2;
    return params;
  }

  // From a policy's options, "KEY=VALUE,...": a number by its name
  // (kHeuristicParamSpecs), `off=RULE+RULE...` the rules switched off
  // (kHeuristicRuleNames); the rest keep their shipped values. Empty: the
  // shipped heuristic. std::invalid_argument naming what is wrong: an unknown
  // key, a key given twice, a value that is no int or beyond kMaxHeuristicParam.
  static HeuristicParams parse(std::string_view options);

  // The number `p` the rules read: heuristic-v1's where its rule is off.
  constexpr int operator[](HeuristicParam p) const { return values_[p]; }

  // Whether `rule` (a kRule* bit) is on.
  [[nodiscard]] constexpr bool on(std::uint32_t rule) const { return (rules_off_ & rule) == 0; }

 private:
  std::array<int, kNumHeuristicParams> values_{};
  std::uint32_t rules_off_ = 0;
};

inline constexpr HeuristicParams kShippedHeuristic{};

// The field member heuristic-v2: the heuristic of 2026-12-05 with that day's
// numbers (the .v2 column; a number added later needs its .v2, the value
// that leaves v2's play as it was). It shares heuristic.cpp and the calls
// table (heuristic_calls.inc) with the shipped heuristic, so its pinned
// behaviour (tests/house/test_field.py) holds it: a change of either that
// moves v2's play first copies today's rules into a file of v2's own.
inline constexpr HeuristicParams kHeuristicV2 = HeuristicParams::frozen_v2();

}  // namespace tichu
