"""``python -m rouge_core``: ROUGE-1.5.5.pl's command line (see :mod:`rouge_core.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
