"""`python -m kubesim` runs the command line."""

import sys

from kubesim.cli.main import main

sys.exit(main())
