// tichu_fast._core: the C++ core, exposed to the public tichu_fast package.
#include <pybind11/gil_safe_call_once.h>

#include "common.hpp"
#include "tichu/state.hpp"

namespace tichu::bindings {
namespace {

struct PythonVocabulary {
  py::tuple move_types;
  py::dtype move_dtype;
  py::object notation_error;
  py::object illegal_move_error;
};

PythonVocabulary& vocabulary() {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<PythonVocabulary> storage;
  return storage
      .call_once_and_store_result([] {
        py::object enum_type = py::module_::import("tichu_fast.enums").attr("MoveType");
        py::tuple members(10);
        for (int i = 0; i < 10; ++i) members[static_cast<std::size_t>(i)] = enum_type(i);
        return PythonVocabulary{members, py::module_::import("tichu_fast.formats").attr("MOVE_DTYPE").cast<py::dtype>(),
                                py::module_::import("tichu_fast.errors").attr("InvalidNotationError"),
                                py::module_::import("tichu_fast.errors").attr("IllegalMoveError")};
      })
      .get_stored();
}

}  // namespace

py::object move_type(MoveType type) { return vocabulary().move_types[static_cast<std::size_t>(type)]; }

const py::dtype& move_dtype() { return vocabulary().move_dtype; }

py::handle notation_error() { return vocabulary().notation_error; }

py::handle illegal_move_error() { return vocabulary().illegal_move_error; }

}  // namespace tichu::bindings

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "The C++ core of tichu_fast; use the public tichu_fast package instead.";

  // The bindings raise the same exception classes as the reference backend.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tichu::NotationError& e) {
      PyErr_SetString(tichu::bindings::notation_error().ptr(), e.what());
    } catch (const tichu::IllegalActionError& e) {
      PyErr_SetString(tichu::bindings::illegal_move_error().ptr(), e.what());
    }
  });

  tichu::bindings::bind_cards(m);
  tichu::bindings::bind_move(m);
  tichu::bindings::bind_functions(m);
  tichu::bindings::bind_legal(m);
  tichu::bindings::bind_game(m);
  tichu::bindings::bind_bench(m);
}
