"""The app's page scripts, run by ``st.navigation`` from ``app.py`` (never imported by the app).

A package only so that tools name them ``app_pages.inspect`` and so on: a bare ``inspect.py`` would
shadow the standard library's ``inspect`` for the type checker.
"""
