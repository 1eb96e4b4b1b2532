// The open-hand solver for Python (_core.solve; tichu_fast.solver wraps it).
// Arguments are converted while the GIL is held; the search runs without it.
#include <chrono>
#include <cmath>
#include <string>

#include "common.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/solver.hpp"

namespace tichu::bindings {
namespace {

// _core.SolveResult: a solve's result with its fields named (tichu_fast.solver reads them),
// made of Python objects once, while the GIL is held.
struct SolveOutput {
  py::tuple actions;       // every legal action, in legal_actions order
  py::tuple lower_bounds;  // each action's value lies in [lower_bounds[i], upper_bounds[i]]
  py::tuple upper_bounds;
  int best = -1;  // the index in actions of the best action; -1 when none is proved best
  py::tuple line;
  bool line_complete = false;
  bool exact = false;
  int lower = 0;
  int upper = 0;
  std::int64_t nodes = 0;
  std::int64_t tt_probes = 0;
  std::int64_t tt_hits = 0;
  double seconds = 0.0;
};

SolveOutput output_of(const SolveResult& r, double seconds) {
  SolveOutput out{.actions = py::tuple(r.actions.size()),
                  .lower_bounds = py::tuple(r.actions.size()),
                  .upper_bounds = py::tuple(r.actions.size()),
                  .best = r.best,
                  .line = py::tuple(r.line.size()),
                  .line_complete = r.line_complete,
                  .exact = r.exact,
                  .lower = r.lower,
                  .upper = r.upper,
                  .nodes = r.nodes,
                  .tt_probes = r.tt_probes,
                  .tt_hits = r.tt_hits,
                  .seconds = seconds};
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    out.actions[i] = py::cast(r.actions[i].action);
    out.lower_bounds[i] = r.actions[i].lower;
    out.upper_bounds[i] = r.actions[i].upper;
  }
  for (std::size_t i = 0; i < r.line.size(); ++i) out.line[i] = py::cast(r.line[i]);
  return out;
}

}  // namespace

void register_solver(py::module_& m) {
  py::class_<SolveOutput>(m, "SolveResult", "What _core.solve found; tichu_fast.solver.solve reads it.")
      .def_readonly("actions", &SolveOutput::actions, "Every legal action, in legal_actions order.")
      .def_readonly("lower_bounds", &SolveOutput::lower_bounds, "Each action's proved lower bound.")
      .def_readonly("upper_bounds", &SolveOutput::upper_bounds, "Each action's proved upper bound.")
      .def_readonly("best", &SolveOutput::best, "The index of the best action in actions; -1: none proved.")
      .def_readonly("line", &SolveOutput::line, "The principal line from the position.")
      .def_readonly("line_complete", &SolveOutput::line_complete, "Whether the line reaches the end of the hand.")
      .def_readonly("exact", &SolveOutput::exact, "Whether the value is proved exactly (lower == upper).")
      .def_readonly("lower", &SolveOutput::lower, "The value's proved lower bound (team 0 less team 1).")
      .def_readonly("upper", &SolveOutput::upper, "The value's proved upper bound.")
      .def_readonly("nodes", &SolveOutput::nodes, "Positions searched.")
      .def_readonly("tt_probes", &SolveOutput::tt_probes, "Transposition table look-ups.")
      .def_readonly("tt_hits", &SolveOutput::tt_hits, "Look-ups that found the position.")
      .def_readonly("seconds", &SolveOutput::seconds, "Wall-clock seconds of the search.");
  m.def(
      "solve",
      [](const RecordedHand& h, Shown<int> max_nodes, double max_seconds, Shown<bool> line, Shown<bool> fresh_table,
         Shown<int> threads, Shown<bool> reduce) {
        SolveLimits limits;
        limits.max_nodes = small_int(max_nodes.obj, "max_nodes");
        if (limits.max_nodes < -1) throw py::value_error("max_nodes must be >= 0 (-1: no limit)");
        if (std::isnan(max_seconds) || (max_seconds < 0.0 && max_seconds != -1.0))
          throw py::value_error("max_seconds must be a number >= 0 (-1: no limit)");
        limits.max_seconds = max_seconds;
        if (!PyBool_Check(line.obj.ptr())) throw py::type_error("line must be a bool");
        limits.line = line.obj.ptr() == Py_True;
        if (!PyBool_Check(fresh_table.obj.ptr())) throw py::type_error("fresh_table must be a bool");
        limits.fresh_table = fresh_table.obj.ptr() == Py_True;
        if (!PyBool_Check(reduce.obj.ptr())) throw py::type_error("reduce must be a bool");
        limits.reduce = reduce.obj.ptr() == Py_True;
        limits.threads = static_cast<int>(small_int(threads.obj, "threads"));
        if (limits.threads < 1 || limits.threads > kMaxThreads)
          throw py::value_error("threads must be between 1 and " + std::to_string(kMaxThreads));
        const HandState state = h.state();  // a copy: the search reads it without the GIL
        check_solvable(state);
        double seconds = 0.0;
        const SolveResult r = without_gil([&] {
          const auto start = std::chrono::steady_clock::now();
          SolveResult result = solve(state, limits);
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          return result;
        });
        return output_of(r, seconds);
      },
      py::arg("state"), py::arg("max_nodes"), py::arg("max_seconds"), py::arg("line"), py::arg("fresh_table"),
      py::arg("threads"), py::arg("reduce"), "The open-hand solve of the position, as a SolveResult.");
}

}  // namespace tichu::bindings
