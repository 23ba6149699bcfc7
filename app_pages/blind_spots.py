"""What does ROUGE miss? Perturbed candidates scored side by side (issue 20, point 3). Being built."""

from __future__ import annotations

import streamlit as st

st.title("What does ROUGE miss?")
st.info("This page is being built: perturbed candidates (shuffled, negated, repeated ...) scored by every measure.")
