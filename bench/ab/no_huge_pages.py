"""Run a command with transparent huge pages turned off for it (Linux).

The solver's table asks for huge pages (docs/notes/2026-12-02-solver-node-cost.md,
"Huge pages and the machine"); this shows what a machine whose THP setting
is `never` would see, without changing the machine's setting:
`prctl(PR_SET_THP_DISABLE)` applies to this process and every process it
starts, and the command replaces it.

    python bench/ab/no_huge_pages.py python bench/solver_curve.py --cards 20 --cpu
    python bench/ab/no_huge_pages.py ./solver_bench 2000000 1 < positions.txt
"""

from __future__ import annotations

import ctypes
import os
import sys

PR_SET_THP_DISABLE = 41  # linux/prctl.h


def main(argv: list[str]) -> None:
    """Turn huge pages off for this process, then become the command in `argv`."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if argv else 2)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno), "prctl(PR_SET_THP_DISABLE)")
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main(sys.argv[1:])
