"""Every cached wrapper of rouge_core a page calls, one module per feature and named as its page is:
``pair`` (Inspect, Learn, Differences, Mistakes, Tokenizer), ``corpus``, ``systems``, ``which_rouge``,
``agreement`` (with ``agreement_human`` and ``agreement_variants``) and ``annotate`` (the annotation
store and its tables), plus what they share: ``budget`` (what each page serves) and ``cache`` (the
memory-bounded LRU). They keep no widget state (``ui/widgets/``) and format no results (``ui/render/``);
what some draw is the progress of a long computation and why it was not run."""
