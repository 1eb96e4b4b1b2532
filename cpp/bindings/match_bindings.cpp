// The rules and the match for Python: the one conversion of a
// tichu_fast.Rules into the core's Rules, and the end of a match (R9.1,
// decided in match.hpp for tichu_fast.Match).
#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

#include "common.hpp"
#include "tichu/game/match.hpp"

namespace tichu::bindings {

namespace {

// The fields of Rules under the names of the Python dataclass, which declares
// each option once with its type and range (python/tichu_fast/rules.py): a
// new option is its member in the core's Rules and one line here.
// `_core.RULES_FIELDS` lists these names, and a test holds them to the
// dataclass's fields.
struct BoolField {
  const char* name;
  bool Rules::* member;
};
struct IntField {
  const char* name;
  int Rules::* member;
};
constexpr std::array kBoolFields{BoolField{"bombs_out_of_turn", &Rules::bombs_out_of_turn}};
constexpr std::array kIntFields{IntField{"target", &Rules::target}};

}  // namespace

Rules to_rules(py::handle obj) {
  if (!py::isinstance(obj, rules_type())) {
    throw py::type_error("rules must be a tichu_fast.Rules, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  Rules rules;
  for (const BoolField& field : kBoolFields) {
    const py::object value = obj.attr(field.name);
    if (!PyBool_Check(value.ptr())) throw py::type_error(std::string(field.name) + " must be a bool");
    rules.*field.member = value.ptr() == Py_True;
  }
  for (const IntField& field : kIntFields) {
    const long long value = small_int(obj.attr(field.name), field.name);
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
      throw py::value_error(std::string(field.name) + " is out of range");
    }
    rules.*field.member = static_cast<int>(value);
  }
  try {
    check_rules(rules);  // the core's ranges, whatever bypassed the dataclass's own check
  } catch (const std::invalid_argument& error) {
    throw py::value_error(error.what());
  }
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
  py::tuple names(kBoolFields.size() + kIntFields.size());
  std::size_t i = 0;
  for (const BoolField& field : kBoolFields) names[i++] = field.name;
  for (const IntField& field : kIntFields) names[i++] = field.name;
  m.attr("RULES_FIELDS") = names;
}

}  // namespace tichu::bindings
