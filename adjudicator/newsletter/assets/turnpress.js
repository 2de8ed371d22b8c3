/* turnpress: written into site/javascripts/ by `turnpress site build` from adjudicator/newsletter/assets. */

/* A box that scrolls sideways (a wide table, a long line of code, a large map) gets a tab stop, so that it can be
   scrolled with the keyboard too (WCAG 2.1.1; axe-core: scrollable-region-focusable). Run again whenever Material
   shows a page and when the window changes size, since what overflows depends on the width. */
(function () {
  var BOXES = ".md-typeset pre > code, .md-typeset__scrollwrap, .md-typeset__table, .md-typeset table, .tp-figure";
  function reachable() {
    document.querySelectorAll(BOXES).forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("data-tp-tabstop", "");
      } else if (!scrolls && box.hasAttribute("data-tp-tabstop")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-tp-tabstop");
      }
    });
  }
  var pending = 0;
  function soon() {
    clearTimeout(pending);
    pending = setTimeout(reachable, 50);
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(soon);
  } else {
    document.addEventListener("DOMContentLoaded", soon);
  }
  window.addEventListener("resize", soon);
})();

/* The open turn's deadline counts down (the at-a-glance lines of the home and game pages). The page says the
   date and time in the game's zone by itself; this adds how long is left, in the page's language
   (Intl.RelativeTimeFormat), and the time in the reader's own zone, every 30 s. `turnpressCountdown(ms)` draws it
   for another clock (the browser test's). */
(function () {
  var MINUTE = 60000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;
  function left(ms, lang) {
    var words = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
    if (ms >= 2 * DAY) return words.format(Math.floor(ms / DAY), "day");
    if (ms >= 2 * HOUR) return words.format(Math.floor(ms / HOUR), "hour");
    return words.format(Math.max(1, Math.ceil(ms / MINUTE)), "minute");
  }
  function draw(now) {
    var lang = document.documentElement.lang || "en";
    document.querySelectorAll("time.tp-countdown[datetime]").forEach(function (time) {
      var due = Date.parse(time.getAttribute("datetime"));
      if (isNaN(due)) return;
      var out = time.nextElementSibling;
      if (!out || !out.classList.contains("tp-countdown-left")) {
        out = document.createElement("span");
        out.className = "tp-countdown-left";
        time.insertAdjacentElement("afterend", out);
      }
      var local = new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", month: "short",
                                                  hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
      var ms = due - now;
      out.textContent = " · " + (ms > 0 ? left(ms, lang) : time.getAttribute("data-passed")) + " ("
        + time.getAttribute("data-local") + ": " + local.format(new Date(due)) + ")";
    });
  }
  window.turnpressCountdown = draw;
  function tick() { draw(Date.now()); }
  if (typeof document$ !== "undefined") {
    document$.subscribe(tick);
  } else {
    document.addEventListener("DOMContentLoaded", tick);
  }
  setInterval(tick, 30000);
})();

/* The game page's map history: without JavaScript a list of every turn's map in a disclosure; with it a slider
   over the turns (a labelled range input, previous and next buttons), one map at a time, the newest first shown.
   The map's label is the input's value text and is announced when it changes. */
(function () {
  var made = 0;
  function build(details) {
    var list = details.querySelector("ol.tp-history-list");
    if (!list || details.hasAttribute("data-tp-slider")) return;
    details.setAttribute("data-tp-slider", "");
    var items = Array.prototype.slice.call(list.children).reverse();  /* the list is newest first */
    var id = "tp-history-" + (++made);
    var bar = document.createElement("div");
    bar.className = "tp-history-controls";
    var label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = details.getAttribute("data-turns");
    var input = document.createElement("input");
    input.type = "range";
    input.id = id;
    input.min = "0";
    input.max = String(items.length - 1);
    input.step = "1";
    var prev = document.createElement("button");
    prev.type = "button";
    prev.className = "md-button";
    prev.textContent = details.getAttribute("data-previous");
    var next = document.createElement("button");
    next.type = "button";
    next.className = "md-button";
    next.textContent = details.getAttribute("data-next");
    var output = document.createElement("output");
    output.htmlFor = id;
    output.setAttribute("aria-live", "polite");
    bar.append(label, input, prev, next, output);
    var at = items.length - 1;
    function show(i) {
      at = Math.max(0, Math.min(items.length - 1, i));
      items.forEach(function (li, k) { li.hidden = k !== at; });
      input.value = String(at);
      input.setAttribute("aria-valuetext", items[at].getAttribute("data-label"));
      output.textContent = items[at].getAttribute("data-label");
      prev.disabled = at === 0;
      next.disabled = at === items.length - 1;
    }
    input.addEventListener("input", function () { show(Number(input.value)); });
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    list.parentNode.insertBefore(bar, list);
    details.open = true;
    show(at);
  }
  function all() { document.querySelectorAll("details.tp-history").forEach(build); }
  if (typeof document$ !== "undefined") {
    document$.subscribe(all);
  } else {
    document.addEventListener("DOMContentLoaded", all);
  }
})();

/* A map larger than a phone: each map (svg.tp-map) gets a button that opens it full screen in a dialog, drawn
   larger than the screen so that a reader pans it (touch, mouse drag, or the arrow keys: the view is a focusable
   scroll box) and zooms it further with the + and − buttons or keys; Escape or the close button puts it back.
   The map itself moves into the dialog and back (no copy: its ids and its listeners stay). In the page's language.
   `turnpressZoom(svg, opener, options)` is the one dialog of the site: the orders page opens its map with it too
   (orders_map.js), with its own words, its status line and menu moved in below the map (`below`), and a class
   of its own (`className`). */
