"""Challenges: short tasks whose answer is a text the student writes, checked live by the engine
(issue 20, point 2). Each says the measure property it teaches, has a hint, and a worked solution
revealed on request."""

from __future__ import annotations

import streamlit as st

from ui.compute.challenges import verdict
from ui.render.challenges import echo, given_markdown, missing_markdown, refusal_markdown, verdict_frame
from ui.widgets import challenge_answer

st.title("Challenges")
st.caption(
    "Make ROUGE say what the task asks. Each challenge fixes its profile and options (the sidebar's do "
    "not apply), scores your text with rouge_core, and tells you which numbers it compared."
)
challenge = challenge_answer.choose()

st.subheader(challenge.title)
st.markdown(f"**Task.** {challenge.task}")
for label, text in challenge.given:
    st.markdown(given_markdown(label, text))
texts = challenge_answer.answer(challenge)

result = None
if challenge_answer.fits(challenge, texts):
    result = verdict(challenge.id, texts)
    if result.solved:
        st.success("Solved: your text does what the task asks.", icon=":material/check_circle:")
    elif result.compared:
        st.warning("Not yet. Still missing:\n\n" + missing_markdown(result), icon=":material/edit:")
    else:  # nothing could be scored: the checker says why
        st.info(refusal_markdown(result), icon=":material/info:")
    if result.compared:
        st.dataframe(
            verdict_frame(result),
            hide_index=True,
            width="stretch",
            column_config={"value": st.column_config.NumberColumn(format="%.5f")},
        )
    for box, text in zip(challenge.boxes, texts):
        st.caption(echo(box.label, text))

challenge_answer.hint(challenge)
challenge_answer.worked_solution(challenge)
st.info(f"**What it teaches.** {challenge.teaches}")
