// _core.HandCore for Python: a tichu::RecordedHand, the C++ half of
// tichu_fast.HandState (its construction, its questions, its legal actions and
// their application, its history). Only argument conversion lives here; every
// rule is in the core. Its observations are in observation_bindings.cpp, its
// per-decision calls as plain CPython methods in fast_methods.cpp.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include "common.hpp"
#include "tichu/game/observation.hpp"
#include "tichu/game/rng.hpp"

namespace tichu::bindings {
namespace {

using ActionOrText = Shown<py::typing::Union<Action, py::str>>;
using CardTriple = ShownResult<py::typing::Optional<py::typing::Tuple<py::str, py::str, py::str>>>;

// An action argument: an Action, or its text read for the current decision.
Action action_arg(const RecordedHand& h, py::handle obj) {
  if (PyUnicode_Check(obj.ptr())) return parse_action(text_arg(obj, "action text"), h.state().decision());
  if (!py::isinstance<Action>(obj)) {
    throw py::type_error("an action must be an Action or its text, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  return obj.cast<const Action&>();  // the caster refuses an uninitialised Action
}

HandState from_deck(const std::vector<int>& deck, py::handle rules) {
  if (deck.size() != kNumCards) throw std::invalid_argument("a deck holds 56 cards");
  std::array<std::uint8_t, kNumCards> cards{};
  for (std::size_t i = 0; i < deck.size(); ++i) {
    if (deck[i] < 0 || deck[i] >= kNumCards) throw std::invalid_argument("a card index is 0..55");
    cards[i] = static_cast<std::uint8_t>(deck[i]);
  }
  return HandState::from_deck(cards, to_rules(rules));
}

struct TrickArgs {
  std::optional<Move> table;
  int table_player;
  Mask trick;
  int passed;
};

HandState from_position(const std::array<Mask, 4>& hands, const std::array<Mask, 4>& piles,
                        const std::vector<int>& out_order, const std::array<int, 4>& calls, int leader,
                        py::handle wish_arg, int played, py::handle rules, const TrickArgs& trick) {
  const long long wish = small_int(wish_arg, "wish");
  if (wish != static_cast<int>(wish))
    throw std::invalid_argument("wish " + std::to_string(wish) + " is not a rank 2..14");
  HandState::Position p;
  p.hands = hands;
  p.piles = piles;
  if (out_order.size() > 4) throw std::invalid_argument("at most 3 seats can be out");
  for (std::size_t i = 0; i < out_order.size(); ++i) {
    check_seat(out_order[i]);
    p.out_order[i] = static_cast<std::int8_t>(out_order[i]);
  }
  for (std::size_t i = 0; i < 4; ++i) {
    if (calls[i] < 0 || calls[i] > 2) throw std::invalid_argument("a call is 0..2, not " + std::to_string(calls[i]));
    p.calls[i] = static_cast<Call>(calls[i]);
  }
  if (played < 0 || played > 0xF) throw std::invalid_argument("played is a bit set of seats 0..3");
  p.leader = leader;
  p.wish = static_cast<int>(wish);  // in int range: the core checks it is a rank
  p.played = static_cast<std::uint8_t>(played);
  if (trick.passed < 0 || trick.passed > 0xF) throw std::invalid_argument("passed is a bit set of seats 0..3");
  if (trick.table) {
    if (trick.table->type == MoveType::Pass) throw std::invalid_argument("the table cannot be a pass");
    p.table = *trick.table;
  }
  p.table_player = trick.table_player;
  p.trick = trick.trick;
  p.passed = static_cast<std::uint8_t>(trick.passed);
  return HandState::from_position(p, to_rules(rules));
}

}  // namespace

void register_hand(py::module_& m) {
  py::class_<RecordedHand>(m, "HandCore", "The C++ state of one hand and its history; use tichu_fast.HandState.")
      .def_static(
          "from_seed",
          [](const IntArg& seed, py::handle rules) {
            const auto deck = shuffled_deck(uint64_int(seed.obj, "seed (0 <= seed < 2**64)"));
            std::string origin = "deal";  // HandState's origin: "deal " and the 56 names in dealt order
            for (std::uint8_t card : deck) (origin += ' ') += card_name(card);
            return py::make_tuple(RecordedHand(HandState::from_deck(deck, to_rules(rules))), origin);
          },
          py::arg("seed"), py::arg("rules"),
          "(the hand dealt by `seed` (R2.1), its origin text 'deal' and the 56 names in dealt order): "
          "HandState.new in one call.")
      .def_static(
          "from_deck",
          [](const std::vector<int>& deck, py::handle rules) { return RecordedHand(from_deck(deck, rules)); },
          py::arg("deck"), py::arg("rules"), "The hand dealt in this order of 56 card indices (R2.1).")
      .def_static(
          "from_position",
          [](const std::array<Mask, 4>& hands, const std::array<Mask, 4>& piles, const std::vector<int>& out_order,
             const std::array<int, 4>& calls, int leader, py::handle wish, int played, py::handle rules,
             const TableArg& table_arg, int table_player, Mask trick, int passed) {
            Move storage;
            const Move* table = to_table(table_arg.obj, storage);
            return RecordedHand(from_position(hands, piles, out_order, calls, leader, wish, played, rules,
                                              TrickArgs{table ? std::optional<Move>(*table) : std::nullopt,
                                                        table_player, trick, passed}));
          },
          py::arg("hands"), py::arg("piles"), py::arg("out_order"), py::arg("calls"), py::arg("leader"),
          py::arg("wish"), py::arg("played"), py::arg("rules"), py::arg("table") = py::none(),
          py::arg("table_player") = -1, py::arg("trick") = 0, py::arg("passed") = 0,
          "A position in the play phase (masks, seats, calls 0..2, wish 0 or 2..14, played and passed bit sets; "
          "table None at a trick's start, leader the seat in turn); ValueError for a position no hand reaches.")
      .def(
          "hand", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().hand(seat)}; },
          py::arg("seat"), "The cards `seat` holds (all 14 dealt, even during GRAND_TICHU).")
      .def(
          "seen", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().first_eight(seat)}; },
          py::arg("seat"), "The first 8 cards dealt to `seat` (empty for a position).")
      .def(
          "pile", [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().pile(seat)}; },
          py::arg("seat"), "The cards `seat` has won.")
      .def(
          "played_cards",
          [](const RecordedHand& h, int seat) { return check_seat(seat), Cards{h.state().played_cards(seat)}; },
          py::arg("seat"), "The cards `seat` has played in this hand.")
      .def(
          "call",
          [](const RecordedHand& h, int seat) { return check_seat(seat), static_cast<int>(h.state().call(seat)); },
          py::arg("seat"), "The Call of `seat` as an int.")
      .def(
          "push",
          [](const RecordedHand& h, int seat, int viewer) -> CardTriple {
            check_seat(seat);
            if (viewer != kOmniscient) check_seat(viewer);
            if (!push_known(h.state(), seat, viewer)) return py::none();
            return card_triple(h.state().push(seat));
          },
          py::arg("seat"), py::arg("viewer") = kOmniscient,
          "The push of `seat` (to p+1, p+2, p+3) if `viewer` knows it now (R10.3); viewer -1: the whole table, "
          "once the exchange is done.")
      .def(
          "received",
          [](const RecordedHand& h, int seat) -> CardTriple {
            check_seat(seat);
            const auto cards = received_cards(h.state(), seat);
            if (!cards) return py::none();
            return card_triple(*cards);
          },
          py::arg("seat"), "The cards pushed to `seat`, from seats p+1, p+2, p+3; None before the exchange ends.")
      .def_property_readonly(
          "exchanged", [](const RecordedHand& h) { return h.state().exchanged(); }, "Whether the play phase has begun.")
      .def_property_readonly(
          "out_order",
          [](const RecordedHand& h) -> py::typing::Tuple<py::int_, py::ellipsis> {
            py::tuple seats(static_cast<std::size_t>(h.state().out_count()));
            for (int i = 0; i < h.state().out_count(); ++i) seats[static_cast<std::size_t>(i)] = h.state().out_seat(i);
            return seats;
          },
          "The seats that went out, in order.")
      .def_property_readonly(
          "wish",
          [](const RecordedHand& h) -> ShownResult<py::typing::Optional<py::int_>> {
            if (!h.state().wish()) return py::none();
            return py::int_(h.state().wish());
          },
          "The wished rank in force, or None.")
      .def_property_readonly(
          "table",
          [](const RecordedHand& h) -> ShownResult<py::typing::Optional<Move>> {
            if (!h.state().table()) return py::none();
            return py::cast(*h.state().table());
          },
          "The combination to beat, or None.")
      .def_property_readonly(
          "table_player", [](const RecordedHand& h) { return h.state().table_player(); },
          "Who played the table's combination, -1 if none.")
      .def_property_readonly(
          "leader", [](const RecordedHand& h) { return h.state().leader(); }, "Who led the current trick.")
      .def_property_readonly(
          "trick", [](const RecordedHand& h) { return Cards{h.state().trick()}; }, "The cards of the current trick.")
      .def(
          "returns",
          [](const RecordedHand& h) -> py::typing::Tuple<py::int_, py::int_> {
            if (!h.state().is_terminal()) throw std::invalid_argument("the hand is not over: no score yet");
            const auto r = h.state().returns();
            return py::make_tuple(r[0], r[1]);
          },
          "The score of each team (R7, R8.3 to R8.5); ValueError before the end.")
      .def(
          "legal_actions",
          [](const RecordedHand& h) {
            thread_local std::array<Action, kMaxActions> scratch;
            const int n = h.state().legal_actions(scratch.data());
            // Copied out before any Python object is made (a finaliser may call the engine).
            const std::vector<Action> actions(scratch.begin(), scratch.begin() + n);
            py::typing::List<Action> result(actions.size());
            for (std::size_t i = 0; i < actions.size(); ++i) result[i] = py::cast(actions[i]);
            return result;
          },
          "Every legal action of the current decision, in the generator's order.")
      .def(
          "is_legal",
          [](const RecordedHand& h, const ActionOrText& action) {
            if (PyUnicode_Check(action.obj.ptr())) return h.state().is_legal(text_arg(action.obj, "action text"));
            return legal_now(h.state(), action_arg(h, action.obj));
          },
          py::arg("action"),
          "Whether the action is legal now; text that reads as no action raises InvalidNotationError.")
      .def(
          "apply", [](RecordedHand& h, const ActionOrText& action) { h.apply(action_arg(h, action.obj)); },
          py::arg("action"), "Applies and records a legal action; IllegalMoveError (nothing changed) otherwise.")
      .def(
          "parse_action",
          [](const RecordedHand& h, const py::str& text) {
            return parse_action(text_arg(text, "action text"), h.state().decision());
          },
          py::arg("text").noconvert(), "Reads an action's text for the current decision.")
      .def_property_readonly(
          "history",
          [](const RecordedHand& h) -> py::typing::List<py::typing::Tuple<Action, py::int_, py::int_>> {
            py::list steps(h.steps().size());
            for (std::size_t i = 0; i < h.steps().size(); ++i) {
              const Step& s = h.steps()[i];
              steps[i] = py::make_tuple(s.action, static_cast<int>(s.decision), static_cast<int>(s.player));
            }
            return steps;
          },
          "Every applied action as (action, decision, player).")
      .def_property_readonly(
          "actions",
          [](const RecordedHand& h) -> py::typing::Tuple<Action, py::ellipsis> {
            py::tuple actions(h.steps().size());
            for (std::size_t i = 0; i < h.steps().size(); ++i) actions[i] = py::cast(h.steps()[i].action);
            return actions;
          },
          "Every applied action, in order.")
      .def_property_readonly(
          "plays",
          [](const RecordedHand& h) -> py::typing::Tuple<py::typing::Tuple<py::int_, py::str>, py::ellipsis> {
            py::list plays;
            for (const Step& s : h.steps()) {
              if (is_public_play(s)) plays.append(py::make_tuple(static_cast<int>(s.player), format_action(s.action)));
            }
            return py::tuple(plays);
          },
          "(seat, move text) of every play every seat saw (R10.3), in order.")
      .def(
          "public_record",
          [](const RecordedHand& h) {
            const PublicRecord r = public_record(h);
            auto ints = [](const std::vector<int>& v) {
              py::tuple t(v.size());
              for (std::size_t i = 0; i < v.size(); ++i) t[i] = v[i];
              return t;
            };
            py::tuple gifts(r.dragon_gifts.size());
            for (std::size_t i = 0; i < r.dragon_gifts.size(); ++i) {
              gifts[i] = py::make_tuple(r.dragon_gifts[i][0], r.dragon_gifts[i][1]);
            }
            const py::object named =
                r.wish_play < 0 ? py::none() : py::object(py::make_tuple(r.wish_play, r.wish_rank));
            const py::object fulfilled = r.wish_fulfilled < 0 ? py::none() : py::object(py::int_(r.wish_fulfilled));
            return py::make_tuple(ints(r.trick_starts), ints(r.passed), named, fulfilled, gifts,
                                  py::make_tuple(r.points[0], r.points[1], r.points[2], r.points[3]));
          },
          "(trick_starts, passed, wish_named, wish_fulfilled, dragon_gifts, points): the public record of "
          "tichu_fast.Observation, computed in the core.")
      .def(
          "clone", [](const RecordedHand& h) { return h; }, "A copy, history included.")
      .def(
          "__eq__", [](const RecordedHand& a, const RecordedHand& b) { return a == b; }, py::is_operator(),
          "Same state and same history.");
  m.def(
      "check_pass_order",
      [](int table_player, const std::vector<int>& passed) { HandState::check_pass_order(table_player, passed); },
      py::arg("table_player"), py::arg("passed"),
      "ValueError unless `passed` lists seats once each, in turn order after the table player (R5.3).");
}

}  // namespace tichu::bindings
