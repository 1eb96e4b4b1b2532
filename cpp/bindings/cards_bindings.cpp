// tichu_fast.Cards and the card-set conversions every binding uses.
#include <limits>
#include <string>

#include "common.hpp"
#include "tichu/game/score.hpp"

namespace tichu::bindings {
namespace {

Cards cards_from_object(py::handle obj) {
  if (obj.is_none()) return Cards{};
  if (py::isinstance<py::str>(obj) || is_index(obj) || py::isinstance<Cards>(obj)) {
    return Cards{to_mask(obj)};
  }
  if (!py::isinstance<py::iterable>(obj)) {
    throw py::type_error("Cards() takes card text, a mask int or an iterable of card names, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  Mask mask = 0;
  for (py::handle item : obj) {
    if (!py::isinstance<py::str>(item)) {
      throw py::type_error("Cards() iterable items must be card names (str), not " +
                           std::string(py::str(py::type::of(item).attr("__name__"))));
    }
    const std::string name = text_arg(item, "a card name");
    const int index = parse_card_name(name);
    if (index < 0) throw unknown_card(name);
    if (mask & (Mask{1} << index)) throw NotationError("duplicate card " + quoted(name));
    mask |= Mask{1} << index;
  }
  return Cards{mask};
}

int card_index_of(const std::string& name) {
  const int index = parse_card_name(name);
  if (index < 0) throw unknown_card(name);
  return index;
}

py::list names_of(Mask mask) {
  py::list names;
  for (Mask m = mask; m != 0; m &= m - 1) names.append(py::str(std::string(card_name(std::countr_zero(m)))));
  return names;
}

}  // namespace

std::string text_arg(py::handle obj, const char* what) {
  if (!PyUnicode_Check(obj.ptr())) {  // pybind11 would take bytes too
    throw py::type_error(std::string(what) + " must be a str, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (!utf8) {  // lone surrogates have no UTF-8 form; the reference reads them as unknown text
    PyErr_Clear();
    throw NotationError(std::string(what) + " is not valid text (it holds a lone surrogate)");
  }
  return {utf8, static_cast<std::size_t>(size)};
}

bool is_index(py::handle obj) {
  // numpy integer scalars count; arrays (even 0-d) and bools do not.
  return !py::isinstance<py::bool_>(obj) && PyIndex_Check(obj.ptr()) && !py::isinstance<py::array>(obj);
}

namespace {

py::int_ index_of(py::handle obj, const char* what) {
  if (PyLong_CheckExact(obj.ptr())) return py::reinterpret_borrow<py::int_>(obj);
  if (!is_index(obj)) {
    throw py::type_error(std::string(what) + " must be an int, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  PyObject* value = PyNumber_Index(obj.ptr());  // fails for e.g. arrays of more than one element
  if (!value) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw py::error_already_set();  // KeyboardInterrupt, ...
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be an int, not " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  }
  return py::reinterpret_steal<py::int_>(value);
}

}  // namespace

long long small_int(py::handle obj, const char* what) {
  const py::int_ value = index_of(obj, what);
  const long long result = PyLong_AsLongLong(value.ptr());
  if (result == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(std::string(what) + " is out of range");
  }
  return result;
}

void check_seat(long long seat, const char* what) {
  if (seat < 0 || seat > 3) throw py::index_error(std::string(what) + " " + std::to_string(seat) + " is not 0..3");
}

int seat_arg(py::handle obj, const char* what) {
  long long seat = -1;
  try {
    seat = small_int(obj, what);
  } catch (const py::value_error&) {  // too large for a long long
    throw py::index_error(std::string(what) + " " + quoted(py::str(obj).cast<std::string>()) + " is not 0..3");
  }
  check_seat(seat, what);
  return static_cast<int>(seat);
}

std::uint64_t uint64_int(py::handle obj, const char* what) {
  const py::int_ value = index_of(obj, what);
  const auto result = PyLong_AsUnsignedLongLong(value.ptr());
  if (result == std::numeric_limits<unsigned long long>::max() &&
      PyErr_Occurred()) {  // CPython's (unsigned long long)-1
    PyErr_Clear();
    if (value < py::int_(0)) throw py::value_error(std::string(what) + " cannot be negative");
    throw py::value_error(std::string(what) + " must be below 2**64");
  }
  return result;
}

Mask mask_from_int(py::handle obj) {
  const std::uint64_t mask = uint64_int(obj, "a card mask");
  check_mask(mask);
  return mask;
}

Mask to_mask(py::handle obj, const char* what) {
  if (const auto* cards = exact_instance<Cards>(obj)) return cards->mask;
  if (PyLong_CheckExact(obj.ptr())) return mask_from_int(obj);
  if (py::isinstance<Cards>(obj)) {  // a subclass: checked, since it may bypass Cards' constructors
    const Mask mask = obj.cast<const Cards&>().mask;
    check_mask(mask);
    return mask;
  }
  if (py::isinstance<py::str>(obj)) return parse_cards(text_arg(obj, what));
  if (is_index(obj)) return mask_from_int(obj);
  throw py::type_error(std::string(what) + " must be Cards, a mask int or card text, not " +
                       std::string(py::str(py::type::of(obj).attr("__name__"))));
}

void register_cards(py::module_& m) {
  py::class_<Cards>(m, "Cards", "An immutable set of Tichu cards, a 56-bit mask underneath.")
      .def(py::init([](const Shown<py::typing::Union<Cards, py::str, py::int_, py::typing::Iterable<py::str>,
                                                      py::none>>& cards) { return cards_from_object(cards.obj); }),
           py::arg("cards") = py::none(), "Cards from card text, a mask, card names or another Cards; empty for None.")
      .def_static(
          "parse", [](const TextArg& text) { return Cards{parse_cards(text_arg(text.obj, "card text"))}; },
          py::arg("text"), "Reads card text such as '5j 5s Ph' (docs/api.md); InvalidNotationError if it is not.")
      .def_static(
          "from_mask", [](const IntArg& mask) { return Cards{mask_from_int(mask.obj)}; }, py::arg("mask"),
          "The set of a 56-bit mask; ValueError for bits outside the deck.")
      .def_property_readonly(
          "mask", [](const Cards& c) { return c.mask; }, "The 56-bit mask (bit layout in docs/api.md).")
      .def_property_readonly(
          "points", [](const Cards& c) { return card_points(c.mask); }, "Card points of the set (R8.5).")
      .def("__len__", [](const Cards& c) { return count(c.mask); })
      .def("__bool__", [](const Cards& c) { return c.mask != 0; })
      .def("__contains__",
           [](const Cards& c, const TextArg& card) {
             if (!py::isinstance<py::str>(card.obj)) throw py::type_error("'in' takes a card name (str)");
             return (c.mask >> card_index_of(text_arg(card.obj, "a card name")) & 1) != 0;
           },
           py::arg("card"))
      .def("__iter__", [](const Cards& c) { return py::iter(names_of(c.mask)); })
      .def("__str__", [](const Cards& c) { return format_cards(c.mask); })
      .def("__repr__", [](const Cards& c) { return "Cards('" + format_cards(c.mask) + "')"; })
      .def("__hash__", [](const Cards& c) { return py::hash(py::int_(c.mask)); })
      .def(
          "__eq__", [](const Cards& a, const Cards& b) { return a.mask == b.mask; }, py::is_operator())
      .def(
          "__ne__", [](const Cards& a, const Cards& b) { return a.mask != b.mask; }, py::is_operator())
      .def(
          "__le__", [](const Cards& a, const Cards& b) { return (a.mask & ~b.mask) == 0; }, py::is_operator())
      .def(
          "__lt__", [](const Cards& a, const Cards& b) { return (a.mask & ~b.mask) == 0 && a.mask != b.mask; },
          py::is_operator())
      .def(
          "__ge__", [](const Cards& a, const Cards& b) { return (b.mask & ~a.mask) == 0; }, py::is_operator())
      .def(
          "__gt__", [](const Cards& a, const Cards& b) { return (b.mask & ~a.mask) == 0 && a.mask != b.mask; },
          py::is_operator())
      .def(
          "__or__", [](const Cards& a, const Cards& b) { return Cards{a.mask | b.mask}; }, py::is_operator())
      .def(
          "__and__", [](const Cards& a, const Cards& b) { return Cards{a.mask & b.mask}; }, py::is_operator())
      .def(
          "__sub__", [](const Cards& a, const Cards& b) { return Cards{a.mask & ~b.mask}; }, py::is_operator())
      .def(
          "__xor__", [](const Cards& a, const Cards& b) { return Cards{a.mask ^ b.mask}; }, py::is_operator())
      .def(
          "isdisjoint", [](const Cards& a, const Cards& b) { return (a.mask & b.mask) == 0; }, py::arg("other"),
          "Whether the two sets share no card.")
      .def(py::pickle([](const Cards& c) { return py::make_tuple(c.mask); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw py::value_error("bad Cards pickle state");
                        return Cards{mask_from_int(t[0])};
                      }));

  py::list names;
  for (int i = 0; i < kNumCards; ++i) names.append(py::str(std::string(card_name(i))));
  m.attr("CARD_NAMES") = py::tuple(names);
  m.attr("DECK") = Cards{kDeck};
}

}  // namespace tichu::bindings
