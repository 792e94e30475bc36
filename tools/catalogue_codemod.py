"""Codemod: turn the (zh, en) message pairs of xlxq/ into catalogue ids.

    python tools/catalogue_codemod.py [--check] [--report] [--no-hant]
    python -m ruff format xlxq

Re-runnable and idempotent: it rewrites only what is still a pair, keeps the
ids already in the catalogues (the same template pair always gets the same
id) and adds the new ones.  What it rewrites (``S`` a str or f-string
literal, the first one Chinese):

* ``t(S_zh, S_en)`` where ``t`` is a :class:`~xlxq.i18n.Text` (``t = Text(lang)``,
  ``self.t = Text(…)``, a parameter annotated ``Text``, or ``Text(lang)(…)``)
  → ``t("id", name=expr, …)``;
* ``SomeError(S_zh, S_en, …)`` for :class:`~xlxq.errors.XlxqError` and its
  subclasses, ``Note(S_zh, S_en)``, ``sheet_error(sheet, row, S_zh, S_en, …)``
  and ``Issue(level, code, S_zh, S_en, …)`` → ``SomeError(Msg("id", …), …)``;
* ``Problem(level, code, S_zh, S_en, …)`` / ``Status(ok, S_zh, S_en, …)``
  (nothing positional after the pair) → ``…, msg=Msg("id", …), …``;
* ``S_zh if LANG == "zh" else S_en`` (and ``S_en if LANG == "en" else S_zh``,
  ``!=``) → ``tr(LANG, "id", …)``.

An f-string's ``{expr}`` becomes a named placeholder (``{p.name}`` →
``{name}``, format specs and ``!r`` kept) when both texts use the same
expressions; ``{x.zh}``/``{x.en}`` (or ``a_zh``/``a_en``) become one argument
``Pair.of(x)`` / ``Pair(a_zh, a_en)``.  Anything else (an expression in one
text only, a nested format spec, text built by concatenation or from
variables, label tables, a ``(S_zh, S_en)`` tuple passed on: its users take
two texts) is left as it is and listed with ``--report``.

Then the zh-Hans catalogue (xlxq/messages/zh_Hans.py) and the English one
(en.py) are written, and zh_Hant.py generated from zh-Hans with OpenCC
``s2tw`` plus the reviewed terms below (``--no-hant`` skips it; OpenCC is a
dev-time tool: ``pip install opencc``).  Hand-written entries in the
catalogues are kept.
"""

from __future__ import annotations

import argparse
import ast
import json
import keyword
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "xlxq"
MESSAGES = PKG / "messages"
SKIP = {PKG / "i18n.py", PKG / "errors.py"}

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
#: functions that work as a Text bound to the user's language: f("id", **args) or f(zh, en)
TEXT_FUNCS = {"txt"}
ERROR_ROOTS = {"XlxqError", "InputError", "PairingImpossible"}
NOT_CONVERTED = {"SheetError", "InputErrors"}  # other signatures: by hand
#: callables whose pair is a (zh, en) positional pair turned into one Msg: name → index of zh
MSG_AT = {"Note": 0, "Report": 0, "report.add": 1, "sheet_error": 2, "Issue": 2}  # dotted: as written (excel_setup)
#: dataclasses that take msg=Msg(...) instead of the pair: name → (index of zh, zh keyword, en keyword)
MSG_KW = {"Problem": (2, "zh", "en"), "Status": (1, "message_zh", "message_en")}

#: the reviewed terms: what OpenCC s2tw gives → what 繁體 rules texts (seed 001) write
HANT_TERMS: dict[str, str] = {
    "檯": "臺",  # 台次 → 臺次 (seed 001)
    "颱": "臺",
    "佔": "占",
    "纔": "才",
    "隻": "只",  # 只能, 只读, 只用于 (only): OpenCC reads 只 as the measure word 隻; no animal counted here
    "定臺製": "定臺制",  # 临时定台制 (a line-up format, 制 = system): OpenCC reads 制 as 製 (make)
    "聲明瞭": "聲明了",  # 声明了实体 (declared, 了 the particle): OpenCC reads 明了 as 明瞭 (clear)
}
HEADER = '''"""{title}: message id → ``str.format`` template (see :mod:`xlxq.i18n`).

Size: one line a message, every message of the program in one table.

{how}
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {{
'''
HOW_GENERATED = (
    "Written by tools/catalogue_codemod.py (the ids it finds in xlxq/); entries\n"
    "added by hand are kept when it runs again.  Keep the ids sorted."
)
HOW_HANT = (
    "Generated from zh_Hans.py by tools/catalogue_codemod.py with OpenCC s2tw and\n"
    "the reviewed terms (HANT_TERMS) there.  Do not edit by hand: change\n"
    "zh_Hans.py or the tool and run it."
)


