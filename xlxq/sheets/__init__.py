"""The event workbook: layout, result cells, and the one mapping layer
between sheet values and the model.

Data flows one way::

    book.values(every sheet)  ──read_workbook──▶  WorkbookData (Event + problems + where things are)
                                                    │  core: pair / standings / explain
    book.apply(WritePlan)     ◀──Canvas.finish──   Canvas (edits on a copy of the values)

A backend only implements :class:`~xlxq.sheets.plan.Book`.  The plan is the
difference between the wanted cells and the values read: unchanged cells and
the cells the arbiter owns are never in it.  Sheets are read by their header
names (Chinese or English); unusable data raises an ``InputError`` naming the
sheet and row, everything else becomes a highlighted ``Problem``.

Layout and values

- ``layout``, ``team_layout`` — the tables (``TableLayout``: sheet, rows, columns), headers (zh/en), settings rows, colours
- ``results`` — accepted result spellings, standard spelling

Shared pieces (individual and team workbook)

- ``plan`` — the ``WritePlan`` and its parts, the ``Book`` protocol
- ``canvas`` — ``Canvas``: wanted cells → the minimal ``WritePlan``
- ``cells`` — cell, text and number helpers, ``Table`` and header lookup
- ``problems`` — ``Problem``, ``Status``, the levels, ``locate``
- ``book_sheets`` — the sheets by kind, the numbered round sheets, the snapshot
- ``settings`` — 设置: the row readers, the cells as shown, tie-break text,
  a new or filled-in 设置 sheet
- ``registration`` — 报名表 rows (the player row reader the team uses too)
- ``write_notes`` — 提示 notes, highlights, the state sheet's rows
- ``write_log`` — the 编排记录 blocks
- ``looks`` — widths, borders, print setup of tables and 设置

The individual workbook

- ``state`` (the _xlxq sheet), ``data`` (what was read: ``WorkbookData``)
- readers: ``rounds`` (round sheets), ``read`` (``read_workbook``, the
  knockout stage of 积分晋圈淘汰)
- checks: ``round_problems`` (shared by every system), ``rules`` (by system)
- writers: ``write_rounds``, ``write_standings``, ``refresh``; ``formats``
  (round robin, knockout, 积分晋圈淘汰: their tables, 交叉表, 对阵图, checks)
- ``templates`` — a new workbook, a template filled in

The team workbook (团体赛): its own modules where the rules differ,
``team_registration`` (队伍报名, 出场名单), ``team_rounds`` (the match
blocks and their seating), ``team_write_rounds``; the rest in the shared
modules, its own functions beside the individual ones: its reader
(``read.read_team_workbook``), its data
(``data.TeamWorkbookData``), 设置 (``settings``), rule checks
(``rules.team_rule_problems``), 团体成绩 and 台次成绩 (``write_standings``),
a new workbook (``templates``), its refresh (``refresh.TEAM_STEPS``);
``team_layout``: the team tables, the individual ones (``layout``) with what
differs.

Operations (pair, schedule, recompute, qualify, explain) are in
:mod:`xlxq.operations.workbook` and :mod:`xlxq.operations.team_workbook`; docs/workbook.md
describes the workbook for arbiters.
"""
