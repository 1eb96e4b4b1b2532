// _core.Action for Python: one decision's answer, its fields and text (docs/game.md).
// Made by HandCore (hand_bindings.cpp), never by hand.
#include <array>
#include <cstdint>
#include <string>

#include <pybind11/typing.h>

#include "common.hpp"

namespace tichu::bindings {
namespace {

using CardTriple = ShownResult<py::typing::Optional<py::typing::Tuple<py::str, py::str, py::str>>>;

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

}  // namespace

py::object card_triple(const std::array<std::uint8_t, 3>& cards) {
  return py::make_tuple(std::string(card_name(cards[0])), std::string(card_name(cards[1])),
                        std::string(card_name(cards[2])));
}

void register_action(py::module_& m) {
  py::class_<Action>(m, "Action", "One decision's answer (docs/game.md); made by HandState, never by hand.")
      .def_property_readonly(
          "kind", [](const Action& a) { return enum_member("ActionKind", static_cast<int>(a.kind)); },
          "The ActionKind.")
      .def_property_readonly(
          "call",
          [](const Action& a) { return (a.kind == ActionKind::GrandTichu || a.kind == ActionKind::Tichu) && a.value; },
          "For a call decision: whether the call is made.")
      .def_property_readonly(
          "push",
          [](const Action& a) -> CardTriple {
            if (a.kind != ActionKind::Push) return py::none();
            return card_triple(a.push);
          },
          "For a push: the cards to seats p+1, p+2, p+3; else None.")
      .def_property_readonly(
          "move",
          [](const Action& a) -> ShownResult<py::typing::Optional<Move>> {
            if (a.kind != ActionKind::Play) return py::none();
            return py::cast(a.move);
          },
          "For a play (or pass): the Move; else None.")
      .def_property_readonly(
          "wish",
          [](const Action& a) -> ShownResult<py::typing::Optional<py::int_>> {
            if (a.kind != ActionKind::Wish || a.value == 0) return py::none();
            return py::int_(a.value);
          },
          "For a wish: the rank wished, None for no wish (or another kind).")
      .def_property_readonly(
          "gift_to",
          [](const Action& a) -> ShownResult<py::typing::Optional<py::int_>> {
            if (a.kind != ActionKind::Gift) return py::none();
            return py::int_(a.value);
          },
          "For a Dragon gift: the seat receiving the trick; else None.")
      .def("__str__", &format_action, "The action's exact text (docs/game.md).")
      .def(
          "__repr__", [](const Action& a) { return "Action('" + format_action(a) + "')"; }, "Action('text').")
      .def("__hash__", &hash_of, "A hash consistent with ==.")
      .def(
          "__eq__", [](const Action& a, const Action& b) { return a == b; }, py::is_operator(), "Same action.")
      .def(
          "__ne__", [](const Action& a, const Action& b) { return !(a == b); }, py::is_operator(),
          "Not the same action.");
}

}  // namespace tichu::bindings
