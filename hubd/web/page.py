"""The page's HTML shell: the language, the direction and the title; page.js fills it in."""

from __future__ import annotations

from html import escape

from hubd.text import i18n

TEMPLATE = """<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/s/page.css">
<script src="/s/dom.js" defer></script>
<script src="/s/photo.js" defer></script>
<script src="/s/page.js" defer></script>
</head>
<body data-token="{token}">
<div id="lost" class="notice" role="alert" hidden></div>
<header><h1 id="status" aria-live="polite"></h1><p id="last"></p></header>
<section id="mine" hidden></section>
<section id="map"></section>
<section id="players"></section>
<section id="sheet"></section>
<section id="day"></section>
<nav id="languages"></nav>
</body>
</html>
"""


def page_html(code: str, token: str) -> str:
    t = i18n.load(code)
    return TEMPLATE.format(
        lang=escape(code),
        dir="rtl" if t.rtl else "ltr",
        token=escape(token),
        title=escape(t.gettext("Chicken foot!")),
    )
