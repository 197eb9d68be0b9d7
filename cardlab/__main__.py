"""``python -m cardlab``: the same as the ``cardlab`` command (see cardlab/cli/)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