# ---------------------------------------------------------------- catalogues


def load(name: str) -> dict[str, str]:
    path = MESSAGES / f"{name}.py"
    if not path.exists():
        return {}
    scope: dict[str, object] = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
    table = scope["MESSAGES"]
    assert isinstance(table, dict)
    return dict(table)


def dump(name: str, title: str, how: str, table: dict[str, str]) -> None:
    lines = [HEADER.format(title=title, how=how)]
    for key in sorted(table):
        lines.append(f"    {json.dumps(key, ensure_ascii=False)}: {json.dumps(table[key], ensure_ascii=False)},\n")
    lines.append("}\n")
    MESSAGES.mkdir(exist_ok=True)
    init = MESSAGES / "__init__.py"
    if not init.exists():
        init.write_text('"""The message catalogues, one module per language (see :mod:`xlxq.i18n`)."""\n')
    path = MESSAGES / f"{name}.py"
    path.write_text("".join(lines), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(path)], check=False)  # as committed


def placeholders(template: str) -> set[str]:
    import string

    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


def hant(zh: dict[str, str]) -> dict[str, str]:
    """zh-Hant from zh-Hans: OpenCC s2tw on the text outside the {placeholders}."""
    import opencc  # dev-time only

    conv = opencc.OpenCC("s2tw")
    out: dict[str, str] = {}
    for key, template in zh.items():
        parts = re.split(r"(\{[^{}]*\})", template)
        text = "".join(p if p.startswith("{") and p.endswith("}") else conv.convert(p) for p in parts)
        for wrong, right in HANT_TERMS.items():
            text = text.replace(wrong, right)
        out[key] = text
    return out


# ------------------------------------------------------------------ the sites


def is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) or isinstance(node, ast.JoinedStr)


