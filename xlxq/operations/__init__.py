"""The operations: what the program does to an event, under every front-end.

One layer between the sheets / backends and the entry points (the ``xlxq``
command in :mod:`xlxq.cli`, the Excel buttons in :mod:`xlxq.excel`, xlwings
Lite's ``lite/main.py``).  An operation works on an event read from a JSON
tournament file or from a workbook (:func:`open_source`), computes with the
core and the systems, and returns what to write (the new event for a file;
for a workbook the operations of :mod:`xlxq.operations.workbook` /
:mod:`xlxq.operations.team_workbook` hand one :class:`~xlxq.sheets.plan.WritePlan` to
the ``Book``) with a language-free result: an :class:`Outcome` (or a
workbook :class:`~xlxq.sheets.problems.Status`) that the edge renders in zh
or en.  The operations never print and never read the language from the
environment.

- :mod:`.source`: open an event source (a JSON file or a workbook), load,
  check and save a file, the round an operation works on, list arguments;
- :mod:`.result`: :class:`Outcome` (the event to save, the lines in a
  language, the exit code);
- :mod:`.pair` (pair the next round), :mod:`.schedule` (every round of a
  round robin at once), :mod:`.standings` (the tables: recompute),
  :mod:`.explain` (the 编排记录), :mod:`.check`, :mod:`.qualify`
  (积分晋圈淘汰), :mod:`.create` (a new event from a registration),
  :mod:`.simulate`, :mod:`.lineup` (团体赛出场名单), :mod:`.team` (seating a
  team round, the team tables' text), :mod:`.book` (the same commands on a
  workbook, on the Book operations);
- later: undo and publish go here, one module each.

Importing the package imports nothing but this docstring: each front-end
imports the operation it runs (the CLI inside its commands, for start-up
time).
"""
