"""The Chinese font of the 成绩册's PDF: ``--font PATH``, else the
environment variable ``XLXQ_PDF_FONT``, else the first of the usual system
fonts that has Chinese glyphs (Windows: 微软雅黑 msyh, 宋体 simsun, 黑体
simhei; macOS: PingFang, 华文黑体 STHeiti, Songti; Linux: Noto Sans/Serif
CJK, 文泉驿 WenQuanYi), else what ``fc-match`` gives for Chinese (when
fontconfig is there).  A TrueType collection (``.ttc``) is searched for its
Simplified Chinese face.  None found: an :class:`~xlxq.errors.InputError`
naming the option and the variable (exit 2, nothing written).

Lazy imports: fontTools (a dependency of fpdf2) in :func:`read_face` only
(start-up time: the operations import this module inside the command).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from xlxq.errors import InputError

__all__ = ["ENV", "CjkFont", "KNOWN_FONTS", "FALLBACK_FONTS", "find_font", "read_face", "system_candidates"]

#: the environment variable naming the font file
ENV = "XLXQ_PDF_FONT"

#: a character every Chinese booklet prints (中, of 中国象棋协会)
PROBE = 0x4E2D

#: the words naming a Simplified Chinese face in a collection
SIMPLIFIED = (" SC", "GB", "Simplified", "YaHei", "Yahei", "SimSun", "SimHei", "PingFang SC", "Heiti SC", "Songti SC")


def _windows() -> list[str]:
    root = Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts"
    return [str(root / n) for n in ("msyh.ttc", "msyh.ttf", "simsun.ttc", "simhei.ttf", "simkai.ttf", "Deng.ttf")]


#: the usual places of a Chinese font, in order of preference
KNOWN_FONTS: tuple[str, ...] = (
    *_windows(),
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti Medium.ttc",
    "/System/Library/Fonts/STHeiti Light.ttc",
    "/System/Library/Fonts/Supplemental/Songti.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
)


#: fonts for the characters the Chinese font lacks (issue 21 §2.7: emoji,
#: the rare characters of CJK Extension B such as 𠀀 and 𪚥, symbols), used
#: by the PDF only for such characters, in this order, where the file is
#: there: SimSun-ExtB, Segoe UI Symbol (Windows), Apple Symbols, Arial
#: Unicode (macOS), HanaMin B, Noto Sans Symbols 2, DejaVu Sans (Linux)
FALLBACK_FONTS: tuple[str, ...] = (
    *(str(Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts" / n) for n in ("simsunb.ttf", "seguisym.ttf")),
    "/System/Library/Fonts/Apple Symbols.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)


@dataclass(frozen=True)
class CjkFont:
    """A font file and, in a collection, the face (``index``) to embed."""

    path: str
    index: int = 0


def _fc_match() -> list[str]:
    """fontconfig's choice for Simplified Chinese (nothing without fc-match)."""
    exe = shutil.which("fc-match")
    if exe is None:
        return []
    try:
        out = subprocess.run(
            [exe, "-f", "%{file}", ":lang=zh-cn"], capture_output=True, text=True, timeout=10, check=False
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return []
    return [out] if out else []


def system_candidates() -> Iterable[str]:
    yield from KNOWN_FONTS
    yield from _fc_match()


def read_face(path: str) -> Optional[CjkFont]:
    """The face of ``path`` with Chinese glyphs (a collection's Simplified
    Chinese one first); None: not a font fpdf2 reads, or no Chinese."""
    from fontTools.ttLib import TTCollection, TTFont, TTLibError

    try:
        with open(path, "rb") as file:  # read lazily: closed when the faces are looked at
            if path.lower().endswith((".ttc", ".otc")):
                faces = list(TTCollection(file, lazy=True).fonts)
            else:
                faces = [TTFont(file, lazy=True)]
            names = [str(face["name"].getDebugName(1) or "") for face in faces]
            preferred = [i for i, n in enumerate(names) if any(k in n for k in SIMPLIFIED)]
            rest = [i for i in range(len(faces)) if i not in preferred]
            for i in preferred + rest:  # the first face with 中: a collection's other faces are not read
                if PROBE in (faces[i].getBestCmap() or {}):
                    return CjkFont(path, i)
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, IndexError):
        return None
    return None


def _named(path: str, where: str) -> CjkFont:
    if not Path(path).is_file():
        raise InputError(f"{where}：找不到字体文件 {path}", f"{where}: no font file {path}", file=path)
    face = read_face(path)
    if face is None:
        raise InputError(
            f"{where}：{path} 不是含中文字形的 TrueType/OpenType 字体",
            f"{where}: {path} is not a font with Chinese glyphs",
            file=path,
        )
    return face


def find_font(explicit: Optional[str] = None) -> CjkFont:
    """The font the PDF embeds (see the module's text for the order)."""
    if explicit:
        return _named(explicit, "--font")
    env = os.environ.get(ENV, "").strip()
    if env:
        return _named(env, ENV)
    for path in system_candidates():
        if Path(path).is_file():
            face = read_face(path)
            if face is not None:
                return face
    raise InputError(
        f"找不到中文字体，未写入PDF：用 --font 字体文件 或环境变量 {ENV} 指定一个（如 msyh.ttc、NotoSansCJK-Regular.ttc）",
        f"no Chinese font found, no PDF written: name one with --font FILE or the variable {ENV}"
        " (e.g. msyh.ttc, NotoSansCJK-Regular.ttc)",
    )
