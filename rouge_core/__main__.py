"""``python -m rouge_core``: ROUGE-1.5.5.pl's command line (see :mod:`rouge_core.cli`)."""

import signal
import sys

try:
    from .cli.process_exit import leave
    from .cli.run import main
except KeyboardInterrupt:  # Ctrl-C while the modules load: the same one line as during the run
    sys.stderr.write("rouge_core: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    code = main()
    # The run is over (its output written): a Ctrl-C now must not break the interpreter's own
    # clean-up (worker pools' exit handlers) with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if code == 130:
        # CPython marks a KeyboardInterrupt that ends code run from a string (exec("...") in a library,
        # e.g. a namedtuple or dataclass being made when Ctrl-C came) as unhandled, even though main()
        # caught it, and under ``-m`` then ends the process by SIGINT instead of this exit code. Every
        # string exec clears that mark first: this one leaves it clear.
        exec("None", {})
    leave(code)  # sys.exit(code), or at once after a successful run scored in this process (process_exit)
