// The open-hand solver for Python (_core.solve; tichu_fast.solver wraps it).
// Arguments are converted while the GIL is held; the search runs without it.
#include <chrono>
#include <cmath>
#include <string>

#include "common.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/solver.hpp"

namespace tichu::bindings {

void bind_solver(py::module_& m) {
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
        py::list actions(r.actions.size()), lower(r.actions.size()), upper(r.actions.size());
        for (std::size_t i = 0; i < r.actions.size(); ++i) {
          actions[i] = py::cast(r.actions[i].action);
          lower[i] = r.actions[i].lower;
          upper[i] = r.actions[i].upper;
        }
        py::list path(r.line.size());
        for (std::size_t i = 0; i < r.line.size(); ++i) path[i] = py::cast(r.line[i]);
        return py::make_tuple(actions, lower, upper, r.best, path, r.line_complete, r.exact, r.lower, r.upper, r.nodes,
                              r.tt_probes, r.tt_hits, seconds);
      },
      py::arg("state"), py::arg("max_nodes"), py::arg("max_seconds"), py::arg("line"), py::arg("fresh_table"),
      py::arg("threads"), py::arg("reduce"),
      "The open-hand solve: (actions, lower bounds, upper bounds, best index, line, line complete, exact, lower, "
      "upper, nodes, tt_probes, tt_hits, seconds).");
}

}  // namespace tichu::bindings
