// tichu_fast._core: the C++ core, exposed to the public tichu_fast package.
#include <pybind11/gil_safe_call_once.h>

#include <atomic>
#include <chrono>
#include <new>
#include <thread>

#if !defined(_WIN32)
#include <pthread.h>
#endif

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

unsigned long main_thread_ident = 0;  // NOLINT: set once at import (threading.main_thread())
std::atomic<int> coming_back{0};      // threads between their exit check and the GIL back (GilFree::reacquire)
thread_local PyObject* stop_type = nullptr;  // the error PyErr_CheckSignals raised, kept for the Stopped it causes
thread_local PyObject* stop_value = nullptr;
thread_local PyObject* stop_traceback = nullptr;

// The interpreter is exiting: a thread other than the main one never comes back into Python.
[[noreturn]] void wait_for_the_end() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(24));
}

// atexit (the GIL held; every non-daemon thread joined; finalization not begun): every loop stops
// at its next check, and threads already on their way back get the GIL while that is still safe.
void at_exit() {
  stop_all_loops();
  for (int i = 0; i < 2000 && coming_back.load() > 0; ++i) {
    const py::gil_scoped_release release;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// Sets the Python error for Stopped: the signal's exception (KeyboardInterrupt) when Ctrl-C caused it.
void raise_stopped() {
  if (stop_type != nullptr) {
    PyErr_Restore(stop_type, stop_value, stop_traceback);
    stop_type = stop_value = stop_traceback = nullptr;
    return;
  }
  PyErr_SetString(PyExc_RuntimeError, "stopped: the interpreter is exiting");
}

}  // namespace

GilFree::GilFree() : main_(PyThread_get_thread_ident() == main_thread_ident) {
  poll_.state = PyEval_SaveThread();
  if (!main_ && all_loops_stopping()) wait_for_the_end();
  if (main_) scope_.emplace(&poll_);
}

void GilFree::reacquire() {
  scope_.reset();
  if (!main_) {
    coming_back.fetch_add(1);
    if (all_loops_stopping()) {
      coming_back.fetch_sub(1);
      wait_for_the_end();
    }
  }
  PyEval_RestoreThread(poll_.state);
  if (!main_) coming_back.fetch_sub(1);
}

bool GilFree::MainPoll::poll() {
  PyEval_RestoreThread(state);
  const bool stop = PyErr_CheckSignals() != 0;
  if (stop) {
    Py_XDECREF(stop_type);
    Py_XDECREF(stop_value);
    Py_XDECREF(stop_traceback);
    PyErr_Fetch(&stop_type, &stop_value, &stop_traceback);
  }
  state = PyEval_SaveThread();
  return stop;
}

void init_gil_handling() {
  main_thread_ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
#if !defined(_WIN32)
  // The child of a fork has one thread, the one that forked, and Python makes it the main thread.
  pthread_atfork(nullptr, nullptr, [] { main_thread_ident = PyThread_get_thread_ident(); });
#endif
  py::module_::import("atexit").attr("register")(py::cpp_function(&at_exit));
}

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
  } catch (const Stopped&) {
    raise_stopped();
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

  tichu::bindings::init_gil_handling();
  tichu::bindings::register_cards(m);
  tichu::bindings::register_move(m);
  tichu::bindings::register_functions(m);
  tichu::bindings::register_legal(m);
  tichu::bindings::register_action(m);
  tichu::bindings::register_hand(m);
  tichu::bindings::register_observation(m);
  tichu::bindings::register_fast_methods(m);
  tichu::bindings::register_match(m);
  tichu::bindings::register_infostate(m);
  tichu::bindings::register_bench(m);
  tichu::bindings::register_search(m);
  tichu::bindings::register_ismcts(m);
  tichu::bindings::register_rl(m);
  tichu::bindings::register_vec(m);
  tichu::bindings::register_duplicate(m);
  tichu::bindings::register_solver(m);
  tichu::bindings::register_belief(m);
  tichu::bindings::register_net_functions(m);
}
