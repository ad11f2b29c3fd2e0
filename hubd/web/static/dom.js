// What page.js and photo.js both build their parts with: an element with its class and text,
// and a sentence's {name} places filled in. Loaded first (hubd/web/page.py).
"use strict";

window.cfDom = Object.freeze({
  el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  },
  fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
  },
});
