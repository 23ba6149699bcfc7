"""Files in and out: the project's writers (and, later, readers) of file formats.

Nothing heavy is imported here, so importing one writer loads only that writer.
"""
