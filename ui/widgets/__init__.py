"""Everything that reads or keeps widget state: the sidebar options, the inputs, the kept text
boxes, the session keys (keys.py), deep links and lecture mode. Renderers live in ui/render/."""
