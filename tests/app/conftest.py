"""App tests run app.py through streamlit.testing.v1.AppTest.

The page scripts live in ``app_pages/``, not ``pages/``: Streamlit still treats
a ``pages/`` folder next to the entry point as an old-style multipage app until
``st.navigation`` has run once in the process, so a deep link such as ``/learn``
on a fresh server (and every AppTest rerun) would run the page without app.py's
sidebar and navigation.
"""
