// A small network that plays (docs/net.md): a state trunk over the observation
// tensor, a value head and a head scoring each candidate move from its move
// features. Learned by tichu_fast.net.train from the search's own choices;
// here only its forward pass, with no framework at run time.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tichu/game/combo.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

// Bump when the layers below change: a weights file names the format it holds.
inline constexpr int kNetFormat = 1;

// A team's margin (its return less the other team's) is divided by this: the
// network's value is a margin in these units, and so ISMCTS's rewards lie near -1..1.
inline constexpr double kRewardScale = 400.0;

// The weights of format 1, as PyTorch's Linear stores them: a weight is
// [out][in], row-major. x is the observation tensor (history 0), f a move's
// features; H1 and H are the two hidden widths.
//   h1 = relu(W1 x + b1)  h = relu(W2 h1 + b2)  value = Wv h + bv
//   s = Ws h + bp  logit(f) = wo . relu(s + Wm f)
struct NetWeights {
  int h1 = 0, h = 0;
  std::vector<float> w1{}, b1{}, w2{}, b2{}, wv{}, bv{}, ws{}, bp{}, wm{}, wo{};
};

// What the network says of one decision: value[0] the seat's team's expected
// margin / 400 (kRewardScale), value[1] the logit of the chance that the seat
// goes out first.
using NetValue = std::array<float, 2>;

class Net {
 public:
  // std::invalid_argument naming the array whose size does not fit h1 and h.
  explicit Net(NetWeights weights);

  // The value for `player` (the seat in turn or any other: only what that
  // seat may know is read, R10.3) and, for the n candidate moves, their
  // logits into logits[0, n). n may be 0 (the value alone).
  NetValue evaluate(const HandState& s, int player, const Move* moves, int n, float* logits) const;

 private:
  int h1_, h_;
  // Stored input-major ([in][out]) so that each nonzero input adds one
  // contiguous row: the observation tensor and the move features are mostly zeros.
  std::vector<float> w1t_, b1_, w2t_, b2_, wv_, bv_, wst_, bp_, wmt_, wo_;
};

// The teams' returns that the network's value says of `s` (not over), as the
// searches mix them with a playout's: the value is the margin of the seat in
// turn's team in units of kRewardScale; as returns, a hand's 100 card points
// split by it (team 0's first).
std::array<double, 2> value_returns(const Net& net, const HandState& s);

// The networks a policy text can name ("net", "net:NAME"): loaded from
// Python once, shared read-only by every thread afterwards.
void register_net(const std::string& name, std::shared_ptr<const Net> net);
// The network of that name; std::invalid_argument if none was registered.
std::shared_ptr<const Net> registered_net(std::string_view name);

}  // namespace tichu
