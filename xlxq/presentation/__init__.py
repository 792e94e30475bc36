"""Presentation: what an event looks like to a reader, made from the model
and the operations' results, in the reader's language (passed in): the text
and ``--json`` tables of the CLI (:mod:`report`, :mod:`team_report`,
:mod:`rating_report`), the event's web site (:mod:`publish`, Jinja2
templates) and the 成绩册 (:mod:`booklet`, PDF and xlsx).

Layer (docs/architecture.md): above the operations, below the entry points;
it imports the core, the systems, the sheet mapping, the backends and the
operations, never an entry point.
"""
