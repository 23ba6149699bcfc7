"""ROUGE Lens: see why ROUGE gives the number it gives.

Entry point: page config, the shared sidebar (profile + options -> RougeConfig),
and the navigation between pages.
"""

from __future__ import annotations

import streamlit as st

from ui.widgets.commit_guard import commit_guard
from ui.widgets.focus_ring import focus_ring
from ui.widgets.kept import keep_typed_text
from ui.widgets.options import sidebar_config
from ui.widgets.state import set_config

st.set_page_config(page_title="ROUGE Lens", page_icon="🔎", layout="wide")

pages = {
    "Inspect": [
        st.Page("app_pages/inspect.py", title="Inspect a pair", icon=":material/search:", default=True),
    ],
    "Learn ROUGE": [
        st.Page("app_pages/learn.py", title="How each measure works", icon=":material/school:"),
        st.Page("app_pages/differences.py", title="Why do the numbers differ?", icon=":material/balance:"),
        st.Page("app_pages/tokenizer.py", title="Tokenizer inspector", icon=":material/text_fields:"),
        st.Page("app_pages/mistakes.py", title="Common mistakes", icon=":material/report:"),
        st.Page("app_pages/challenges.py", title="Challenges", icon=":material/psychology:", url_path="challenges"),
        st.Page(
            "app_pages/blind_spots.py",
            title="What does ROUGE miss?",
            icon=":material/visibility_off:",
            url_path="blind_spots",
        ),
    ],
    "Compare": [
        st.Page("app_pages/corpus.py", title="Corpus", icon=":material/table_chart:"),
        st.Page("app_pages/systems.py", title="Systems", icon=":material/leaderboard:"),
        st.Page("app_pages/which_rouge.py", title="Which ROUGE? (corpus)", icon=":material/compare_arrows:"),
    ],
    "People": [
        st.Page("app_pages/annotate.py", title="Annotate", icon=":material/rate_review:"),
        st.Page("app_pages/agreement.py", title="Agreement with humans", icon=":material/query_stats:"),
        st.Page("app_pages/campaigns.py", title="Campaigns", icon=":material/groups:", url_path="campaigns"),
    ],
}
keep_typed_text()  # before anything else: a page switch must not drop what was just typed
nav = st.navigation(pages, expanded=True)  # every page listed: no "View 3 more" hiding People
# Annotate uses the options only for its optional ROUGE-1 view, Campaigns not at all: folded there, out of the way
set_config(sidebar_config(nav.url_path, folded=nav.url_path in ("annotate", "campaigns")))
commit_guard()  # typed text reaches the server before a page switch
focus_ring()  # links show keyboard focus as plainly as buttons do
nav.run()
