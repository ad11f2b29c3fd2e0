// The phones' page: shows the hub's snapshots as they come (server-sent events, or polling
// when the stream fails), claims a seat and enters its hand. No library, nothing from outside.
"use strict";

(function () {
  const token = document.body.dataset.token;
  const base = "/t/" + token;
  const store = window.localStorage;
  let lang = store.getItem("cf-lang") || document.documentElement.lang;
  // Who this phone is, the hub says itself: its page came with a cookie the page cannot read.
  const seatKey = "cf-seat-" + token;
  let data = null;
  let words = {};
  let stream = null;
  let poller = null;
  let lastSeen = 0;
  let claimedAt = 0;
  let gone = false;
  let seatProblem = "";
  const HEARTBEAT_MS = 15000;

  const $ = (id) => document.getElementById(id);
  const { el, fill, update, steady } = window.cfDom;

  function mySeat() {
    const seat = store.getItem(seatKey);
    return seat === null ? null : Number(seat);
  }

  // -- the connection ---------------------------------------------------------------------

  function seen() {
    lastSeen = Date.now();
    lost(false);
  }

  // The notice stands over the page's top: shown or gone, it moves no field being typed in.
  function lost(yes) {
    steady(() => {
      const box = $("lost");
      if (gone) {
        box.textContent = words.gone || "This game has ended on the hub: scan its code again.";
        box.hidden = false;
        return;
      }
      box.textContent = words.lost || "The hub is out of reach.";
      box.hidden = !yes;
    });
  }

  function connect() {
    if (stream) stream.close();
    if (!window.EventSource) {
      poll();
      return;
    }
    stream = new EventSource(base + "/events?lang=" + encodeURIComponent(lang));
    stream.onmessage = (event) => {
      seen();
      stopPolling();
      show(JSON.parse(event.data));
    };
    stream.addEventListener("ping", seen);
    stream.onerror = () => {
      poll(); // the stream reconnects by itself; meanwhile ask every second
    };
  }

  function poll() {
    if (poller) return;
    const once = () =>
      fetch(base + "/state?lang=" + encodeURIComponent(lang), { cache: "no-store" })
        .then((answer) => {
          if (answer.status === 404) {
            gone = true;
            lost(true);
            return null;
          }
          if (!answer.ok) throw new Error(String(answer.status));
          return answer.json();
        })
        .then((got) => {
          if (got) {
            seen();
            show(got);
          }
        })
        .catch(() => lost(true));
    once();
    poller = window.setInterval(once, 700); // an entry shows within a second this way too
  }

  function stopPolling() {
    if (poller) window.clearInterval(poller);
    poller = null;
  }

  // A phone that slept: its stream may be dead without an error. Check it at once on waking,
  // and every few seconds say so when nothing has come for longer than two heartbeats.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      if (!stream || stream.readyState === 2) connect();
      poll();
    }
  });
  window.setInterval(() => {
    if (lastSeen && Date.now() - lastSeen > 2 * HEARTBEAT_MS + 2000) {
      lost(true);
      if (stream) connect();
      poll();
    }
  }, 3000);

  // A write's answer: {ok}, or what to say. A refusal is the hub's (its words, marked as
  // its); only a request that never reached the hub says the hub is out of reach.
  function send(action, body) {
    const payload = Object.assign({ seat: 0, round: 0, pips: 0 }, body);
    return fetch(base + "/" + action + "?lang=" + encodeURIComponent(lang), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    }).then(
      (answer) => {
        seen();
        if (answer.status === 429) return { ok: false, said: words.busy };
        const json = (answer.headers.get("Content-Type") || "").includes("json");
        return (json ? answer.json() : answer.text().then((text) => ({ problem: text })))
          .then((got) =>
            got.confirm // a hand above the most its tiles could hold: asked again
              ? { ok: false, confirm: got.confirm, yes: got.yes, change: got.change }
              : {
                  ok: answer.ok && got.ok === true,
                  holds: got.holds,
                  said: fill(words.hub_says, {
                    problem: String(got.problem || answer.status).trim(),
                  }),
                },
          )
          .catch(() => ({ ok: false, said: fill(words.hub_says, { problem: answer.status }) }));
      },
      () => ({ ok: false, said: words.lost }),
    );
  }

  // -- drawing ------------------------------------------------------------------------------
  // Each part of the page draws itself from the data; a new part (a section in page.py and
  // a function here) is added to PARTS. A part never replaces what is being typed.

  // A name, each word kept whole: a word wider than its column is cut with "…", never broken.
  // A hyphen may end a line as a space may ("Maria-" over "Helena"), as it would on paper.
  // A ``mark`` ("★": this phone's own) is held to the name's last word, on its line, at the
  // page's end of it (a space before it let it fall onto a line of its own at 320 px).
  function nameOf(name, tag, mark) {
    const node = el(tag || "bdi", "name");
    String(name).split(/(\s+)/).forEach((part) => {
      if (!part) return;
      if (/\s/.test(part)) {
        node.append(document.createTextNode(" "));
        return;
      }
      part.split(/(?<=-)(?=[^-])/).forEach((piece, i) => {
        if (i) node.append(el("wbr"));
        node.append(el("span", "word", piece));
      });
    });
    const last = node.querySelector(".word:last-of-type");
    if (mark && last) {
      const held = el("span", "marked");
      last.dir = "auto"; // cut with "…" at its own end, in a box of the page's direction
      last.replaceWith(held);
      held.append(last, el("span", "mark", mark));
    }
    return node;
  }

  // The players' table where it is wider than the phone (long names on a narrow one): the
  // numbers' columns keep their width and the names' column has the rest, never less than
  // its own widest line (its words cut with "…" only then). The score sheet turns instead.
  function fitted(table, box) {
    const room = box.clientWidth;
    // Measured without the phone's own mark ("★"): where the room is short, its name's last
    // word gives way to it, cut with "…", and the other names keep the room they had.
    table.classList.add("unmarked");
    try {
      fixColumns(table, room);
    } finally {
      table.classList.remove("unmarked");
    }
  }

  function fixColumns(table, room) {
    if (table.scrollWidth <= room + 1) return;
    const cells = Array.from(table.rows[0].cells);
    const width = cells.map((c) => Math.ceil(c.getBoundingClientRect().width));
    const name = cells.findIndex((c) => c.classList.contains("name"));
    const left = room - width.reduce((sum, w, i) => sum + (i === name ? 0 : w), 0);
    if (width[name] > left) width[name] = Math.max(numbersWidth(table, name), Math.max(0, left));
    const columns = el("colgroup");
    for (const w of width) {
      const col = el("col");
      col.style.width = w + "px";
      columns.append(col);
    }
    table.prepend(columns);
    table.classList.add("tight");
  }

  // The width column ``i``'s numbers (every row under the heading) need, padding included.
  function numbersWidth(table, i) {
    let most = 0;
    for (const row of Array.from(table.rows).slice(1)) {
      const cell = row.cells[i];
      if (!cell) continue;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const style = getComputedStyle(cell);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      most = Math.max(most, range.getBoundingClientRect().width + padding);
    }
    return Math.ceil(most);
  }

  function header(game) {
    $("status").textContent = game ? game.status : words.no_game;
    $("last").textContent = game ? [game.round_words, game.last].filter(Boolean).join(" · ") : "";
  }

  function players(game) {
    const box = $("players");
    if (!game) {
      box.replaceChildren();
      return;
    }
    const seat = mySeat();
    const table = el("table", "players");
    const head = el("tr", "head");
    head.append(el("th", "name", words.player));
    if (game.yard !== null) head.append(el("th", "tiles", words.tiles));
    head.append(el("th", "total", words.total));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    for (const p of game.players) {
      const row = el("tr", "player" + (p.turn ? " turn" : "") + (p.seat === seat ? " me" : ""));
      row.dataset.seat = p.seat;
      const name = el("td", "name");
      name.append(nameOf(p.name, "bdi", p.seat === seat ? "★" : ""));
      row.append(name);
      if (p.tiles !== null) row.append(el("td", "tiles number", p.tiles));
      row.append(el("td", "total number", p.total));
      body.append(row);
    }
    table.append(body);
    const parts = [table];
    if (game.yard !== null) {
      const yard = el("p", "yard");
      yard.append(el("span", "", words.yard + " "), el("span", "number", game.yard));
      yard.id = "yard";
      parts.push(yard);
    }
    if (!choosingAtTop(game)) parts.push(...seatChoice(game));
    update(box, parts); // a seat's button under a finger stays the same button
    fitted(box.querySelector("table.players"), box);
  }

  // Which seat is yours: its buttons, and what the hub said to a claim. Where the hands are
  // being entered, a phone holding no seat has them at the top, under "Choose your seat to
  // enter your hand" (under the map and the players they were a long scroll away). A seat
  // another phone holds stays in its place, greyed: the family claims at once, and a name
  // taken out moved the next ones under the fingers.
  function seatChoice(game) {
    const parts = [];
    if (mySeat() === null && game.players.some((p) => !p.claimed)) {
      parts.push(el("h2", "", words.which));
      const choices = el("div", "seats");
      for (const p of game.players) {
        const claim = el("button", "claim");
        claim.type = "button";
        claim.dataset.seat = p.seat;
        claim.disabled = p.claimed;
        claim.append(nameOf(p.name));
        claim.addEventListener("click", () => claimSeat(p.seat));
        choices.append(claim);
      }
      parts.push(choices);
    }
    const said = el("p", "problem seat-problem", seatProblem);
    said.setAttribute("role", "status");
    parts.push(said);
    return parts;
  }

  const choosingAtTop = (game) => Boolean(game && game.hands_open) && mySeat() === null;

  function claimSeat(seat) {
    seatProblem = "";
    send("claim", { seat: seat }).then((answer) => {
      if (answer.ok) {
        claimedAt = Date.now();
        store.setItem(seatKey, String(seat));
      } else if (Number.isInteger(answer.holds) && mySeat() === null) {
        // The hub says this phone holds a seat the page forgot: it is this page's again.
        claimedAt = Date.now();
        store.setItem(seatKey, String(answer.holds));
      } else {
        seatProblem = answer.said;
      }
      if (data) show(data);
    });
  }

  function giveBack() {
    send("release", {}).then((answer) => {
      if (answer.ok) {
        store.removeItem(seatKey);
        seatProblem = "";
      } else {
        seatProblem = answer.said;
      }
      if (data) show(data);
    });
  }

  // The hand's form is made once for its seat, round and language and then kept: an update
  // changes the lines around it, never the field being typed in.
  const hand = { key: null, form: null, pips: null, blank: null, said: null, problem: "" };
  // What the form held when it went (the hub took back the round's last play to enter it
  // again, the language changed): given back to the form made again for that seat and round.
  const typedBefore = { at: null, value: "", ticked: false, focused: false };
  const seatAndRound = (key) => key.split("|").slice(0, 2).join("|");

  function mine(game) {
    const box = $("mine");
    const seat = mySeat();
    const me = game && seat !== null ? game.players[seat] : null;
    if (!me) {
      dropForm();
      box.hidden = !choosingAtTop(game);
      update(box, box.hidden ? [] : [el("p", "hint", words.choose), ...seatChoice(game)]);
      return;
    }
    box.hidden = false;
    let top = box.querySelector(".seat");
    if (!top) {
      box.replaceChildren();
      top = el("div", "seat");
      box.append(top, el("p", "entered"));
    }
    const title = el("h2", "");
    const [before, after] = words.yours.split("{player}");
    title.append(before || "", nameOf(me.name), after || "");
    const back = el("button", "give-back", words.give_back);
    back.type = "button";
    back.addEventListener("click", giveBack);
    update(top, [title, back]);
    const entered = box.querySelector(".entered");
    entered.textContent =
      game.hands_open && me.entered ? fill(words.entered, { pips: me.entered_pips }) : "";
    if (!game.hands_open) {
      dropForm();
      return;
    }
    const key = [seat, game.round, game.double_blank_50, lang].join("|");
    if (hand.key !== key) makeForm(box, game, seat, key);
    hand.said.textContent = hand.problem;
  }

  function dropForm() {
    if (hand.pips) {
      Object.assign(typedBefore, {
        at: seatAndRound(hand.key),
        value: hand.pips.value,
        ticked: Boolean(hand.blank && hand.blank.checked),
        focused: document.activeElement === hand.pips,
      });
    }
    if (hand.form) hand.form.remove();
    Object.assign(hand, { key: null, form: null, pips: null, blank: null, said: null });
  }

  function makeForm(box, game, seat, key) {
    const at = seatAndRound(key);
    if (!(hand.key && seatAndRound(hand.key) === at)) hand.problem = ""; // not a language's change
    dropForm();
    const kept = typedBefore.at === at;
    const typed = kept ? typedBefore.value : "";
    const ticked = kept && typedBefore.ticked;
    // The field had the finger when it went, and nothing else has taken it since.
    const focused = kept && typedBefore.focused && document.activeElement === document.body;
    const form = el("form", "hand");
    form.noValidate = true; // the page says what is wrong, in its own language
    const label = el("label", "", words.enter);
    const pips = el("input", "number");
    pips.type = "text";
    pips.inputMode = "numeric";
    pips.autocomplete = "off";
    pips.id = "pips";
    pips.value = typed;
    label.append(pips);
    form.append(label);
    let blank = null;
    if (game.double_blank_50) {
      const line = el("label", "check", words.double_blank);
      blank = el("input");
      blank.type = "checkbox";
      blank.id = "double-blank";
      blank.checked = ticked;
      line.prepend(blank);
      form.append(line);
    }
    if (data.photos && window.cfPhoto) {
      // Counting the hand from a photo: above the pips, sent the same way once confirmed.
      form.prepend(window.cfPhoto.part({
        base: base, seat: seat, round: game.round, send: send,
        lang: () => lang, words: () => words, counted: () => data.counted,
        // The hand entered from its tiles: the typed fields say it too, so that Send, tapped
        // after, sends that hand again and not a number typed before the photo.
        entered: (total, doubleBlank) => {
          pips.value = String(total);
          if (blank) blank.checked = doubleBlank;
        },
      }));
    }
    const button = el("button", "send", words.send);
    button.type = "submit";
    form.append(button);
    const said = el("p", "problem");
    said.setAttribute("role", "status");
    form.append(said);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = pips.value.trim();
      const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
      if (!(value >= 0 && value <= data.max_pips)) {
        say(words.pips_range);
        pips.focus();
        return;
      }
      const entry = {
        seat: seat,
        round: game.round,
        pips: value,
        double_blank: blank ? blank.checked : false,
      };
      send("hand", entry).then((answer) => {
        if (answer.confirm) ask(answer, entry);
        else say(answer.ok ? "" : answer.said);
      });
    });
    Object.assign(hand, { key: key, form: form, pips: pips, blank: blank, said: said });
    box.append(form);
    if (focused) pips.focus();
  }

  function say(text) {
    hand.problem = text;
    if (hand.said) hand.said.textContent = text;
    dropQuestion();
  }

  // A hand above the most its tiles could hold: the hub's question ("Ana holds 3 tiles: at
  // most 51 pips. Is 500 right?"), and the hand is sent again only on an explicit yes.
  function ask(answer, entry) {
    say("");
    if (!hand.form) return;
    const box = el("div", "confirm");
    box.setAttribute("role", "alertdialog");
    const question = el("p", "question", answer.confirm);
    const change = el("button", "change", answer.change);
    change.type = "button";
    change.addEventListener("click", () => {
      dropQuestion();
      if (hand.pips) hand.pips.focus();
    });
    const yes = el("button", "yes", answer.yes);
    yes.type = "button";
    yes.addEventListener("click", () => {
      dropQuestion();
      send("hand", Object.assign({ confirmed: true }, entry)).then((again) => {
        if (again.confirm) ask(again, entry);
        else say(again.ok ? "" : again.said);
      });
    });
    box.append(question, change, yes);
    hand.form.append(box);
    change.focus();
  }

  function dropQuestion() {
    const box = hand.form && hand.form.querySelector(".confirm");
    if (box) box.remove();
  }

  // The map: near the top, as wide as the phone; a tap shows it twice as large around the
  // place tapped (the frame scrolls), another tap shows all of it again.
  let mapDrawn = null;

  function map(game) {
    const box = $("map");
    const svg = game && game.map ? game.map : "";
    box.toggleAttribute("data-waits", Boolean(game && game.map_waits)); // the table's own to come
    // The table's map still being laid out (the hub restarted, or chaining the round's tables):
    // the map shown stays, the one the hub draws again; a page showing none takes what is ready.
    if (svg === mapDrawn || (game && game.map_waits && (mapDrawn || !svg))) return;
    mapDrawn = svg;
    let frame = box.querySelector(".frame");
    if (!svg) {
      box.replaceChildren();
      return;
    }
    if (!frame) {
      frame = el("div", "frame");
      frame.tabIndex = 0;
      frame.setAttribute("role", "button");
      frame.addEventListener("click", zoom);
      box.replaceChildren(frame, el("p", "hint zoom-hint"));
    }
    const left = frame.scrollLeft;
    const top = frame.scrollTop;
    frame.innerHTML = svg;
    frame.scrollLeft = left;
    frame.scrollTop = top;
  }

  function zoom(event) {
    const frame = event.currentTarget;
    const box = $("map");
    const rect = frame.getBoundingClientRect();
    const x = (event.clientX - rect.left + frame.scrollLeft) / frame.scrollWidth;
    const y = (event.clientY - rect.top + frame.scrollTop) / frame.scrollHeight;
    const larger = box.classList.toggle("zoomed");
    if (larger) {
      frame.scrollLeft = x * frame.scrollWidth - frame.clientWidth / 2;
      frame.scrollTop = y * frame.scrollHeight - frame.clientHeight / 2;
    }
    mapHint();
  }

  function mapHint() {
    const box = $("map");
    const hint = box.querySelector(".zoom-hint");
    if (hint) hint.textContent = box.classList.contains("zoomed") ? words.zoom_out : words.zoom;
  }

  // The score sheet as on the hub, one column a player, where it fits the phone with every
  // name and number whole; where it does not (eight players on a narrow phone: their totals
  // alone are wider than it), turned: one row a player, name and total first, then each
  // round's score, the rounds scrolling sideways in their own box and the names staying put.
  function sheet(game) {
    const box = $("sheet");
    const before = box.querySelector(".sheet-turned");
    // Where a reader scrolled the rounds back to stays through the hub's updates.
    const scrolled = before && !atEnd(before) ? before.scrollLeft : null;
    box.replaceChildren();
    if (!game) return;
    box.append(el("h2", "", words.scores));
    const upright = sheetByPlayers(game);
    box.append(upright);
    if (upright.scrollWidth > box.clientWidth + 1) {
      const turned = sheetTurned(game);
      upright.replaceWith(turned);
      scrollRounds(turned, scrolled);
    }
    if (game.sheet.house) box.append(el("p", "house", game.sheet.house));
  }

  function sheetByPlayers(game) {
    const table = el("table", "sheet");
    const head = el("tr");
    head.append(el("th", "double", ""));
    for (const p of game.players) {
      const th = el("th", "name");
      th.append(nameOf(p.name));
      head.append(th);
    }
    table.append(head);
    // Every round of the game, as on the hub: the scored ones, the one being played, the rest.
    game.sheet.doubles.forEach((double, i) => {
      const row = game.sheet.scores[i];
      const line = el("tr", roundClass(game, i));
      line.append(el("th", "double", double));
      for (const seat of game.players.keys()) {
        line.append(el("td", row ? "number" : "", row ? row[seat] : ""));
      }
      table.append(line);
    });
    const totals = el("tr", "totals");
    totals.append(el("th", "double", words.total));
    game.sheet.totals.forEach((total, seat) => totals.append(totalCell(game, seat, total)));
    table.append(totals);
    return table;
  }

  function sheetTurned(game) {
    const scroller = el("div", "sheet-turned");
    const table = el("table", "sheet turned");
    // The rounds scored and the one being played: the ones to come have no numbers yet.
    const rounds = game.sheet.doubles.map((d, i) => i).filter((i) => roundClass(game, i) !== "later");
    const head = el("tr");
    head.append(beside(el("span"), el("span", "total-head", words.total)));
    for (const i of rounds) head.append(el("th", "double " + roundClass(game, i), game.sheet.doubles[i]));
    table.append(head);
    game.players.forEach((p, seat) => {
      const line = el("tr");
      line.append(beside(nameOf(p.name), totalCell(game, seat, game.sheet.totals[seat], "span")));
      for (const i of rounds) {
        const row = game.sheet.scores[i];
        line.append(el("td", row ? "number" : "", row ? row[seat] : ""));
      }
      table.append(line);
    });
    scroller.append(table);
    return scroller;
  }

  // A name and its total in one cell, so that both stand still while the rounds scroll.
  function beside(name, total) {
    const cell = el("th", "who");
    const both = el("div", "who");
    both.append(name, total);
    cell.append(both);
    return cell;
  }

  // The latest rounds in view, or the rounds where the reader left them.
  function scrollRounds(scroller, scrolled) {
    const rtl = getComputedStyle(scroller).direction === "rtl";
    scroller.scrollLeft = scrolled !== null ? scrolled : rtl ? -scroller.scrollWidth : scroller.scrollWidth;
  }

  function atEnd(scroller) {
    return scroller.scrollWidth - scroller.clientWidth - Math.abs(scroller.scrollLeft) <= 1;
  }

  function roundClass(game, i) {
    return game.sheet.playing === i + 1 ? "playing" : game.sheet.scores[i] ? "" : "later";
  }

  function totalCell(game, seat, total, tag) {
    const leader = game.sheet.leaders.includes(seat) ? " leader" : "";
    return el(tag || "td", "number total" + leader, total);
  }

  function day(got) {
    const games = got.day;
    const box = $("day");
    box.replaceChildren();
    if (!games || !games.length) return;
    box.append(el("h2", "", words.today));
    const list = el("ul", "day");
    for (const g of games) {
      const row = el("li");
      const top = el("p", "game");
      top.append(el("span", "when", g.time), el("span", "result", g.result));
      const scores = el("p", "scores");
      g.players.forEach((name, i) => {
        const pair = el("span", "pair");
        pair.append(nameOf(name), " ", el("span", "number", g.totals[i]));
        scores.append(pair);
      });
      row.append(top, scores);
      list.append(row);
    }
    box.append(list);
  }

  const PARTS = [
    (got) => header(got.game),
    (got) => mine(got.game),
    (got) => map(got.game),
    mapHint,
    (got) => players(got.game),
    (got) => sheet(got.game),
    day,
    (got) => languages(got.languages),
  ];

  function show(got) {
    data = got;
    words = got.words;
    document.documentElement.lang = got.lang;
    document.documentElement.dir = got.dir;
    document.title = words.title;
    const game = got.game;
    const seat = mySeat();
    if (game && seat !== null) {
      const me = game.players[seat];
      if (!me || (!me.claimed && Date.now() - claimedAt > 5000)) store.removeItem(seatKey);
    }
    steady(() => PARTS.forEach((part) => part(got)));
    document.body.dataset.version = got.version; // the snapshot shown (for the tests)
  }

  function languages(list) {
    const box = $("languages");
    if (box.childElementCount || !list) return;
    box.setAttribute("aria-label", words.language);
    for (const item of list) {
      const button = el("button", "language", item.name);
      button.lang = item.code;
      button.addEventListener("click", () => {
        lang = item.code;
        store.setItem("cf-lang", lang);
        box.replaceChildren();
        connect();
        stopPolling();
        fetch(base + "/state?lang=" + encodeURIComponent(lang), { cache: "no-store" })
          .then((answer) => answer.json())
          .then(show)
          .catch(() => lost(true));
      });
      box.append(button);
    }
  }

  connect();
})();
