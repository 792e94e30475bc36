Attribute VB_Name = "XlxqButtons"
' xlxq: the buttons of the event workbook.
'
' Each button runs one function of the Python package xlxq through xlwings'
' RunPython (the standalone "xlwings" module in this workbook).  Python reads
' the workbook once, computes, writes everything in one go and shows the
' result in a message box.  Errors are shown as a message, never as a Python
' traceback; on an error the workbook is left as it was.  Before RunPython,
' XlxqRun checks (Windows) that the Python that RunPython would start exists,
' and if not says what to do: with no Python, no Python message can.
'
' Keep this file ASCII: the VBA project stores module text in the ANSI code
' page.  The Chinese captions live on the buttons, not here.
' Source of truth: macros/XlxqButtons.bas in the xlxq repository; the .xlsm
' is built from it by tools/build_xlsm.py (docs/excel.md).
Option Explicit

' The messages shown when no Python can be started.  Chinese text is kept as
' hex code points (this file must stay ASCII); xlxq.excel_setup.VBA_MESSAGES
' is the source, tests/test_excel_setup.py checks that they agree.
Private Const MSG_NO_PYTHON_ZH As String = "627E 4E0D 5230 0020 0050 0079 0074 0068 006F 006E FF1A 0078 006C 0077 0069 006E 0067 0073 0020 6CA1 6709 8BBE 7F6E 89E3 91CA 5668 FF0C 0050 0041 0054 0048 0020 4E0A 4E5F 6CA1 6709 0020 0070 0079 0074 0068 006F 006E 002E 0065 0078 0065 3002 000A 8BF7 5B89 88C5 0020 0050 0079 0074 0068 006F 006E 0020 0033 002E 0031 0031 0020 6216 66F4 9AD8 7248 672C FF08 0036 0034 0020 4F4D FF09 FF0C 6309 8BF4 660E 5B89 88C5 0020 0078 006C 0078 0071 FF0C 7136 540E 5728 547D 4EE4 63D0 793A 7B26 4E2D 8FD0 884C 4E00 6B21 FF1A 000A 0078 006C 0078 0071 0020 0065 0078 0063 0065 006C 002D 0073 0065 0074 0075 0070 000A 518D 70B9 6309 94AE 3002"
Private Const MSG_NO_PYTHON_EN As String = "Python not found: no interpreter is set for xlwings and there is no python.exe on PATH." & vbLf & "Install Python 3.11 or later (64-bit), install xlxq as described, then run once in a terminal:" & vbLf & "xlxq excel-setup" & vbLf & "and click the button again."
Private Const MSG_MISSING_PYTHON_ZH As String = "0078 006C 0077 0069 006E 0067 0073 0020 8BBE 7F6E 7684 0020 0050 0079 0074 0068 006F 006E 0020 4E0D 5B58 5728 FF08 5DF2 5378 8F7D 6216 79FB 52A8 FF1F FF09 3002 8BF7 5728 547D 4EE4 63D0 793A 7B26 4E2D 7528 88C5 6709 0020 0078 006C 0078 0071 0020 7684 0020 0050 0079 0074 0068 006F 006E 0020 8FD0 884C FF1A 000A 0078 006C 0078 0071 0020 0065 0078 0063 0065 006C 002D 0073 0065 0074 0075 0070 0020 002D 002D 0066 006F 0072 0063 0065 000A 8BBE 7F6E 7684 8DEF 5F84 FF1A"
Private Const MSG_MISSING_PYTHON_EN As String = "The Python set for xlwings does not exist (uninstalled or moved?). In a terminal, with the Python that has xlxq, run:" & vbLf & "xlxq excel-setup --force" & vbLf & "The path that is set:"

' Button "Pair next round"
Sub PairNextRound()
    XlxqRun "import xlxq.excel; xlxq.excel.pair_next_round()"
End Sub

' Button "Recompute standings"
Sub Recompute()
    XlxqRun "import xlxq.excel; xlxq.excel.recompute()"
End Sub

' Button "Pairing log" (the round of the active sheet, else the last round)
Sub ExplainRound()
    XlxqRun "import xlxq.excel; xlxq.excel.explain()"
End Sub

' Button "Round-robin schedule": every round sheet of a round robin at once
Sub ScheduleRoundRobin()
    XlxqRun "import xlxq.excel; xlxq.excel.schedule_round_robin()"
