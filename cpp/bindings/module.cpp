// tichu_fast._core: the C++ core, exposed to the public tichu_fast package.
#include <pybind11/gil_safe_call_once.h>

#include <new>

#include "common.hpp"

namespace tichu::bindings {
namespace {

struct PythonVocabulary {
  py::tuple move_types;
  py::dtype move_dtype;
  py::object notation_error;
  py::object illegal_move_error;
  py::object rules_type;
};

PythonVocabulary& vocabulary() {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<PythonVocabulary> storage;
  return storage
      .call_once_and_store_result([] {
        py::object enum_type = py::module_::import("tichu_fast.enums").attr("MoveType");
        py::tuple members(10);
        for (int i = 0; i < 10; ++i) members[static_cast<std::size_t>(i)] = enum_type(i);
        py::module_ errors = py::module_::import("tichu_fast.errors");
        return PythonVocabulary{.move_types = members,
                                .move_dtype =
                                    py::module_::import("tichu_fast.formats").attr("MOVE_DTYPE").cast<py::dtype>(),
                                .notation_error = errors.attr("InvalidNotationError"),
                                .illegal_move_error = errors.attr("IllegalMoveError"),
                                .rules_type = py::module_::import("tichu_fast.rules").attr("Rules")};
      })
      .get_stored();
}

}  // namespace

py::object move_type(MoveType type) { return vocabulary().move_types[static_cast<std::size_t>(type)]; }

const py::dtype& move_dtype() { return vocabulary().move_dtype; }

py::handle notation_error() { return vocabulary().notation_error; }

py::handle illegal_move_error() { return vocabulary().illegal_move_error; }

py::handle rules_type() { return vocabulary().rules_type; }

// The core's exceptions as the classes the reference backend raises. Most
// derived first: NotationError and IllegalActionError are invalid_arguments.
void set_python_error() {
  try {
    throw;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const NotationError& e) {
    PyErr_SetString(notation_error().ptr(), e.what());
  } catch (const IllegalActionError& e) {
    PyErr_SetString(illegal_move_error().ptr(), e.what());
  } catch (const std::invalid_argument& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const std::out_of_range& e) {
    PyErr_SetString(PyExc_IndexError, e.what());
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
}

}  // namespace tichu::bindings

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "The C++ core of tichu_fast; use the public tichu_fast package instead.";

  // NOLINTNEXTLINE(performance-unnecessary-value-param): pybind11 takes a void(*)(std::exception_ptr)
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    try {
      std::rethrow_exception(p);
    } catch (...) {
      tichu::bindings::set_python_error();
    }
  });

  tichu::bindings::bind_cards(m);
  tichu::bindings::bind_move(m);
  tichu::bindings::bind_functions(m);
  tichu::bindings::bind_legal(m);
  tichu::bindings::bind_game(m);
  tichu::bindings::bind_infostate(m);
  tichu::bindings::bind_observation(m);
  tichu::bindings::bind_bench(m);
  tichu::bindings::bind_search(m);
  tichu::bindings::bind_ismcts(m);
  tichu::bindings::bind_rl(m);
  tichu::bindings::bind_vec(m);
  tichu::bindings::bind_duplicate(m);
  tichu::bindings::bind_solver(m);
}
