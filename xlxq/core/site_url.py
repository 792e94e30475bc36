"""The event's web address (设置 网站地址, JSON ``event.site_url``): where
the site ``xlxq publish`` writes will be online, printed as a QR code on
the 编排公告 and used by ``publish`` when no ``--url`` is given.

Only an http:// or https:// address with a host is a web address a phone
opens from a QR code (``javascript:``, ``data:``, ``file:`` … refused),
without spaces or control characters.
"""

from __future__ import annotations

from typing import Optional
from urllib.parse import urlsplit

from xlxq.i18n import Msg

__all__ = ["site_url_error", "shown_url"]


def shown_url(url: str) -> str:
    """``url`` as a message shows it: unprintable characters as ?, cut at 60."""
    text = "".join(ch if ch.isprintable() else "?" for ch in url)
    return text if len(text) <= 60 else text[:60] + "…"


def site_url_error(url: str) -> Optional[Msg]:
    """Why ``url`` is not a web address (a message), or None when it is one."""
    try:
        parts = urlsplit(url)
        ok = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
    except ValueError:  # a malformed address (an unclosed [ of an IPv6 host …)
        ok = False
    if not ok or any(ch.isspace() or not ch.isprintable() for ch in url):
        return Msg("site_url.not-a-web-address", shown_url=shown_url(url))
    return None