End Sub

' Button "Start the knockout" (Swiss then knockout: the top K qualify)
Sub QualifyKnockout()
    XlxqRun "import xlxq.excel; xlxq.excel.qualify_knockout()"
End Sub

' Button "Diagnose": what a click depends on, as one message to photograph
Sub Diagnose()
    XlxqRun "import xlxq.excel; xlxq.excel.doctor()"
End Sub

' Button "Publish web pages": the event's static site, in a folder beside the workbook
Sub PublishSite()
    XlxqRun "import xlxq.excel; xlxq.excel.publish_site()"
End Sub

' Button "Draw numbers" (before round 1): seeds odd, the others drawn; the seed kept in the settings
Sub DrawNumbers()
    XlxqRun "import xlxq.excel; xlxq.excel.draw_numbers()"
End Sub

' Button "Undo last round": remove the last round, standings recomputed
Sub UndoRound()
    XlxqRun "import xlxq.excel; xlxq.excel.undo_round()"
End Sub

' Button "Print score sheets": one score sheet a board of the round (the active round sheet's, else the last), two a page
Sub PrintScoreSheets()
    XlxqRun "import xlxq.excel; xlxq.excel.print_scoresheets()"
End Sub

' Button "Print pairings notice": the round's pairings as posted, with a name index in pinyin order
Sub PrintNotice()
    XlxqRun "import xlxq.excel; xlxq.excel.print_notice()"
End Sub

' Button "Results booklet": the final booklet beside the workbook, as a workbook and a PDF
Sub ResultsBooklet()
    XlxqRun "import xlxq.excel; xlxq.excel.results_booklet()"
End Sub

' RunPython, once the interpreter it would start is known to exist.
Private Sub XlxqRun(ByVal PythonCommand As String)
    Dim problem As String
    problem = XlxqPythonProblem()
    If problem <> "" Then
        XlxqMessage problem
        Exit Sub
    End If
    RunPython PythonCommand
End Sub

' "" when RunPython can start Python, else the message.  Windows: the
' interpreter as RunPython reads it (INTERPRETER_WIN, legacy INTERPRETER,
' default python on PATH; the App Execution Alias in WindowsApps does not
' count, it opens the Microsoft Store).  macOS: xlwings' AppleScript checks.
Private Function XlxqPythonProblem() As String
    XlxqPythonProblem = ""
    #If Mac Then
    #Else
        Dim interpreter As String, folder As Variant, found As Boolean
        interpreter = GetConfig("INTERPRETER_WIN", "")
        If interpreter = "" Then interpreter = GetConfig("INTERPRETER", "python")
        If interpreter = "python" Or interpreter = "pythonw" Then
            found = False
            For Each folder In Split(Environ("PATH"), ";")
                If folder <> "" And InStr(1, folder, "\Microsoft\WindowsApps", vbTextCompare) = 0 Then
                    If Right(folder, 1) = "\" Then folder = Left(folder, Len(folder) - 1)
                    If FileExists(folder & "\" & interpreter & ".exe") Then found = True
                End If
            Next folder
            If Not found Then XlxqPythonProblem = XlxqText(MSG_NO_PYTHON_ZH, MSG_NO_PYTHON_EN)
        ElseIf Not FileExists(interpreter) Then
            XlxqPythonProblem = XlxqText(MSG_MISSING_PYTHON_ZH, MSG_MISSING_PYTHON_EN) & vbLf & interpreter
        End If
    #End If
End Function

' Chinese (the hex code points decoded) unless XLXQ_LANG starts with "en".
Private Function XlxqText(ByVal zhCodes As String, ByVal en As String) As String
    Dim part As Variant, s As String
    If LCase(Left(Environ("XLXQ_LANG"), 2)) = "en" Then
        XlxqText = en
        Exit Function
    End If
    For Each part In Split(zhCodes, " ")
        If part <> "" Then s = s & ChrW(CLng("&H" & part))
    Next part
    XlxqText = s
End Function

' A message box that shows Unicode (VBA's MsgBox is ANSI on Windows).
Private Sub XlxqMessage(ByVal msg As String)
    #If Mac Then
        MsgBox msg, vbCritical, "xlxq"
    #Else
        CreateObject("WScript.Shell").Popup msg, 0, "xlxq", 16
    #End If
End Sub
