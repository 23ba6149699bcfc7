# ROUGE Lens for a class or a study: the Streamlit app on one port, the annotation store on a volume.
#   docker build -t rouge-lens .
#   docker run -p 8501:8501 -v rouge-lens-data:/data rouge-lens
# compose.yaml runs it beside PostgreSQL; README.md, "Run it for a class", says what to back up.
# tests/unit/test_deployment.py checks this file's sources, user, volume and kernel preload command.

# Pinned to a Python minor and a Debian release: a new minor can change numba's and scipy's wheels.
FROM python:3.11-slim-bookworm

# ROUGE_LENS_DATA: annotation/store.py keeps annotations.sqlite3 there (default ~/.rouge_lens, which
# a container loses on restart). NUMBA_CACHE_DIR: numba's compiled kernels; without it numba writes
# them beside the sources (root's here, read-only to the app) or in the user's home. The build fills
# it and the app user may add to it (a host with another CPU model compiles once more, see README).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ROUGE_LENS_DATA=/data \
    NUMBA_CACHE_DIR=/var/cache/rouge-lens/numba

# The sqlite3 command line, for a backup of the running store (README: "Run it for a class").
RUN apt-get update \
    && apt-get install -y --no-install-recommends sqlite3 \
    && rm -rf /var/lib/apt/lists/*

# The runtime dependencies only, as the README installs them (requirements.txt; the test tools are in
# requirements-dev.txt and stay out). Copied alone first, so a code change does not reinstall them.
WORKDIR /app
COPY requirements.txt ./
RUN pip install -r requirements.txt

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin rouge \
    && mkdir -p /data "$NUMBA_CACHE_DIR" \
    && chown rouge:rouge /data "$NUMBA_CACHE_DIR"

# What the app runs: the entry point, its pages and UI, the metric package, the annotation store, the
# samples the pages load, and the Streamlit settings. Tests, benchmarks and docs stay out.
COPY app.py ./
COPY app_pages/ app_pages/
COPY ui/ ui/
COPY rouge_core/ rouge_core/
COPY annotation/ annotation/
COPY sample_data/ sample_data/
COPY .streamlit/config.toml .streamlit/config.toml

USER rouge

# Compile every numba kernel group now, as the app user, into NUMBA_CACHE_DIR, so that the first
# visitor loads machine code (about 1 s) instead of compiling it (about 20 s). Importing
# rouge_core.kernels.preload declares every group and checks it (rouge_core.backend()); warm() asks
# again and is False when numba fell back to pure Python: the build then fails instead of shipping
# an image that computes slowly.
RUN python -c "from rouge_core.kernels.preload import warm; raise SystemExit(0 if warm() else 'the numba kernels did not compile (see the warning above)')"

VOLUME ["/data"]
EXPOSE 8501

# Streamlit answers "ok" on /_stcore/health (under server.baseUrlPath when one is set). The slim image
# has no curl: Python's urllib asks instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; base = os.environ.get('STREAMLIT_SERVER_BASE_URL_PATH', '').strip('/'); urllib.request.urlopen('http://127.0.0.1:8501/' + (base + '/' if base else '') + '_stcore/health', timeout=4)"]

# A container needs the server to listen on every interface and never to wait for a terminal (headless);
# the code in an image never changes, so the file watcher would only spend CPU.
CMD ["streamlit", "run", "app.py", "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true", "--server.fileWatcherType=none"]
