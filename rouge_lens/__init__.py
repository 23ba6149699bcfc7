"""ROUGE Lens, the app: ``rouge-lens`` (or ``python -m rouge_lens``) starts it (:mod:`rouge_lens.launch`).

The metric package is :mod:`rouge_core`; this package only finds the app's files and runs Streamlit on
them, so it imports neither Streamlit nor the app.
"""
