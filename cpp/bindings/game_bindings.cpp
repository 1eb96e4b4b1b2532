// The game state machine for Python: _core.Action and _core.HandCore, the
// C++ half of tichu_fast.HandState (python/tichu_fast/game.py keeps the
// history, the replay text and the construction checks).
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "common.hpp"
#include "tichu/movegen.hpp"
#include "tichu/rng.hpp"
#include "tichu/simulate.hpp"
#include "tichu/state.hpp"

namespace tichu::bindings {
namespace {

Action* scratch_actions() {
  thread_local std::array<Action, kMaxActions> actions;
  return actions.data();
}

py::object enum_member(const char* name, int value) {
  return py::module_::import("tichu_fast.enums").attr(name)(value);
}

std::size_t hash_of(const Action& a) {
  std::uint64_t h = a.move.cards * 0x9E3779B97F4A7C15ULL;
  h ^= (std::uint64_t{static_cast<std::uint8_t>(a.kind)} | std::uint64_t{a.value} << 8 |
        std::uint64_t{a.push[0]} << 16 | std::uint64_t{a.push[1]} << 24 | std::uint64_t{a.push[2]} << 32 |
        std::uint64_t{a.move.rank2} << 40 | std::uint64_t{a.move.phoenix_as} << 48) *
       0xBF58476D1CE4E5B9ULL;
  return static_cast<std::size_t>(h ^ (h >> 31));
}

const Action& action_arg(py::handle obj) {
  if (const Action* a = exact_instance<Action>(obj)) return *a;
  throw py::type_error("an action must be an Action (or its text), not " +
                       std::string(py::str(py::type::of(obj).attr("__name__"))));
}

void check_seat(int seat) {
  if (seat < 0 || seat > 3) throw py::index_error("seat " + std::to_string(seat) + " is not 0..3");
}

// The flat observation of docs/game.md, written into `out` (435 floats).
void fill_observation(const HandState& s, int player, float* out) {
  std::fill(out, out + 435, 0.0f);
  auto cards = [&](int offset, Mask m) {
    for (; m; m &= m - 1) out[offset + std::countr_zero(m)] = 1.0f;
  };
  const bool grand = s.decision() == Decision::GrandTichu;
  cards(0, grand ? s.first_eight(player) : s.hand(player));
  for (int k = 1; k <= 4; ++k) cards(56 * k, s.played_cards((player + k) % 4));
  cards(280, s.trick());
  for (int k = 0; k < 4; ++k) {
    const int seat = (player + k) % 4;
    out[336 + k] = static_cast<float>(count(grand ? s.first_eight(seat) : s.hand(seat))) / 14.0f;
    out[340 + 2 * k] = s.call(seat) == Call::Tichu;
    out[341 + 2 * k] = s.call(seat) == Call::GrandTichu;
    out[348 + k] = s.exchanged() && s.hand(seat) == 0;
  }
  out[352 + s.wish()] = 1.0f;  // slot 352 + rank; 352 itself: no wish
  out[367 + static_cast<int>(s.decision())] = 1.0f;
  if (s.table_player() >= 0) out[375 + (s.table_player() - player + 4) % 4] = 1.0f;
  if (s.exchanged() && s.first_eight(player)) {  // a dealt hand: the exchange is known
    for (int k = 1; k <= 3; ++k) {
      const int from = (player + 4 - k) % 4;  // seat `from` pushed its k-th card to player
      out[379 + s.push(from)[static_cast<std::size_t>(k - 1)]] = 1.0f;
    }
  }
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<Action>(m, "Action", "One decision's answer (docs/game.md); made by HandState, never by hand.")
      .def_property_readonly("kind", [](const Action& a) { return enum_member("ActionKind", static_cast<int>(a.kind)); })
      .def_property_readonly("call",
                             [](const Action& a) {
                               return (a.kind == ActionKind::GrandTichu || a.kind == ActionKind::Tichu) && a.value;
                             })
      .def_property_readonly("push",
                             [](const Action& a) -> py::object {
                               if (a.kind != ActionKind::Push) return py::none();
                               return py::make_tuple(std::string(card_name(a.push[0])), std::string(card_name(a.push[1])),
                                                     std::string(card_name(a.push[2])));
                             })
      .def_property_readonly("move",
                             [](const Action& a) -> py::object {
                               if (a.kind != ActionKind::Play) return py::none();
                               return py::cast(a.move);
                             })
      .def_property_readonly("wish",
                             [](const Action& a) -> py::object {
                               if (a.kind != ActionKind::Wish || a.value == 0) return py::none();
                               return py::int_(a.value);
                             })
      .def_property_readonly("gift_to",
                             [](const Action& a) -> py::object {
                               if (a.kind != ActionKind::Gift) return py::none();
                               return py::int_(a.value);
                             })
      .def("__str__", &format_action)
      .def("__repr__", [](const Action& a) { return "Action('" + format_action(a) + "')"; })
      .def("__hash__", &hash_of)
      .def("__eq__", [](const Action& a, const Action& b) { return a == b; }, py::is_operator())
      .def("__ne__", [](const Action& a, const Action& b) { return !(a == b); }, py::is_operator());

  py::class_<HandState>(m, "HandCore", "The C++ state of one hand; use tichu_fast.HandState.")
      .def_static(
          "from_deck",
          [](const std::vector<int>& deck, bool bombs_out_of_turn) {
            std::array<std::uint8_t, kNumCards> cards{};
            Mask seen = 0;
            if (deck.size() != kNumCards) throw py::value_error("a deck holds 56 cards");
            for (std::size_t i = 0; i < deck.size(); ++i) {
              if (deck[i] < 0 || deck[i] >= kNumCards || (seen >> deck[i] & 1)) throw py::value_error("bad deck");
              seen |= Mask{1} << deck[i];
              cards[i] = static_cast<std::uint8_t>(deck[i]);
            }
            return HandState::from_deck(cards, Rules{bombs_out_of_turn});
          },
          py::arg("deck"), py::arg("bombs_out_of_turn"))
      .def_static(
          "from_position",
          [](const std::array<Mask, 4>& hands, const std::array<Mask, 4>& piles, const std::vector<int>& out_order,
             const std::array<int, 4>& calls, int leader, int wish, int played, bool bombs_out_of_turn) {
            // The caller (game.py) has checked the position; these checks only keep C++ safe.
            HandState::Position p;
            p.hands = hands;
            p.piles = piles;
            if (out_order.size() > 3) throw py::value_error("at most 3 seats can be out");
            for (std::size_t i = 0; i < out_order.size(); ++i) {
              check_seat(out_order[i]);
              p.out_order[i] = static_cast<std::int8_t>(out_order[i]);
            }
            for (std::size_t i = 0; i < 4; ++i) {
              check_mask(hands[i]);
              check_mask(piles[i]);
              if (calls[i] < 0 || calls[i] > 2) throw py::value_error("a call is 0..2");
              p.calls[i] = static_cast<Call>(calls[i]);
            }
            check_seat(leader);
            if (!hands[static_cast<std::size_t>(leader)]) throw py::value_error("the leader holds no cards");
            if (wish != 0 && (wish < kMinRank || wish > kMaxRank)) throw py::value_error("wish is 2..14");
            p.leader = leader;
            p.wish = wish;
            p.played = static_cast<std::uint8_t>(played & 0xF);
            return HandState::from_position(p, Rules{bombs_out_of_turn});
          },
          py::arg("hands"), py::arg("piles"), py::arg("out_order"), py::arg("calls"), py::arg("leader"),
          py::arg("wish"), py::arg("played"), py::arg("bombs_out_of_turn"))
      .def_property_readonly("decision", [](const HandState& s) { return static_cast<int>(s.decision()); })
      .def_property_readonly("current_player", &HandState::current_player)
      .def("hand", [](const HandState& s, int seat) { return check_seat(seat), Cards{s.hand(seat)}; })
      .def("seen", [](const HandState& s, int seat) { return check_seat(seat), Cards{s.first_eight(seat)}; })
      .def("pile", [](const HandState& s, int seat) { return check_seat(seat), Cards{s.pile(seat)}; })
      .def("played_cards", [](const HandState& s, int seat) { return check_seat(seat), Cards{s.played_cards(seat)}; })
      .def("call", [](const HandState& s, int seat) { return check_seat(seat), static_cast<int>(s.call(seat)); })
      .def("push",
           [](const HandState& s, int seat) -> py::object {
             check_seat(seat);
             // Chosen: during the exchange by the seats before the one choosing, after it by all
             // (unless the hand began from a position, where no push is known).
             const bool chosen = s.exchanged() ? s.first_eight(seat) != 0
                                               : s.decision() == Decision::Exchange && seat < s.current_player();
             if (!chosen) return py::none();
             const auto& p = s.push(seat);
             return py::make_tuple(std::string(card_name(p[0])), std::string(card_name(p[1])),
                                   std::string(card_name(p[2])));
           })
      .def_property_readonly("exchanged", &HandState::exchanged)
      .def_property_readonly("out_order",
                             [](const HandState& s) {
                               py::list seats;
                               for (int i = 0; i < s.out_count(); ++i) seats.append(s.out_seat(i));
                               return py::tuple(seats);
                             })
      .def_property_readonly("wish", [](const HandState& s) -> py::object {
        return s.wish() ? py::object(py::int_(s.wish())) : py::object(py::none());
      })
      .def_property_readonly("table", [](const HandState& s) -> py::object {
        return s.table() ? py::cast(*s.table()) : py::object(py::none());
      })
      .def_property_readonly("table_player", &HandState::table_player)
      .def_property_readonly("leader", &HandState::leader)
      .def_property_readonly("trick", [](const HandState& s) { return Cards{s.trick()}; })
      .def("is_terminal", &HandState::is_terminal)
      .def("returns",
           [](const HandState& s) {
             if (!s.is_terminal()) throw py::value_error("the hand is not over: no score yet");
             const auto r = s.returns();
             return py::make_tuple(r[0], r[1]);
           })
      .def("legal_actions",
           [](const HandState& s) {
             Action* actions = scratch_actions();
             const int n = s.legal_actions(actions);
             py::list result(static_cast<std::size_t>(n));
             for (int i = 0; i < n; ++i) result[static_cast<std::size_t>(i)] = py::cast(actions[i]);
             return result;
           })
      .def("action_count", [](const HandState& s) { return s.legal_actions(scratch_actions()); })
      .def("legal_action", [](const HandState& s, int index) {
        Action* actions = scratch_actions();
        const int n = s.legal_actions(actions);
        if (index < 0 || index >= n) throw py::index_error("action index " + std::to_string(index) + " is not 0.." + std::to_string(n - 1));
        return actions[index];
      })
      .def("is_legal", [](const HandState& s, py::handle a) { return s.is_legal(action_arg(a)); })
      .def("apply",
           [](HandState& s, py::handle a) {
             const Action& action = action_arg(a);
             if (s.is_terminal()) throw IllegalActionError("the hand is over: no action is legal");
             if (!s.is_legal(action)) {
               throw IllegalActionError("'" + format_action(action) + "' is not legal for seat " +
                                        std::to_string(s.current_player()) + " now");
             }
             s.apply(action);
           })
      .def("parse_action", [](const HandState& s, py::handle text) { return parse_action(text_arg(text, "action text"), s); })
      .def("clone", [](const HandState& s) { return s; })
      .def("__eq__", [](const HandState& a, const HandState& b) { return a == b; }, py::is_operator())
      .def("fill_observation",
           [](const HandState& s, int player, py::array_t<float, py::array::c_style> out) {
             check_seat(player);
             if (out.ndim() != 1 || out.shape(0) != 435) throw py::value_error("out must hold OBSERVATION_SIZE floats");
             fill_observation(s, player, out.mutable_data());
           });

  m.def("hand_seed", &hand_seed, py::arg("seed"), py::arg("k"), "The seed of hand k dealt from `seed`.");
  m.def(
      "simulate",
      [](std::uint64_t seed, std::uint64_t first, int n, bool bombs_out_of_turn) {
        if (n < 0) throw py::value_error("n must be >= 0");
        std::vector<HandRecord> records(static_cast<std::size_t>(n));
        {
          py::gil_scoped_release release;
          simulate_hands(seed, first, n, Rules{bombs_out_of_turn}, records.data());
        }
        py::array_t<std::int32_t> table({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(10)});
        auto t = table.mutable_unchecked<2>();
        for (py::ssize_t i = 0; i < n; ++i) {
          const HandRecord& r = records[static_cast<std::size_t>(i)];
          const std::array<int, 10> row{r.score[0], r.score[1], r.one_two, r.first_out, r.tricks, r.bombs,
                                        r.calls[0], r.calls[1], r.calls[2], r.calls[3]};
          for (py::ssize_t j = 0; j < 10; ++j) t(i, j) = row[static_cast<std::size_t>(j)];
        }
        return table;
      },
      py::arg("seed"), py::arg("first"), py::arg("n"), py::arg("bombs_out_of_turn") = true,
      "Plays n random-policy hands in C++; one row per hand: score0, score1, one_two, first_out, tricks, "
      "bombs, call0..call3.");
}

}  // namespace tichu::bindings
