"""The event workbook: layout (sheet and header names), result cells, and
the one mapping layer between sheet values and the model.

- :mod:`xlxq.sheets.layout`  — sheet names, headers (zh/en), settings rows, colours
- :mod:`xlxq.sheets.results` — accepted result spellings, standard spelling
- :mod:`xlxq.sheets.mapping` — ``Book`` protocol, ``WritePlan``, read/write

Operations (pair, recompute, explain) are in :mod:`xlxq.workbook`;
docs/workbook.md describes the workbook for arbiters.
"""
