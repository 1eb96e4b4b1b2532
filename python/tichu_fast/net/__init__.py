"""A policy and value network learned from the engine's own search (docs/net.md).

The modules, each imported by its full name (this package's ``__init__`` loads none
of them, so reading a network file never loads the self-play or PyTorch):

- `tichu_fast.net.network`: the network file (an .npz of float32 arrays and its JSON
  manifest), its checks, and the numpy forward pass (numpy only);
- `tichu_fast.net.selfplay`: self-play hands decided by ISMCTS, recorded as numpy arrays;
- `tichu_fast.net.torch_model`: the same network in PyTorch, its loss, export and import
  (the ``[train]`` extra);
- `tichu_fast.net.train`: expert iteration from the command line
  (``python -m tichu_fast.net.train --out DIR``).
"""
