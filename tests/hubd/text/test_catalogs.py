"""The catalogs: complete, consistent placeholders, loadable without a build step."""

from __future__ import annotations

import ast
import gettext
import io
import logging
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from hubd.text import i18n

SHIPPED = i18n.SHIPPED
TRANSLATED = tuple(code for code in SHIPPED if code != i18n.SOURCE_LANGUAGE)
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalog(code: str) -> list[i18n.Entry]:
    path = i18n.catalog_path(code)
    return i18n.parse_po(path.read_text(encoding="utf-8"), str(path))


def test_the_six_languages_are_shipped_in_order() -> None:
    assert i18n.available_languages() == list(SHIPPED)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_in_every_catalog_and_no_stale_ones(code: str) -> None:
    wanted = dict(i18n.source_messages())
    entries = {e.msgid: e for e in catalog(code) if e.msgid}
    assert sorted(set(wanted) - set(entries)) == []
    assert sorted(set(entries) - set(wanted)) == []
    for msgid, plural in wanted.items():
        assert entries[msgid].msgid_plural == plural


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    translator = i18n.load(code)
    for entry in catalog(code):
        if not entry.msgid:
            continue
        assert entry.translated, f"{code}: {entry.msgid!r} is not translated"
        wanted = set(PLACEHOLDER.findall(entry.msgid))
        if entry.msgid_plural is not None:
            wanted |= set(PLACEHOLDER.findall(entry.msgid_plural))
        for form in entry.msgstr:
            assert form, f"{code}: a plural form of {entry.msgid!r} is empty"
            found = set(PLACEHOLDER.findall(form))
            # A singular may say "one" in words instead of {n}; nothing may be invented.
            assert found <= wanted, f"{code}: {form!r} has placeholders {found - wanted}"
            if entry.msgid_plural is None:
                assert found == wanted, f"{code}: {form!r} lost {wanted - found}"
        assert translator.gettext(entry.msgid) or entry.msgid_plural


@pytest.mark.parametrize("code", SHIPPED)
def test_the_header_names_the_language_and_its_plural_forms(code: str) -> None:
    head = next(e for e in catalog(code) if e.msgid == "")
    fields = dict(line.split(": ", 1) for line in head.msgstr[0].splitlines() if ": " in line)
    assert fields["Language"] == code
    assert fields["X-Language-Name"]
    count = int(re.search(r"nplurals=(\d+)", fields["Plural-Forms"]).group(1))  # type: ignore[union-attr]
    for entry in catalog(code):
        if entry.msgid_plural is not None and code != "en":
            assert len(entry.msgstr) == count, f"{code}: {entry.msgid!r}"


def test_plural_forms_follow_each_language() -> None:
    uk = i18n.load("uk")
    forms = [uk.ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 2, 5, 11, 21, 22)]
    assert forms == [
        "1 кісточка", "2 кісточки", "5 кісточок", "11 кісточок", "21 кісточка", "22 кісточки",
    ]  # fmt: skip
    assert i18n.load("id").ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 kartu"
    assert i18n.load("en").ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 tile"


def test_hebrew_is_right_to_left_and_shown_in_visual_order() -> None:
    he = i18n.load("he")
    assert he.rtl and not i18n.load("uk").rtl
    assert he.name == "עברית"
    assert he.visual("Ana מנצח!") == "!חצנמ Ana"
    assert i18n.load("en").visual("Ana wins!") == "Ana wins!"
    assert i18n.load("en").visual("שלום Ana") == "םולש Ana"  # a Hebrew name in any language


