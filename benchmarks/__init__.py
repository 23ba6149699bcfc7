"""The benchmarks (``python -m benchmarks.<name>``); results and how each was run in ``README.md``.

Every benchmark times the compiled kernels, so a kernel group that has not been compiled on this
machine yet is compiled where it is first used, before anything is timed, instead of in a background
builder while the run computes in pure Python (:mod:`rouge_core.kernels.background`). Their child
processes inherit this; ``bench_first_run`` sets ``ROUGE_LENS_COMPILE`` itself for the mode it measures.
"""

import os

os.environ.setdefault("ROUGE_LENS_COMPILE", "foreground")
