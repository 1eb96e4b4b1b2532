// The rules and the match for Python: the one conversion of a
// tichu_fast.Rules into the core's Rules, and the end of a match (R9.1,
// decided in match.hpp for tichu_fast.Match).
#include <string>

#include "common.hpp"
#include "tichu/game/match.hpp"

namespace tichu::bindings {

Rules to_rules(py::handle obj) {
  if (!py::isinstance(obj, rules_type())) {
    throw py::type_error("rules must be a tichu_fast.Rules, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  const py::object bombs = obj.attr("bombs_out_of_turn");
  if (!PyBool_Check(bombs.ptr())) throw py::type_error("bombs_out_of_turn must be a bool");
  Rules rules;
  rules.bombs_out_of_turn = bombs.ptr() == Py_True;
  const long long target = small_int(obj.attr("target"), "target");
  if (target < kMinTarget || target > kMaxTarget) {
    throw py::value_error("target must be 1..1000000, not " + std::to_string(target));
  }
  rules.target = static_cast<int>(target);
  return rules;
}

void register_match(py::module_& m) {
  m.def(
      "match_over",
      [](std::int64_t a, std::int64_t b, py::handle rules) { return match_over({a, b}, to_rules(rules)); },
      py::arg("a"), py::arg("b"), py::arg("rules"),
      "Whether a match with team totals a and b is over (R9.1): a team has reached rules.target and the totals "
      "differ.");
  m.def(
      "match_winner",
      [](std::int64_t a, std::int64_t b, py::handle rules) { return match_winner({a, b}, to_rules(rules)); },
      py::arg("a"), py::arg("b"), py::arg("rules"), "The team that won a match over (R9.1), or -1 while it goes on.");
  m.def(
      "add_hand",
      [](std::int64_t a, std::int64_t b, const RecordedHand& hand) {
        const MatchTotals totals = add_hand({a, b}, hand.state());
        return py::make_tuple(totals[0], totals[1]);
      },
      py::arg("a"), py::arg("b"), py::arg("hand"),
      "The team totals (a, b) with a finished hand's returns added; ValueError before its end.");
}

}  // namespace tichu::bindings