#: Messages that may share one translation because they mean the same thing (a language
#: without plurals, a heading and a sentence saying the same). Nothing a player taps is here.
SAME_MEANING = {
    frozenset({"Player", "Players"}),
    frozenset({"New game", "the new game"}),
    frozenset({"No finished games yet.", "No game has finished yet."}),
    # Ukrainian says every play briefly
    frozenset({"{player} played {tile} on {line}", "{player}: {tile}, {line}"}),
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_two_messages_share_one_translation(code: str) -> None:
    """Two different actions never read the same ("Undo" and "Cancel" both "Скасувати" sent
    a player to the wrong one). Every message is compared, not only buttons: a word on a
    button and the same word in a heading or notice must mean the same thing too."""
    by_text: dict[str, set[str]] = defaultdict(set)
    for entry in catalog(code):
        if entry.msgid:
            for form in entry.msgstr:
                by_text[form.strip().casefold()].add(entry.msgid)
    shared = {
        text: sorted(msgids)
        for text, msgids in by_text.items()
        if len(msgids) > 1 and frozenset(msgids) not in SAME_MEANING
    }
    assert shared == {}


def test_the_translations_import_nothing_from_the_screens() -> None:
    """The screens use the translations, never the other way round (no import circle)."""
    tree = ast.parse(Path(i18n.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names]  # fmt: skip
    assert not [name for name in imported if name.startswith("hubd")]
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, hubd.text.i18n as t; t.source_messages(); "
         "print(' '.join(m for m in sys.modules if m.startswith('hubd.screens')))"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert loaded == []


#: Verb forms that say the player is a man (Hebrew's and Ukrainian's past and present tenses,
#: and Hebrew's imperative, agree with the speaker's gender; the names at a table are anyone's).
A_MANS_VERB = {
    "he": frozenset(
        {
            "פתח",
            "משך",
            "דילג",
            "שיחק",
            "סיים",
            "מנצח",
            "ניצח",
            "משחק",
            "יכול",
            "חייב",
            "התחל",
            "שחק",
            "דלג",
            "משוך",
            "מושך",
        }
    ),
    "uk": frozenset(
        {
            "взяв",
            "брав",
            "відкрив",
            "зіграв",
            "вийшов",
            "переміг",
            "виграв",
            "пасував",
            "знайшов",
            "витягнув",
        }
    ),
}
NAMED = ("player", "names", "other", "last")


@pytest.mark.parametrize("code", sorted(A_MANS_VERB))
def test_a_players_name_never_takes_a_mans_verb(code: str) -> None:
    """Every message that names a player, on the screen or said aloud, reads right for
    Grandma Ruth as for Ben: "סבתא רות פתח" and "Бабуся Рита відкрив" said she was a man."""
    wrong = []
    for entry in catalog(code):
        if not any(f"{{{name}}}" in entry.msgid for name in NAMED):
            continue
        for form in entry.msgstr:
            text = PLACEHOLDER.sub(lambda m: "Ana" if m.group(1) in NAMED else "1", form)
            words = re.findall(r"\w+", text)
            near = {w for i, word in enumerate(words) if word == "Ana"
                    for w in words[max(0, i - 2) : i + 3]}  # fmt: skip
            if near & A_MANS_VERB[code]:
                wrong.append(form)
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_keyboard_rows_fit(code: str) -> None:
    rows = i18n.load(code).gettext(i18n.LATIN_ROWS).split("/")
    assert all(0 < len(row) <= 10 for row in rows)
    assert len(rows) <= 4
    assert len("".join(rows)) == len(set("".join(rows)))


def test_a_shipped_catalog_reads_through_the_standard_librarys_gettext() -> None:
    et = i18n.load("et")  # parsed from the .po, handed to gettext.GNUTranslations in memory
    assert et.gettext("Draw") == "Võta"
    assert et.ngettext("{n} tile", "{n} tiles", 2) == "{n} kivi"


def test_a_translator_adds_a_language_with_one_catalog(tmp_path: Path) -> None:
    root = tmp_path / "locale"
    folder = root / "fi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "hubd.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fi\\n"\n"X-Language-Name: Suomi\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Draw"\nmsgstr "Nosta"\n',
        encoding="utf-8",
    )
    assert i18n.available_languages(root) == ["en", "fi"]
    finnish = i18n.load("fi", root)
    assert finnish.name == "Suomi" and finnish.gettext("Draw") == "Nosta"
    assert finnish.gettext("Pass") == "Pass"  # untranslated: English


def test_a_missing_or_broken_catalog_falls_back_to_english(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        assert i18n.load("xx", tmp_path).gettext("Draw") == "Draw"
    assert "no catalog for language 'xx'" in caplog.text
    broken = tmp_path / "zz" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "hubd.po").write_text('msgid "Draw"\nmsgstr Nosta\n', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert i18n.load("zz", tmp_path).gettext("Draw") == "Draw"
    assert "cannot read the 'zz' catalog" in caplog.text


def test_the_po_parser_reads_continuations_escapes_contexts_and_skips_obsolete() -> None:
    text = (
        "# a comment\n"
        'msgctxt "button"\nmsgid "Draw"\nmsgstr "Ambil"\n\n'
        'msgid ""\n"Two "\n"lines\\n"\nmsgstr "Dua \\"baris\\""\n\n'
        '#~ msgid "Old"\n#~ msgstr "Lama"\n'
    )
    entries = i18n.parse_po(text)
    assert [(e.context, e.msgid, e.msgstr) for e in entries] == [
        ("button", "Draw", ["Ambil"]),
        (None, "Two lines\n", ['Dua "baris"']),
    ]
    translations = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(entries)))
    assert translations.pgettext("button", "Draw") == "Ambil"
    with pytest.raises(i18n.CatalogError, match="catalog:1"):
        i18n.parse_po('msgid "x"x\n')
