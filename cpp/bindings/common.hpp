// What the binding files share: the Python-side Cards value, argument
// conversion (Cards, mask or text), and the Python enums and dtype that the
// pure-Python modules define once for both backends.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "tichu/cards.hpp"
#include "tichu/combo.hpp"

namespace tichu::bindings {

namespace py = pybind11;

// tichu_fast.Cards: an immutable set of cards.
struct Cards {
  Mask mask = 0;
};

// The C++ value inside `obj` when it is exactly a bound T (not a subclass),
// else nullptr. Skips pybind11's type registry lookups, which cost more
// than a whole legal-move enumeration on the hot path.
template <typename T>
const T* exact_instance(py::handle obj) {
  static PyTypeObject* const type = reinterpret_cast<PyTypeObject*>(py::type::of<T>().ptr());
  if (Py_TYPE(obj.ptr()) != type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  if (!inst->simple_layout) return &obj.cast<const T&>();
  if (!inst->simple_holder_constructed) {  // made by T.__new__ without __init__
    throw py::type_error(std::string(py::str(py::type::of(obj).attr("__name__"))) + " object was never initialised");
  }
  return static_cast<const T*>(inst->simple_value_holder[0]);
}

// A text argument: a str (not bytes), as UTF-8.
std::string text_arg(py::handle obj, const char* what);

// A hand/card set argument: Cards, a mask int, or card text.
Mask to_mask(py::handle obj, const char* what = "cards");

// Whether `obj` is an integer argument: an int or anything with __index__
// (numpy integers), but not a bool.
bool is_index(py::handle obj);

// An integer argument as a C++ value: TypeError unless is_index, ValueError
// when it does not fit (`what` names the argument in the message).
long long small_int(py::handle obj, const char* what);
std::uint64_t uint64_int(py::handle obj, const char* what);

// A mask from an integer argument: ValueError for negatives and bits outside
// the deck.
Mask mask_from_int(py::handle obj);

// The table argument: None (nullptr), a Move, or move text parsed into `storage`.
const Move* to_table(py::handle obj, Move& storage);


// Python-side vocabulary imported from the pure-Python modules.
py::object move_type(MoveType type);  // a tichu_fast.enums.MoveType member
const py::dtype& move_dtype();         // tichu_fast.formats.MOVE_DTYPE
py::handle notation_error();           // tichu_fast.errors.InvalidNotationError
py::handle illegal_move_error();       // tichu_fast.errors.IllegalMoveError

void bind_cards(py::module_& m);
void bind_move(py::module_& m);
void bind_functions(py::module_& m);
void bind_legal(py::module_& m);
void bind_game(py::module_& m);
void bind_bench(py::module_& m);

}  // namespace tichu::bindings
