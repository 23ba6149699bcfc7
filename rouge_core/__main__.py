"""``python -m rouge_core``: ROUGE-1.5.5.pl's command line (see :mod:`rouge_core.cli`)."""

import signal
import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while the modules load: the same one line as during the run
    sys.stderr.write("rouge_core: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    code = main()
    if code == 130:  # interrupted: a further Ctrl-C must not break the interpreter's own clean-up
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)
