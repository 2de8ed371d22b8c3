/* turnpress orders page, the map: written into site/javascripts/ by `turnpress site build` from
   adjudicator/newsletter/assets, loaded before orders.js, which calls tpOrdersMap.attach(form, data, player)
   when a player is picked.

   The open turn's data carries the position as the ruleset draws it (`map`: an SVG whose shapes name their
   region in `data-region` and its place in `data-place`; or that SVG in two, the turn's and the base no turn
   changes, joined here). Drawn above the form, it lets a player pick orders by
   clicking: a unit, then where it goes; every order of the form's list for that unit that names the province
   clicked is offered in a small menu (the move is taken at once, supports and convoys are one tap away). In the
   adjustment phase a click on a province offers its builds or removal. The map only chooses among the form's own
   options (the form comes from the ruleset: nothing about the rules is known here), so the keyboard's way, the
   form's lists, stays the same; the orders chosen are drawn as arrows as they are chosen. On the Auf Achse board
   (its fields name their neighbours in `data-next`) a truck's route is picked field by field instead (`routes`).

   The drawing is the site build's own output (every name in it escaped); it is still read as SVG data only:
   scripts, foreign objects, event attributes and outside links are dropped before it is shown. */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var UNIT = /^([AF]) (\S+)( \(dislodged\))?$/;
  var INK = "#111111";
  var SAY = function (key) { /* the page's words (orders.js passes its own: kit/catalog/orders_page.yaml) */
    return key;
  };

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      node.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function svgEl(tag, attrs) {
    var node = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(function (k) {
      node.setAttribute(k, String(attrs[k]));
    });
    return node;
  }

  function parsed(source) {
    var doc = new DOMParser().parseFromString(String(source), "image/svg+xml");
    var svg = doc.documentElement;
    if (!svg || svg.namespaceURI !== NS || svg.localName !== "svg" || doc.getElementsByTagName("parsererror").length) {
      return null;
    }
    return svg;
  }

  /* The drawing as inert SVG, or null if it is not one. ``source``: the SVG, or the turn's SVG and the base no
     turn changes ({turn, base}), the base's children put where the turn's ``<g data-tp-base>`` is. */
  function drawing(source) {
    var svg = parsed(source && source.turn !== undefined ? source.turn : source);
    if (svg && source.base !== undefined) {
      var base = parsed(source.base), place = svg.querySelector("g[data-tp-base]");
      if (!base || !place) {
        return null;
      }
      while (base.firstChild) {
        place.parentNode.insertBefore(base.firstChild, place);
      }
      place.remove();
    }
    if (!svg) {
      return null;
    }
    Array.from(svg.querySelectorAll("script, foreignObject, iframe, a, use, image")).forEach(function (n) {
      n.remove();
    });
    [svg].concat(Array.from(svg.querySelectorAll("*"))).forEach(function (n) {
      Array.from(n.attributes).forEach(function (a) {
        var name = a.name.toLowerCase();
        if (name.indexOf("on") === 0 || name === "href" || name === "xlink:href") {
          n.removeAttribute(a.name);
        }
      });
    });
    return document.importNode(svg, true);
  }

  /* The judges' order words as the map's judges write them (the form's ``notation``: 30JK writes a support
     "U", a convoy "K", "via Konvoi"); the English ones where the form says none. */
  var WORD = {S: "S", C: "C", "via convoy": "via convoy"};

  function province(region) {
    return String(region).split("/")[0];
  }

  function isWord(t) {
    return /^(A|F|H|S|C|Build|Remove|Waive|disband|via)$/.test(t) || t === WORD.S || t === WORD.C ||
      WORD["via convoy"].split(" ").indexOf(t) >= 0;
  }

  /* The provinces an order's text names after its unit ("A Par S A Mar - Bur": Mar, Bur). */
  function named(text, skip) {
    return String(text).split(/\s+/).slice(skip).filter(function (t) {
      return /^[A-Za-z][A-Za-z0-9]*(\/[a-z]+)?$/.test(t) && !isWord(t);
    }).map(province);
  }

  /* The region a click is on: the shape hit, or the first shape beneath it that names a region (a mark drawn
     over the map without one must not swallow the click). */
  function regionAt(svg, event) {
    var hit = event.target.closest ? event.target.closest("[data-region]") : null;
    if (!hit && document.elementsFromPoint) {
      hit = document.elementsFromPoint(event.clientX, event.clientY).map(function (n) {
        return n.closest ? n.closest("[data-region]") : null;
      }).find(function (n) {
        return n && svg.contains(n);
      }) || null;
    }
    return hit ? hit.getAttribute("data-region") : null;
  }

  /* The map's frame above the form: the drawing (in a box of its own, `view`), the status line and menu
     (`below`), and a button that opens the map full size: on a phone the whole map is 360 px wide and its
     smaller provinces 11 px targets, full size they are 24 px and more (the view scrolls; + and − zoom). The
     dialog is the site's own (turnpress.js's `turnpressZoom`, as the issue pages' maps open): the drawing, status
     line and menu move into it and back (no copy: the clicks' listeners stay). */
  function frame(form, svg, label) {
    svg.removeAttribute("width");
    svg.setAttribute("class", "tp-orders-map-svg");
    svg.setAttribute("aria-label", label);
    var box = el("figure", {id: "tp-map", "class": "tp-orders-map"});
    var view = el("div", {"class": "tp-map-view"});
    var below = el("div", {"class": "tp-map-below"});
    var open = el("button", {type: "button", "class": "md-button tp-map-open", id: "tp-map-open"}, SAY("map_open"));
    view.appendChild(svg);
    box.appendChild(view);
    box.appendChild(open);
    box.appendChild(below);
    form.insertBefore(box, form.firstChild);
    open.addEventListener("click", function () {
      if (window.turnpressZoom) {
        window.turnpressZoom(svg, open, {className: "tp-map-full", below: [below], words: {close: SAY("map_close"),
          zoomIn: SAY("map_zoom_in"), zoomOut: SAY("map_zoom_out"), view: SAY("map_view")}});
      }
    });
    return {box: box, below: below};
  }

  function attach(form, data, player, words) {
    SAY = words || SAY;
    var svg = data.map ? drawing(data.map) : null;
    if (!svg) {
      return;
    }
    if (svg.querySelector("[data-field][data-next]")) {
      routes(form, svg);
      return;
    }
    if (!player.form) {
      return;
    }
    WORD = Object.assign({S: "S", C: "C", "via convoy": "via convoy"}, player.form.notation || {});
    var convoyed = {}; /* an army's label -> its moves across the water -> the fleets of a chain (choices.py) */
    ((player.form.field && player.form.field.items) || []).forEach(function (item) {
      if (item.convoyed) {
        convoyed[item.label] = item.convoyed;
      }
    });
    var places = {};
    Array.from(svg.querySelectorAll("[data-region][data-place]")).forEach(function (n) {
      var xy = n.getAttribute("data-place").split(" ").map(Number);
      if (xy.length === 2 && isFinite(xy[0]) && isFinite(xy[1])) {
        places[n.getAttribute("data-region")] = xy;
      }
    });
    var font = Number(svg.getAttribute("font-size")) || 16;
    var chosen = svgEl("g", {"class": "tp-chosen", "pointer-events": "none"});
    var defs = svgEl("defs", {});
    var marker = svgEl("marker", {id: "tp-pick-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 3.5,
      markerHeight: 3.5, orient: "auto-start-reverse"});
    marker.appendChild(svgEl("path", {d: "M0,0 L10,5 L0,10 z", fill: INK}));
    defs.appendChild(marker);
    svg.appendChild(defs);
    svg.appendChild(chosen);
    var say = el("p", {id: "tp-map-say", "class": "tp-say", role: "status"}, SAY("map_start"));
    var menu = el("div", {id: "tp-map-menu", "class": "tp-map-menu", hidden: ""});
    var framed = frame(form, svg, SAY("map_label"));
    framed.below.appendChild(say);
    framed.below.appendChild(menu);

    var selects = Array.from(form.querySelectorAll("select[data-label]"));
    var units = selects.filter(function (s) {
      return UNIT.test(s.getAttribute("data-label"));
    });
    var others = selects.filter(function (s) {
      return units.indexOf(s) < 0 && s.getAttribute("data-map") !== "off";
    });
    var active = null;

    function unitAt(prov) {
      return units.find(function (s) {
        return province(UNIT.exec(s.getAttribute("data-label"))[2]) === prov;
      }) || null;
    }

    function options(select, prov, skip) {
      return Array.from(select.options).filter(function (o) {
        return o.value !== "other" && named(o.text, skip).indexOf(prov) >= 0;
      });
    }

    function pick(select, option) {
      select.value = option.value;
      select.dispatchEvent(new Event("change", {bubbles: true}));
    }

    function highlight() {
      Array.from(svg.querySelectorAll(".tp-active")).forEach(function (n) {
        n.classList.remove("tp-active");
      });
      if (active) {
        var prov = province(UNIT.exec(active.getAttribute("data-label"))[2]);
        Array.from(svg.querySelectorAll("path[data-region]")).forEach(function (n) {
          if (province(n.getAttribute("data-region")) === prov) {
            n.classList.add("tp-active");
          }
        });
      }
    }

    function chosenText(select) {
      return select.value === "other" ? "" : select.options[select.selectedIndex].text;
    }

    function optionNamed(select, text) {
      return select ? Array.from(select.options).find(function (o) {
        return o.value !== "other" && o.text === text;
      }) || null : null;
    }

    function byLabel(label) {
      return units.find(function (s) {
        return s.getAttribute("data-label") === label;
      }) || null;
    }

    /* What a click on ``prov`` most likely means for the unit picked, where the player's own orders say it:
       the support of a move of theirs into ``prov`` (else the unit would move there too and bounce it), or the
       convoy of their army whose move across the water this fleet's chain carries. */
    function meant(select, list, prov) {
      var me = select.getAttribute("data-label");
      var found = null;
      units.forEach(function (s) {
        var t = chosenText(s).split(/\s+/);
        if (found || s === select || t[2] !== "-" || !t[3]) {
          return;
        }
        var label = s.getAttribute("data-label");
        var move = chosenText(s);
        var fleets = (convoyed[label] || {})[move] || [];
        if (province(t[3]) === prov) {
          found = optionNamed(select, me + " " + WORD.S + " " + label + " - " + t[3]);
        } else if (province(t[1]) === prov && fleets.indexOf(me) >= 0) {
          found = optionNamed(select, me + " " + WORD.C + " " + label + " - " + t[3]);
        }
      });
      return found && list.indexOf(found) >= 0 ? found : null;
    }

    /* After an army's move across the water: the convoy orders of the player's own fleets of its chain, a tap
       each, and the fleets of others it needs named. */
    function offerConvoys(select, option) {
      var label = select.getAttribute("data-label");
      var fleets = (convoyed[label] || {})[option.text];
      if (!fleets) {
        return;
      }
      var dest = option.text.split(/\s+/)[3];
      var theirs = [];
      var buttons = [];
      fleets.forEach(function (f) {
        var order = optionNamed(byLabel(f), f + " " + WORD.C + " " + label + " - " + dest);
        if (!order) {
          theirs.push(f);
          return;
        }
        var fleet = byLabel(f);
        var b = el("button", {type: "button", "class": "md-button tp-convoy", "aria-pressed": fleet.value ===
          order.value ? "true" : "false"}, order.text);
        b.addEventListener("click", function () {
          pick(fleet, order);
          b.setAttribute("aria-pressed", "true");
          say.textContent = SAY("map_chosen", {order: order.text});
        });
        buttons.push(b);
      });
      menu.appendChild(el("p", {"class": "tp-help tp-convoy-by"}, SAY("map_convoy_by", {fleets: fleets.join(", ")}) +
        (theirs.length ? " " + SAY("map_convoy_theirs", {fleets: theirs.join(", ")}) : "") +
        (buttons.length ? " " + SAY("map_convoy_yours") : "")));
      buttons.forEach(function (b) {
        menu.appendChild(b);
      });
      menu.hidden = false;
    }

    function offer(select, list, taken) {
      menu.textContent = "";
      menu.hidden = list.length === 0 || (list.length === 1 && list[0] === taken);
      if (taken) {
        offerConvoys(select, taken);
      }
      if (list.length === 0 || (list.length === 1 && list[0] === taken)) {
        return;
      }
      menu.hidden = false;
      var convoys = Array.from(menu.childNodes);
      menu.textContent = "";
      menu.appendChild(el("p", {"class": "tp-help"}, SAY(taken ? "map_instead" : "map_pick_one")));
      list.forEach(function (o) {
        var b = el("button", {type: "button", "class": "md-button" + (o === taken ? " tp-taken" : ""),
          "aria-pressed": o === taken ? "true" : "false"}, o.text);
        b.addEventListener("click", function () {
          active = null;
          highlight();
          pick(select, o);
          offer(select, list, o);
          say.textContent = SAY("map_chosen", {order: o.text});
        });
        menu.appendChild(b);
      });
      convoys.forEach(function (n) {
        menu.appendChild(n);
      });
    }

    function clicked(region) {
      var prov = province(region);
      var own = unitAt(prov);
      if (active && own === active) {
        var stay = Array.from(active.options).filter(function (o) {
          return o.value !== "other" && named(o.text, 2).length === 0;
        });
        say.textContent = SAY("map_in_place", {unit: active.getAttribute("data-label")});
        offer(active, stay, null);
        active = null;
        highlight();
        return;
      }
      if (active) {
        var list = options(active, prov, 2);
        if (list.length) {
          var move = list.find(function (o) {
            return String(o.text).split(/\s+/)[2] === "-";
          });
          var taken = meant(active, list, prov) || move || (list.length === 1 ? list[0] : null);
          say.textContent = taken ? SAY("map_chosen", {order: taken.text}) :
            SAY("map_unit_and", {unit: active.getAttribute("data-label"), place: prov});
          offer(active, list, taken);
          if (taken) {
            pick(active, taken);
            active = null; /* the order is whole: the next click picks a unit again */
            highlight();
          }
          return;
        }
      }
      if (own) {
        active = own;
        highlight();
        menu.hidden = true;
        say.textContent = SAY("map_unit_picked", {unit: own.getAttribute("data-label")});
        return;
      }
      var free = others.find(function (s) {
        return named(s.options[s.selectedIndex].text, 0).length === 0 && options(s, prov, 0).length;
      }) || others.find(function (s) {
        return options(s, prov, 0).length;
      });
      if (free) {
        var found = options(free, prov, 0);
        pick(free, found[0]);
        say.textContent = SAY("map_line_picked", {label: free.getAttribute("data-label"), order: found[0].text});
        offer(free, found, found[0]);
        return;
      }
      say.textContent = active ? SAY("map_cannot", {unit: active.getAttribute("data-label"), place: prov}) :
        SAY("map_not_yours", {place: prov});
      menu.hidden = true;
      /* a refused click ends the selection: the next click picks a unit again (else the unit picked before
         would take the order meant for the next one) */
      active = null;
      highlight();
    }

    svg.addEventListener("click", function (event) {
      var region = regionAt(svg, event);
      if (region) {
        clicked(region);
      }
    });

    function at(region) {
      return places[region] || places[province(region)] || null;
    }

    function line(a, b, attrs) {
      var n = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      var ux = (b[0] - a[0]) / n;
      var uy = (b[1] - a[1]) / n;
      var s = attrs.start || 0;
      var e = attrs.end || 0;
      var out = svgEl("line", {x1: (a[0] + ux * s).toFixed(0), y1: (a[1] + uy * s).toFixed(0),
        x2: (b[0] - ux * e).toFixed(0), y2: (b[1] - uy * e).toFixed(0), stroke: INK, "stroke-linecap": "round",
        "stroke-width": attrs.width || 3});
      Object.keys(attrs.extra || {}).forEach(function (k) {
        out.setAttribute(k, attrs.extra[k]);
      });
      return out;
    }

    /* Each order chosen, as the map draws the turn: a move as an arrow, a support as a dashed line to
       the place supported, a convoy as a dotted line, a build as a ring, a removal as a cross. */
    function draw() {
      chosen.textContent = "";
      selects.forEach(function (s) {
        var text = s.value === "other" ? "" : s.options[s.selectedIndex].text;
        var t = text.split(/\s+/);
        var mark = null;
        if ((t[0] === "Build" || t[0] === "Remove") && at(t[2])) {
          var p = at(t[2]);
          mark = t[0] === "Build" ? svgEl("circle", {cx: p[0], cy: p[1], r: (0.9 * font).toFixed(1), fill: "none",
            stroke: INK, "stroke-width": 3, "class": "tp-pick-build"}) : svgEl("path", {d: "M" + (p[0] - font) +
            "," + (p[1] - font) + " L" + (p[0] + font) + "," + (p[1] + font) + " M" + (p[0] - font) + "," +
            (p[1] + font) + " L" + (p[0] + font) + "," + (p[1] - font), stroke: INK, "stroke-width": 3,
            "class": "tp-pick-remove"});
        } else if (/^[AF]$/.test(t[0]) && at(t[1])) {
          var from = at(t[1]);
          if (t[2] === "-" && at(t[3])) {
            mark = line(from, at(t[3]), {start: 0.6 * font, end: 0.8 * font, width: 3.5,
              extra: {"marker-end": "url(#tp-pick-head)", "class": "tp-pick-move"}});
          } else if ((t[2] === WORD.S || t[2] === WORD.C) && at(t[4])) {
            var other = at(t[4]);
            var to = other;
            var sup = t[2] === WORD.S;
            if (t[5] === "-" && at(t[6])) {
              var b = at(t[6]);
              to = sup ? [(other[0] + 2 * b[0]) / 3, (other[1] + 2 * b[1]) / 3] :
                [(other[0] + b[0]) / 2, (other[1] + b[1]) / 2];
            }
            mark = line(from, to, {start: 0.7 * font, width: 2.5, extra: {"stroke-dasharray": sup ?
              "6 4" : "1.5 4", "class": sup ? "tp-pick-support" : "tp-pick-convoy"}});
          }
        }
        if (mark) {
          var title = svgEl("title", {});
          title.textContent = text;
          mark.appendChild(title);
          chosen.appendChild(mark);
        }
      });
    }

    if (form.tpMapDraw) {
      form.removeEventListener("change", form.tpMapDraw); /* the map of the player picked before */
    }
    form.tpMapDraw = draw;
    form.addEventListener("change", draw);
    draw();
  }

  /* Auf Achse: a truck's route picked field by field on the board. The clicks drive the form's own route
     field (fieldset.tp-route, from the ruleset's choices: the fields next to the route's end, the Streckenpunkte
     and the fare), so nothing about the rules is known here: a click on a field the form offers next drives on,
     on the field before steps back (the form's button), on a city further away takes the cheapest route there
     from the start (the form's destination list, from the ruleset), elsewhere is refused. */

  function routes(form, svg) {
    var sets = Array.from(form.querySelectorAll("fieldset.tp-route"));
    var framed = frame(form, svg, SAY("board_label"));
    var box = framed.box;
    var say = el("p", {id: "tp-map-say", "class": "tp-say", role: "status"});
    if (!sets.length) {
      say.textContent = SAY("board_no_truck");
      framed.below.appendChild(say);
      return;
    }
    var spots = {};
    Array.from(svg.querySelectorAll("[data-field]")).forEach(function (n) {
      var key = n.getAttribute("data-field");
      var dot = n.localName === "circle" ? n : n.querySelector("circle");
      if (!spots[key] && dot) { /* the board's own dot first, the inset's copy after it */
        spots[key] = [Number(dot.getAttribute("cx")), Number(dot.getAttribute("cy"))];
      }
    });
    var truck = 0;
    var bar = el("div", {"class": "tp-map-menu", role: "group", "aria-label": SAY("board_trucks")});
    var buttons = sets.map(function (set, i) {
      var legend = set.querySelector("legend");
      var b = el("button", {type: "button", "class": "md-button", "aria-pressed": i === 0 ? "true" : "false"},
        legend ? legend.textContent : SAY("board_truck", {n: i + 1}));
      b.addEventListener("click", function () {
        truck = i;
        buttons.forEach(function (o, k) {
          o.setAttribute("aria-pressed", k === i ? "true" : "false");
        });
        show();
      });
      bar.appendChild(b);
      return b;
    });
    var drawn = svgEl("g", {"class": "tp-chosen", "pointer-events": "none"});
    svg.appendChild(drawn);
    framed.below.appendChild(bar);
    framed.below.appendChild(say);

    /* The truck's route as the form shows it ("HH (Hamburg) → HH-HB.1 → ..."). */
    function route() {
      var shown = sets[truck].querySelector(".tp-route-path");
      return shown ? shown.textContent.split(" → ").map(function (t) {
        return t.split(" ")[0];
      }).filter(Boolean) : [];
    }

    function show() {
      var fields = route();
      drawn.textContent = "";
      var pts = fields.map(function (f) {
        return spots[f] ? spots[f].join(",") : null;
      }).filter(Boolean);
      if (pts.length > 1) {
        drawn.appendChild(svgEl("polyline", {points: pts.join(" "), fill: "none", stroke: INK, "stroke-width": 5,
          "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.75, "class": "tp-pick-route"}));
      }
      var total = sets[truck].querySelector("[role=status]");
      say.textContent = buttons[truck].textContent + ": " + fields.join(" – ") + ". " +
        (total ? total.textContent : "");
    }

    /* The field nearest the click (a finger is wider than a field's dot, and a name may lie over a city's). */
    function nearest(event) {
      var m = svg.getScreenCTM();
      var hit = event.target.closest ? event.target.closest("[data-field]") : null;
      if (!m) {
        return hit ? hit.getAttribute("data-field") : null;
      }
      var p = svg.createSVGPoint();
      p.x = event.clientX;
      p.y = event.clientY;
      var q = p.matrixTransform(m.inverse());
      var best = null;
      var reach = 14;
      Object.keys(spots).forEach(function (f) {
        var d = Math.hypot(spots[f][0] - q.x, spots[f][1] - q.y);
        if (d < reach) {
          reach = d;
          best = f;
        }
      });
      return hit && !best ? hit.getAttribute("data-field") : best;
    }

    svg.addEventListener("click", function (event) {
      var f = nearest(event);
      var fields = route();
      if (!f || !fields.length) {
        return;
      }
      var last = fields[fields.length - 1];
      var set = sets[truck];
      var next = set.querySelector("select:not(.tp-route-goal)");
      var option = next ? Array.from(next.options).find(function (o) {
        return o.value === f;
      }) : null;
      var goal = set.querySelector("select.tp-route-goal");
      var far = goal ? Array.from(goal.options).find(function (o) {
        return o.getAttribute("data-city") === f;
      }) : null;
      if (f === last) {
        return;
      }
      if (fields.length > 1 && f === fields[fields.length - 2]) {
        set.querySelector("button").click(); /* the form's own step back */
      } else if (option) {
        next.value = f;
        next.dispatchEvent(new Event("change", {bubbles: true}));
      } else if (far) { /* a city further on: the cheapest route there from the start (the form's own choice) */
        goal.value = far.value;
        goal.dispatchEvent(new Event("change", {bubbles: true}));
        show();
        say.textContent = SAY("board_goal", {field: f}) + " " + say.textContent;
        return;
      } else {
        show();
        say.textContent = SAY("board_not_next", {field: f, last: last}) + " " + say.textContent;
        return;
      }
      show();
    });
    form.addEventListener("change", function () {
      drawn.isConnected && show();
    });
    form.addEventListener("click", function (event) {
      if (drawn.isConnected && !box.contains(event.target)) {
        setTimeout(show, 0); /* the form's step-back button (a click on the map says what it did itself) */
      }
    });
    show();
  }

  window.tpOrdersMap = {attach: attach};
})();
