"""Files in and out: the corpus readers (:mod:`rouge_core.io.readers`), ROUGE-1.5.5's inputs
(:mod:`rouge_core.io.perl_inputs`, its WordNet exception DB :mod:`rouge_core.io.exception_db`), the one
decoder of a file's bytes (:mod:`rouge_core.io.decoding`) and the writers:

* :mod:`rouge_core.io.csv_writer`: the one CSV writer (formula cells neutralised);
* :mod:`rouge_core.io.export`: ``to_dict`` / ``to_json`` of every result type, the one home of the
  command line's ``--json`` and the app's JSON downloads.

Nothing heavy is imported here, so importing one writer loads only that writer.
"""
