"""ROUGE Lens: paste a candidate and its references, see every ROUGE number."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from rouge_core import RougeConfig, evaluate

st.set_page_config(page_title="ROUGE Lens", layout="wide")
st.title("ROUGE Lens")
cand = st.text_area("Candidate (one sentence per line)", "police kill the gunman")
ref = st.text_area("Reference (one sentence per line)", "police killed the gunman")
report = evaluate(cand, [ref], RougeConfig())
rows = [{"measure": k, "P": m.score.precision, "R": m.score.recall, "F": m.score.fmeasure}
        for k, m in report.measures.items()]
st.dataframe(pd.DataFrame(rows), hide_index=True)
for note in report.notes:
    st.info(note)
