"""`python -m kubesim` runs the command line."""

import sys

from kubesim.cli.main import process_main

sys.exit(process_main())
