"""``python -m anchorlint``."""

import sys

from anchorlint.cli.app import main

sys.exit(main())
