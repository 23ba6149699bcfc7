"""The challenges' check, cached: a rerun that changes nothing in the boxes scores nothing again."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.challenges import CHALLENGES, Verdict


@st.cache_data(max_entries=256, show_spinner=False)
def verdict(challenge: str, texts: tuple[str, ...]) -> Verdict:
    """The verdict of challenge ``challenge`` (an id of ``CHALLENGES``) on the student's texts."""
    return CHALLENGES[challenge].check(*texts)
