"""Streamlit-side helpers of ROUGE Lens (the only code that knows about widgets and pages)."""
