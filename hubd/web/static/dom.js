// What page.js and photo.js both build their parts with: an element with its class and text,
// a sentence's {name} places filled in (and its count's plural form), a part drawn again
// keeping its unchanged nodes, and a change made without moving what is under a finger: the
// field being typed in, or what is pressed. Loaded first (hubd/web/page.py).
"use strict";

window.cfDom = (function () {
  // What a finger (or the mouse) presses, until it lifts: a tap is its press and its release.
  let pressed = null;
  document.addEventListener("pointerdown", (event) => {
    pressed = event.target instanceof Element ? event.target : null;
  }, true);
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => { pressed = null; }, true);
  }
  const TYPED = "input:not([type=checkbox]):not([type=file]), textarea";

  return Object.freeze({
    el(tag, cls, text) {
      const node = document.createElement(tag);
      if (cls) node.className = cls;
      if (text !== undefined && text !== null) node.textContent = String(text);
      return node;
    },
    fill(template, values) {
      return template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
    },
    // A sentence with a count, in the count's plural form (hubd/web/page_data.py
    // counted_words): its form for a count below its table's length, else that of 100 + the
    // count's last two digits; ``values`` fills in the rest.
    counted(sentence, count, values) {
      const place = count < sentence.of.length ? count : 100 + (count % 100);
      return window.cfDom.fill(sentence.forms[Number(sentence.of[place])], values);
    },
    // ``box``'s children made ``nodes``, keeping each node already there that equals the one
    // drawn in its place (and, where only what is inside differs, its element with its
    // attributes): a tap is a press and a release on the same element, and an update that
    // swapped the button under a finger for its copy lost the tap.
    update(box, nodes) {
      const live = Array.from(box.childNodes);
      nodes.forEach((node, i) => {
        const was = live[i];
        if (!was) box.append(node);
        else if (was.isEqualNode(node)) return;
        else if (was.nodeType === 1 && was.cloneNode(false).isEqualNode(node.cloneNode(false))) {
          window.cfDom.update(was, Array.from(node.childNodes));
        } else was.replaceWith(node);
      });
      live.slice(nodes.length).forEach((node) => node.remove());
    },
    // ``change()`` (an update, a photo's answer) made without moving what is under a finger:
    // the field being typed in, else what is pressed. What grew or shrank above it is scrolled
    // away, and where the page is at its top and cannot scroll back, room is held above it
    // until nothing is typed in or pressed. The field stays beside the phone's keyboard, and a
    // tap whose press an update moved is not lost.
    steady(change) {
      const field = document.activeElement;
      const body = document.body.style;
      const typing = field && field.matches(TYPED);
      const held = typing ? field : pressed && pressed.isConnected ? pressed : null;
      if (!held) {
        body.paddingTop = "";
        change();
        return;
      }
      const before = held.getBoundingClientRect().top;
      change();
      if (!held.isConnected) return;
      let moved = held.getBoundingClientRect().top - before;
      const short = -moved - window.scrollY; // up more than the page can scroll back
      if (short > 0) {
        body.paddingTop = parseFloat(getComputedStyle(document.body).paddingTop) + short + "px";
        moved += short;
      }
      if (Math.abs(moved) >= 0.5) window.scrollBy(0, moved);
    },
  });
})();
