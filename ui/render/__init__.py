"""Report -> tables, plotly figures and escaped HTML. Never reads widgets, never recomputes:
what a view needs, the explanation carries."""
