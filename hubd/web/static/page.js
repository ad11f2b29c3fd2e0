// The phones' page: shows the hub's snapshots as they come (server-sent events, or polling
// when the stream fails), claims a seat and enters its hand. No library, nothing from outside.
"use strict";

(function () {
  const token = document.body.dataset.token;
  const base = "/t/" + token;
  const store = window.localStorage;
  let lang = store.getItem("cf-lang") || document.documentElement.lang;
  let phone = store.getItem("cf-phone");
  if (!phone || !/^[0-9a-f]{32}$/.test(phone)) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    phone = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    store.setItem("cf-phone", phone);
  }
  const seatKey = "cf-seat-" + token;
  let data = null;
  let words = {};
  let stream = null;
  let poller = null;
  let lastSeen = 0;
  let claimedAt = 0;
  let gone = false;
  let problem = "";
  const HEARTBEAT_MS = 15000;

  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));

  function mySeat() {
    const seat = store.getItem(seatKey);
    return seat === null ? null : Number(seat);
  }

  // -- the connection ---------------------------------------------------------------------

  function seen() {
    lastSeen = Date.now();
    lost(false);
  }

  function lost(yes) {
    const box = $("lost");
    if (gone) {
      box.textContent = words.gone || "This game has ended on the hub: scan its code again.";
      box.hidden = false;
      return;
    }
    box.textContent = words.lost || "The hub is out of reach.";
    box.hidden = !yes;
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

  function send(action, body) {
    problem = "";
    const payload = Object.assign({ phone: phone, seat: 0, round: 0, pips: 0 }, body);
    return fetch(base + "/" + action + "?lang=" + encodeURIComponent(lang), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    })
      .then((answer) => answer.json())
      .then((answer) => {
        problem = answer.ok ? "" : answer.problem || "";
        return answer.ok;
      })
      .catch(() => {
        problem = words.lost || "";
        return false;
      });
  }

  // -- drawing ------------------------------------------------------------------------------

  function show(got) {
    data = got;
    words = got.words;
    document.documentElement.lang = got.lang;
    document.documentElement.dir = got.dir;
    document.title = words.title;
    const game = got.game;
    $("status").textContent = game ? game.status : words.no_game;
    $("last").textContent = game ? game.round_words + " · " + game.last : "";
    const seat = mySeat();
    if (game && seat !== null) {
      const me = game.players[seat];
      if (!me || (!me.claimed && Date.now() - claimedAt > 5000)) store.removeItem(seatKey);
    }
    players(game);
    mine(game);
    $("map").innerHTML = game && game.map ? game.map : "";
    sheet(game);
    day(got.day);
    languages(got.languages);
  }

  function players(game) {
    const box = $("players");
    box.replaceChildren();
    if (!game) return;
    const seat = mySeat();
    const list = el("ul", "players");
    const head = el("li", "player head");
    head.append(el("span", "name", ""));
    if (game.yard !== null) head.append(el("span", "tiles", words.tiles));
    head.append(el("span", "total", words.total));
    if (seat === null && game.players.some((p) => !p.claimed)) head.append(el("span", "claim"));
    list.append(head);
    for (const p of game.players) {
      const row = el("li", "player" + (p.turn ? " turn" : "") + (p.seat === seat ? " me" : ""));
      row.dataset.seat = p.seat;
      row.append(el("span", "name", p.name));
      if (p.tiles !== null) {
        const tiles = el("span", "tiles number", p.tiles);
        tiles.title = words.tiles;
        row.append(tiles);
      }
      row.append(el("span", "total number", p.total));
      if (seat === null && !p.claimed) {
        const claim = el("button", "claim", words.claim);
        claim.addEventListener("click", () => {
          send("claim", { seat: p.seat }).then((ok) => {
            if (ok) {
              claimedAt = Date.now();
              store.setItem(seatKey, String(p.seat));
            }
            show(data);
          });
        });
        row.append(claim);
      }
      list.append(row);
    }
    box.append(list);
    if (game.yard !== null) {
      const yard = el("p", "yard");
      yard.append(el("span", "", words.yard + " "), el("span", "number", game.yard));
      yard.id = "yard";
      box.append(yard);
    }
  }

  function mine(game) {
    const box = $("mine");
    box.replaceChildren();
    const seat = mySeat();
    if (!game || seat === null || !game.players[seat]) {
      box.hidden = !(game && game.hands_open);
      if (!box.hidden) box.append(el("p", "hint", words.choose));
      return;
    }
    box.hidden = false;
    const me = game.players[seat];
    box.append(el("h2", "", fill(words.yours, { player: me.name })));
    if (!game.hands_open) return;
    if (me.entered) {
      box.append(el("p", "entered", fill(words.entered, { pips: me.entered_pips })));
    }
    const form = el("form", "hand");
    const label = el("label", "", words.enter);
    const pips = el("input", "number");
    pips.type = "number";
    pips.inputMode = "numeric";
    pips.min = "0";
    pips.max = "999";
    pips.required = true;
    pips.id = "pips";
    label.append(pips);
    form.append(label);
    let blank = null;
    if (game.double_blank_50) {
      const line = el("label", "check", words.double_blank);
      blank = el("input");
      blank.type = "checkbox";
      blank.id = "double-blank";
      line.prepend(blank);
      form.append(line);
    }
    form.append(el("button", "send", words.send));
    const said = el("p", "problem", problem);
    said.setAttribute("role", "status");
    form.append(said);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send("hand", {
        seat: seat,
        round: game.round,
        pips: Number(pips.value || "0"),
        double_blank: blank ? blank.checked : false,
      }).then(() => show(data));
    });
    box.append(form);
  }

  function sheet(game) {
    const box = $("sheet");
    box.replaceChildren();
    if (!game) return;
    box.append(el("h2", "", words.scores));
    const table = el("table", "sheet");
    const head = el("tr");
    head.append(el("th", "", ""));
    for (const p of game.players) head.append(el("th", "", p.name));
    table.append(head);
    // Every round of the game, as on the hub: the scored ones, the one being played, the rest.
    game.sheet.doubles.forEach((double, i) => {
      const row = game.sheet.scores[i];
      const line = el("tr", game.sheet.playing === i + 1 ? "playing" : row ? "" : "later");
      line.append(el("th", "double", double));
      for (const seat of game.players.keys()) {
        line.append(el("td", row ? "number" : "", row ? row[seat] : ""));
      }
      table.append(line);
    });
    const totals = el("tr", "totals");
    totals.append(el("th", "", words.total));
    game.sheet.totals.forEach((total, seat) => {
      const cell = el("td", "number" + (game.sheet.leaders.includes(seat) ? " leader" : ""), total);
      totals.append(cell);
    });
    table.append(totals);
    box.append(table);
  }

  function day(games) {
    const box = $("day");
    box.replaceChildren();
    if (!games || !games.length) return;
    box.append(el("h2", "", words.today));
    const list = el("ul", "day");
    for (const g of games) {
      const row = el("li");
      row.append(el("span", "when", g.time), el("span", "result", g.result));
      const scores = g.players.map((name, i) => name + " " + g.totals[i]).join(" · ");
      row.append(el("span", "scores", scores));
      list.append(row);
    }
    box.append(list);
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
