"""``python -m tichu_fast``: the command line (see tichu_fast.cli)."""

import sys

from tichu_fast.cli import main

sys.exit(main())