(function () {
  /* the dialog's words in each language of the site's catalog (kit/catalog/site.yaml, zoom.*): the site build
     writes them in here (pages.script), so that no word of the site is a literal of its scripts */
  var WORDS = {} /* tp:zoom-words */;
  var made = 0;
  function words() {
    var lang = (document.documentElement.lang || "en").slice(0, 2);
    return WORDS[lang] || WORDS.en || {};
  }
  function button(text, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button " + cls;
    b.textContent = text;
    return b;
  }
  function zoomable(svg) {
    if (svg.hasAttribute("data-tp-zoom") || svg.closest(".tp-orders, dialog")) return;
    svg.setAttribute("data-tp-zoom", String(++made));
    var open = button(words().open, "tp-zoom-open");
    svg.insertAdjacentElement("afterend", open);
    open.addEventListener("click", function () { show(svg, open); });
  }
  /* ``node`` moves to where ``into`` says and back where it was when the returned function is called. */
  function moved(node, into) {
    var home = document.createComment("tp-zoom");
    node.parentNode.insertBefore(home, node);
    into.appendChild(node);
    return function () {
      home.parentNode.insertBefore(node, home);
      home.remove();
    };
  }
  function show(svg, opener, options) {
    var o = options || {};
    var w = Object.assign({}, words(), o.words || {});
    var dialog = document.createElement("dialog");
    dialog.className = "tp-zoom md-typeset" + (o.className ? " " + o.className : "");
    dialog.setAttribute("aria-label", svg.getAttribute("aria-label") || w.view);
    var bar = document.createElement("div");
    bar.className = "tp-zoom-bar";
    var minus = button("−", "tp-zoom-out");
    minus.setAttribute("aria-label", w.zoomOut);
    var plus = button("+", "tp-zoom-in");
    plus.setAttribute("aria-label", w.zoomIn);
    var close = button(w.close, "tp-zoom-close");
    bar.append(minus, plus, close);
    var view = document.createElement("div");
    view.className = "tp-zoom-view";
    view.tabIndex = 0;
    view.setAttribute("role", "region");
    view.setAttribute("aria-label", w.view);
    var width = svg.style.width;
    dialog.append(bar, view);
    var back = [moved(svg, view)].concat((o.below || []).map(function (n) { return moved(n, dialog); }));
    document.body.appendChild(dialog);
    var scale = Math.max(2, 1200 / Math.max(1, window.innerWidth));
    function zoom(by) {
      var cx = (view.scrollLeft + view.clientWidth / 2) / Math.max(1, view.scrollWidth);
      var cy = (view.scrollTop + view.clientHeight / 2) / Math.max(1, view.scrollHeight);
      scale = Math.min(8, Math.max(1, scale * by));
      svg.style.width = Math.round(view.clientWidth * scale) + "px";
      view.scrollLeft = cx * view.scrollWidth - view.clientWidth / 2;
      view.scrollTop = cy * view.scrollHeight - view.clientHeight / 2;
      minus.disabled = scale <= 1;
      plus.disabled = scale >= 8;
    }
    minus.addEventListener("click", function () { zoom(1 / 1.5); });
    plus.addEventListener("click", function () { zoom(1.5); });
    close.addEventListener("click", function () { dialog.close(); });
    view.addEventListener("keydown", function (e) {
      if (e.key === "+" || e.key === "=") { zoom(1.5); e.preventDefault(); }
      if (e.key === "-" || e.key === "−") { zoom(1 / 1.5); e.preventDefault(); }
    });
    var drag = null;  /* a mouse pans by dragging (a click still clicks); touch scrolls the box by itself */
    view.addEventListener("pointerdown", function (e) {
      if (e.pointerType === "mouse") drag = {x: e.clientX, y: e.clientY, left: view.scrollLeft, top: view.scrollTop};
    });
    view.addEventListener("pointermove", function (e) {
      if (!drag) return;
      view.scrollLeft = drag.left - (e.clientX - drag.x);
      view.scrollTop = drag.top - (e.clientY - drag.y);
    });
    ["pointerup", "pointerleave"].forEach(function (n) { view.addEventListener(n, function () { drag = null; }); });
    dialog.addEventListener("close", function () {
      svg.style.width = width;
      back.forEach(function (put) { put(); });
      dialog.remove();
      opener.focus();
    });
    dialog.showModal();
    zoom(1);
    view.focus();
  }
  window.turnpressZoom = show;
  function all() { document.querySelectorAll("svg.tp-map").forEach(zoomable); }
  if (typeof document$ !== "undefined") {
    document$.subscribe(all);
  } else {
    document.addEventListener("DOMContentLoaded", all);
  }
})();

/* The theme's search dialog has no name (axe-core: aria-dialog-name): it takes the name its own search field has
   ("Search", in the page's language). Done here rather than in a copy of the theme's template, so no theme's
   internals are patched (issue 33). The script is loaded at the end of the page, after the dialog. */
(function () {
  function name() {
    document.querySelectorAll('[role="dialog"]:not([aria-label]):not([aria-labelledby])').forEach(function (d) {
      var field = d.querySelector("input[aria-label], input[placeholder]");
      var label = field && (field.getAttribute("aria-label") || field.getAttribute("placeholder"));
      if (label) {
        d.setAttribute("aria-label", label);
      }
    });
  }
  name();
  document.addEventListener("DOMContentLoaded", name);
})();
