// Legal moves from Python: a list of Move objects, a numpy record array,
// a caller's buffer filled in place, or just the count.
//
// These are what bots call millions of times, so they are plain vectorcall
// functions rather than pybind11 definitions: pybind11's dispatch costs
// about 100 ns a call and keyword arguments about 300 ns more, several times
// the enumeration itself. Argument conversion still uses the shared helpers.
#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "common.hpp"
#include "tichu/game/movegen.hpp"

namespace tichu::bindings {
namespace {

int to_wish_value(py::handle obj) {
  if (obj.is_none()) return 0;
  const long long wish = small_int(obj, "wish");
  if (wish < kMinRank || wish > kMaxRank) {
    throw py::value_error("wish must be None or a rank 2..14, got " + std::to_string(wish));
  }
  return static_cast<int>(wish);
}

Move* scratch() {
  thread_local std::array<Move, kMaxLegalMoves> buffer;
  return buffer.data();
}

// A caller's MOVE_DTYPE buffer, checked without creating Python objects.
struct MoveBuffer {
  char* data;
  py::ssize_t room;
};

MoveBuffer move_buffer(py::handle out) {
  const auto& api = py::detail::npy_api::get();
  if (!api.PyArray_Check_(out.ptr())) throw py::type_error("out must be a numpy array of MOVE_DTYPE");
  const auto* array = py::detail::array_proxy(out.ptr());
  if (array->descr != move_dtype().ptr() && !py::reinterpret_borrow<py::array>(out).dtype().equal(move_dtype())) {
    throw py::type_error("out must have dtype MOVE_DTYPE");
  }
  if (array->nd != 1) throw py::value_error("out must be 1-D, got " + std::to_string(array->nd) + "-D");
  if (!(array->flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_)) throw py::value_error("out must be C-contiguous");
  if (!(array->flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_)) throw py::value_error("out must be writeable");
  return {.data = array->data, .room = array->dimensions[0]};  // written by memcpy: any alignment will do
}

// Writes the legal moves of `s` into `out`; returns how many. The
// generator may write a few records past the last move, so it writes
// straight into `out` only when `out` has the room of kMaxLegalMoves
// (docs/api.md: out[n:] is then scratch) and is aligned for Move; any
// other buffer gets the moves generated into scratch and copied, and
// nothing past out[n] is touched.
int fill(const Situation& s, const MoveBuffer& out) {
  const bool aligned = reinterpret_cast<std::uintptr_t>(out.data) % alignof(Move) == 0;
  if (aligned && out.room >= kMaxLegalMoves) return legal_moves(s, reinterpret_cast<Move*>(out.data));
  Move* moves = scratch();
  const int n = legal_moves(s, moves);
  if (n > out.room) {
    throw py::value_error("out holds " + std::to_string(out.room) + " moves, this situation has " + std::to_string(n) +
                          " (MAX_LEGAL_MOVES always suffices)");
  }
  std::memcpy(out.data, moves, sizeof(Move) * static_cast<std::size_t>(n));
  return n;
}

// The legal moves of `s`, copied out of the per-thread scratch before any
// Python object is made: making one may run a finaliser that calls the
// engine again on this thread and overwrites the scratch.
std::vector<Move> legal_move_list(const Situation& s) {
  Move* moves = scratch();
  const int n = legal_moves(s, moves);
  return {moves, moves + n};
}

// Positional-or-keyword arguments, as Python would bind them; a slot left
// nullptr was not given.
template <std::size_t N>
struct Signature {
  const char* function;
  std::array<const char*, N> names;
  std::size_t required;

