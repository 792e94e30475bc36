"""The 成绩册's two renderings of one :class:`~xlxq.core.document.Document`
(:mod:`xlxq.operations.booklet`): :mod:`~xlxq.presentation.booklet.xlsx` (a print-ready
workbook, openpyxl) and :mod:`~xlxq.presentation.booklet.pdf` (one PDF, fpdf2, the
Chinese font embedded as a subset; :mod:`~xlxq.presentation.booklet.fonts` finds it).
Both write the file whole or not at all."""
