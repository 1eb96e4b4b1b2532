// The network's forward pass and its registry (tichu_fast.net): arrays in,
// arrays out; the checks of a weights file are Python's (tichu_fast.net.network).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "tichu/game/history.hpp"
#include "tichu/play/net.hpp"

namespace tichu::bindings {
namespace {

// The float32 values of weights[name] in C order (TypeError for a missing name or a non-float32 array).
std::vector<float> weight(const py::dict& weights, const char* name) {
  if (!weights.contains(name)) throw py::type_error(std::string("the weights have no array ") + name);
  const py::handle obj = weights[name];
  const auto& api = py::detail::npy_api::get();
  if (!api.PyArray_Check_(obj.ptr())) throw py::type_error(std::string("weight ") + name + " must be a numpy array");
  auto array = py::reinterpret_borrow<py::array>(obj);
  if (!array.dtype().equal(py::dtype::of<float>()))
    throw py::type_error(std::string("weight ") + name + " must be float32");
  auto c = py::array_t<float, py::array::c_style>::ensure(array);
  return {c.data(), c.data() + c.size()};
}

}  // namespace

void register_net_functions(py::module_& m) {
  m.attr("NET_FORMAT") = kNetFormat;
  m.def(
      "register_net",
      [](const std::string& name, const py::dict& weights, const IntArg& h1, const IntArg& h) {
        NetWeights w{.h1 = py::cast<int>(h1.obj), .h = py::cast<int>(h.obj)};
        w.w1 = weight(weights, "W1");
        w.b1 = weight(weights, "b1");
        w.w2 = weight(weights, "W2");
        w.b2 = weight(weights, "b2");
        w.wv = weight(weights, "Wv");
        w.bv = weight(weights, "bv");
        w.ws = weight(weights, "Ws");
        w.bp = weight(weights, "bp");
        w.wm = weight(weights, "Wm");
        w.wo = weight(weights, "wo");
        register_net(name, std::make_shared<const Net>(std::move(w)));
      },
      py::arg("name"), py::arg("weights"), py::arg("h1"), py::arg("h"),
      "Registers a network (float32 arrays W1 b1 W2 b2 Wv bv Ws bp Wm wo) under `name` for policies "
      "'net' / 'net:NAME'; ValueError for sizes that do not fit h1 and h.");
  m.def(
      "net_evaluate",
      [](const std::string& name, const RecordedHand& hand, const IntArg& player, const py::handle& records) {
        const int seat = seat_arg(player.obj, "player");
        const std::vector<Move> moves = moves_arg(records);
        const std::shared_ptr<const Net> net = registered_net(name);
        auto logits = py::array_t<float>(static_cast<py::ssize_t>(moves.size()));
        auto value = py::array_t<float>(2);
        const NetValue v =
            net->evaluate(hand.state(), seat, moves.data(), static_cast<int>(moves.size()), logits.mutable_data());
        std::copy(v.begin(), v.end(), value.mutable_data());
        return py::make_tuple(value, logits);
      },
      py::arg("name"), py::arg("core"), py::arg("player"), py::arg("records"),
      "(value float32[2], logits float32[n]) of the network `name` for `player` and the moves `records`.");
}

}  // namespace tichu::bindings