  std::array<PyObject*, N> bind(PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) const {
    std::array<PyObject*, N> values{};
    const auto given = static_cast<std::size_t>(PyVectorcall_NARGS(nargsf));
    if (given > N) {
      throw py::type_error(std::string(function) + "() takes at most " + std::to_string(N) + " arguments (" +
                           std::to_string(given) + " given)");
    }
    for (std::size_t i = 0; i < given; ++i) values[i] = args[i];
    const Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < keywords; ++k) {
      PyObject* key = PyTuple_GET_ITEM(kwnames, k);
      std::size_t i = 0;
      while (i < N && PyUnicode_CompareWithASCIIString(key, names[i]) != 0) ++i;
      if (i == N) {
        throw py::type_error(std::string(function) + "() got an unexpected keyword argument " +
                             quoted(text_arg(key, "a keyword")));
      }
      if (values[i]) {
        throw py::type_error(std::string(function) + "() got multiple values for argument '" + names[i] + "'");
      }
      values[i] = args[given + static_cast<std::size_t>(k)];
    }
    for (std::size_t i = 0; i < required; ++i) {
      if (!values[i]) {
        throw py::type_error(std::string(function) + "() missing required argument '" + names[i] + "'");
      }
    }
    return values;
  }
};

py::handle or_none(PyObject* value) { return value ? py::handle(value) : py::none(); }

// hand, table=None, wish=None, out_of_turn=False, from bound arguments.
Situation situation(PyObject* const* values, Move& storage) {
  Situation s;
  s.hand = to_mask(values[0], "hand");
  s.table = to_table(or_none(values[1]), storage);
  s.wish = to_wish_value(or_none(values[2]));
  if (values[3]) {
    const int truth = PyObject_IsTrue(values[3]);
    if (truth < 0) throw py::error_already_set();  // e.g. an array of several values
    s.out_of_turn = truth == 1;
  }
  check_situation(s);
  return s;
}

constexpr Signature<4> kLegalMoves{.function = "legal_moves",
                                   .names = {"hand", "table", "wish", "out_of_turn"},
                                   .required = 1};
constexpr Signature<4> kCount{.function = "count_legal_moves",
                              .names = {"hand", "table", "wish", "out_of_turn"},
                              .required = 1};
constexpr Signature<5> kArray{.function = "legal_moves_array",
                              .names = {"hand", "table", "wish", "out_of_turn", "out"},
                              .required = 1};
constexpr Signature<5> kInto{.function = "legal_moves_into",
                             .names = {"out", "hand", "table", "wish", "out_of_turn"},
                             .required = 2};

// Runs `body` and turns C++ exceptions into Python ones, as pybind11 would.
template <typename Body>
PyObject* guarded(Body body) {
  try {
    return body();
  } catch (...) {
    set_python_error();
  }
  return nullptr;
}

PyObject* py_legal_moves(PyObject*, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  return guarded([&] {
    Move storage;
    const std::vector<Move> moves = legal_move_list(situation(kLegalMoves.bind(args, nargsf, kwnames).data(), storage));
    py::list result(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) result[i] = py::cast(moves[i]);
    return result.release().ptr();
  });
}

PyObject* py_count_legal_moves(PyObject*, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  return guarded([&] {
    Move storage;
    return PyLong_FromLong(count_legal_moves(situation(kCount.bind(args, nargsf, kwnames).data(), storage)));
  });
}

PyObject* py_legal_moves_array(PyObject*, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  return guarded([&] {
    const auto values = kArray.bind(args, nargsf, kwnames);
    Move storage;
    const Situation s = situation(values.data(), storage);
    if (!values[4] || values[4] == Py_None) {
      const std::vector<Move> moves = legal_move_list(s);
      py::array result(move_dtype(), std::vector<py::ssize_t>{static_cast<py::ssize_t>(moves.size())});
      if (!moves.empty()) std::memcpy(result.mutable_data(), moves.data(), sizeof(Move) * moves.size());
      return result.release().ptr();
    }
    const int n = fill(s, move_buffer(values[4]));
    return PyObject_GetItem(values[4], py::slice(0, n, 1).ptr());
  });
}

PyObject* py_legal_moves_into(PyObject*, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  return guarded([&] {
    const auto values = kInto.bind(args, nargsf, kwnames);
    Move storage;
    // The situation first: reading it may run Python code (__index__,
    // __bool__) that could resize `out`; the buffer is taken after it.
    const Situation s = situation(values.data() + 1, storage);
    return PyLong_FromLong(fill(s, move_buffer(values[0])));
  });
}

// The docstrings start with a signature line and "--", which CPython turns
// into __text_signature__, so inspect.signature() and help() work. That
// line cannot hold types (inspect refuses annotations there), so the
// docstring proper starts with the typed signature, as pybind11's do.
std::array<PyMethodDef, 5> kLegalMethods{{
    {.ml_name = "legal_moves",
     .ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_legal_moves)),
     .ml_flags = METH_FASTCALL | METH_KEYWORDS,
     .ml_doc = "legal_moves($module, /, hand, table=None, wish=None, out_of_turn=False)\n--\n\n"
               "legal_moves(hand: tichu_fast._core.Cards | str | int, "
               "table: tichu_fast._core.Move | str | None = None, wish: int | None = None, out_of_turn: bool = False) "
               "-> list[tichu_fast._core.Move]\n\n"
               "Every legal move (R3 to R6) as a list of Move objects."},
    {.ml_name = "count_legal_moves",
     .ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_count_legal_moves)),
     .ml_flags = METH_FASTCALL | METH_KEYWORDS,
     .ml_doc = "count_legal_moves($module, /, hand, table=None, wish=None, out_of_turn=False)\n--\n\n"
               "count_legal_moves(hand: tichu_fast._core.Cards | str | int, "
               "table: tichu_fast._core.Move | str | None = None, wish: int | None = None, out_of_turn: bool = False) "
               "-> int\n\n"
               "How many legal moves there are."},
    {.ml_name = "legal_moves_array",
     .ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_legal_moves_array)),
     .ml_flags = METH_FASTCALL | METH_KEYWORDS,
     .ml_doc = "legal_moves_array($module, /, hand, table=None, wish=None, out_of_turn=False, out=None)\n--\n\n"
               "legal_moves_array(hand: tichu_fast._core.Cards | str | int, "
               "table: tichu_fast._core.Move | str | None = None, wish: int | None = None, out_of_turn: bool = False, "
               "out: numpy.typing.NDArray[numpy.void] | None = None) -> numpy.typing.NDArray[numpy.void]\n\n"
               "Every legal move as a MOVE_DTYPE record array (a view of `out` when given)."},
    {.ml_name = "legal_moves_into",
     .ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_legal_moves_into)),
     .ml_flags = METH_FASTCALL | METH_KEYWORDS,
     .ml_doc = "legal_moves_into($module, /, out, hand, table=None, wish=None, out_of_turn=False)\n--\n\n"
               "legal_moves_into(out: numpy.typing.NDArray[numpy.void], hand: tichu_fast._core.Cards | str | int, "
               "table: tichu_fast._core.Move | str | None = None, wish: int | None = None, out_of_turn: bool = False) "
               "-> int\n\n"
               "Writes every legal move into `out` (MOVE_DTYPE, MAX_LEGAL_MOVES long); returns how many."},
    {.ml_name = nullptr, .ml_meth = nullptr, .ml_flags = 0, .ml_doc = nullptr},
}};

}  // namespace

void register_legal(py::module_& m) {
  for (PyMethodDef* def = kLegalMethods.data(); def->ml_name; ++def) {
    m.attr(def->ml_name) = py::reinterpret_steal<py::object>(PyCFunction_NewEx(def, m.ptr(), m.attr("__name__").ptr()));
  }
  m.attr("MAX_LEGAL_MOVES") = kMaxLegalMoves;
}

}  // namespace tichu::bindings
