"""``python -m engine``: the same as the ``chickenfoot`` command."""

import sys

from engine.cli import main

sys.exit(main())