def chinese(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return bool(CJK.search(node.value))
    assert isinstance(node, ast.JoinedStr)
    return any(isinstance(v, ast.Constant) and CJK.search(v.value) for v in node.values)


class Unconvertible(Exception):
    pass


def pieces(node: ast.expr) -> list[str | tuple[str, str, str]]:
    """A literal as text pieces and (expression, conversion, spec) fields."""
    if isinstance(node, ast.Constant):
        return [node.value]
    out: list[str | tuple[str, str, str]] = []
    assert isinstance(node, ast.JoinedStr)
    for v in node.values:
        if isinstance(v, ast.Constant):
            out.append(v.value)
            continue
        assert isinstance(v, ast.FormattedValue)
        spec = ""
        if v.format_spec is not None:
            assert isinstance(v.format_spec, ast.JoinedStr)
            if not all(isinstance(s, ast.Constant) for s in v.format_spec.values):
                raise Unconvertible("a format spec with a field")
            spec = "".join(s.value for s in v.format_spec.values)  # type: ignore[attr-defined]
        conv = "" if v.conversion == -1 else "!" + chr(v.conversion)
        out.append((ast.unparse(v.value), conv, spec))
    return out


def _swap(src: str) -> str:
    return re.sub(r"(?<![A-Za-z0-9])zh(?![A-Za-z0-9])", "en", src)


def arg_name(expr: str, taken: dict[str, str]) -> str:
    tree = ast.parse(expr, mode="eval").body
    if isinstance(tree, ast.Name):
        base = tree.id
    elif isinstance(tree, ast.Attribute):
        base = tree.attr
    elif isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("len", "str", "fmt"):
        base = "n" if tree.func.id == "len" else "_".join(re.findall(r"[A-Za-z0-9]+", expr)[1:3]) or "value"
    else:
        base = "_".join(re.findall(r"[A-Za-z][A-Za-z0-9]*", expr)[-2:]) or "value"
    base = re.sub(r"_(zh|en)$", "", base.strip("_")) or "value"
    if keyword.iskeyword(base) or not base.isidentifier() or base in ("id", "self"):
        base = f"{base}_"
    name, i = base, 2
    while name in taken and taken[name] != expr:
        name, i = f"{base}{i}", i + 1
    return name


def templates(zh_node: ast.expr, en_node: ast.expr) -> tuple[str, str, list[tuple[str, str]]]:
    """(zh template, en template, [(name, value source)])."""
    zh, en = pieces(zh_node), pieces(en_node)
    zh_exprs = [p[0] for p in zh if isinstance(p, tuple)]
    en_exprs = [p[0] for p in en if isinstance(p, tuple)]
    values: dict[str, str] = {}  # expression (its zh form, or the en form) → value source
    only_zh: list[str] = []
    for e in zh_exprs:
        if e in values:
            continue
        if e in en_exprs:
            values[e] = e
            continue
        twin = _swap(e)
        if twin == e or twin not in en_exprs:
            only_zh.append(e)
            continue
        m = re.fullmatch(r"(.+)\.zh", e)
        values[e] = f"Pair.of({m.group(1)})" if m else f"Pair({e}, {twin})"
        values[twin] = values[e]
    only_en = list(dict.fromkeys(e for e in en_exprs if e not in values))
    # what is worded differently in each (a list joined by "、" / ", "): one argument, a Pair of both,
    # in the order they come; each text keeps its own expression, so both render as before
    if (
        len(only_zh) != len(only_en)
        or any(zh_exprs.count(e) > 1 for e in only_zh)
        or any(en_exprs.count(e) > 1 for e in only_en)
    ):
        raise Unconvertible(f"{{{(only_zh or only_en)[0]}}} only in the {'Chinese' if only_zh else 'English'}")
    for z, e in zip(only_zh, only_en):
        values[z] = values[e] = f"Pair({z}, {e})"
    names: dict[str, str] = {}  # name → value
    name_of: dict[str, str] = {}  # value → name
    for e in zh_exprs + en_exprs:
        v = values[e]
        if v not in name_of:
            key = e[:-3] if v.startswith("Pair.of(") else e
            n = arg_name(key, names)
            names[n], name_of[v] = v, n

    def build(ps: list[str | tuple[str, str, str]]) -> str:
        out = []
        for p in ps:
            if isinstance(p, str):
                out.append(p.replace("{", "{{").replace("}", "}}"))
            else:
                e, conv, spec = p
                out.append("{" + name_of[values[e]] + conv + (":" + spec if spec else "") + "}")
        return "".join(out)

    return build(zh), build(en), list(names.items())


def slug(en: str) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"\{[^{}]*\}", " ", en.lower()).replace("'", ""))
    out: list[str] = []
    for w in words:
        if len("-".join(out + [w])) > 40:
            break
        out.append(w)
    if not out:  # only placeholders: their names
        out = [re.sub(r"[^a-z0-9]+", "-", f.lower()).strip("-") for f in re.findall(r"\{(\w+)", en)][:4]
    return "-".join(out) or "text"


class Catalogue:
    def __init__(self) -> None:
        self.zh = load("zh_Hans")
        self.en = load("en")
        self.by_pair = {(self.zh[k], self.en.get(k)): k for k in sorted(self.zh)}

    def id_for(self, prefix: str, zh: str, en: str) -> str:
        key = self.by_pair.get((zh, en))
        if key is not None:
            return key
        base = f"{prefix}.{slug(en)}"
        key, i = base, 2
        while key in self.zh or key in self.en:
            key, i = f"{base}-{i}", i + 1
        self.zh[key], self.en[key] = zh, en
        self.by_pair[(zh, en)] = key
        return key


