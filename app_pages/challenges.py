"""Challenges: short tasks whose answer is a text the student writes, checked live by the engine
(issue 20, point 2). Being built."""

from __future__ import annotations

import streamlit as st

st.title("Challenges")
st.info("Challenges are being built: write a candidate that makes ROUGE say what the task asks.")
