"""Teaching: step records of each computation, deliberate mistakes, why profiles differ, tokens stage
by stage, and "Which ROUGE?" over a corpus (:mod:`.which_rouge`).

Nothing is imported here, so importing one module loads only what it needs.
"""
