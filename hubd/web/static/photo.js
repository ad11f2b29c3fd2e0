// Counting a hand from a photo (hubd/web/photo.py): the phone's camera through an image
// input, the photo made at most 1,600 px a side in a canvas and sent as JPEG; the tiles the
// hub read shown with their two numbers, to be confirmed or corrected with a tap; the hand
// then sent as typed pips are, with its tiles. page.js calls window.cfPhoto.part(ctx).
"use strict";

window.cfPhoto = (function () {
  const LONGEST = 1600;
  const QUALITY = 0.85;
  // The longest a photo's answer may take: the hub reads its body for up to 20 s and the
  // photo for up to 20 s more (hubd/web/photo.py, hubd/vision/worker.py); past this the
  // request is dropped and "Count my tiles" comes back, never stuck on a lost answer.
  const ANSWER_MS = 60000;

  const { el, fill, steady, counted } = window.cfDom;
  const button = (cls, text, onTap) => {
    const node = el("button", cls, text);
    node.type = "button";
    node.addEventListener("click", onTap);
    return node;
  };

  // The picture as a canvas's JPEG, its longest side at most LONGEST (never enlarged).
  function shrink(file) {
    const decoded = window.createImageBitmap
      ? window.createImageBitmap(file)
      : new Promise((resolve, reject) => {
          const reader = new FileReader(); // a data: address: the page's policy allows it
          reader.onload = () => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = reject;
            image.src = reader.result;
          };
          reader.onerror = reject;
          reader.readAsDataURL(file);
        });
    return decoded.then((picture) => {
      const scale = Math.min(1, LONGEST / Math.max(picture.width, picture.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(picture.width * scale));
      canvas.height = Math.max(1, Math.round(picture.height * scale));
      canvas.getContext("2d").drawImage(picture, 0, 0, canvas.width, canvas.height);
      if (picture.close) picture.close();
      return new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no JPEG"))),
          "image/jpeg", QUALITY));
    });
  }

  // A tile drawn as a domino: its two numbers side by side, left to right in any language.
  function domino(pair) {
    const tile = el("span", "domino");
    tile.dir = "ltr";
    tile.append(el("span", "half", pair ? pair[0] : "?"), el("span", "bar"),
      el("span", "half", pair ? pair[1] : "?"));
    return tile;
  }

  // ctx: {base, lang(), words(), counted(), send(action, body), seat, round,
  //       entered(pips, doubleBlank): the hand's own fields told what was entered}
  function part(ctx) {
    const words = ctx.words();
    const box = el("div", "photo");
    const input = el("input", "camera");
    input.type = "file";
    input.accept = "image/*";
    input.setAttribute("capture", "environment");
    input.id = "photo-input";
    const start = button("count", words.count, () => input.click());
    const said = el("p", "said");
    said.setAttribute("role", "status");
    said.id = "photo-said";
    start.setAttribute("aria-describedby", said.id); // "Reading the photo…" read with it
    const found = el("div", "found");
    box.append(start, input, said, found);
    let reading = null; // {highest, tiles: [{tile, choices, question}]}
    let editing = -1;

    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      input.value = "";
      if (!file) return;
      reading = null;
      found.replaceChildren();
      said.textContent = words.reading;
      busy(true);
      const dropped = new AbortController();
      const late = window.setTimeout(() => dropped.abort(), ANSWER_MS);
      shrink(file)
        .then((jpeg) => fetch(ctx.base + "/photo?" + new URLSearchParams({
          seat: ctx.seat, round: ctx.round, lang: ctx.lang(),
        }), {
          method: "POST", headers: { "Content-Type": "image/jpeg" }, body: jpeg,
          signal: dropped.signal,
        }))
        .then((answer) => answer.json().catch(() => ({ ok: false, problem: answer.status })))
        .then((got) => steady(() => { // the answer may come while the pips are typed
          if (got.ok) {
            reading = got;
            editing = -1;
            said.textContent = got.note || "";
            draw();
          } else {
            said.textContent = fill(words.hub_says, { problem: String(got.problem).trim() });
          }
        }), () => steady(() => { said.textContent = words.lost; }))
        .finally(() => {
          window.clearTimeout(late);
          busy(false);
        });
    });

    // While a photo is read, "Count my tiles" is inactive and looks it (page.css), and the
    // part says it is busy: a second photo would only queue behind the first.
    function busy(yes) {
      start.disabled = yes;
      box.setAttribute("aria-busy", String(yes));
    }

    function pips() {
      return reading.tiles.reduce((sum, t) => sum + (t.tile ? t.tile[0] + t.tile[1] : 0), 0);
    }

    function draw() {
      found.replaceChildren();
      if (!reading) return;
      found.append(el("p", "hint", words.check_tiles));
      const list = el("ul", "tiles-found");
      reading.tiles.forEach((item, place) => {
        const row = el("li", item.tile ? "sure" : "asked");
        const face = button("tile", "", () => { editing = editing === place ? -1 : place; draw(); });
        face.append(domino(item.tile));
        face.setAttribute("aria-expanded", String(editing === place));
        row.append(face);
        if (!item.tile && item.question) {
          row.append(el("p", "question", item.question));
          const choices = el("div", "choices");
          for (const choice of item.choices) {
            const pick = button("choice", "", () => settle(place, choice));
            pick.append(domino(choice));
            choices.append(pick);
          }
          row.append(choices);
        }
        if (editing === place) row.append(editor(place));
        list.append(row);
      });
      found.append(list);
      const more = button("add", words.add_tile, () => {
        reading.tiles.push({ tile: null, choices: [], question: null });
        editing = reading.tiles.length - 1;
        draw();
      });
      const open = reading.tiles.some((t) => !t.tile);
      // What a tap on Confirm is answered with stands under it, where the finger is (above the
      // tiles it was off the screen: the tap seemed to do nothing).
      const answered = el("p", "said answered");
      answered.setAttribute("role", "status");
      const total = pips();
      const confirm = button("confirm", counted(ctx.counted().confirm, total, { pips: total }), () => {
        if (reading.tiles.some((t) => !t.tile)) {
          answered.textContent = words.answer_first;
          return;
        }
        const tiles = reading.tiles.map((t) => t.tile);
        const hand = {
          seat: ctx.seat, round: ctx.round, pips: pips(), tiles: tiles,
          double_blank: tiles.some((t) => t[0] === 0 && t[1] === 0),
        };
        ctx.send("hand", hand).then((answer) => steady(() => {
          answered.textContent = answer.ok ? "" : answer.said;
          if (!answer.ok) return;
          reading = null;
          draw();
          ctx.entered(hand.pips, hand.double_blank);
        }));
      });
      confirm.setAttribute("aria-disabled", String(open));
      const cancel = button("give-back", words.cancel, () => {
        reading = null;
        said.textContent = "";
        draw();
      });
      const actions = el("div", "actions");
      actions.append(more, confirm, cancel);
      found.append(actions, answered);
    }

    function settle(place, pair) {
      reading.tiles[place] = { tile: pair, choices: [], question: null };
      editing = -1;
      said.textContent = "";
      draw();
    }

    // Two rows of numbers, one a half: a tap sets that half; the tile is settled once both are.
    function editor(place) {
      const item = reading.tiles[place];
      const halves = item.tile ? item.tile.slice() : [null, null];
      const box = el("div", "editor");
      [words.first_half, words.second_half].forEach((title, half) => {
        box.append(el("p", "hint", title));
        const row = el("div", "numbers");
        row.dir = "ltr";
        for (let n = 0; n <= reading.highest; n += 1) {
          const pick = button(halves[half] === n ? "number chosen" : "number", n, () => {
            halves[half] = n;
            if (halves[0] !== null && halves[1] !== null) return settle(place, halves);
            for (const other of row.children) other.className = "number";
            pick.className = "number chosen";
          });
          row.append(pick);
        }
        box.append(row);
      });
      box.append(button("give-back", words.remove_tile, () => {
        reading.tiles.splice(place, 1);
        editing = -1;
        draw();
      }));
      return box;
    }

    return box;
  }

  return { part: part };
})();
