"""The English of the command line's help (``xlxq … --help`` under
``XLXQ_LANG=en``, issue 10 §6): each Chinese text written in the command
modules, by that text.  One source: the modules keep their Chinese help
where the argument is declared; :class:`xlxq.cli.output.Parser` looks the
English up here, and ``tests/test_cli_help.py`` fails on a help text that
has none.  Standard library only (start-up time)."""

from __future__ import annotations

HELP_EN: dict[str, str] = {
    # xlxq
    "象棋赛事编排与成绩：积分编排（中国象棋协会定位编排法）、循环赛、淘汰赛及组合赛制": (
        "Xiangqi (Chinese chess) tournament pairing and standings: Swiss (the CXA 定位编排 method), "
        "round robin, knockout and combined systems"
    ),
    "显示版本": "show the version",
    "命令": "COMMAND",
    # the commands
    "从报名表新建赛事文件": "create an event from a registration list",
    "团体赛：报出场名单（换人、临时定台）": "team event: enter a line-up (substitutes, boards per round)",
    "编排下一轮并保存": "pair the next round and save",
    "循环赛：一次生成全部轮次": "round robin: make every round at once",
    "名次表": "standings",
    "循环赛交叉表": "round-robin cross table",
    "编排记录": "pairing log (编排记录)",
    "检查一轮的编排": "check a round's pairing",
    "随机模拟比赛（试编）": "simulate results at random (a dry run)",
    "积分晋圈淘汰：由积分赛前K名生成淘汰赛文件": "Swiss then knockout: make the knockout from the Swiss top K",
    "生成演示工作簿": "make a demo workbook",
    "设置本机的 Excel 按钮（装好 xlxq 后运行一次）": "set up the Excel buttons on this computer (once, after installing)",
    "诊断 Excel 按钮的环境": "diagnose the Excel buttons' set-up",
    # new
    "从报名表（CSV 或 Excel）新建 JSON 赛事文件": (
        "create an event from a registration list (CSV or Excel): a JSON file, or a workbook (.xlsx/.xlsm)"
    ),
    "要创建的赛事文件（.json，或工作簿 .xlsx/.xlsm）": "the event file to create (.json, or a workbook .xlsx/.xlsm)",
    "个人赛报名表 .csv 或 .xlsx（姓名、单位、等级分、种子…）": "players: .csv or .xlsx (name, club, rating, seed …)",
    "报名表": "PLAYERS",
    "团体赛报名表 .csv 或 .xlsx，每行一名队员：队名、姓名，可选 台次、替补、等级分（示例 samples/teams.csv）": (
        "teams: .csv or .xlsx, one member a row: team, name, optionally board, reserve, rating "
        "(example samples/teams.csv)"
    ),
    "团体报名表": "TEAMS",
    "赛制：swiss 积分编排（默认）、round_robin 单循环、double_round_robin 双循环、knockout 淘汰赛；"
    "团体赛另有 scheveningen 全队轮赛制（两队）": (
        "system: swiss (default), round_robin, double_round_robin, knockout; for teams also scheveningen (two teams)"
    ),
    "轮数（积分编排默认 7，人数少时取能编排的最大轮数；循环赛、淘汰赛由人数算出，可省略）": (
        "rounds (Swiss: 7, or as many as a small field can pair; round robin and knockout: from the field)"
    ),
    "循环赛、淘汰赛每场局数（两局制 = 2；默认 1）": "round robin and knockout: games per match (default 1)",
    "赛事名称（默认取文件名）": "the event's name (default: the file's)",
    "积分编排第一轮配对：adjacent 近号（默认）、fold 首尾、slide 对半交叉、random 随机": (
        "Swiss round 1: adjacent (default), fold, slide, random"
    ),
    "第一轮随机配对的随机种子（random 时不给则自动选取并记入文件）": (
        "the random seed of a random round 1 (chosen and recorded when not given)"
    ),
    "抽签定序号的随机种子（种子选手不参加抽签）": "the random seed of the number draw (seeds are not drawn)",
    "积分编排第一轮先后手：board_parity 单数台次小号先手、双数台次大号先手（默认）、top_half 上半区先手、odd_number 单数序号先手、draw 抽签（随机种子记入文件）": "Swiss round-1 colours: board_parity odd boards the smaller number red, even boards the larger (default), top_half the top half red, odd_number odd numbers red, draw by lot (the seed is recorded in the file)",
    "同单位回避（赛前补充规定）：none 不回避（默认，原则(七)）、round1 首轮调开、every_round 以后各轮也尽量不配": "keep club-mates apart (a rule announced before the event): none (default, principle 7), round1 swapped apart in round 1, every_round also avoided in later rounds where possible",
    "显示等级分：对阵、成绩、网页、成绩册与公告在姓名旁加等级分列（event.options.show_rating）": (
        "show rating: a rating column beside the name on pairings, standings, the site, the booklet and the notice "
        "(event.options.show_rating)"
    ),
    "回避配对（亲属回避）：序号A与B永不相遇（可重复）": "forbidden pair (relatives): numbers A and B never meet (repeatable)",
    "名次计算方法：预设名或逗号分隔的项目（默认：积分编排 cxa2011-opp；循环赛 cxa2011-rr，"
    "两局制 cxa2011-rr-match；末位淘汰 seed001-cumulative；国际赛事：亚洲象联 axf、世界象联 wxf2023）": (
        "tie-breaks: a preset or keys separated by commas (default: Swiss cxa2011-opp; round robin cxa2011-rr, "
        "matches cxa2011-rr-match; elimination seed001-cumulative; international events: AXF axf, WXF wxf2023)"
    ),
    "积分末位淘汰：第X轮后未得Y分者不再编排（可重复）": (
        "elimination: under Y points after round X, no longer paired (repeatable)"
    ),
    "淘汰赛战平后的加赛局数，逗号分隔，末项重复（默认 2）": (
        "knockout play-off games after a tied match, separated by commas, the last repeating (default 2)"
    ),
    "淘汰赛加赛后仍平则一局决胜，和棋判黑方胜": "knockout: then one decisive game, a draw counts as a win for black",
    "团体赛每场台数 2–10（全队轮赛制：每队人数）": "team event: boards per match, 2–10 (scheveningen: players a team)",
    "团体赛出场方式：fixed_boards 分台定人制（默认）、fixed_order 分台换人制、per_round 临时定台制（中文名亦可）": (
        "team line-ups: fixed_boards (default), fixed_order, per_round (the Chinese names work too)"
    ),
    "积分编排团体赛的编排依据：match_points 场分（默认）或 game_points 局分": (
        "team Swiss: pair by match_points (default) or game_points"
    ),
    "团体赛场分：胜/和/负，默认 2/1/0，如 3/1/0；主客和棋不同：3/1:2/0": (
        "team match points: win/draw/loss, default 2/1/0, e.g. 3/1/0; home and away draws: 3/1:2/0"
    ),
    "队员总分制：个人赛（--players，单位 = 队），同队队员分在上下半区编号，另按队员成绩排团体名次": (
        "member total: an individual event (--players, club = team), team-mates numbered in the two halves, "
        "and a team ranking by the members' results"
    ),
    "队员总分制：每队计前N名队员（默认全部）": "member total: count each team's best N (default all)",
    "队员总分制：points 积分总和（默认）或 placings 名次总和": "member total: points (default) or placings",
    "队员总分制编号：odd_even 上半区单号、下半区双号（默认，首轮近号）或 halves 上下半区（首轮对半交叉）": (
        "member total numbering: odd_even (default, round 1 adjacent) or halves (round 1 slide)"
    ),
    "队员总分制：人数不足N的队 last 列在最后（默认）、drop 不列、count 照常计算": (
        "member total: a team short of N: last (default), drop, count"
    ),
    "覆盖已存在的文件": "replace an existing file",
    # lineup
    "团体赛：某队某轮的出场名单（第1台起的序号或姓名，0 = 空台），按出场方式检查后重新入座；"
    "不给 --players 则恢复默认名单": (
        "team event: a team's line-up for a round (numbers or names from board 1, 0 = empty board), checked "
        "by the format and seated; without --players the default line-up again"
    ),
    "轮次（默认：文件中最后一轮）": "the round (default: the file's last)",
    "队序号或队名": "team number or name",
    "第1台起的出场队员：序号或姓名，逗号分隔；0 = 空台": (
        "the players from board 1: numbers or names separated by commas; 0 = empty board"
    ),
    # pair, schedule
    "编排下一轮，写入文件，显示对阵表": "pair the next round, save it, print the pairings",
    "按棋规循环赛秩序表一次生成全部轮次（生成循环赛对阵）；已有轮次时须加 --force，且尚无任何结果": (
        "make every round of the round-robin table at once; with rounds already there, --force and no result yet"
    ),
    "重新生成已有的轮次（仅当尚无任何结果时）": "make the rounds again (only while no result is in)",
    # standings, crosstable
    "计算名次：积分编排、循环赛（14.1/14.2）、淘汰赛名次": "standings: Swiss, round robin (14.1/14.2), knockout places",
    "计算成绩（写回工作簿）": "recompute (saved into the workbook)",
    "“计算成绩”按钮的命令：检查各轮结果（有问题的格子标色，“提示”列写明原因），重写成绩表"
    "（及交叉表、对阵图、最终名次、团体与台次成绩），保存工作簿；只用于 Excel 工作簿（JSON 文件的名次用 xlxq standings）": (
        "the button Recompute (计算成绩): check every round's results (bad cells coloured, the reason in the Notes "
        "column), rewrite the standings (and cross table, bracket, final ranking, team and board standings) and save "
        "the workbook; Excel workbooks only (a JSON file's standings: xlxq standings)"
    ),
    "以 JSON 输出": "print JSON",
    # prizes
    "获奖名单（按设置中的奖项）": "prize winners (by the prize table of the settings)",
    "获奖名单：按“设置”中的奖项（JSON 的 event.prizes）与最后一轮后的名次评出各奖项的获奖者"
    "（同分按名次表的顺序；兼得为“否”时一人只得所列在前的一项）；只读，不写文件": (
        "prize winners: each prize of the settings' prize table (a JSON file's event.prizes) by the standings "
        "after the last round (ties by the standings order; without 兼得 (double prizes) a player takes only the "
        "first prize listed that he wins); read-only, nothing written"
    ),
    "计算到第N轮（默认：最后一轮）": "after round N (default: the last)",
    "积分晋圈淘汰：FILE 为淘汰赛，SWISS.json 为积分赛，输出最终名次": (
        "Swiss then knockout: FILE is the knockout, SWISS.json the Swiss; print the final ranking"
    ),
    "团体赛：台次成绩（各台队员成绩）": "team event: results by board",
    "队员总分制：按队员成绩的团体名次": "member total: the team ranking by the members' results",
    "循环赛交叉表：每名棋手对每个对手各局所得分": "round-robin cross table: each player's points against each opponent",
    "计算到第N轮（默认：全部）": "after round N (default: all)",
    # explain, check
    "显示某一轮的编排过程（编排记录、秩序表、淘汰赛对阵）": (
        "how a round was paired (the pairing log, the round-robin table, the knockout bracket)"
    ),
    "以 JSON 输出编排记录的各步（JSON 赛事文件）": "print the log's steps as JSON (a JSON event file)",
    "检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1": (
        "check a round: a Swiss by the pairing rules and against the engine, a round robin against its table, "
        "a knockout against its bracket; exit 1 on an error"
    ),
    # simulate
    "随机填写未完成的结果并继续编排（淘汰赛含加赛），用于试编演练；结果写入文件": (
        "fill the unfinished results at random and pair on (knockout play-offs included), a dry run; saves the file"
    ),
    '随机种子（第n轮结果用 Random("S-n")）': 'random seed (round n uses Random("S-n"))',
    "再编排K轮（默认：编排到最后一轮并填写其结果；已全部编排的循环赛：填写K轮结果）": (
        "pair K more rounds (default: to the last, its results filled; a round robin already paired: fill K rounds)"
    ),
    # qualify
    "积分晋圈淘汰制：按积分赛名次取前K名（种子 = 积分赛名次）生成淘汰赛文件": (
        "Swiss then knockout: the top K of the Swiss (seeded by their places) make the knockout file"
    ),
    "已结束的积分赛文件": "the finished Swiss",
    "要创建的淘汰赛文件（工作簿：省略则在原工作簿中进行）": "the knockout file to create (a workbook: leave out, it goes on in it)",
    "晋级人数（2 = 前两名决赛）": "how many qualify (2 = a final of the top two)",
    "第K名与第K+1名完全并列时：error 报错（默认，按规程处理），number 按序号取舍": (
        "places K and K+1 equal on everything: error (default, decide by the regulations) or number"
    ),
    "按第N轮后的名次晋级（默认：全部轮次，积分赛须已结束）": "qualify by the standings after round N (default: all, finished)",
    "淘汰赛每场局数（默认 1）": "knockout games per match (default 1)",
    "战平后的加赛局数（默认 2）": "play-off games after a tied match (default 2)",
    "加赛后仍平则一局决胜，和棋判黑方胜": "then one decisive game, a draw counts as a win for black",
    "淘汰赛名称（默认：积分赛名称 + 淘汰赛）": "the knockout's name (default: the Swiss's + 淘汰赛)",
    "覆盖已存在的淘汰赛文件": "replace an existing knockout file",
    # demo
    "生成演示用的 Excel 工作簿（xlxq.operations.workbook）": "make a demo Excel workbook (xlxq.operations.workbook)",
    "输出文件夹": "the folder to write to",
    "团体赛演示工作簿（8队，团体积分编排）": "a team demo workbook (8 teams, team Swiss)",
    # convert
    "JSON 赛事文件与工作簿互相转换": "turn a JSON event file into a workbook, or back",
    "把 JSON 赛事文件转为 Excel 工作簿（.xlsx/.xlsm，含各轮对阵与结果），或把工作簿转为 JSON 赛事文件": (
        "turn a JSON event file into an Excel workbook (.xlsx/.xlsm, with every round's pairings and "
        "results), or a workbook into a JSON event file"
    ),
    "要转换的文件（.json 或 .xlsx/.xlsm）": "the file to convert (.json or .xlsx/.xlsm)",
    "要创建的文件（另一种）": "the file to create (the other kind)",
    # lite-bundle
    "写出 xlwings Lite 版的 main.py 和 requirements.txt": "write the xlwings Lite edition's main.py and requirements.txt",
    "写出 xlwings Lite 版的 main.py 和 requirements.txt（粘贴到 Lite 任务窗格；lite/README.md）": (
        "write the xlwings Lite edition's main.py and requirements.txt (to paste into Lite's task pane; lite/README.md)"
    ),
    "写入的文件夹（没有则新建）": "the folder to write them into (made if missing)",
    "xlxq 安装包（wheel）的 https 网址，代替 PyPI 上的 xlxq（服务器须允许跨域访问 CORS）": (
        "the https address of an xlxq wheel, instead of xlxq from PyPI (its server must allow CORS)"
    ),
    "脚本名称的语言（默认：消息语言）": "the language of the scripts' names (default: the message language)",
    "覆盖已有的文件": "overwrite existing files",
    # excel-setup, doctor
    "把本 Python 写入 xlwings 的用户设置，Mac 上安装 AppleScript，检查 Excel 的宏设置和模板": (
        "write this Python into xlwings' user settings, install the AppleScript on a Mac, check Excel's "
        "macro settings and the templates"
    ),
    "覆盖已有的不同设置": "replace different settings already there",
    "同时检查这个工作簿（.xlsm）": "check this workbook (.xlsm) too",
    "显示按钮所依赖的一切（可拍照发给维护者）": "show everything the buttons depend on (to send to the maintainer)",
    "工作簿（.xlsm）": "the workbook (.xlsm)",
    # publish, rating, draw, undo, backups, --provisional, --group, --by-rating
    "发布网页": "publish the event as a static web site",
    "等级分估算（非官方）": "an unofficial rating report",
    "抽签定序号（第1轮编排之前）": "draw the numbers, before round 1",
    "撤销最后一轮（重算成绩与编排记录）": "undo the last round (standings and 编排记录 recomputed)",
    "列出或恢复备份": "list or restore the backups",
    "非种子选手按等级分高低编号（默认按报名顺序；种子选手总排单号）": "number the unseeded by rating, highest first (default: registration order; seeds take the odd numbers)",
    "前面各轮尚有未填结果时，有意按和棋暂计编排（原则(八)）；一轮全无结果时仍拒绝": "pair on purpose while earlier results are missing, counting them as draws for now (原则(八)); a round with no result at all is still refused",
    "分组别的赛事：只处理组别 G（默认：每个组别）/ one group only": "an event with groups: group G only (default: every group)",
    "把赛事写成静态网页文件夹（对阵、成绩、名次、交叉表或对阵图、每名棋手一页），离线、手机可看": "write the event as a folder of static web pages (pairings, results, standings, cross table or bracket, a page per player), offline and phone-friendly",
    "输出文件夹（新的、空的或 xlxq 发布过的；只替换 xlxq 写的文件，有别的文件则拒绝）": "the output folder (new, empty or one xlxq published; only the files xlxq wrote are replaced, a folder with any other file is refused)",
    "网页语言（默认按 XLXQ_LANG；both：中英文可切换；all：简体、英文、繁體可切换）": (
        "language of the pages (default: XLXQ_LANG; both: zh and en with a switch; all: zh, en and zh-Hant)"
    ),
    "网页地址（http:// 或 https://）：首页和编排记录公告上印出它的二维码": "the site's address (http:// or https://): its QR code on the index page and the posted pairings",
    "积分晋圈淘汰的另一个 JSON 文件（积分赛的淘汰赛文件，或淘汰赛的积分赛文件）：一并发布淘汰赛阶段": "the other JSON file of a qualifying Swiss (the Swiss's knockout file, or the knockout's Swiss file): publish the knockout stage too",
    "加一页非官方等级分估算（Elo；赛事设了等级分报告时总有此页）": "add a page with the unofficial rating estimate (Elo; always there when the event asks for the rating report)",
    "K 值表“起点:K”，逗号分隔（默认：赛事文件或工作簿“设置”中的K值表，否则 0:20,2400:10）": "the K table 'from:K', comma-separated (default: the event file's or the workbook's 设置 K table, else 0:20,2400:10)",
    "等级分差 D 的上限（默认：赛事文件或工作簿“设置”中的，否则 400）": "the cap on the rating difference D (default: the event file's or the workbook's 设置 value, else 400)",
    "非官方等级分估算（Elo：Rn = Ro + K·(W − We)），不写文件": "an unofficial rating estimate (Elo: Rn = Ro + K·(W − We)); writes nothing",
    "抽签定序号（团体赛：队号）：种子选手排单号（方法(一)），其余按抽签；抽签种子记入文件（JSON 的 event.numbering、工作簿的“设置”），同一种子再抽得到同样的号码": "draw the numbers (a team event: the team numbers): seeds take the odd numbers (方法(一)), the others by the draw; the draw seed is recorded in the file (JSON event.numbering, the workbook's 设置), and the same seed gives the same numbers",
    "抽签种子（整数；默认随机选取并记录）": "the draw seed (a whole number; default: chosen at random and recorded)",
    "撤销最后一轮：删除该轮（工作簿：该轮工作表及其编排记录），按前面各轮重算成绩；该轮已录入结果时须加 --force。撤销前的文件保留在备份中（xlxq backups）": "undo the last round: remove it (a workbook: its sheet and its 编排记录 block) and recompute the standings from the rounds before; a round with results needs --force. The file as it was is kept among the backups (xlxq backups)",
    "该轮已有结果时也撤销（这些结果一并删除）": "undo even when the round has results (they are removed with it)",
    "每次写入前，原文件自动备份到旁边的 .xlxq-backups/文件名/ 中（保留最近20个，XLXQ_BACKUPS 可改）；列出它们，或用 --restore K 恢复第K个（恢复前的文件也先备份）": "before every write the file is backed up into .xlxq-backups/NAME/ beside it (the newest 20 kept; XLXQ_BACKUPS changes it); list them, or restore the K-th with --restore K (the current file is backed up first)",
    # xlxq report (the 成绩册)
    "成绩册（工作簿或PDF）": "the results booklet (a workbook or a PDF)",
    "写成PDF（默认：工作簿 .xlsx）": "write a PDF (default: a workbook, .xlsx)",
    "输出文件（默认：赛事文件旁的“赛事名-成绩册.xlsx/.pdf”）": "the output file (default: NAME-成绩册.xlsx/.pdf beside the event file)",
    "成绩册语言（默认按 XLXQ_LANG）": "language of the booklet (default: XLXQ_LANG)",
    "PDF 嵌入的中文字体文件（.ttf/.otf/.ttc；默认：环境变量 XLXQ_PDF_FONT，否则系统字体）": "the Chinese font the PDF embeds (.ttf/.otf/.ttc; default: the variable XLXQ_PDF_FONT, else a system font)",
    "加一节非官方等级分估算（工作簿“设置”要求时自动加入）": "add the unofficial rating estimate (added anyway when the workbook's 设置 asks for it)",
    "赛事的成绩册：封面、名次表（全部对比项）、逐轮成绩表、交叉表或淘汰赛对阵、团体名次与台次成绩、每轮对阵及结果；写成可打印的工作簿，或（--pdf）嵌入中文字体的一个PDF。赛事文件只读不写": "the event's results booklet: cover, standings (every tie-break), round-by-round results, cross table or knockout bracket, team standings and board results, each round's pairings and results; as a print-ready workbook or (--pdf) one PDF with its Chinese font embedded. The event file is read, not written",
    "恢复第K个备份（1 = 最新）": "restore the K-th backup (1 = the newest)",
    "以 JSON 输出备份列表": "the list of backups as JSON",
    # scoresheets, notice (记分单, 编排记录公告)
    "打印记分单": "print the score sheets of a round, one a board",
    "打印编排记录公告": "print the pairings notice of a round, with a name index",
    "一轮的记分单，每台一张（台次、双方序号/姓名/单位/红黑、结果框、犯规记录、签名）：工作簿中写入“第N轮记分单”表，JSON 文件写成旁边的 .xlsx": (
        "the score sheets of a round, one a board (board, each side's number, name, club and colour, the result "
        "boxes, the fouls, the signatures): a workbook gets the sheet 第N轮记分单, a JSON file an .xlsx beside it"
    ),
    "一轮的编排记录公告（张贴用的对阵表，轮空、请假、迟到入场）及按姓名拼音排序的索引（姓名→台次、红黑）：工作簿中写入“第N轮编排公告”表，JSON 文件写成旁边的 .xlsx": (
        "the pairings notice of a round as posted (the boards; byes, absences, late entries) with a name index in "
        "pinyin order (name → board, colour): a workbook gets the sheet 第N轮编排公告, a JSON file an .xlsx beside it"
    ),
    "轮次（默认：最后编排的一轮）": "the round (default: the last one paired)",
    "JSON 赛事文件：写入的 .xlsx（默认：文件旁的“文件名-第N轮….xlsx”）": (
        "a JSON event file: the .xlsx to write (default: NAME-第N轮….xlsx beside it)"
    ),
    "half：每页2张（半页，有剪切线，默认）；compact：节约式，每页6张": (
        "half: two a page (half pages, a cut line; the default); compact: six a page (节约式)"
    ),
    "复核每一轮的编排": "audit every round's pairing",
    "导入其他程序编排的赛事": "import an event paired by another program",
    "复核：每一轮按此前各轮的成绩重新推导编排，与实际对阵比较（一致 / 人工调整 / 不一致）；全部一致时退出码为 0，否则为 1": (
        "audit: every round's pairing derived again from the rounds before it and compared with the round as "
        "played (一致 reproduced / 人工调整 adjusted by hand / 不一致 differs); exit 0 when every round reproduces, else 1"
    ),
    "以 JSON 输出复核结果": "the audit as JSON",
    "导入：报名表（序号、姓名、单位，可选等级分/种子）和对阵成绩表（轮次、台次、红方序号、黑方序号、结果），CSV 或 XLSX，写成 JSON 赛事文件或工作簿": (
        "import: a registration (no, name, unit, optionally rating/seed) and a rounds file (round, board, red, "
        "black, result), CSV or XLSX, into a JSON event file or a workbook"
    ),
    "覆盖已存在的 OUT": "overwrite OUT if it exists",
    "赛事名称（默认：对阵成绩表的文件名）": "the event's name (default: the rounds file's name)",
    "计划轮数（默认：已赛轮数）": "rounds planned (default: the rounds played)",
}


def en(text: str) -> str:
    """The English of a help text (the text itself if it has none)."""
    return HELP_EN.get(text, text)