def _const(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def literal_pairs(tree: ast.AST) -> list[tuple[str, str]]:
    """Constant (zh, en) pairs left as data: 2-tuples ("中文", "English"),
    keyword pairs ``x_zh="…", x_en="…"`` / ``zh=…, en=…``, and the values of
    dict pairs ``NAME_ZH = {…}`` / ``NAME_EN = {…}`` (the same keys).  Their
    texts go into the catalogue, so that :func:`xlxq.i18n.hant_text` finds
    their 繁體 while they are still pairs."""
    out: list[tuple[str, str]] = []
    dicts: dict[str, dict[str, str]] = {}

    def ok(zh: str | None, en: str | None) -> bool:  # Chinese, then English (that may cite a 方法(二))
        return bool(
            zh
            and en is not None
            and zh != en
            and len(CJK.findall(zh)) > len(CJK.findall(en))
            and (re.search("[A-Za-z]", en) or not en.strip())
        )

    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            zh, en = _const(node.elts[0]), _const(node.elts[1])
            if ok(zh, en):
                out.append((zh, en))  # type: ignore[arg-type]
        elif isinstance(node, ast.Call):
            for a, b in zip(node.args, node.args[1:]):  # register("opp_score", "对手分", "opponents' score")
                zh, en = _const(a), _const(b)
                if ok(zh, en):
                    out.append((zh, en))  # type: ignore[arg-type]
            kws = {k.arg: k.value for k in node.keywords if k.arg}
            for k, v in kws.items():
                if k == "zh" or k.endswith("_zh"):
                    zh, en = _const(v), _const(kws.get(k[:-2] + "en"))
                    if ok(zh, en):
                        out.append((zh, en))  # type: ignore[arg-type]
        if isinstance(node, ast.Dict):  # {"中文": "English"} (the CLI's help table)
            for k, v in zip(node.keys, node.values):
                zh, en = _const(k), _const(v)
                if ok(zh, en):
                    out.append((zh, en))  # type: ignore[arg-type]
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                name = ast.unparse(t)
                if re.search(r"(_ZH|_EN|_zh|_en)$", name):
                    d = {_const(k): _const(v) for k, v in zip(node.value.keys, node.value.values)}
                    dicts[name] = {k: v for k, v in d.items() if k is not None and v is not None}
    for name, zh_d in dicts.items():
        if name[-3:] in ("_ZH", "_zh"):
            en_d = dicts.get(name[:-2] + ("EN" if name.endswith("ZH") else "en"), {})
            out += [(zh_d[k], en_d[k]) for k in zh_d if k in en_d and ok(zh_d[k], en_d[k])]
    return out


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def error_classes(files: list[Path]) -> set[str]:
    bases: dict[str, set[str]] = {}
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {ast.unparse(b).split(".")[-1] for b in node.bases}
    found = set(ERROR_ROOTS)
    changed = True
    while changed:
        changed = False
        for name, bs in bases.items():
            if name not in found and bs & found:
                found.add(name)
                changed = True
    return found - NOT_CONVERTED


def text_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            pairs = [(t, node.value) for t in node.targets]
            for t, v in list(pairs):
                if isinstance(t, ast.Tuple) and isinstance(v, ast.Tuple) and len(t.elts) == len(v.elts):
                    pairs += list(zip(t.elts, v.elts))
            for t, v in pairs:
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "Text":
                    names.add(ast.unparse(t))
        if (
            isinstance(node, ast.arg)
            and node.annotation is not None
            and ast.unparse(node.annotation) in ("Text", "'Text'")
        ):
            names.add(node.arg)
    return names


def label_tables(node: ast.IfExp, true_is: str) -> tuple[str, str] | None:
    """(zh, en) sources of ``LABELS_EN if lang == "en" else LABELS_ZH`` (label tables: names ending in
    LABELS_ZH/_EN, labels_zh/_en, or a pair NAME_ZH/NAME_EN of dict literals of the module)."""
    zh, en = (node.body, node.orelse) if true_is == "zh" else (node.orelse, node.body)
    if not all(isinstance(x, (ast.Name, ast.Attribute)) for x in (zh, en)):
        return None
    zs, es = ast.unparse(zh), ast.unparse(en)
    if not (zs[-3:] in ("_ZH", "_zh") and es == zs[:-2] + ("EN" if zs.endswith("ZH") else "en")):
        return None
    return (zs, es) if re.search(r"(LABELS|labels)_(ZH|zh)$", zs) or zs in DICT_NAMES else None


#: module-level dict literals named *_ZH / *_zh of the module being converted
DICT_NAMES: set[str] = set()


def lang_test(test: ast.expr) -> tuple[str, str] | None:
    """(lang expression, the language the true branch is in) of ``X == "zh"`` and the like."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))):
        return None
    right = test.comparators[0]
    if not (isinstance(right, ast.Constant) and right.value in ("zh", "en")):
        return None
    lang = ast.unparse(test.left)
    if not re.search(r"lang", lang):
        return None
    true_is = right.value if isinstance(test.ops[0], ast.Eq) else ("en" if right.value == "zh" else "zh")
    return lang, true_is


class Module:
    def __init__(self, path: Path, errors: set[str], cat: Catalogue, report: list[str]) -> None:
        self.path, self.errors, self.cat, self.report = path, errors, cat, report
        self.prefix = path.parent.name if path.stem == "__init__" else path.stem
        self.count = 0
        self.write = True  # False: --check, nothing is written
        self._inside: set[int] = set()
        self.q = '"'
        self.alias = self._aliases(ast.parse(path.read_bytes()))

    @staticmethod
    def _aliases(tree: ast.AST) -> dict[str, str]:
        """The name each i18n name is used under: ``i18n_tr`` where the module binds ``tr`` itself."""
        bound: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    if not (isinstance(node, ast.ImportFrom) and node.module == "xlxq.i18n"):
                        bound.add(a.asname or a.name.split(".")[0])
        return {n: f"i18n_{n}" if n in bound else n for n in ("Msg", "Pair", "tr", "labels")}

    def in_function(self, node: ast.AST) -> bool:
        return id(node) in self._inside

    def sites(self, tree: ast.AST) -> list[tuple[ast.AST, str]]:
        texts = text_names(tree)
        self._inside = {
            id(n)
            for f in ast.walk(tree)
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            for stmt in f.body
            for n in ast.walk(stmt)
        }
        DICT_NAMES.clear()
        for node in getattr(tree, "body", []):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    DICT_NAMES.add(ast.unparse(t))
        out: list[tuple[ast.AST, str]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = ast.unparse(node.func)
                short = func.split(".")[-1]
                two = node.args[:2]
                pair_at = None
                if (
                    func in texts
                    or func in TEXT_FUNCS
                    or (isinstance(node.func, ast.Call) and ast.unparse(node.func.func) == "Text")
                ):
                    if len(node.args) == 2 and not node.keywords:
                        pair_at = 0
                        kind = "text"
                elif short in self.errors or short in MSG_AT or func in MSG_AT:
                    pair_at, kind = MSG_AT.get(func, MSG_AT.get(short, 0)), "msg"
                elif short in MSG_KW:
                    i, zk, ek = MSG_KW[short]
                    kws = {k.arg: k.value for k in node.keywords}
                    if len(node.args) == i + 2:
                        pair_at, kind = i, "kw"
                    elif len(node.args) == i and zk in kws and ek in kws:
                        pair_at, kind = -1, "kwnamed"
                if pair_at is None:
                    continue
                if pair_at >= 0:
                    two = node.args[pair_at : pair_at + 2]
                else:
                    kws = {k.arg: k.value for k in node.keywords}
                    two = [kws[MSG_KW[short][1]], kws[MSG_KW[short][2]]]
                if len(two) == 2 and all(is_text(a) for a in two) and chinese(two[0]):
                    out.append((node, kind))
            elif (
                isinstance(node, ast.Tuple)
                and len(node.elts) == 2
                and all(is_text(a) for a in node.elts)
                and any(isinstance(a, ast.JoinedStr) for a in node.elts)
                and chinese(node.elts[0])
                and self.in_function(node)
            ):
                out.append((node, "tuple"))  # a (zh, en) pair passed on: reported, converted by hand
            elif isinstance(node, ast.IfExp):
                lt = lang_test(node.test)
                if lt and label_tables(node, lt[1]):
                    out.append((node, "labels"))
                elif lt and is_text(node.body) and is_text(node.orelse):
                    zh, en = (node.body, node.orelse) if lt[1] == "zh" else (node.orelse, node.body)
                    if chinese(zh):
                        out.append((node, "ifexp"))
        return out

    def note(self, node: ast.AST, why: str) -> None:
        self.report.append(f"{self.path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}: {why}")

    def convert(self, node: ast.AST, kind: str, src: bytes) -> tuple[int, int, str, set[str]] | None:
        """(start, end byte offsets, replacement, names to import) or None."""
        lines_start = self._starts(src)

        def off(line: int, col: int) -> int:
            return lines_start[line - 1] + col

        try:
            if kind == "labels":
                assert isinstance(node, ast.IfExp)
                lt = lang_test(node.test)
                assert lt
                zh, en = label_tables(node, lt[1])  # type: ignore[misc]
                return self._span(node, off) + (f"{self.alias['labels']}({lt[0]}, {zh}, {en})", {"labels"})
            if kind == "tuple":  # its users take two texts: a message, rendered where it is used, by hand
                raise Unconvertible("a (zh, en) pair passed on: make it a message its users render")
            if kind == "ifexp":
                assert isinstance(node, ast.IfExp)
                lt = lang_test(node.test)
                assert lt
                zh, en = (node.body, node.orelse) if lt[1] == "zh" else (node.orelse, node.body)
                tz, te, args = templates(zh, en)
                key = self.cat.id_for(self.prefix, tz, te)
                text = f"{self.alias['tr']}({lt[0]}, {self.q}{key}{self.q}{self._call_args(args)})"
                return self._span(node, off) + (text, {"tr"} | self._needs(args))
            assert isinstance(node, ast.Call)
            short = ast.unparse(node.func).split(".")[-1]
            if kind == "kwnamed":
                i, zk, ek = MSG_KW[short]
                kws = {k.arg: k for k in node.keywords}
                zh, en = kws[zk].value, kws[ek].value
            elif kind == "kw":
                zh, en = node.args[MSG_KW[short][0]], node.args[MSG_KW[short][0] + 1]
            else:
                at = 0 if kind == "text" else MSG_AT.get(ast.unparse(node.func), MSG_AT.get(short, 0))
                zh, en = node.args[at], node.args[at + 1]
            tz, te, args = templates(zh, en)
            key = self.cat.id_for(self.prefix, tz, te)
            call_args = self._call_args(args)
            if kind == "text":
                return (
                    off(zh.lineno, zh.col_offset),
                    off(en.end_lineno, en.end_col_offset),
                    self.q + key + self.q + call_args,
                    self._needs(args),
                )  # type: ignore[arg-type]
            msg = f"{self.alias['Msg']}({self.q}{key}{self.q}{call_args})"
            if kind == "msg":
                return (
                    off(zh.lineno, zh.col_offset),
                    off(en.end_lineno, en.end_col_offset),
                    msg,
                    {"Msg"} | self._needs(args),
                )  # type: ignore[arg-type]
            # kw / kwnamed: the pair → msg=…, in the same place (nothing positional follows it)
            if kind == "kw":
                return (
                    off(zh.lineno, zh.col_offset),
                    off(en.end_lineno, en.end_col_offset),
                    f"msg={msg}",
                    {"Msg"} | self._needs(args),
                )  # type: ignore[arg-type]
            kz, ke = kws[MSG_KW[short][1]], kws[MSG_KW[short][2]]
            first, last = sorted([kz, ke], key=lambda k: (k.lineno, k.col_offset))
            between = [
                k
                for k in node.keywords
                if (first.lineno, first.col_offset) < (k.lineno, k.col_offset) < (last.lineno, last.col_offset)
            ]
            if between:
                raise Unconvertible("keywords between the pair")
            return (
                off(first.lineno, first.col_offset),
                off(last.end_lineno, last.end_col_offset),
                f"msg={msg}",
                {"Msg"} | self._needs(args),
            )  # type: ignore[arg-type]
        except Unconvertible as e:
            self.note(node, str(e))
            return None

    def _call_args(self, args: list[tuple[str, str]]) -> str:
        pair = self.alias["Pair"]
        return "".join(f", {n}={pair + v[4:] if v.startswith('Pair') else v}" for n, v in args)

    @staticmethod
    def _fstrings(tree: ast.AST, src: bytes, starts: list[int]) -> list[tuple[int, int, str]]:
        """(start, end, quote) of every f-string."""
        out = []
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and hasattr(node, "end_lineno"):
                a = starts[node.lineno - 1] + node.col_offset
                b = starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[operator]
                head = src[a : a + 4].decode("utf-8", "replace").lstrip("rRfFbBuU")
                out.append((a, b, head[:1]))
        return out

    @staticmethod
    def _needs(args: list[tuple[str, str]]) -> set[str]:
        return {"Pair"} if any(v.startswith("Pair") for _, v in args) else set()

    @staticmethod
    def _span(node: ast.AST, off) -> tuple[int, int]:  # type: ignore[no-untyped-def]
        return off(node.lineno, node.col_offset), off(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]

    @staticmethod
    def _starts(src: bytes) -> list[int]:
        starts, pos = [0], 0
        for line in src.splitlines(keepends=True):
            pos += len(line)
            starts.append(pos)
        return starts

    def run(self) -> bool:
        src = self.path.read_bytes()
        changed = False
        for zh, en in literal_pairs(ast.parse(src)):
            self.cat.id_for(self.prefix, _esc(zh), _esc(en))
        while True:
            tree = ast.parse(src)
            starts = self._starts(src)
            sites = [(n, k) for n, k in self.sites(tree) if not self.convert_quiet(n, k)]
            spans = {id(n): self._span(n, lambda ln, c, s=starts: s[ln - 1] + c) for n, _ in sites}
            # innermost first: a site with no other site inside it
            inner = [
                (n, k)
                for n, k in sites
                if not any(
                    m is not n and spans[id(n)][0] <= spans[id(m)][0] and spans[id(m)][1] <= spans[id(n)][1]
                    for m, _ in sites
                )
            ]
            if not inner:
                break
            fstrings = self._fstrings(tree, src, starts)
            edits = []
            for n, k in inner:
                a, b = spans[id(n)]
                inside = [q for (x, y, q) in fstrings if x < a and b < y]
                self.q = "'" if inside and inside[0] == '"' else '"'
                r = self.convert(n, k, src)
                if r is not None:
                    edits.append(r)
            needs: set[str] = set()
            for start, end, text, names in sorted(edits, reverse=True):
                src = src[:start] + text.encode() + src[end:]
                needs |= names
                self.count += 1
            src = self.imports(src, needs, self.alias)
            changed = True
        for n, k in self.sites(ast.parse(src)):
            self.convert(n, k, src)  # reports why (it cannot be converted)
        if changed:
            if self.write:
                self.path.write_bytes(src)
        return changed

    def convert_quiet(self, node: ast.AST, kind: str) -> bool:
        """True when the site cannot be converted (without reporting it)."""
        saved = list(self.report)
        n_zh, n_en = len(self.cat.zh), len(self.cat.en)
        try:
            if kind == "labels":
                return False
            if kind == "tuple":
                return True  # by hand (convert says why)
            if kind == "ifexp":
                assert isinstance(node, ast.IfExp)
                lt = lang_test(node.test)
                assert lt
                zh, en = (node.body, node.orelse) if lt[1] == "zh" else (node.orelse, node.body)
            else:
                assert isinstance(node, ast.Call)
                short = ast.unparse(node.func).split(".")[-1]
                if kind == "kwnamed":
                    kws = {k.arg: k.value for k in node.keywords}
                    zh, en = kws[MSG_KW[short][1]], kws[MSG_KW[short][2]]
                elif kind == "kw":
                    zh, en = node.args[MSG_KW[short][0]], node.args[MSG_KW[short][0] + 1]
                else:
                    at = 0 if kind == "text" else MSG_AT.get(ast.unparse(node.func), MSG_AT.get(short, 0))
                    zh, en = node.args[at], node.args[at + 1]
            templates(zh, en)
            return False
        except Unconvertible:
            return True
        finally:
            self.report[:] = saved
            assert (len(self.cat.zh), len(self.cat.en)) == (n_zh, n_en)

    @staticmethod
    def imports(src: bytes, needs: set[str], alias: dict[str, str]) -> bytes:
        if not needs:
            return src
        tree = ast.parse(src)
        have: set[str] = set()
        last_import = None
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                last_import = node
                if isinstance(node, ast.ImportFrom) and node.module == "xlxq.i18n":
                    have |= {a.name for a in node.names if (a.asname or a.name) == alias.get(a.name, a.name)}
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and last_import is None:
                continue
            elif last_import is not None and not isinstance(node, (ast.If, ast.Try)):
                break
        missing = sorted(needs - have)
        if not missing:
            return src
        names = [n if alias.get(n, n) == n else f"{n} as {alias[n]}" for n in missing]
        line = f"from xlxq.i18n import {', '.join(names)}\n".encode()
        lines = src.splitlines(keepends=True)
        at = last_import.end_lineno if last_import is not None else _after_docstring(tree)  # type: ignore[union-attr]
        return b"".join(lines[:at]) + line + b"".join(lines[at:])


def _after_docstring(tree: ast.Module) -> int:
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        return body[0].end_lineno or 0
    return 0


TEMPLATE_PAIR = re.compile(r"""\bt\(\s*"([^"\\]*)"\s*,\s*"([^"\\]*)"\s*\)|\bt\(\s*'([^'\\]*)'\s*,\s*'([^'\\]*)'\s*\)""")


def site_templates() -> list[Path]:
    """The site's Jinja templates (xlxq/…/publish/templates/*.html, wherever the package is)."""
    return sorted(p for p in PKG.rglob("*.html") if p.parent.name == "templates" and p.parent.parent.name == "publish")


def convert_templates(cat: Catalogue, write: bool = True) -> int:
    """The site's Jinja templates: ``t("中文", "English")`` → ``t("id")``."""
    n = 0
    for path in site_templates():
        text = path.read_text(encoding="utf-8")

        def one(m: re.Match[str]) -> str:
            nonlocal n
            zh, en = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
            if not CJK.search(zh):
                return m.group(0)
            n += 1
            q = '"' if m.group(1) is not None else "'"
            return f"t({q}{cat.id_for('site', _esc(zh), _esc(en))}{q})"

        new = TEMPLATE_PAIR.sub(one, text)
        if new != text:
            if write:
                path.write_text(new, encoding="utf-8")
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 when something would change or a pair is left"
    )
    ap.add_argument("--report", action="store_true", help="list the pairs left as they are")
    ap.add_argument("--no-hant", action="store_true", help="do not regenerate zh_Hant.py (needs opencc)")
    args = ap.parse_args(argv)
    files = sorted(p for p in PKG.rglob("*.py") if p not in SKIP and MESSAGES not in p.parents)
    errors = error_classes(files)
    cat = Catalogue()
    known = len(cat.zh)
    report: list[str] = []
    converted = 0
    changed_files = []
    for f in files:
        m = Module(f, errors, cat, report)
        m.write = not args.check
        if m.run():
            changed_files.append(f)
            converted += m.count
    converted += convert_templates(cat, write=not args.check)
    if args.check:
        added = len(cat.zh) - known
        print(f"{converted} pairs in {len(changed_files)} files would be converted; {added} messages added")
        print(f"left as they are: {len(report)} pairs")
        if args.report:
            print("\n".join(report))
        return 1 if converted or added or report else 0
    dump("zh_Hans", "简体中文 (zh-Hans) messages", HOW_GENERATED, cat.zh)
    dump("en", "English messages", HOW_GENERATED, cat.en)
    if not args.no_hant:
        try:
            table = hant(cat.zh)
        except ImportError:
            print("opencc is not installed (pip install opencc): zh_Hant.py not regenerated", file=sys.stderr)
        else:
            dump("zh_Hant", "繁體中文 (zh-Hant) messages", HOW_HANT, table)
    print(f"converted {converted} pairs in {len(changed_files)} files; catalogue: {len(cat.zh)} messages")
    print(f"left as they are: {len(report)} pairs (--report lists them)")
    if args.report:
        print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
