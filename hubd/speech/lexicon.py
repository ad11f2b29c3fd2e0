"""How espeak-ng should say the words of the Hebrew phrases.

Its Hebrew voice reads unpointed Hebrew letter by letter with hardly a vowel ("nkvdvt"), so
every word the hub says in Hebrew is given here in espeak-ng's own phoneme spelling (passed as
``[[...]]``). Two-word entries come first where the pair is said differently from its words
("שלוש עשרה" is shlosh esre, not shalosh esre). A word led by "ו" ("and") not listed is said
"ve" and the word. Player names are not here: they are read by espeak-ng's own rules, and so
are the refusals' words beyond the one met most (refusals are said only when asked for).
"""

from __future__ import annotations

HEBREW: dict[str, str] = {
    # numbers (feminine: counting toes and points, and naming a number)
    "אפס": "'efes",
    "אחת": "?aX'at",
    "שתיים": "St'ajim",
    "שלוש": "Sal'oS",
    "ארבע": "aQ\"b'a",
    "חמש": "Xam'eS",
    "שש": "S'eS",
    "שבע": "Sev'a",
    "שמונה": "Sm'one",
    "תשע": "t'eSa",
    "עשר": "'eseQ\"",
    "עשרה": "esQ\"'e",
    "אחת עשרה": "?aX'at esQ\"'e",
    "שתים עשרה": "St'em esQ\"'e",
    "שלוש עשרה": "Sl'oS esQ\"'e",
    "ארבע עשרה": "aQ\"b'a esQ\"'e",
    "חמש עשרה": "Xam'eS esQ\"'e",
    "שש עשרה": "S'eS esQ\"'e",
    "שבע עשרה": "Sv'a esQ\"'e",
    "שמונה עשרה": "Smon'e esQ\"'e",
    "תשע עשרה": "tS'a esQ\"'e",
    "עשרים": "esQ\"'im",
    "שלושים": "SloS'im",
    "ארבעים": "aQ\"ba?'im",
    "חמישים": "XamiS'im",
    "שישים": "SiS'im",
    "שבעים": "Siv?'im",
    "שמונים": "Smon'im",
    "תשעים": "tiS?'im",
    "מאה": "m'e?a",
    "מאתיים": "mat'ajim",
    "מאות": "me?'ot",
    "אלף": "'elef",
    "אלפיים": "alp'ajim",
    "אלפים": "alaf'im",
    "שלושת": "SloS'et",
    "ארבעת": "aQ\"ba?'at",
    "חמשת": "XameS'et",
    "ששת": "SeS'et",
    "שבעת": "Siv?'at",
    "שמונת": "Smon'at",
    "תשעת": "tiS?'at",
    "מינוס": "m'inus",
    "ושתיים": "uSt'ajim",
    "ושמונה": "uSm'one",
    "ושתים עשרה": "uSt'em esQ\"'e",
    "ושלוש עשרה": "uSl'oS esQ\"'e",
    "ושבע עשרה": "uSv'a esQ\"'e",
    "ושמונה עשרה": "uSmon'e esQ\"'e",
    "ו": "ve",
    # the phrases
    "רגל": "Q\"'egel",
    "תרנגולת": "taQ\"neg'olet",
    "על": "al",
    "הכפול": "hakef'ul",
    "עוד": "od",
    "אצבע": "'etsba",
    "אצבעות": "etsba?'ot",
    "הרגל": "haQ\"'egel",
    "הושלמה": "huSlem'a",
    "סיבוב": "sib'uv",
    "בסיבוב": "basib'uv",
    "סיים": "si'jem",
    "את": "et",
    "האבנים": "ha?avan'im",
    "נחסם": "neXs'am",
    "הניקוד": "hanik'ud",
    "סך": "s'aX",
    "הכול": "hak'ol",
    "מנצח": "menats'eaX",
    "חולקים": "Xolk'im",
    "הניצחון": "hanitsaX'on",
    "התור": "hat'oQ\"",
    "של": "Sel",
    # the refusal met most (a tile played elsewhere while a foot is open)
    "לא": "lo",
    "יכול": "jaX'ol",
    "לשחק": "leSaX'ek",
    "כל": "kol",
    "לרגל": "leQ\"'egel",
    "התרנגולת": "hataQ\"neg'olet",
    "חסרה": "XasQ\"'a",
    "חסרות": "XesQ\"'ot",
}

#: Each voice's pronunciations; a voice not listed reads every word by its own rules.
LEXICONS: dict[str, dict[str, str]] = {"he": HEBREW}
