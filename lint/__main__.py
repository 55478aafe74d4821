"""``python -m anchorlint``."""

import sys

from anchorlint.cli import main

sys.exit(main())
