"""``python -m qiboard.distributed``: the Ray driver's command line."""

import sys

from . import main

sys.exit(main())
