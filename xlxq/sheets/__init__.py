"""The event workbook: layout (sheet and header names), result cells, and
the one mapping layer between sheet values and the model.

- :mod:`xlxq.sheets.layout`  — sheet names, headers (zh/en), settings rows, colours
- :mod:`xlxq.sheets.results` — accepted result spellings, standard spelling
- :mod:`xlxq.sheets.mapping` — ``Book`` protocol, ``WritePlan``, read/write
- :mod:`xlxq.sheets.formats` — what round robin, knockout and the combined
  formats add: their standings, 交叉表, 对阵图, 晋级名单, 最终名次 and checks

Operations (pair, schedule, recompute, qualify, explain) are in :mod:`xlxq.workbook`;
docs/workbook.md describes the workbook for arbiters.
"""
