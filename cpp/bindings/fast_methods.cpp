// The calls a loop driven from Python makes at every decision, as plain
// CPython methods instead of pybind11's dispatch: HandCore's own
// (is_terminal, action_count, apply_index, decision, current_player), and the
// ones add_state_methods writes into tichu_fast.HandState, which read its
// `_core` slot at the offset of its __slots__ descriptor.
// Kept because it pays (timeit, best of 7 x 100,000, the Python methods'
// build and this one alternating, 2026-12-03): state.is_terminal() 37 -> 14
// ns, num_legal_actions() 57 -> 36 ns, resample(1, 7) 949 -> 584 ns; a
// random hand driven from Python 0.77x the instructions (callgrind). The
// runs and their commands: docs/notes/2026-12-03-python-calls.md.
#include <algorithm>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <structmember.h>  // PyMemberDef: where a slot lies (add_state_methods), after Python.h

#include "common.hpp"
#include "tichu/game/action_count.hpp"

namespace tichu::bindings {
namespace {

// An index argument: TypeError unless an int (not a bool), IndexError for
// any int too large to be an index.
long long index_arg(py::handle obj) {
  try {
    return small_int(obj, "an action index");
  } catch (const py::value_error&) {
    throw std::out_of_range("action index " + quoted(py::str(obj).cast<std::string>()) + " is out of range");
  }
}

// The calls a loop driven from Python makes at every decision, as plain
// CPython methods: pybind11's general dispatch (argument loaders, overload
// resolution, return casters) costs more than their C++. A method
// descriptor checks that `self` is a HandCore before the call.
RecordedHand& self_hand(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  if (inst->simple_layout && inst->simple_holder_constructed) {
    return *static_cast<RecordedHand*>(inst->simple_value_holder[0]);
  }
  return py::handle(self).cast<RecordedHand&>();  // the general path: raises for an uninitialised one
}

template <class Fn>
PyObject* translated(Fn&& fn) noexcept {
  try {
    return fn();
  } catch (...) {
    py::detail::try_translate_exceptions();  // as pybind11's dispatcher: error_already_set, then translators
    return nullptr;
  }
}

PyObject* fast_is_terminal(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return py::bool_(self_hand(self).state().is_terminal()).release().ptr(); });
}

PyObject* fast_action_count(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return PyLong_FromLong(action_count(self_hand(self).state())); });
}

PyObject* fast_apply_index(PyObject* self, PyObject* index) {
  return translated([&] {
    self_hand(self).apply_index(index_arg(index));
    return py::none().release().ptr();
  });
}

PyObject* fast_decision(PyObject* self, void* /*unused*/) {
  return translated([&] { return PyLong_FromLong(static_cast<long>(self_hand(self).state().decision())); });
}

PyObject* fast_current_player(PyObject* self, void* /*unused*/) {
  return translated([&] { return PyLong_FromLong(self_hand(self).state().current_player()); });
}

// NOLINTBEGIN(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays): CPython's tables
PyMethodDef fast_methods[] = {
    {"is_terminal", fast_is_terminal, METH_NOARGS, "is_terminal($self, /)\n--\n\nWhether the hand is over."},
    {"action_count", fast_action_count, METH_NOARGS,
     "action_count($self, /)\n--\n\nlen(legal_actions()), without building the list (counted for the exchange and "
     "most leads)."},
    {"apply_index", fast_apply_index, METH_O,
     "apply_index($self, index, /)\n--\n\nApplies and records legal_actions()[index]; IndexError outside."},
};
PyGetSetDef fast_getters[] = {
    {"decision", fast_decision, nullptr, "The current Decision as an int.", nullptr},
    {"current_player", fast_current_player, nullptr, "The seat to decide, -1 once the hand is over.", nullptr},
};
// NOLINTEND(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays)

void add_fast_methods(const py::handle& cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef& def : fast_methods) {
    const py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &def));
    if (!method) throw py::error_already_set();
    py::setattr(cls, def.ml_name, method);
  }
  for (PyGetSetDef& def : fast_getters) {
    const py::object getter = py::reinterpret_steal<py::object>(PyDescr_NewGetSet(type, &def));
    if (!getter) throw py::error_already_set();
    py::setattr(cls, def.name, getter);
  }
}

