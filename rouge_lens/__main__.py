"""``python -m rouge_lens``: start the ROUGE Lens app (see :mod:`rouge_lens.launch`)."""

import sys

from .launch import main

if __name__ == "__main__":
    sys.exit(main())
