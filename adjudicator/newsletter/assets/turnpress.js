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