// tichu_fast.HandState's own is_terminal, num_legal_actions, apply_index and
// resample (add_state_methods installs them on that Python class): the
// core's methods on its `_core` slot, without a Python frame between. A hand
// driven from Python makes three such calls per decision, a bot one resample
// per world, and each frame cost more than the call it wrapped.
// Measured (docs/notes/2026-12-03-python-calls.md): is_terminal 37 -> 14 ns, resample 949 -> 584 ns.
struct StateClass {
  PyTypeObject* type = nullptr;            // tichu_fast.HandState
  PyTypeObject* core_type = nullptr;       // _core.HandCore
  Py_ssize_t core = 0;                     // where its slots lie in an instance
  Py_ssize_t origin = 0;
  Py_ssize_t rules = 0;
  PyObject* world_origin = nullptr;        // the origin of a world (hand.py's _WORLD)
  PyObject* resample_in_python = nullptr;  // HandState._resample: belief, keywords, other seats' checks
};
StateClass state_class;  // set once, when tichu_fast.hand is imported; kept for the process

PyObject*& slot(PyObject* state, Py_ssize_t offset) {
  return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(state) + offset);
}

// A state's `_core`, a new reference: held while the call converts its
// arguments, whose __index__ may rebind `_core` and drop the last other one.
py::object state_core(PyObject* state) {
  // A subclass may declare its own slot of that name: read it as Python would.
  if (Py_TYPE(state) != state_class.type) return py::reinterpret_borrow<py::object>(state).attr("_core");
  PyObject* core = slot(state, state_class.core);
  if (core == nullptr) throw py::attribute_error("'HandState' object has no attribute '_core'");
  return py::reinterpret_borrow<py::object>(core);
}

RecordedHand& hand_of(const py::object& core) {
  if (Py_TYPE(core.ptr()) == state_class.core_type) return self_hand(core.ptr());
  if (!py::isinstance<RecordedHand>(core)) {
    throw py::type_error(std::string("HandState._core must be a HandCore, not ") + Py_TYPE(core.ptr())->tp_name);
  }
  return core.cast<RecordedHand&>();  // a subclass
}

PyObject* state_is_terminal(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return py::bool_(hand_of(state_core(self)).state().is_terminal()).release().ptr(); });
}

PyObject* state_action_count(PyObject* self, PyObject* /*unused*/) {
  return translated([&] { return PyLong_FromLong(action_count(hand_of(state_core(self)).state())); });
}

PyObject* state_apply_index(PyObject* self, PyObject* index) {
  return translated([&] {
    const py::object core = state_core(self);
    hand_of(core).apply_index(index_arg(index));
    return py::none().release().ptr();
  });
}

// resample(player, seed): a seat given as a plain int 0..3 and no keyword
// is drawn here, the world built as hand.py's _world builds it (no
// __init__); anything else goes to the Python method, which has the checks
// and messages of every seat argument and the beliefs.
PyObject* state_resample(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const bool plain =
      nargs == 2 && kwnames == nullptr && PyLong_CheckExact(args[0]) && Py_TYPE(self) == state_class.type;
  const long player = plain ? PyLong_AsLong(args[0]) : -1;  // no error: an exact int, at worst -1 on overflow
  if (player < 0 || player > 3) {
    PyErr_Clear();
    return translated([&] {
      const Py_ssize_t given = nargs + (kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames));
      std::vector<PyObject*> with_self(static_cast<std::size_t>(given) + 1);
      with_self[0] = self;
      std::copy_n(args, given, with_self.begin() + 1);
      return PyObject_Vectorcall(state_class.resample_in_python, with_self.data(), static_cast<std::size_t>(nargs) + 1,
                                 kwnames);
    });
  }
  return translated([&] {
    const py::object held = state_core(self);
    py::object core = py::cast(one_world(hand_of(held), args[0], args[1]));
    // Read after the draw, as a reference: the seed's __index__ (or another thread, while the draw
    // runs without the GIL) may rebind `_rules`.
    PyObject* rules_slot = slot(self, state_class.rules);
    if (rules_slot == nullptr) throw py::attribute_error("'HandState' object has no attribute '_rules'");
    const py::object rules = py::reinterpret_borrow<py::object>(rules_slot);
    PyObject* world = state_class.type->tp_alloc(state_class.type, 0);
    if (world == nullptr) throw py::error_already_set();
    slot(world, state_class.core) = core.release().ptr();
    slot(world, state_class.origin) = Py_NewRef(state_class.world_origin);
    slot(world, state_class.rules) = Py_NewRef(rules.ptr());
    return world;
  });
}

