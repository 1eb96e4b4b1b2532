// tichu_fast.Move: one combination as played, with its exact text form.
#include <string>

#include "common.hpp"

namespace tichu::bindings {
namespace {

py::object rank_of(const Move& move) {
  if (move.rank2 % 2) return py::float_(move.rank2 / 2.0);
  return py::int_(move.rank2 / 2);
}

std::size_t hash_of(const Move& move) {
  std::uint64_t h = move.cards * 0x9E3779B97F4A7C15ULL;
  h ^= (std::uint64_t{static_cast<std::uint8_t>(move.type)} << 8 | move.rank2 | std::uint64_t{move.phoenix_as} << 16) *
       0xBF58476D1CE4E5B9ULL;
  return static_cast<std::size_t>(h ^ (h >> 31));
}

std::uint8_t small_field(py::handle row, const char* name) {
  const long long value = small_int(row[name], name);
  if (value < 0 || value > 255) throw py::value_error(std::string(name) + " must be 0..255");
  return static_cast<std::uint8_t>(value);
}

// A Move from one MOVE_DTYPE record (a numpy structured scalar or any
// object indexable by field name).
Move from_record(py::handle row) {
  Move move;
  move.cards = mask_from_int(row["cards"]);
  const long long type = small_int(row["type"], "type");
  if (type < 0 || type > static_cast<int>(MoveType::StraightFlush)) {
    throw py::value_error("move type " + std::to_string(type) + " is not 0..9");
  }
  move.type = static_cast<MoveType>(type);
  move.length = small_field(row, "length");
  move.rank2 = small_field(row, "rank2");
  move.phoenix_as = small_field(row, "phoenix_as");
  check_move(move);
  return move;
}

}  // namespace

const Move* to_table(py::handle obj, Move& storage) {
  if (obj.is_none()) return nullptr;
  if (const Move* move = exact_instance<Move>(obj)) return move;
  if (py::isinstance<Move>(obj)) {  // a subclass: checked, since it may bypass Move's constructors
    storage = obj.cast<const Move&>();
    check_move(storage);
    return &storage;
  }
  if (py::isinstance<py::str>(obj)) {
    storage = parse_move(text_arg(obj, "table"));
    return &storage;
  }
  throw py::type_error("table must be a Move, move text or None, not " +
                       std::string(py::str(py::type::of(obj).attr("__name__"))));
}

void register_move(py::module_& m) {
  py::class_<Move> cls(m, "Move", "One combination as played: cards, type, length and rank (R3.5).");
  cls.def(py::init([](const TextArg& text) { return parse_move(text_arg(text.obj, "move text")); }), py::arg("text"),
          "The move of this exact text, e.g. '5j 5s' or 'Ph:9.5' (docs/api.md).")
      .def_static(
          "parse", [](const TextArg& text) { return parse_move(text_arg(text.obj, "move text")); }, py::arg("text"),
          "Reads move text (as Move(text)); InvalidNotationError if it names no combination.")
      .def_static("from_record", &from_record, py::arg("row"),
                  "The move of one MOVE_DTYPE record, checked like parsed text.")
      .def_property_readonly(
          "cards", [](const Move& mv) { return Cards{mv.cards}; }, "The cards played (empty for the pass).")
      .def_property_readonly(
          "type", [](const Move& mv) { return move_type(mv.type); }, "The combination (MoveType).")
      .def_property_readonly(
          "length", [](const Move& mv) { return mv.length; }, "How many cards are played.")
      .def_property_readonly("rank", &rank_of, "The rank that decides what beats it (x.5 for the Phoenix single).")
      .def_property_readonly(
          "rank2", [](const Move& mv) { return mv.rank2; }, "Twice the rank, a whole number (MOVE_DTYPE's field).")
      .def_property_readonly(
          "phoenix_as",
          [](const Move& mv) -> py::object {
            if (mv.phoenix_as == 0) return py::none();
            return py::int_(mv.phoenix_as);
          },
          "The rank the Phoenix stands for in a combination, or None.")
      .def_property_readonly(
          "is_bomb", [](const Move& mv) { return is_bomb(mv.type); }, "Whether it is a bomb (R4.1).")
      .def_property_readonly(
          "is_pass", [](const Move& mv) { return mv.type == MoveType::Pass; }, "Whether it is the pass.")
      .def(
          "beats",
          [](const Move& mv, const TableArg& table) {
            Move storage;
            const Move* t = to_table(table.obj, storage);
            if (t && t->type == MoveType::Pass)
              throw py::value_error("table must be a combination or None, not a pass");
            return beats(mv, t);
          },
          py::arg("table"), "Whether this move may be played on `table` (None: leading; R5, R4.2).")
      .def("__str__", &format_move)
      .def("__repr__", [](const Move& mv) { return "Move('" + format_move(mv) + "')"; })
      .def("__hash__", &hash_of)
      .def(
          "__eq__", [](const Move& a, const Move& b) { return a == b; }, py::is_operator())
      .def(
          "__ne__", [](const Move& a, const Move& b) { return !(a == b); }, py::is_operator())
      .def(py::pickle([](const Move& mv) { return py::make_tuple(format_move(mv)); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw py::value_error("bad Move pickle state");
                        return parse_move(text_arg(t[0], "a Move pickle state"));
                      }));
  cls.attr("PASS") = kPass;
}

}  // namespace tichu::bindings
