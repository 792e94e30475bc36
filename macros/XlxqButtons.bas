Attribute VB_Name = "XlxqButtons"
' xlxq: the buttons of the event workbook.
'
' Each button runs one function of the Python package xlxq through xlwings'
' RunPython (the standalone "xlwings" module in this workbook).  Python reads
' the workbook once, computes, writes everything in one go and shows the
' result in a message box.  Errors are shown as a message, never as a Python
' traceback; on an error the workbook is left as it was.
'
' Keep this file ASCII: the VBA project stores module text in the ANSI code
' page.  The Chinese captions live on the buttons, not here.
' Source of truth: macros/XlxqButtons.bas in the xlxq repository; the .xlsm
' is built from it by tools/build_xlsm.py (docs/excel.md).
Option Explicit

' Button "Pair next round"
Sub PairNextRound()
    RunPython "import xlxq.excel; xlxq.excel.pair_next_round()"
End Sub

' Button "Recompute standings"
Sub Recompute()
    RunPython "import xlxq.excel; xlxq.excel.recompute()"
End Sub

' Button "Pairing log" (the round of the active sheet, else the last round)
Sub ExplainRound()
    RunPython "import xlxq.excel; xlxq.excel.explain()"
End Sub

' Button "Round-robin schedule": every round sheet of a round robin at once
Sub ScheduleRoundRobin()
    RunPython "import xlxq.excel; xlxq.excel.schedule_round_robin()"
End Sub

' Button "Start the knockout" (Swiss then knockout: the top K qualify)
Sub QualifyKnockout()
    RunPython "import xlxq.excel; xlxq.excel.qualify_knockout()"
End Sub
