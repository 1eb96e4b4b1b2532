// What the binding files share: the Python-side Cards value, argument
// conversion (Cards, mask or text), and the Python enums and dtype that the
// pure-Python modules define once for both backends.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "tichu/cards.hpp"
#include "tichu/combo.hpp"

namespace tichu::bindings {

namespace py = pybind11;

// tichu_fast.Cards: an immutable set of cards.
struct Cards {
  Mask mask = 0;
};

// A hand/card set argument: Cards, a mask int, or card text.
Mask to_mask(py::handle obj, const char* what = "cards");

// A mask from a Python int: TypeError for non-ints (bool included),
// ValueError for negatives and bits outside the deck.
Mask mask_from_int(py::handle obj);

// The table argument: None (nullptr), a Move, or move text parsed into `storage`.
const Move* to_table(py::handle obj, Move& storage);


// Python-side vocabulary imported from the pure-Python modules.
py::object move_type(MoveType type);  // a tichu_fast.enums.MoveType member
const py::dtype& move_dtype();         // tichu_fast.formats.MOVE_DTYPE

void bind_cards(py::module_& m);
void bind_move(py::module_& m);
void bind_functions(py::module_& m);
void bind_bench(py::module_& m);

}  // namespace tichu::bindings
