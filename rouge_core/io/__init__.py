"""Files in and out: the project's writers (and, later, readers) of file formats.

* :mod:`rouge_core.io.csv_writer`: the one CSV writer (formula cells neutralised);
* :mod:`rouge_core.io.export`: ``to_dict`` / ``to_json`` of every result type, the one home of the
  command line's ``--json`` and the app's JSON downloads.

Nothing heavy is imported here, so importing one writer loads only that writer.
"""