// NOLINTBEGIN(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays): CPython's table
PyMethodDef state_methods[] = {
    {"is_terminal", state_is_terminal, METH_NOARGS, "is_terminal($self, /)\n--\n\nWhether the hand is over."},
    {"num_legal_actions", state_action_count, METH_NOARGS,
     "num_legal_actions($self, /)\n--\n\nlen(legal_actions()), without building the list (for apply_index)."},
    {"apply_index", state_apply_index, METH_O,
     "apply_index($self, index, /)\n--\n\nApplies `legal_actions()[index]` without building the list; IndexError "
     "outside."},
};
PyMethodDef state_resample_method = {"resample",
                                     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(state_resample)),
                                     METH_FASTCALL | METH_KEYWORDS, nullptr};  // HandState._resample's doc
// NOLINTEND(cppcoreguidelines-avoid-c-arrays,modernize-avoid-c-arrays)

Py_ssize_t slot_offset(const py::type& cls, const char* name) {
  const py::object member = py::getattr(cls, name, py::none());
  // An object slot of __slots__ (T_OBJECT_EX) of this class or a base, as the methods read a
  // PyObject* there in its instances.
  const auto* descr = reinterpret_cast<PyMemberDescrObject*>(member.ptr());
  if (Py_TYPE(member.ptr()) != &PyMemberDescr_Type || descr->d_member->type != T_OBJECT_EX ||
      PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls.ptr()), descr->d_common.d_type) == 0) {
    throw py::type_error(std::string(name) + " must be a slot of __slots__");
  }
  return descr->d_member->offset;
}

void add_state_methods(const py::type& cls, const py::str& world_origin) {
  static std::string resample_doc;  // kept for the method's lifetime: the process's
  const Py_ssize_t core = slot_offset(cls, "_core"), origin = slot_offset(cls, "_origin");
  const Py_ssize_t rules = slot_offset(cls, "_rules");
  const py::object in_python = py::getattr(cls, "_resample", py::none());
  if (!PyCallable_Check(in_python.ptr())) throw py::type_error("add_state_methods: the class needs a _resample method");
  // The methods installed before read the slots where the first class had them: a second class (the
  // module reloaded) must have them there too.
  if (state_class.type != nullptr) {
    const auto name = [](const py::handle& type) {
      return py::str(type.attr("__module__")).cast<std::string>() + "." +
             py::str(type.attr("__qualname__")).cast<std::string>();
    };
    if (name(cls) != name(reinterpret_cast<PyObject*>(state_class.type))) {
      throw py::type_error("add_state_methods: already installed on " +
                           name(reinterpret_cast<PyObject*>(state_class.type)));
    }
    if (core != state_class.core || origin != state_class.origin || rules != state_class.rules) {
      throw py::type_error("add_state_methods: the slots of HandState moved since the first call");
    }
  }
  resample_doc =
      "resample($self, player, seed, *, belief=None)\n--\n\n" + py::str(in_python.attr("__doc__")).cast<std::string>();
  state_class = {.type = reinterpret_cast<PyTypeObject*>(Py_NewRef(cls.ptr())),  // kept for the process
                 .core_type = reinterpret_cast<PyTypeObject*>(py::type::of<RecordedHand>().ptr()),
                 .core = core,
                 .origin = origin,
                 .rules = rules,
                 .world_origin = py::object(world_origin).release().ptr(),
                 .resample_in_python = py::object(in_python).release().ptr()};
  state_resample_method.ml_doc = resample_doc.c_str();
  auto install = [&](PyMethodDef& def) {
    const py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(state_class.type, &def));
    if (!method) throw py::error_already_set();
    py::setattr(cls, def.ml_name, method);
  };
  for (PyMethodDef& def : state_methods) install(def);
  install(state_resample_method);
}

}  // namespace

void register_fast_methods(py::module_& m) {
  add_fast_methods(m.attr("HandCore"));  // is_terminal, action_count, apply_index, decision, current_player
  m.def("add_state_methods", &add_state_methods, py::arg("cls"), py::arg("world_origin"),
        "Installs is_terminal, num_legal_actions, apply_index and resample on tichu_fast.HandState (`cls`): C "
        "methods on its `_core` (resample falls back to cls._resample; its worlds' origin is `world_origin`).");
}

}  // namespace tichu::bindings
