/* turnpress orders page: written into site/javascripts/ by `turnpress site build` from adjudicator/newsletter/assets.

   The page reads the open turn's data (orders/<NNNN>.json, written by the site build from the ruleset), lets a
   player pick who they are and give their orders through the ruleset's form or by editing the sheet, checks the
   sheet (YAML as turnpress reads it, the turn's JSON Schema, the rule problems the data names), and produces the
   file the player commits: orders/<game>/<turn>/<login>.yaml, or in a sealed game <login>.yaml.age sealed with
   age to the game's key and the player's own. Nothing typed here is stored or sent anywhere: there is no server.
   Everything shown is set as text (never as HTML): names and orders may hold anything. */
(function () {
  "use strict";
  var root = document.getElementById("tp-orders");
  if (!root) {
    return;
  }
  var TURN = root.getAttribute("data-turn");
  /* where this script was loaded from: the libraries are beside it (vendor/), loaded once the page is usable */
  var HERE = document.currentScript && document.currentScript.src ? document.currentScript.src.replace(/[^\/]*$/, "")
    : "";
  /* the page's words in the game's language (kit/catalog/orders_page.yaml, written into the page by the site build) */
  var WORDS = JSON.parse(root.getAttribute("data-words") || "{}");
  /* the counts from 0 to 999 that the language's plural rule calls "one" (orders_page.plural_one); others: "other" */
  var PLURAL_ONE = JSON.parse(root.getAttribute("data-plural-one") || "[1]");
  var ui = {};
  var data = null;
  var player = null;
  var fieldSeq = 0;
  var current = {text: "", errors: [], warnings: [], stale: false};
  var choiceFields = {}; /* label -> the choice field with that label: what a map module sets (setOrder) */
  var listeners = []; /* told after every change of the orders (onChange) */
  var readers = []; /* told the player's private file once it is open (a choice narrowed to what they hold) */
  var parts = {}; /* player key -> the promise of their part of the turn's data (orders/<NNNN>/<key>.json) */
  var board = null; /* the promise of the position's drawing (orders/<NNNN>.svg), asked for once */
  var libraries = {}; /* file -> the promise of a library of vendor/ */
  var checker = {started: false, ready: false, failed: null}; /* the YAML reader and the schema validator, once both are in */

  /* --- what loads after the page is usable (issue 30, "Light on a phone") --------------------------------
     The page shows the list of players from a small file; a player's form, the drawing of the position and the
     libraries follow. The verdict needs the YAML reader and the schema validator: until both are in, the page
     says it has no verdict yet and Copy, Download and Seal wait. age is loaded only to seal or open a file. */
  function library(file, global) {
    if (window[global]) {
      return Promise.resolve(window[global]);
    }
    if (!libraries[file]) {
      libraries[file] = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = HERE + "vendor/" + file;
        s.onload = function () {
          return window[global] ? resolve(window[global]) : reject(new Error(file));
        };
        s.onerror = function () {
          delete libraries[file]; /* a later need tries again */
          s.remove();
          reject(new Error(file));
        };
        document.head.appendChild(s);
      });
    }
    return libraries[file];
  }

  function loadChecker() {
    return Promise.all([library("yaml.js", "tpYaml"), library("json-schema.js", "tpSchema")]).then(function () {
      checker.ready = true;
      checker.failed = null;
      if (data.sealed) {
        library("age.js", "tpAge").catch(function () {}); /* ready for the Seal button; sealing asks again */
      }
    }, function (err) {
      checker.failed = err.message || String(err);
    }).then(function () {
      refresh();
      settle();
    });
  }

  function partOf(key) {
    if (!parts[key]) {
      var listed = data.players.find(function (p) {
        return p.key === key;
      });
      /* the address names the part's digest (orders_page.split): a kept copy is never an old one */
      parts[key] = fetch(TURN + "/" + encodeURIComponent(key) + ".json?v=" + encodeURIComponent(listed.part))
        .then(function (r) {
          if (!r.ok) {
            throw new Error(W("missing", {status: r.status}));
          }
          return r.json();
        });
      parts[key].catch(function () {
        delete parts[key];
      });
    }
    return parts[key];
  }

  /* The rest of a player's verdicts (orders/<NNNN>/exact/<key>.json, ``verdicts.refusals``: the rules' refusals
     of their units' lines the lists do not offer), fetched after their part, with the checker; the verdict waits
     for it. If it cannot be fetched the page judges without it (such lines it then says it cannot judge). */
  function exactOf(key) {
    var listed = data.players.find(function (p) {
      return p.key === key;
    });
    if (!listed || !listed.exact) {
      return Promise.resolve(null);
    }
    if (!parts["exact:" + key]) {
      parts["exact:" + key] = fetch(TURN + "/exact/" + encodeURIComponent(key) + ".json?v=" +
        encodeURIComponent(listed.exact)).then(function (r) {
        return r.ok ? r.json() : null;
      }, function () {
        return null;
      });
    }
    return parts["exact:" + key];
  }

  function background() {
    if (!checker.started) {
      checker.started = true;
      loadChecker();
    }
    if (data.map) {
      drawingOf();
    }
  }

  /* The turn's drawing, and where it comes in two (``map_base``) the base no turn changes: a file named by its
     content, the same for every turn and game on the map, which the browser keeps (orders_map.js joins them) */
  function drawingOf() {
    function text(address) {
      return fetch(address).then(function (r) {
        return r.ok ? r.text() : null;
      }, function () {
        return null;
      });
    }
    if (!board) {
      var turn = text(TURN + ".svg?v=" + encodeURIComponent(data.map));
      board = !data.map_base ? turn : Promise.all([turn, text(data.map_base)]).then(function (both) {
        return both[0] && both[1] ? {turn: both[0], base: both[1]} : null;
      });
    }
    return board;
  }

  /* ``data-settled`` on the page: the player's form, their map (if the game has one) and the verdict are all in */
  function settle() {
    var done = !!data && !!player && (checker.ready || !!checker.failed) && player.exact !== undefined &&
      (!data.map || !!ui.mapDone);
    if (done) {
      root.setAttribute("data-settled", "true");
    } else {
      root.removeAttribute("data-settled");
    }
  }
  var privateDoc = null; /* the player's private file, once opened here with their key (it never leaves the page) */

  /* ``key``'s words with each {name} filled in from ``values`` */
  /* {name} is a value; {count|one|other} is the number and the form its language's plural rule picks for it, as
     Python's wording.fill writes it (the numbers the rule calls "one" come with the page's words: PLURAL_ONE) */
  function fill(text, values) {
    return String(text).replace(/\{([a-z_]+)\|([^{}|]*)\|([^{}|]*)\}|\{([a-z_]+)\}/g,
      function (all, counted, one, other, name) {
        if (counted !== undefined) {
          var n = values ? values[counted] : undefined;
          return typeof n === "number" ? n + " " + (PLURAL_ONE.indexOf(n) >= 0 ? one : other) : all;
        }
        return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
      });
  }

  function W(key, values) {
    return fill(Object.prototype.hasOwnProperty.call(WORDS, key) ? WORDS[key] : key, values);
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") {
        node.textContent = attrs[k];
      } else if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) {
        node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
      }
    });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function nextId() {
    fieldSeq += 1;
    return "tp-f" + fieldSeq;
  }

  /* --- YAML as the canonical writer writes it: block style, keys in the form's order -------------------- */
  var PLAIN = /^[A-Za-z][A-Za-z0-9 \/._()+-]*$/;
  var RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

  function scalar(v) {
    if (v === null || v === undefined) {
      return "null";
    }
    if (typeof v === "boolean" || typeof v === "number") {
      return String(v);
    }
    var s = String(v);
    if (PLAIN.test(s) && !RESERVED.test(s) && s.trim() === s) {
      return s;
    }
    return JSON.stringify(s); /* a JSON string is a YAML double-quoted scalar */
  }

  function key(k) {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k);
  }

  function isEmpty(v) {
    return (Array.isArray(v) && v.length === 0) || (v && typeof v === "object" && !Array.isArray(v) &&
      Object.keys(v).length === 0);
  }

  function emit(value, indent) {
    var pad = new Array(indent + 1).join(" ");
    var lines = [];
    if (Array.isArray(value)) {
      value.forEach(function (item) {
        if (item !== null && typeof item === "object" && !isEmpty(item)) {
          var inner = emit(item, indent + 2);
          lines.push(pad + "- " + inner[0].slice(indent + 2));
          lines = lines.concat(inner.slice(1));
        } else {
          lines.push(pad + "- " + (isEmpty(item) ? (Array.isArray(item) ? "[]" : "{}") : scalar(item)));
        }
      });
    } else {
      Object.keys(value).forEach(function (k) {
        var v = value[k];
        if (v !== null && typeof v === "object" && !isEmpty(v)) {
          lines.push(pad + key(k) + ":");
          lines = lines.concat(emit(v, indent + 2));
        } else {
          lines.push(pad + key(k) + ": " + (isEmpty(v) ? (Array.isArray(v) ? "[]" : "{}") : scalar(v)));
        }
      });
    }
    return lines;
  }

  function ordersBlock(value) {
    if (value === null || typeof value !== "object" || isEmpty(value)) {
      return "orders: " + (isEmpty(value) ? (Array.isArray(value) ? "[]" : "{}") : scalar(value)) + "\n";
    }
    return "orders:\n" + emit(value, 2).join("\n") + "\n";
  }

  /* --- the ruleset's form ------------------------------------------------------------------------------ */
  /* A field of the form (see ruleset.OffersChoices): its node, its value, and the problems the page can know from
     the form alone (a number out of its bounds; the same choice twice where the rules allow it once), its own
     and its parts'. */
  function build(field, onChange) {
    var part = buildOne(field, onChange);
    var own = part.problems;
    part.problems = function () {
      var out = own ? own() : [];
      (part.kids ? part.kids() : []).forEach(function (k) {
        out = out.concat(k.problems());
      });
      return out;
    };
    return part;
  }

  function bounds(field, value) {
    var label = String(field.label || "");
    if (value === null || value === undefined) {
      return [];
    }
    if (typeof value !== "number") {
      return [{severity: "error", where: label, message: W("whole_number")}];
    }
    if (field.min !== undefined && field.min !== null && value < field.min) {
      return [{severity: "error", where: label, message: W("at_least", {n: field.min})}];
    }
    if (field.max !== undefined && field.max !== null && value > field.max) {
      return [{severity: "error", where: label, message: W("at_most", {n: field.max})}];
    }
    return [];
  }

  function buildOne(field, onChange) {
    var kind = field.kind;
    var id = nextId();
    var label = String(field.label || "");
    if (kind === "choice") {
      /* ``map: false``: a choice the map's clicks leave alone (a vote names powers, not places) */
      var select = el("select", {id: id, "data-label": label, "data-map": field.map === false ? "off" : null});
      var values = [];
      (field.options || []).forEach(function (o, i) {
        values.push(o.value);
        select.appendChild(el("option", {value: String(i), text: String(o.label)}));
      });
      var other = null;
      if (field.other) {
        select.appendChild(el("option", {value: "other", text: String(field.other)}));
        other = el("input", {type: "text", id: id + "-other", maxlength: String(field.max || 200),
          "aria-label": label + ": " + field.other, hidden: true, autocomplete: "off", spellcheck: "false"});
        other.addEventListener("input", function () {
          typed(onChange);
        });
        other.addEventListener("change", upToDate);
      }
      var at = values.indexOf(field.default === undefined ? null : field.default);
      select.value = String(at < 0 ? 0 : at);
      var heldNote = null;
      if (field.held) { /* ``held``: where the private file lists what the player holds (Calamity's hand) */
        heldNote = el("span", {id: id + "-held", "class": "tp-help tp-held", role: "status"});
        readers.push(function (doc) {
          var list = (field.held || []).reduce(function (node, k) {
            return node && typeof node === "object" ? node[k] : undefined;
          }, doc);
          if (!Array.isArray(list)) {
            return;
          }
          Array.from(select.options).forEach(function (o, i) {
            o.disabled = o.value !== "other" && i < values.length && list.indexOf(values[i]) < 0;
          });
          if (select.options[select.selectedIndex] && select.options[select.selectedIndex].disabled) {
            var first = Array.from(select.options).find(function (o) {
              return !o.disabled;
            });
            if (first) {
              select.value = first.value;
            }
          }
          heldNote.textContent = W("held", {values: list.join(", ") || "—"});
          onChange();
        });
      }
      select.addEventListener("change", function () {
        if (other) {
          other.hidden = select.value !== "other";
          if (!other.hidden) {
            other.focus();
          }
        }
        onChange();
      });
      var box = el("div", {"class": "tp-field"}, [el("label", {"for": id, text: label}), select].concat(
        other ? [other] : []).concat(heldNote ? [heldNote] : []));
      if (field.help) {
        select.setAttribute("aria-describedby", id + "-help");
        box.appendChild(el("span", {id: id + "-help", "class": "tp-help", text: String(field.help)}));
      }
      choiceFields[label] = function (text) {
        var found = values.indexOf(text);
        if (found >= 0) {
          select.value = String(found);
        } else if (other) {
          select.value = "other";
          other.value = String(text);
        } else {
          return false;
        }
        if (other) {
          other.hidden = select.value !== "other";
        }
        onChange();
        return true;
      };
      return {node: box, value: function () {
        if (select.value === "other") {
          return other.value.trim();
        }
        return values[Number(select.value)];
      }, tagOf: function () {
        if (select.value === "other") {
          return null;
        }
        var o = field.options[Number(select.value)];
        return o.tag || o.value;
      }, control: select};
    }
    if (kind === "integer" || kind === "text") {
      var input = el("input", {id: id, type: kind === "integer" ? "number" : "text", inputmode: kind === "integer"
        ? "numeric" : null, min: field.min, max: kind === "integer" ? field.max : null,
        maxlength: kind === "text" ? String(field.max || 200) : null, autocomplete: "off",
        value: field.default === undefined || field.default === null ? "" : String(field.default)});
      input.addEventListener("input", function () {
        typed(onChange);
      });
      input.addEventListener("change", upToDate);
      var parts = [el("label", {"for": id, text: label}), input];
      if (field.help) {
        input.setAttribute("aria-describedby", id + "-help");
        parts.push(el("span", {id: id + "-help", "class": "tp-help", text: String(field.help)}));
      }
      var read = function () {
        var raw = input.value.trim();
        if (kind === "text") {
          return raw === "" ? null : raw;
        }
        return raw === "" ? null : (/^-?[0-9]+$/.test(raw) ? Number(raw) : raw);
      };
      return {node: el("div", {"class": "tp-field"}, parts), value: read, control: input, problems: function () {
        return kind === "integer" ? bounds(field, read()) : [];
      }};
    }
    if (kind === "flag") {
      var box2 = el("input", {id: id, type: "checkbox", checked: !!field.default});
      box2.addEventListener("change", onChange);
      return {node: el("div", {"class": "tp-field tp-flag"}, [box2, el("label", {"for": id, text: label})]),
        value: function () {
          return box2.checked ? true : null;
        }, control: box2};
    }
    if (kind === "group" || kind === "list") {
      var set = el("fieldset", {"class": "tp-group", "data-key": field.key}, [el("legend", {text: label})]);
      var kids = (kind === "group" ? field.fields : field.items) || [];
      var built = kids.map(function (f) {
        var b = build(f, onChange);
        set.appendChild(b.node);
        return {field: f, built: b};
      });
      var part = {node: set, control: set, kids: function () {
        return built.map(function (b) {
          return b.built;
        });
      }};
      if (kind === "group") {
        part.value = function () {
          var out = {};
          built.forEach(function (b) {
            var v = b.built.value();
            if (v !== null && v !== undefined) {
              out[b.field.key] = v;
            }
          });
          return field.optional && isEmpty(out) ? null : out;
        };
      } else {
        part.value = function () {
          var out = [];
          built.forEach(function (b) { /* an item of rows (30JK's religious actions) adds each row as an entry */
            var v = b.built.value();
            (Array.isArray(v) ? v : [v]).forEach(function (x) {
              if (x !== null && x !== undefined && x !== "") {
                out.push(x);
              }
            });
          });
          return out;
        };
        part.problems = function () {
          if (!field.unique) {
            return [];
          }
          var seen = {};
          var found = [];
          built.forEach(function (b) {
            var tag = b.built.tagOf ? b.built.tagOf() : null;
            if (tag === null || (field.free || []).indexOf(b.built.value()) >= 0) {
              return;
            }
            if (seen[tag]) {
              found.push({severity: "warning", where: b.field.label, message: String(field.unique) + " (" +
                seen[tag] + ", " + b.built.value() + ")"});
            } else {
              seen[tag] = b.built.value();
            }
          });
          return found;
        };
      }
      return part;
    }
    if (kind === "rows") {
      var list = el("fieldset", {"class": "tp-group", "data-key": field.key}, [el("legend", {text: label})]);
      var rows = [];
      var add = el("button", {type: "button", "class": "md-button tp-add", "data-rows": label,
        text: W("add_line", {label: label})});
      var addRow = function (initial) {
        var f = JSON.parse(JSON.stringify(field.item));
        if (initial !== undefined) {
          f["default"] = initial;
        }
        f.label = (f.label || label) + " " + (rows.length + 1);
        var b = build(f, onChange);
        var remove = el("button", {type: "button", "class": "md-button", text: W("remove", {label: f.label})});
        var row = el("div", {"class": "tp-row"}, [b.node, remove]);
        var entry = {built: b, node: row};
        remove.addEventListener("click", function () {
          rows.splice(rows.indexOf(entry), 1);
          row.remove();
          add.disabled = false;
          onChange();
        });
        rows.push(entry);
        list.insertBefore(row, add);
        add.disabled = rows.length >= (field.max || 20);
      };
      list.appendChild(add);
      add.addEventListener("click", function () {
        addRow();
        onChange();
      });
      (field["default"] || []).forEach(addRow);
      return {node: list, control: list, kids: function () {
        return rows.map(function (r) {
          return r.built;
        });
      }, value: function () {
        var values = rows.map(function (r) {
          return r.built.value();
        }).filter(function (v) {
          return v !== null && !isEmpty(v);
        });
        return field.optional && values.length === 0 ? null : values;
      }};
    }
    if (kind === "line") { /* one line of the sheet, its parts picked one by one: ``format`` names them */
      var box3 = el("div", {"class": "tp-row"});
      var bits = (field.fields || []).map(function (f) {
        var b = build(f, onChange);
        box3.appendChild(b.node);
        return {field: f, built: b};
      });
      return {node: box3, control: box3, kids: function () {
        return bits.map(function (b) {
          return b.built;
        });
      }, value: function () {
        var text = String(field.format);
        var whole = true;
        bits.forEach(function (b) {
          var v = b.built.value();
          whole = whole && v !== null && v !== undefined && v !== "";
          text = text.replace("{" + b.field.key + "}", String(v));
        });
        return whole ? text : null;
      }};
    }
    if (kind === "route") {
      return route(field, id, label, onChange);
    }
    return {node: el("p", {text: "(" + label + ": write it in the sheet below)"}), value: function () {
      return null;
    }};
  }

  /* A route picked field by field: each step offers the fields next to the last one (``next``, the ruleset's
     map without the fields no truck may enter), each with the Streckenpunkte entering it costs (``points``,
     1 where not named); the sum and its fare (``fares[n]``: the rules' table) are shown as the route grows. What
     every truck's field of the round shares (``next``, ``names``, ``fares``, its words) comes once, in the form's
     ``routes`` (``choices.route_board``). */
  function route(own, id, label, onChange) {
    var field = Object.assign({}, (player && player.form && player.form.routes) || {}, own);
    var words = field.words || {};
    var path = (field["default"] || [field.start]).slice(0, 1);
    var names = field.names || {};
    var cost = function (node) {
      return Object.prototype.hasOwnProperty.call(field.points || {}, node) ? field.points[node] : 1;
    };
    var set = el("fieldset", {"class": "tp-group tp-route", "data-key": field.key}, [el("legend", {text: label})]);
    var shown = el("p", {id: id + "-path", "class": "tp-route-path"});
    var total = el("p", {id: id + "-total", role: "status"});
    var next = el("select", {id: id, "data-label": label + ": " + (words.next || W("next_field"))});
    var back = el("button", {type: "button", "class": "md-button", text: words.back || W("back_field")});
    function sum() {
      return path.slice(1).reduce(function (a, n) {
        return a + cost(n);
      }, 0);
    }
    function show() {
      shown.textContent = path.map(function (n) {
        return names[n] ? n + " (" + names[n] + ")" : n;
      }).join(" → ");
      var pts = sum();
      var fare = pts < (field.fares || []).length ? field.fares[pts] : null;
      total.textContent = fill(words.total || W("route_total"), {points: pts, fare: fare === null ? "?" : fare});
      next.textContent = "";
      next.appendChild(el("option", {value: "", text: words.pick || W("pick_field")}));
      ((field.next || {})[path[path.length - 1]] || []).forEach(function (n) {
        next.appendChild(el("option", {value: n, text: n + (names[n] ? " " + names[n] : "") + " (+" + cost(n) +
          ")"}));
      });
      next.value = "";
      back.disabled = path.length < 2;
    }
    next.addEventListener("change", function () {
      if (next.value) {
        path.push(next.value);
        show();
        onChange();
      }
    });
    back.addEventListener("click", function () {
      path.pop();
      show();
      onChange();
    });
    /* a destination's cheapest route, read back from the tree of them (``via``: each field -> the one before) */
    function routeTo(city) {
      var out = [];
      for (var n = String(city); n !== field.start && Object.prototype.hasOwnProperty.call(field.via || {}, n) &&
        out.length <= Object.keys(field.via).length; n = field.via[n]) {
        out.unshift(n);
      }
      return out;
    }
    set.appendChild(shown);
    if (field.goals && field.goals.length) {
      /* the route by its destination: the ruleset's cheapest route to each city, with its points and fare */
      var goal = el("select", {id: id + "-goal", "class": "tp-route-goal",
        "data-label": label + ": " + (words.goal || W("route_goal"))});
      goal.appendChild(el("option", {value: "", text: words.pick_goal || W("pick_goal")}));
      field.goals.forEach(function (g, i) {
        goal.appendChild(el("option", {value: String(i), "data-city": String(g.value), text: String(g.label)}));
      });
      goal.addEventListener("change", function () {
        if (goal.value !== "") {
          path = [field.start].concat(routeTo(field.goals[Number(goal.value)].value));
          goal.value = "";
          show();
          onChange();
        }
      });
      set.appendChild(el("div", {"class": "tp-field"}, [el("label", {"for": id + "-goal",
        text: words.goal || W("route_goal")}), goal]));
    }
    set.appendChild(el("div", {"class": "tp-field"}, [el("label", {"for": id, text: words.next || W("next_field")}),
      next]));
    set.appendChild(back);
    set.appendChild(total);
    if (field.help) {
      set.appendChild(el("p", {"class": "tp-help", text: String(field.help)}));
    }
    show();
    return {node: set, control: next, value: function () {
      return path.slice();
    }};
  }

  /* Every place ``path`` names in the sheet as (mapping, key); "*" is every row of a list, the last row first. */
  function places(orders, path) {
    var found = [{node: orders, parent: null, key: null, at: []}];
    path.forEach(function (k) {
      var next = [];
      found.forEach(function (f) {
        var n = f.node;
        if (n === null || typeof n !== "object") {
          return;
        }
        if (k === "*") {
          if (Array.isArray(n)) {
            for (var i = n.length - 1; i >= 0; i -= 1) {
              next.push({node: n[i], parent: n, key: i, at: f.at.concat([i])});
            }
          }
        } else if (!Array.isArray(n) && Object.prototype.hasOwnProperty.call(n, k)) {
          next.push({node: n[k], parent: n, key: k, at: f.at.concat([k])});
        }
      });
      found = next;
    });
    return found;
  }

  /* Bretton Woods' cut (``orders.cut``) and Auf Achse's bids against the cash: the rules add up amounts the sheet
     gives. The form gives each sum the rules compare (``cuts.sums``: each term a place's amount times ``per``, and
     times the mapping's ``times`` field where it names one, counted where the mapping holds ``match``), what there
     is (``have``), computed by the rules, and the rules' own words for a sum over it (``message``, its figures
     left as ``{total}`` and ``{have}``); the page only adds up, compares and fills in. Where every sum is at most
     what there is, the rules say nothing of it (the cut's first pass cuts nothing). Where one is over: a sum whose
     verdict is the rules' warning itself (``severity`` "warning", at ``path``: Auf Achse) is that warning; a
     budget of the cut (``severity`` "unknown") gets the rules' cut where the page can look up what it keeps
     (``keptProblems``), else it is named with its figures and the page says it cannot tell. */
  function counted(place, term) {
    var n = place.node;
    var row = place.parent;
    if (typeof n !== "number" || n <= 0 || Math.floor(n) !== n) {
      return 0; /* the rules count what is not a whole number above zero as nothing (``orders.normalize``) */
    }
    if (term.match && !Object.keys(term.match).every(function (k) {
      return row && !Array.isArray(row) && row[k] === term.match[k];
    })) {
      return 0;
    }
    return n;
  }

  function perUnit(place, term) {
    var row = place.parent;
    var times = 1;
    if (term.times) {
      times = row && typeof row[term.times] === "number" && row[term.times] > 0 ? row[term.times] : 0;
    }
    return term.per * times;
  }

  function amountAt(place, term) {
    return counted(place, term) * perUnit(place, term);
  }

  /* Bretton Woods' cut where a budget is over: the rules' own cut keeps of an amount that is the only claim on a
     budget what ``keeps`` says (``choices._kept_alone`` asked it, ``null`` where it cannot be told: a buy offer's
     claim is the sheet's price), whatever the amount was; and each budget's sum counts what the cut left of the
     budgets before it (``sums`` in the rules' order). The page looks the kept amount up and says the rules' warning
     (``says``, with the order's words, ``words``, by its row where it is one of a list), filled in. It cannot tell
     (``null``) where an over budget has more than one claim, where a place would be cut twice, where the rules drop
     amounts before the cut (``dropped_when``: an attack in the last year; a row naming no country the form offers,
     ``rows``), or where an amount is written otherwise than in plain digits (PyYAML reads ``051`` and ``51.0``
     otherwise than the page). */
  function keptProblems(cuts, orders, parsed, text) {
    var dropped = cuts.dropped_when || {};
    if (!cuts.says || Object.keys(dropped).some(function (k) {
      return orders[k] === dropped[k];
    }) || !Object.keys(cuts.rows || {}).every(function (list) {
      var rows = cuts.rows[list];
      return !Array.isArray(orders[list]) || orders[list].every(function (row) {
        return row !== null && typeof row === "object" && rows.names.indexOf(row[rows.key]) >= 0;
      });
    })) {
      return null;
    }
    var left = {}; /* what the cut left of each place it cut, by the place's path */
    var out = [];
    for (var s = 0; s < cuts.sums.length; s += 1) {
      var sum = cuts.sums[s];
      var total = 0;
      var claims = [];
      var plain = true;
      sum.terms.forEach(function (term, t) {
        places(orders, term.path).forEach(function (place) {
          var key = place.at.join("/");
          var n = Object.prototype.hasOwnProperty.call(left, key) ? left[key] : counted(place, term);
          var node = n > 0 ? parsed.getIn(place.at.length ? ["orders"].concat(place.at) : ["orders"], true) : null;
          plain = plain && (n === 0 || !!node && /^(0|[1-9][0-9]*)$/.test(String(node.source)));
          total += n * perUnit(place, term);
          if (n > 0) {
            claims.push({place: place, term: term, keeps: sum.keeps ? sum.keeps[t] : null, n: n, key: key});
          }
        });
      });
      if (!plain) {
        return null;
      }
      if (total <= sum.have) {
        continue;
      }
      var c = claims[0];
      var row = c && c.term.path.indexOf("*");
      var words = c && cuts.words[c.term.path.join(".")];
      words = row >= 0 && Array.isArray(words) ? words[c.place.at[row]] : words;
      if (claims.length !== 1 || typeof c.keeps !== "number" || Object.prototype.hasOwnProperty.call(left, c.key) ||
          typeof words !== "string") {
        return null;
      }
      left[c.key] = c.keeps;
      out.push({severity: "warning", message: fill(cuts.says, {order: words, ordered: c.n, kept: c.keeps,
        reason: fill(sum.message, {total: total, have: sum.have})}), where: where("#/orders/" +
        c.place.at.map(function (k) {
          return encodeURIComponent(String(k));
        }).join("/"), parsed, text)});
    }
    return out;
  }

  function cutProblems(cuts, orders, parsed, text) {
    if (!cuts || !cuts.sums || orders === null || typeof orders !== "object" || Array.isArray(orders)) {
      return [];
    }
    var over = [];
    var told = [];
    cuts.sums.forEach(function (sum) {
      var total = 0;
      sum.terms.forEach(function (term) {
        places(orders, term.path).forEach(function (place) {
          total += amountAt(place, term);
        });
      });
      if (total > sum.have) {
        var message = fill(sum.message, {total: total, have: sum.have});
        if (sum.severity === "warning") {
          told.push({severity: "warning", message: message, where: sum.path ?
            where("#/orders/" + sum.path.map(function (k) {
              return encodeURIComponent(String(k));
            }).join("/"), parsed, text) : W("the_file")});
        } else {
          over.push(message);
        }
      }
    });
    var kept = over.length ? keptProblems(cuts, orders, parsed, text) : null;
    return told.concat(kept || (over.length ? [{severity: "unknown", where: W("the_file"),
      message: over.join("; ") + ": " + W("cut_over_unknown"), cut: "cut_over_verdict"}] : []));
  }

  /* --- checking the sheet as turnpress would --------------------------------------------------------- */
  function steps(location) {
    return location.replace(/^#\/?/, "").split("/").filter(Boolean).map(function (p) {
      return decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~");
    });
  }

  /* "line 12, orders → item 4": where a value stands in the sheet, as turnpress validate names it */
  function where(location, parsed, text) {
    var path = steps(location);
    var named = path.map(function (p) {
      return /^[0-9]+$/.test(p) ? W("item", {n: Number(p) + 1}) : p;
    }).join(" → ") || W("the_file");
    var node = null;
    try {
      node = path.length ? parsed.getIn(path.map(function (p) {
        return /^[0-9]+$/.test(p) ? Number(p) : p;
      }), true) : parsed.contents;
    } catch (err) {
      node = null;
    }
    if (node && node.range) {
      return W("line", {line: text.slice(0, node.range[0]).split("\n").length}) + ", " + named;
    }
    return named;
  }

  function schemaProblems(schema, doc, parsed, text) {
    var result = new tpSchema.Validator(schema, "2020-12", false).validate(doc);
    if (result.valid) {
      return [];
    }
    /* The innermost errors say what is wrong; the ones about the containers only repeat them. */
    var vague = {properties: 1, items: 1, prefixItems: 1, allOf: 1, anyOf: 1, oneOf: 1, $ref: 1, "false": 1};
    var deepest = result.errors.filter(function (e) {
      return !vague[e.keyword];
    }).map(function (e) {
      var unknown = e.keyword === "additionalProperties" && /^Property "(.*)" does not match/.exec(e.error);
      if (!unknown) {
        return e;
      }
      return {instanceLocation: e.instanceLocation + "/" + unknown[1].replace(/~/g, "~0").replace(/\//g, "~1"),
        error: W("unknown_key", {key: unknown[1]}), friendly: W("unknown_key", {key: unknown[1]})};
    });
    var seen = {};
    return (deepest.length ? deepest : result.errors).filter(function (e) {
      var k = e.instanceLocation + " " + e.error;
      if (seen[k]) {
        return false;
      }
      seen[k] = true;
      return true;
    }).map(function (e) {
      var entry = /^#\/orders\/([0-9]+)(\/|$)/.exec(e.instanceLocation);
      return {severity: "error", where: where(e.instanceLocation, parsed, text), message: e.friendly ||
        friendly(e, doc), inOrders: e.instanceLocation.indexOf("#/orders/") === 0,
        entry: entry ? Number(entry[1]) : null};
    });
  }

  /* A schema fault in the words validate gives it (check-words.yaml, in the game's language, sent as the data's
     ``schema_words``): the vendored validator's keyword, and its own English only for a fault they do not word. */
  function friendly(e, doc) {
    var words = data.schema_words || {};
    var say = function (key, values) {
      return fill(words[key], values);
    };
    var path = steps(e.instanceLocation);
    var value = doc;
    path.forEach(function (p) {
      value = value !== null && value !== undefined && typeof value === "object" ? value[p] : undefined;
    });
    var at = (path[0] === "orders" ? path.slice(1) : path).join("/") || words.at_orders;
    var shown = typeof value === "string" ? "'" + value + "'" : JSON.stringify(value);
    var quoted = /"([^"]*)"/.exec(e.error);
    var kind = function (v) {
      return v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ?
        (Number.isInteger(v) ? "integer" : "number") : typeof v === "object" ? "object" : typeof v;
    };
    var expected = /Expected "([a-z]+)"/.exec(e.error);
    var limit = /(-?[0-9.]+)\.?$/.exec(e.error.replace(/[).]+$/, ""));
    switch (e.keyword) {
    case "type":
      return expected && words[expected[1]] ? say("expected", {at: at, want: words[expected[1]],
        found: words["kind." + kind(value)]}) : e.error;
    case "required":
      return quoted ? say("needs", {at: at, key: "'" + quoted[1] + "'"}) : e.error;
    case "enum":
    case "const":
      return say("not_allowed", {at: at, value: shown});
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return say("out_of_range", {at: at, value: shown, why: words[e.keyword] && limit ?
        say(e.keyword, {value: shown, limit: limit[1]}) : e.error});
    case "maxLength":
    case "minLength":
    case "maxItems":
    case "minItems":
      /* the words for this limit, their word form chosen by Python (verdicts.schema_words): only the value left */
      var told = words[e.keyword] && limit ? words[e.keyword][limit[1]] : undefined;
      return at + ": " + (typeof told === "string" ? fill(told, {value: shown}) : e.error);
    default:
      return at + ": " + e.error;
    }
  }

  /* The values the ruleset's form offers where the schema allows more (``known``: the orders offered this
     round, the road fields): a sheet's value outside them is named at its line, as ``check`` names it. */
  function knownProblems(form, orders, parsed, text) {
    var out = [];
    form.known.forEach(function (k) {
      var found = [{node: orders, at: []}];
      k.path.forEach(function (step) {
        var next = [];
        found.forEach(function (f) {
          var n = f.node;
          if (step === "*" && Array.isArray(n)) {
            n.forEach(function (item, i) {
              next.push({node: item, at: f.at.concat([String(i)])});
            });
          } else if (n && typeof n === "object" && !Array.isArray(n) &&
              Object.prototype.hasOwnProperty.call(n, step)) {
            next.push({node: n[step], at: f.at.concat([step])});
          }
        });
        found = next;
      });
      found.forEach(function (f) {
        if (f.node !== null && f.node !== undefined && k.values.indexOf(f.node) < 0) {
          out.push({severity: "error", where: where("#/orders/" + f.at.map(encodeURIComponent).join("/"), parsed,
            text), message: W("not_offered", {value: f.node})});
        }
      });
    });
    return out;
  }

  /* A line as the verdict table keys it (``verdicts.line_key``): lower case, runs of spaces as one space, a dash
     spaced (a coast's "/" and brackets as written). A key, not a rule: every judgement is the table's. */
  function norm(line) {
    return String(line).toLowerCase().replace(/-/g, " - ").replace(/[ \t\n\r\f\v]+/g, " ")
      .replace(/^ | $/g, ""); /* the spaces line_key folds, not JavaScript's \s (it takes U+FEFF, Python's does not) */
  }

  /* A line's key with other spellings of its words folded (``verdicts.spellings``: a place's full name, "army",
     each kept only where the rules read it as the abbreviation): the longest phrase first, as the rules read. */
  function fold(key, spellings) {
    var spell = spellings || {};
    var longest = Object.keys(spell).reduce(function (most, k) {
      return Math.max(most, k.split(" ").length);
    }, 0);
    var toks = key.split(" ");
    var out = [];
    for (var i = 0; i < toks.length;) {
      var n = Math.min(longest, toks.length - i);
      while (n > 0 && !Object.prototype.hasOwnProperty.call(spell, toks.slice(i, i + n).join(" "))) {
        n -= 1;
      }
      out.push(n > 0 ? spell[toks.slice(i, i + n).join(" ")] : toks[i]);
      i += n > 0 ? n : 1;
    }
    return out.join(" ");
  }

  /* A structured entry ({unit: A Lvp, move: Yor}) as the line the rules read it as: its shape looked up in the
     rules' own readings (``verdicts.entry_forms``: keys in order, each "text" or its flag) and its texts put in;
     null for a shape the rules' readings do not hold (the page then leaves it to validate). */
  function entryLine(entry) {
    var forms = data.entry_forms || {};
    var shape = entryShape(entry);
    return shape && Object.prototype.hasOwnProperty.call(forms, shape.key) ? fill(forms[shape.key], shape.values) :
      null;
  }

  /* An entry's shape as ``verdicts.entry_shape`` keys it, and its texts; null for an entry of other values. */
  function entryShape(entry) {
    var values = {};
    var shape = [];
    var keys = Object.keys(entry).sort();
    for (var i = 0; i < keys.length; i += 1) {
      var v = entry[keys[i]];
      if (typeof v === "boolean") {
        shape.push([keys[i], v]);
      } else if (typeof v === "string" && v.trim() !== "") {
        shape.push([keys[i], "text"]);
        values[keys[i]] = v;
      } else {
        return null;
      }
    }
    return {key: JSON.stringify(shape), values: values};
  }

  /* The line an entry stands for where the rules quote it as the page writes it (``exact.plain``: as ``repr``
     quotes a plain line): a plain line as written, or a mapping whose every text is plain of a shape the rules read
     and quote as exactly its line (``verdicts.entry_written``, asked of the rules: the line of its shape with its
     texts put in as written, ``entryLine``: ``{unit: Build F, move: Ukr}`` is quoted 'Build F - Ukr'); null for
     any other entry. */
  function plainLine(entry, line, exact) {
    var shape = typeof entry === "string" || line === null ? null : entryShape(entry);
    if (!exact || !exact.plain || line === null || typeof entry !== "string" && !(shape &&
      (data.entry_written || []).indexOf(shape.key) >= 0)) {
      return null;
    }
    var plain = new RegExp(exact.plain);
    var texts = typeof entry === "string" ? [entry] : Object.keys(entry).map(function (k) {
      return entry[k];
    }).filter(function (v) {
      return typeof v === "string";
    });
    return plain.test(line) && texts.every(function (v) {
      return plain.test(v);
    }) ? line : null;
  }

  /* The last word of a line, quoted, as the rules quote the word it spells (``verdicts._last_marked``: "kein Ort
     namens 'A' in 'A Aug U A'"): they quote the first piece of the line, from a word's start, that reads as it
     (``reading.as_written``), so the last word as written where every earlier word that begins with its letters
     begins as it is written; null otherwise, or where it is more than letters and digits. */
  function lastQuoted(line) {
    var written = line.replace(/-/g, " - ").split(" ").filter(Boolean);
    var last = written.length ? written[written.length - 1] : "";
    return /^[A-Za-z0-9]+$/.test(last) && written.slice(0, -1).every(function (w) {
      return w.toLowerCase().indexOf(last.toLowerCase()) !== 0 || w.slice(0, last.length) === last;
    }) ? "'" + last + "'" : null;
  }

  /* The rules' verdict on a line they cannot read because of a word they read nowhere (``verdicts.unread``: the
     rules' own ``check`` of the words before it followed by such a word, with the line, the word and the words from
     it on as marks): the line's first word not among ``words`` and the words before it looked up; the marks
     filled as the rules quote them (``repr`` of a plain line is the line in single quotes). null where the line is
     not plain, the words before are not in the table, or an earlier word begins with that word (the rules then
     quote the earlier one). Such a line orders no unit. A letter the rules fold (``folds``: a German game's
     'zurückziehen' is their 'zurueckziehen') is plain too, and its words are compared as the rules fold them. */
  function unreadProblems(unread, line) {
    var has = function (table, k) {
      return !!table && Object.prototype.hasOwnProperty.call(table, k);
    };
    var folds = unread && unread.folds || {};
    var letters = line.split("");
    if (!unread || !new RegExp(unread.plain).test(letters.map(function (c) {
      return has(folds, c) ? "a" : c;
    }).join(""))) {
      return null;
    }
    var known = {};
    unread.words.forEach(function (w) {
      known[w] = true;
    });
    var written = line.replace(/-/g, " - ").split(" ").filter(Boolean);
    var words = written.map(function (w) {
      return w.split("").map(function (c) {
        return has(folds, c) ? folds[c] : c.toLowerCase();
      }).join("");
    });
    /* the first word where the rules' reading stops: one they read nowhere, or one they read elsewhere that no
       look-up of theirs at that place would find after the words before (``stop``: all but the run's ``but``) */
    var j = words.findIndex(function (w, n) {
      var run = words.slice(0, n).join(" ");
      return n > 0 && has(unread.at, run) && (w !== "-" && !has(known, w) || has(unread.stop, run) &&
        unread.but[unread.stop[run]].indexOf(w) < 0) || w !== "-" && !has(known, w);
    });
    var before = j > 0 ? words.slice(0, j).join(" ") : null;
    /* the rules quote the first word of the line their word begins: only a word written as this one is quotes it
       alike, where their words name no rest of the line from it on */
    if (before === null || !has(unread.at, before) || words.slice(0, j).some(function (w, k) {
      return w.indexOf(words[j]) === 0 && (written[k] !== written[j] || unread.at[before].some(function (n) {
        return unread.says[n][1].indexOf("\u0000rest\u0000") >= 0;
      }));
    })) {
      return null;
    }
    var marks = {line: "'" + line + "'", word: "'" + written[j] + "'", rest: "'" + words.slice(j).join(" ") + "'"};
    return unread.at[before].map(function (k) {
      return {severity: unread.says[k][0], message: unread.says[k][1].replace(/\u0000(line|word|rest)\u0000/g,
        function (all, name) {
          return marks[name];
        })};
    });
  }

  /* The rules' words on a line for a unit in a place where the player has none (``verdicts.elsewhere``: a retreat's
     "not an order of a retreat phase", a winter's "not an order of an adjustment phase"), looked up by its shape:
     its second word, a place of ``from``, as ``{p}``, and a place after it as ``{q}`` (``A Tus - Yor`` is ``a {p}
     - {q}``), the places filled in as the rules print them (``shown``); null where the rules' words on it are not
     the shape's (``but``) or the line has no such shape. */
  function elsewhereProblems(elsewhere, key) {
    var has = function (t, k) {
      return !!t && Object.prototype.hasOwnProperty.call(t, k);
    };
    var words = key === null || !elsewhere ? [] : key.split(" ");
    if (words.length < 2 || elsewhere.from.indexOf(words[1]) < 0) {
      return null;
    }
    var places = {p: words[1], q: ""};
    var shape = words.map(function (w, n) {
      if (n > 1 && has(elsewhere.shown, w)) {
        places.q = places.q === "" ? w : null; /* a second place: no shape of one */
        return "{q}";
      }
      return n !== 1 ? w : "{p}";
    }).join(" ");
    var found = places.q !== null && has(elsewhere.shapes, shape) ? elsewhere.shapes[shape] : null;
    if (!found || found.but.indexOf((places.p + " " + places.q).trim()) >= 0) {
      return null;
    }
    return found.problems.map(function (p) {
      return {severity: p.severity, message: p.message.replace(/\u0000(p|q)\u0000/g, function (all, name) {
        return elsewhere.shown[places[name]];
      })};
    });
  }

  /* The rules' words on a support by a unit of the player's of a move the lists do not offer (``verdicts.
     support_shapes``: ``F Lon S F Bre - Pic``), looked up by the supporter (``heads``), the supported unit's letter
     and the place the support goes to (``to``: the index of its words, by ``places``), the supporter, the places
     (as the rules print them, ``shown``) and the full name of where it goes (``names``, the form's) filled in; as a
     line of the tables: its problems, the unit and ``free``. null for a line of no such shape, a supported place
     the rules' words do not hold (``but``), or one that is where the support goes. */
  function supportOf(supports, names, key) {
    var has = function (t, k) {
      return !!t && Object.prototype.hasOwnProperty.call(t, k);
    };
    var words = key === null || !supports ? [] : key.split(" ");
    var head = words.length === 7 && words[2] === supports.word && words[5] === "-" &&
      has(supports.heads, words[0] + " " + words[1]) ? supports.heads[words[0] + " " + words[1]] : null;
    var x = words[4];
    var q = words[6];
    var at = head && has(head.to, words[3]) ? supports.places.indexOf(q) : -1;
    var n = at >= 0 ? head.to[words[3]][at] : -1;
    if (n < 0 || x === q || supports.places.indexOf(x) < 0 || head.but[words[3]].indexOf(x) >= 0 ||
      !has(supports.shown, x) || !has(names, q)) {
      return null;
    }
    var marks = {h: head.shown, x: supports.shown[x], q: supports.shown[q], Q: names[q]};
    return {unit: head.unit, free: supports.says[n].free, problems: supports.says[n].problems.map(function (p) {
      return {severity: p.severity, message: p.message.replace(/\u0000(h|x|q|Q)\u0000/g, function (all, name) {
        return marks[name];
      })};
    })};
  }

  /* The verdict of a list of lines, looked up in the table the rules computed (``verdicts.line_table``: the
     ruleset's own ``check`` on every line the form offers, with the unit each orders). The page adds nothing of
     its own: a line the table holds has the table's problems; a second line for a unit of the player's is the
     rules' ``twice``; a line whose first two words name a unit (``form.lines``: ``places``, ``mine``) is
     another's (``not_yours``) or no order of that unit's; any other line the page cannot judge, and says so.
     A winter's lines count against each other: they are walked through the rules' states (``stateProblems``). */
  function lineProblems(form, verdict, exact, orders, parsed, text, dropped) {
    var rules = form.lines || {};
    if (!verdict || !Array.isArray(orders)) {
      return [];
    }
    if (verdict.states) {
      return stateProblems(verdict.states, exact, orders, parsed, text, dropped || {});
    }
    var table = verdict.lines;
    var byHead = {}; /* the unit a line's first two words name, as the table's lines of that unit start */
    Object.keys(table).forEach(function (k) {
      if (table[k].unit) {
        byHead[k.split(" ").slice(0, 2).join(" ")] = table[k].unit;
      }
    });
    var vocabulary = {};
    verdict.words.forEach(function (w) {
      vocabulary[w] = true;
    });
    var has = function (t, k) {
      return !!t && Object.prototype.hasOwnProperty.call(t, k);
    };
    var refused = exact && exact.lines ? exact.lines : {}; /* verdicts.refusals: lines the lists do not offer */
    /* lines that spend a figure of the private report in order (30JK's religious actions and change of confession
       against the religion points: verdicts.spending): a running total, compared with the figure in the report the
       player opened; a line the page cannot judge leaves the total unknown (it may have spent) */
    var spending = verdict.spending || null;
    var spent = 0;
    var figure = spending ? valueAt(privateDoc, spending.spends) : undefined;
    var out = [];
    var ordered = {};
    var unsure = {}; /* a unit with a line the table does not hold: the rules may count it ordered, or not */
    orders.forEach(function (entry, i) {
      var mapping = !!entry && typeof entry === "object" && !Array.isArray(entry);
      var line = typeof entry === "string" ? entry : mapping ? entryLine(entry) : null;
      if ((line === null && !mapping) || (dropped && dropped[i])) {
        return; /* no order at all, or one the schema refuses: the schema named it, the rules never see it */
      }
      var at = function () {
        return where("#/orders/" + i, parsed, text);
      };
      var say = function (severity, message) {
        out.push({severity: severity, where: at(), message: message});
      };
      var spends = spending && line !== null ? spendingOf(spending, line) : null;
      if (spends !== null) { /* a line that spends (or may go beyond) the figure: it orders no unit */
        spends.problems.forEach(function (p) {
          say(p.severity, p.message);
        });
        spent = spent === null ? null : spent + spends.cost;
        if (!spends.counts) {
          return;
        }
        if (spent === null) { /* a line before it the page cannot judge may have spent */
          say("unknown", W("cannot_judge", {line: line}));
        } else if (spent <= spending.floor) { /* within the least budget the rules have: within any */
          return;
        } else if (typeof figure !== "number") { /* the report not opened: the page says where the verdict is */
          out.push({severity: "unknown", where: at(), message: W("open_private"), opens: true});
        } else if (spent > figure && !(figure >= 0 && figure < spending.over.by.length && Math.floor(figure) ===
          figure)) {
          say("unknown", W("cannot_judge", {line: line})); /* beyond the budgets the rules' words are made for */
        } else if (spent > figure) {
          say("error", fill(spending.over.says[spending.over.by[figure]], {action: spends.action, budget: figure,
            spent: spent}));
        }
        return;
      }
      var key = line === null ? null : norm(line);
      var plain = plainLine(entry, line, exact); /* a mapping of plain texts too: the rules quote its line */
      var folded = false;
      var supports = exact && exact.supports;
      if (key !== null && !has(table, key) && !has(refused, key) && supportOf(supports, rules.places, key) === null) {
        var other = fold(key, exact && exact.spellings); /* another spelling the rules read alike */
        folded = has(table, other) || has(refused, other) || supportOf(supports, rules.places, other) !== null;
        key = folded ? other : key;
      }
      var found = key !== null && has(table, key) ? table[key] : key !== null && has(refused, key) ? refused[key] :
        supportOf(supports, rules.places, key);
      if (found && found.quotes && lastQuoted(line) === null && found.problems.some(function (p) {
        return p.message.indexOf("{last}") >= 0;
      })) {
        found = null; /* the rules quote an earlier word written otherwise, where it begins as the last one */
      }
      if (found && found.quotes && (folded || plain === null)) {
        found = null; /* the rules quote the line as written, and their own words of it ("cannot read 'F Edi Adr'
                         after 'edi'"): the page fills it in for a plain line as written only */
      }
      var written = typeof entry === "string" ? entry : plain; /* (unreadProblems takes the letters it folds) */
      var unread = !found && written !== null ? unreadProblems(exact && exact.unread, written) : null;
      if (unread === null && !found && written !== null) { /* a unit where the player has none: its shape */
        unread = elsewhereProblems(exact && exact.elsewhere, key);
      }
      if (unread !== null) { /* the rules read no order in it: their words, and the unit's next line is its order */
        unread.forEach(function (p) {
          say(p.severity, p.message);
        });
        return;
      }
      var words = (line !== null ? key : norm(typeof entry.unit === "string" ? entry.unit : "")).split(" ");
      var place = words.length > 1 && (words[0] === "a" || words[0] === "f") && has(rules.places, words[1]) ?
        words[1] : null;
      var unit = found ? found.unit || null : place !== null && has(rules.mine, place) ? rules.mine[place][1] :
        has(byHead, words.slice(0, 2).join(" ")) ? byHead[words.slice(0, 2).join(" ")] : null;
      var shown = line !== null ? line : W("item", {n: i + 1});
      if (unit !== null && ordered[unit]) {
        say("error", shown + ": " + rules.twice);
      } else if (place !== null && unit === null && rules.not_yours) { /* none in a retreat: the kind's words */
        say("error", shown + ": " + fill(rules.not_yours, {place: rules.places[place]}));
      } else if (line === null) { /* an order written as a mapping: the unit it orders is named, the rest not judged */
        say("unknown", W("cannot_judge", {line: shown}));
        spent = null;
      } else if (unit !== null && unsure[unit]) {
        say("unknown", W("cannot_judge", {line: line}));
      } else if (found && found.unknown) { /* the rules' verdict may follow from figures the page has not */
        say("unknown", W("cannot_judge", {line: line}));
        spent = null;
      } else if (found) {
        found.problems.forEach(function (p) {
          say(p.severity, found.quotes ? fill(p.message, {line: "'" + line + "'", last: lastQuoted(line)}) :
            p.message);
        });
      } else if (unit !== null && words.every(function (w) {
        return has(vocabulary, w);
      })) { /* the rules' words only, and not one of the orders offered for this unit: most likely none, but the
               lists need not hold every spelling the rules read, so the page says it and leaves the verdict */
        say("unknown", W("no_such_order", {line: line}));
      } else {
        say("unknown", W("cannot_judge", {line: line}));
        spent = null;
      }
      if (unit !== null && !(found && found.free)) { /* "free": the rules do not count it as the unit's order */
        (found ? ordered : unsure)[unit] = true;
      }
    });
    return out;
  }

  /* What a line spends of the private report's figure, as the rules' ``check`` answered (``verdicts.spending``): a
     line of the form's rows as written, its one run of digits the amount (``written``, keyed with "#" there; its
     problems by whether the amount is below the ``least`` the rules take, and then it spends nothing), or another
     line of the form (``fixed``, by its key): its problems, what it adds to the total, whether it ``counts`` (a
     line the rules take: it gets their words when the total is beyond the figure) and how those words name it.
     null for any other line. */
  function spendingOf(spending, line) {
    var amounts = line.match(/[0-9]+/g) || [];
    var shape = amounts.length === 1 && amounts[0].length <= 9 ? line.replace(/[0-9]+/, "#") : null;
    var written = shape !== null && Object.prototype.hasOwnProperty.call(spending.written, shape) ?
      spending.written[shape] : null;
    if (written !== null) {
      var n = Number(amounts[0]);
      var counts = n >= written.least && written.counts;
      return {problems: spending.problems[n < written.least ? written.below[n] : written.problems],
        cost: counts ? n : 0, counts: counts, action: fill(written.action, {points: n})};
    }
    var key = norm(line);
    if (!Object.prototype.hasOwnProperty.call(spending.fixed, key)) {
      return null;
    }
    var fixed = spending.fixed[key];
    return {problems: spending.problems[fixed.problems], cost: fixed.cost, counts: fixed.counts,
      action: fixed.action};
  }

  /* The value at ``path`` in ``node`` (a mapping's own keys only), undefined where there is none. */
  function valueAt(node, path) {
    (path || []).forEach(function (k) {
      node = node && typeof node === "object" && !Array.isArray(node) &&
        Object.prototype.hasOwnProperty.call(node, k) ? node[k] : undefined;
    });
    return node;
  }

  /* A winter's lines, each counted against the builds (or removals) due: looked up in the rules' answers for the
     lines before it (``verdicts.line_states``: from the empty sheet, each line's problems and the state after
     it), not counted here; a line the rules answer quoting it as written (``quotes``: ``Build A``) only where it
     is plain (the mark filled as ``repr`` writes it); a line the rules cannot read (``verdicts.winter_unread``:
     their words the same in every state, and refused) leaves the state as it is. After a line the rules' states do
     not hold, the page judges no further: the rules may have counted it, or not. */
  function stateProblems(states, exact, orders, parsed, text, dropped) {
    var out = [];
    var state = 0;
    orders.forEach(function (entry, i) {
      var mapping = !!entry && typeof entry === "object" && !Array.isArray(entry);
      var line = typeof entry === "string" ? entry : mapping ? entryLine(entry) : null;
      if ((line === null && !mapping) || dropped[i]) {
        return; /* no order at all, or one the schema refuses: the schema named it, the rules never see it */
      }
      var at = where("#/orders/" + i, parsed, text);
      var here = state === null ? null : states[state];
      var move = here && line !== null && Object.prototype.hasOwnProperty.call(here, norm(line)) ?
        here[norm(line)] : null;
      var plain = plainLine(entry, line, exact) !== null; /* a mapping of plain texts too: the rules quote its line */
      if (move && move.quotes && !plain) {
        move = null;
      }
      var unread = !move && here && plain ? unreadProblems(exact.unread, line) : null;
      if (unread === null && !move && here && (typeof entry === "string" || plain)) { /* refused in every state */
        unread = elsewhereProblems(exact && exact.elsewhere, norm(line));
      }
      if (unread !== null) {
        unread.forEach(function (p) {
          out.push({severity: p.severity, where: at, message: p.message});
        });
        return;
      }
      if (!move) {
        out.push({severity: "unknown", where: at, message: W("cannot_judge", {line: line !== null ? line :
          W("item", {n: i + 1})})});
        state = null;
        return;
      }
      move.problems.forEach(function (p) {
        out.push({severity: p.severity, where: at, message: move.quotes ? fill(p.message, {line: "'" + line + "'"}) :
          p.message});
      });
      state = move.to;
    });
    return out;
  }

  /* What the ruleset's ``haul`` lets the page judge of Auf Achse's trucks, looked up as ``check`` judges it: each
     load the form offers in the rules' answers for the room left (``loads``: the rules' problems and the room
     after it; the page counts nothing), and a route's first step the rules' table of steps does not take (a field
     not on the board, one not next, the construction site), named at that field. A load it does not know ends
     its look-ups for that plan. */
  function haulProblems(form, orders, parsed, text) {
    var rules = form.haul;
    if (!rules || !orders || typeof orders !== "object" || Array.isArray(orders) || orders.betriebsferien ||
        !Array.isArray(orders.trucks)) {
      return [];
    }
    var has = function (table, k) {
      return !!table && Object.prototype.hasOwnProperty.call(table, k);
    };
    var out = [];
    var error = function (at, message) {
      out.push({severity: "error", where: where(at, parsed, text), message: message});
    };
    var roomChanges = rules.trailers_first && (orders.trailer || (Array.isArray(orders.return_trailers) &&
      orders.return_trailers.length));
    orders.trucks.forEach(function (told, ti) {
      var truck = rules.trucks[ti];
      if (!truck || !told || typeof told !== "object") {
        return;
      }
      [[told, "#/orders/trucks/" + ti], [told.otherwise, "#/orders/trucks/" + ti + "/otherwise"]].forEach(
        function (pair) {
          var plan = pair[0];
          if (!plan || typeof plan !== "object") {
            return;
          }
          var room = truck.free; /* a room the rules named, the key of their answers (choices.haul: loads) */
          (roomChanges || !Array.isArray(plan.load) ? [] : plan.load).every(function (id, j) {
            var step = has(truck.loads[room], String(id)) ? truck.loads[room][String(id)] : null;
            if (!step) {
              return false;
            }
            step.problems.forEach(function (p) {
              out.push({severity: p.severity, where: where(pair[1] + "/load/" + j, parsed, text),
                message: p.message});
            });
            room = step.free;
            return true;
          });
          if (!Array.isArray(plan.route) || plan.route.length === 0) {
            return;
          }
          var nodes = plan.route.map(String);
          if (nodes[0] !== truck.start) { /* the start may be left out (check warns) */
            nodes = [truck.start].concat(nodes);
          }
          /* each step looked up in the rules' table of steps (choices.route_steps): "" taken, else their words */
          var here = truck.start;
          for (var i = 1; i < nodes.length; i += 1) {
            var node = nodes[i];
            var at = pair[1] + "/route/" + i;
            if (!has(rules.steps, node)) {
              error(at, fill(rules.words.unknown, {field: "'" + node + "'"}));
              return;
            }
            if (!has(rules.steps[here], node)) {
              error(at, fill(rules.words.not_next, {field: node, here: here}));
              return;
            }
            if (rules.steps[here][node]) {
              error(at, rules.steps[here][node]);
              return;
            }
            here = node;
          }
        });
    });
    return out;
  }

  function check(text) {
    var problems = [];
    var size = new TextEncoder().encode(text).length;
    if (size > data.limits.max_bytes) { /* the limits are Python's (verdicts.limits), never written here */
      return [{severity: "error", where: W("the_file"), message: W("too_big", {size: size,
        max: data.limits.max_bytes})}];
    }
    var doc, parsed;
    try {
      parsed = tpYaml.parseDocument(text, {uniqueKeys: true, prettyErrors: true});
      if (parsed.errors.length) {
        var e = parsed.errors[0];
        return [{severity: "error", where: e.linePos ? W("column", {line: e.linePos[0].line, col: e.linePos[0].col})
          : W("the_file"), message: e.message.split("\n")[0]}];
      }
      if (/(^|[\s\[{,])[&*][A-Za-z0-9_-]/.test(text.replace(/#.*$/gm, "").replace(/"[^"\n]*"|'[^'\n]*'/g, ""))) {
        return [{severity: "error", where: W("the_file"), message: W("aliases")}];
      }
      doc = parsed.toJS({maxAliasCount: 0});
    } catch (err) {
      return [{severity: "error", where: W("the_file"), message: String(err.message || err).split("\n")[0]}];
    }
    problems = problems.concat(schemaProblems(player.schema, doc, parsed, text));
    if (problems.length === 0 && player.form && player.form.known) {
      problems = knownProblems(player.form, doc.orders, parsed, text);
    }
    if (player.form && player.verdict && problems.every(function (p) {
      return p.inOrders;
    })) { /* as validate reads on beside the schema: the entries of the wrong shape dropped (where the rules drop
             an entry at fault whole: ``verdicts.line_table``'s ``drops``), the rest judged as if they were not there */
      var dropped = {};
      problems.forEach(function (p) {
        if (player.verdict.drops === "entry" && p.entry !== null && p.entry !== undefined) {
          dropped[p.entry] = true;
        }
      });
      problems = problems.concat(lineProblems(player.form, player.verdict, player.exact, doc.orders, parsed,
        text, dropped));
    }
    if (problems.length === 0 && player.form && player.form.haul) {
      problems = haulProblems(player.form, doc.orders, parsed, text);
    }
    if (problems.length === 0 && player.verdict && player.verdict.each) {
      problems = eachProblems(player.verdict.each, doc.orders, parsed, text);
    }
    if (problems.length === 0 && player.form && player.form.cuts) {
      problems = cutProblems(player.form.cuts, doc.orders, parsed, text);
    }
    if (player.verdict && player.verdict.held) {
      problems = problems.concat(heldProblems(player.verdict.held, doc.orders, parsed, text));
    }
    if (player.verdict && player.verdict.lists && doc.orders && typeof doc.orders === "object") {
      problems = problems.concat(listProblems(player.verdict.lists, doc.orders, parsed, text));
    }
    return problems;
  }

  /* A list the schema bounds (The Policy Maker's tax changes), looked up whole in the rules' verdicts on every
     such list (``verdicts.finite_lists``: each object's keys in order); a list not there is one the schema refused. */
  function listProblems(lists, orders, parsed, text) {
    var out = [];
    lists.forEach(function (l) {
      var value = Object.prototype.hasOwnProperty.call(orders, l.path[0]) ? orders[l.path[0]] : undefined;
      if (!Array.isArray(value) || !value.every(function (o) {
        return o !== null && typeof o === "object" && !Array.isArray(o);
      })) {
        return;
      }
      var key = JSON.stringify(value.map(function (o) {
        var sorted = {};
        Object.keys(o).sort().forEach(function (k) {
          sorted[k] = o[k];
        });
        return sorted;
      }));
      if (!Object.prototype.hasOwnProperty.call(l.table, key)) {
        return;
      }
      l.table[key].forEach(function (p) {
        out.push({severity: p[1], where: where("#/orders/" + l.path.concat(p[0]).map(function (k) {
          return encodeURIComponent(String(k));
        }).join("/"), parsed, text), message: p[2]});
      });
    });
    return out;
  }

  /* Each row of a list the rules judge by one value (Auf Achse's bids, by their order: ``verdicts.each_table``),
     looked up by that value and by whether an earlier row had it (a second bid on one order), and each value of
     its condition lists by itself; a row whose value the table does not hold is the form's (not offered). */
  function eachProblems(each, orders, parsed, text) {
    var out = [];
    var rows = valueAt(orders, each.path);
    if (!Array.isArray(rows)) {
      return out;
    }
    var seen = {};
    var has = function (t, k) {
      return !!t && Object.prototype.hasOwnProperty.call(t, k);
    };
    var at = function (steps) {
      return where("#/orders/" + steps.map(function (k) {
        return encodeURIComponent(String(k));
      }).join("/"), parsed, text);
    };
    rows.forEach(function (row, i) {
      if (!row || typeof row !== "object" || Array.isArray(row)) {
        return;
      }
      var told = JSON.stringify(row[each.key]);
      var entry = has(each.values, told) ? each.values[told] : null;
      if (!entry) {
        return;
      }
      var base = each.path.concat([i]);
      entry[has(seen, told) ? "again" : "first"].forEach(function (p) {
        out.push({severity: p[1], where: at(base.concat(p[0])), message: p[2]});
      });
      seen[told] = true;
      each.lists.forEach(function (name) {
        (Array.isArray(row[name]) ? row[name] : []).forEach(function (ref, j) {
          var refKey = JSON.stringify(ref);
          (has(entry.lists[name], refKey) ? entry.lists[name][refKey] : []).forEach(function (p) {
            out.push({severity: p[1], where: at(base.concat([name, j], p[0].slice(2))), message: p[2]});
          });
        });
      });
    });
    return out;
  }

  /* Values the player must hold (Calamity's card), looked up in the rules' verdicts for a hand that holds the
     value and for one that does not (``verdicts.held_table``), by the hand in the private report the player has
     opened here; before it is open, the page says that the verdict is there. */
  function heldProblems(held, orders, parsed, text) {
    var out = [];
    var at = function (node, path) {
      path.forEach(function (k) {
        node = node && typeof node === "object" && !Array.isArray(node) &&
          Object.prototype.hasOwnProperty.call(node, k) ? node[k] : undefined;
      });
      return node;
    };
    held.forEach(function (h) {
      var value = at(orders, h.path);
      var told = value === undefined ? null : JSON.stringify(value);
      var answers = told !== null && Object.prototype.hasOwnProperty.call(h.values, told) ? h.values[told] : null;
      if (!answers) {
        return; /* no value, or one the schema or the form refused */
      }
      var place = where("#/orders/" + h.path.map(encodeURIComponent).join("/"), parsed, text);
      var hand = at(privateDoc, h.private);
      if (!Array.isArray(hand)) {
        out.push({severity: "unknown", where: place, message: W("open_private"), opens: true});
        return;
      }
      answers[hand.indexOf(value) >= 0 ? "held" : "not"].forEach(function (p) {
        out.push({severity: p.severity, where: place, message: p.message});
      });
    });
    return out;
  }

  /* --- sealing with age, exactly as `turnpress seal` does --------------------------------------------- */
  /* The padded length, from the sizes ``sealed.crypto.padded_size`` gives (``verdicts.limits``): the first
     that holds ``n``, beyond the last a multiple of the step. */
  function paddedSize(n) {
    var pad = data.limits.pad;
    var fits = pad.sizes.filter(function (size) {
      return size >= n;
    });
    return fits.length ? fits[0] : Math.ceil(n / pad.step) * pad.step;
  }

  function pad(bytes) {
    var mark = new TextEncoder().encode(data.limits.pad.mark);
    var shortest = bytes.length + mark.length + 1;
    var total = paddedSize(shortest);
    var out = new Uint8Array(total);
    out.set(bytes, 0);
    out.set(mark, bytes.length);
    out.fill(46, bytes.length + mark.length, total - 1); /* dots */
    out[total - 1] = 10;
    return out;
  }

  function unpad(text) {
    var mark = data.limits.pad.mark;
    var i = text.lastIndexOf(mark);
    if (i < 0 || text.slice(-1) !== "\n" || text.slice(i + mark.length, -1).replace(/\./g, "") !== "") {
      return text;
    }
    return text.slice(0, i);
  }

  var SSH_LABEL = "age-encryption.org/v1/ssh-ed25519";

  /* An ssh-ed25519 key (one line, "ssh-ed25519 AAAA... comment") as an age recipient, as age's spec has it and
     `turnpress seal` (rage) seals to it: the file key wrapped with X25519 to the key's Montgomery form, the
     shared secret tweaked with the key itself; the stanza names the key by the first 4 bytes of its SHA-256. */
  function sshRecipient(line) {
    var parts = String(line).trim().split(/\s+/);
    var wire = null;
    try {
      wire = parts[0] === "ssh-ed25519" && parts.length >= 2 ? tpAge.base64.decode(parts[1]) : null;
    } catch (err) {
      wire = null;
    }
    var head = [0, 0, 0, 11].concat(Array.from(new TextEncoder().encode("ssh-ed25519")), [0, 0, 0, 32]);
    if (!wire || wire.length !== head.length + 32 || head.some(function (b, i) {
      return wire[i] !== b;
    })) {
      throw new Error(W("bad_key"));
    }
    var theirs = tpAge.ed25519.utils.toMontgomery(wire.slice(head.length));
    var label = new TextEncoder().encode(SSH_LABEL);
    var tag = tpAge.base64nopad.encode(tpAge.sha256(wire).slice(0, 4));
    var tweak = tpAge.hkdf(tpAge.sha256, new Uint8Array(0), wire, label, 32);
    return {wrapFileKey: function (fileKey) {
      var ephemeral = crypto.getRandomValues(new Uint8Array(32));
      var share = tpAge.x25519.getPublicKey(ephemeral);
      var secret = tpAge.x25519.getSharedSecret(tweak, tpAge.x25519.getSharedSecret(ephemeral, theirs));
      var salt = new Uint8Array(64);
      salt.set(share);
      salt.set(theirs, 32);
      var key = tpAge.hkdf(tpAge.sha256, secret, salt, label, 32);
      var body = tpAge.chacha20poly1305(key, new Uint8Array(12)).encrypt(fileKey);
      return [new tpAge.Stanza(["ssh-ed25519", tag, tpAge.base64nopad.encode(share)], body)];
    }};
  }

  /* The game's key and the player's own (an age key or an ssh-ed25519 key: the two `turnpress keys add` takes) */
  function sealTo() {
    var keys = [data.game_key];
    var own = player.recipient;
    if (own && own.indexOf("ssh-ed25519 ") === 0) {
      keys.push(sshRecipient(own));
    } else if (own && own.indexOf("age1") === 0) {
      keys.push(own);
    } else if (own) {
      throw new Error(W("bad_key"));
    }
    return keys;
  }

  async function seal(text) {
    await library("age.js", "tpAge");
    var e = new tpAge.Encrypter();
    sealTo().forEach(function (k) {
      e.addRecipient(k);
    });
    var sealed = await e.encrypt(pad(new TextEncoder().encode(text)));
    var armored = tpAge.armor.encode(sealed);
    return armored.slice(-1) === "\n" ? armored : armored + "\n";
  }

  /* --- the page ---------------------------------------------------------------------------------------- */
  function say(node, text, kind) {
    node.textContent = text;
    node.className = kind ? "tp-say tp-" + kind : "tp-say";
  }

  async function freshTurn() {
    try {
      var r = await fetch("../open-turn.json", {cache: "no-store"});
      if (!r.ok) {
        return null;
      }
      return await r.json();
    } catch (err) {
      return null;
    }
  }

  async function staleCheck() {
    var open = await freshTurn();
    if (open && (open.finished || Number(open.turn) !== Number(TURN))) {
      current.stale = true;
      say(ui.stale, open.finished ? W("game_over_reload") : W("stale", {turn: Number(TURN), open: Number(open.turn)}),
        "error");
      ui.stale.hidden = false;
      refresh();
    }
    return current.stale;
  }

  function fileName() {
    return player.path.split("/").pop() + (data.sealed ? ".age" : "");
  }

  /* What is typed (into the sheet or a field of the form) is checked once the typing pauses, not at every key: the
     check took 30-60 ms at a phone's 4x slower CPU (issue 33), a key's answer held up by it. Whatever reads the
     verdict or acts on the file has it brought up to date first: leaving the box (its "change"), the buttons, and
     the page's interface (tpOrders) below. Any other change (a list, a click on the map) is checked at once. */
  var TYPING_MS = 200;
  var typing = null; /* {fn, timer}: the check of what is being typed, waiting for a pause */

  function typed(fn) {
    if (typing) {
      clearTimeout(typing.timer);
    }
    typing = {fn: fn, timer: setTimeout(upToDate, TYPING_MS)};
  }

  function upToDate() {
    if (typing) {
      var fn = typing.fn;
      clearTimeout(typing.timer);
      typing = null;
      fn();
    }
  }

  function refresh() {
    if (typing) { /* this check is of everything typed so far */
      clearTimeout(typing.timer);
      typing = null;
    }
    if (!player) {
      return;
    }
    if (ui.formValue) {
      ui.sheet.value = player.head + ordersBlock(ui.formValue());
    }
    var text = ui.sheet.value;
    if (ui.done && text !== current.text) {
      say(ui.done, "", null); /* "Downloaded", "Copied" or "Sealed" spoke of the file before this change */
    }
    if (!checker.ready || player.exact === undefined) { /* the checker, or the rest of the verdicts, not in */
      pending(text);
      return;
    }
    ui.verdict.removeAttribute("data-pending");
    var problems = check(text);
    if (ui.formValue && ui.formProblems) { /* the form wrote the sheet: what it knows counts too */
      problems = problems.concat(ui.formProblems());
    }
    current.text = text;
    current.errors = problems.filter(function (p) {
      return p.severity === "error";
    });
    current.warnings = problems.filter(function (p) {
      return p.severity === "warning";
    });
    current.unjudged = problems.filter(function (p) {
      return p.severity === "unknown"; /* a line the rules' verdicts do not hold */
    });
    ui.receipt.textContent = "";
    var lines = receiptLines();
    lines.forEach(function (line) {
      ui.receipt.appendChild(el("li", {text: line}));
    });
    ui.receiptBox.hidden = lines.length === 0;
    ui.problems.textContent = "";
    problems.forEach(function (p) {
      ui.problems.appendChild(el("li", {"class": "tp-" + p.severity, text: W(p.severity === "error" ? "error" :
        p.severity === "unknown" ? "unknown" : "warning") + " (" + p.where + "): " + p.message}));
    });
    if (current.stale) {
      say(ui.verdict, W("past_turn"), "error");
    } else if (current.errors.length) {
      say(ui.verdict, W("errors", {count: current.errors.length}), "error");
    } else if (current.unjudged.length) {
      say(ui.verdict, W(current.unjudged.every(function (p) {
        return p.opens;
      }) ? "open_private_verdict" : current.unjudged.every(function (p) {
        return p.cut;
      }) ? current.unjudged[0].cut : "unjudged", {count: current.unjudged.length}), "warning");
    } else {
      /* "exact": every line was looked up in the verdicts the rules computed (verdicts.line_table) */
      say(ui.verdict, W(player.verdict && !player.verdict.partial ? "exact" : "well_formed", {warnings:
        current.warnings.length ? W("with_warnings", {count: current.warnings.length}) : ""}),
        current.warnings.length ? "warning" : "ok");
    }
    var blocked = current.stale || current.errors.length > 0;
    ui.filename.textContent = player.path + (data.sealed ? ".age" : "");
    [ui.copy, ui.download, ui.seal].forEach(function (b) {
      if (b) {
        b.disabled = blocked;
      }
    });
    if (data.sealed) {
      ui.sealed.value = "";
      ui.sealedBox.hidden = true;
    }
    updateGithub(blocked ? null : (data.sealed ? null : text));
    var told = {player: player.key, form: player.form, orders: ordersOf(text), errors: current.errors.length};
    listeners.forEach(function (fn) {
      try {
        fn(told);
      } catch (err) {
        /* a listener's fault (the map module) must not stop the page */
      }
    });
  }

  /* No verdict yet (the checker is loading, or could not load): the page says so and nothing leaves it */
  function pending(text) {
    current.text = text;
    current.errors = [];
    current.warnings = [];
    current.unjudged = [];
    ui.problems.textContent = "";
    ui.receiptBox.hidden = true;
    ui.verdict.setAttribute("data-pending", "true");
    say(ui.verdict, checker.failed ? W("no_checker", {why: checker.failed}) : W("pending"),
      checker.failed ? "error" : "warning");
    ui.filename.textContent = player.path + (data.sealed ? ".age" : "");
    [ui.copy, ui.download, ui.seal].forEach(function (b) {
      if (b) {
        b.disabled = true;
      }
    });
    if (data.sealed) {
      ui.sealed.value = "";
      ui.sealedBox.hidden = true;
    }
    updateGithub(null);
    var told = {player: player.key, form: player.form, orders: ui.formValue ? ui.formValue() : null, errors: 0};
    listeners.forEach(function (fn) {
      try {
        fn(told);
      } catch (err) {
        /* a listener's fault (the map module) must not stop the page */
      }
    });
  }

  function ordersOf(text) {
    if (!checker.ready) { /* no YAML reader yet: the orders the form wrote, if it wrote them */
      return ui.formValue ? ui.formValue() : null;
    }
    try {
      var doc = tpYaml.parse(text);
      return doc && typeof doc === "object" ? doc.orders : null;
    } catch (err) {
      return null;
    }
  }

  function updateGithub(content) {
    if (!ui.github) {
      return;
    }
    if (content === null) {
      ui.github.removeAttribute("href");
      ui.github.setAttribute("aria-disabled", "true");
      return;
    }
    var dir = player.path.split("/").slice(0, -1).join("/");
    ui.github.href = data.repo + "/new/" + encodeURIComponent(data.branch) + "/" + dir.split("/").map(
      encodeURIComponent).join("/") + "?filename=" + encodeURIComponent(fileName()) + "&value=" +
      encodeURIComponent(content);
    ui.github.removeAttribute("aria-disabled");
  }

  /* The orders as the page understood them, one a line: what `turnpress validate` prints as its receipt. */
  function receiptLines() {
    var doc;
    try {
      doc = tpYaml.parse(current.text);
    } catch (err) {
      return [];
    }
    var orders = doc && typeof doc === "object" ? doc.orders : null;
    if (!Array.isArray(orders)) {
      return []; /* a sheet of fields: the file itself is the receipt */
    }
    return orders.map(function (o) {
      return typeof o === "string" ? o : JSON.stringify(o);
    });
  }

  function produced() {
    return data.sealed ? ui.sealed.value : current.text;
  }

  async function copy() {
    upToDate();
    if (ui.copy.disabled || !checker.ready || await staleCheck()) {
      return;
    }
    var text = produced();
    try {
      await navigator.clipboard.writeText(text);
      say(ui.done, W("copied", {file: ui.filename.textContent}), "ok");
    } catch (err) {
      var box = data.sealed ? ui.sealed : ui.sheet;
      box.focus();
      box.select();
      say(ui.done, W("not_copied"), "warning");
    }
  }

  async function download() {
    upToDate();
    if (ui.download.disabled || !checker.ready || await staleCheck()) {
      return;
    }
    var blob = new Blob([produced()], {type: "text/plain;charset=utf-8"});
    var a = el("a", {href: URL.createObjectURL(blob), download: fileName()});
    document.body.appendChild(a);
    a.click();
    a.remove();
    say(ui.done, W("downloaded", {name: fileName(), file: ui.filename.textContent}), "ok");
  }

  async function sealNow() {
    upToDate();
    if (await staleCheck() || current.errors.length || !checker.ready) {
      return;
    }
    try {
      ui.sealed.value = await seal(current.text);
      ui.sealedBox.hidden = false;
      [ui.copy, ui.download].forEach(function (b) {
        b.disabled = false;
      });
      updateGithub(ui.sealed.value);
      say(ui.done, W("sealed_to", {yours: player.recipient ? W("and_yours") : ""}), "ok");
    } catch (err) {
      say(ui.done, W("not_sealed", {why: err.message || err}), "error");
    }
  }

  async function readPrivate() {
    var identity = ui.identity.value.trim();
    ui.report.textContent = "";
    if (identity.indexOf("AGE-SECRET-KEY-1") !== 0) {
      /* an SSH secret key (the one a player pushes to GitHub with) is not one to paste into a web page: it is
         taken out of the box at once, and the page says how to read the report with it on one's own machine */
      var ssh = /PRIVATE KEY/.test(identity);
      if (ssh) {
        ui.identity.value = "";
      }
      say(ui.reportSay, W(ssh ? "ssh_identity" : "paste_key", {game: data.game}), "error");
      return;
    }
    var r;
    try {
      r = await fetch("../private/" + encodeURIComponent(player.key) + ".yaml.age", {cache: "no-store"});
    } catch (err) {
      r = null;
    }
    if (!r || !r.ok) {
      say(ui.reportSay, W("no_report"), "warning");
      return;
    }
    try {
      await Promise.all([library("age.js", "tpAge"), library("yaml.js", "tpYaml")]);
      var d = new tpAge.Decrypter();
      d.addIdentity(identity);
      var plain = await d.decrypt(tpAge.armor.decode(await r.text()), "text");
      ui.report.textContent = unpad(plain);
      say(ui.reportSay, W("report_opened"), "ok");
      var opened = null;
      try {
        opened = tpYaml.parse(unpad(plain));
      } catch (err) {
        opened = null;
      }
      readers.forEach(function (fn) {
        fn(opened);
      });
      privateDoc = opened; /* what the rules' verdicts on held values are looked up by (heldProblems) */
      refresh();
    } catch (err) {
      say(ui.reportSay, W("wrong_key", {why: err.message || err}), "error");
    }
  }

  async function choosePlayer() {
    var key = ui.who.value;
    var listed = null;
    privateDoc = null;
    data.players.forEach(function (p) {
      if (p.key === key) {
        listed = p;
      }
    });
    player = null;
    ui.mapDone = false;
    ui.work.hidden = true;
    settle();
    if (!listed) {
      say(ui.whoSay, "", null);
      return;
    }
    say(ui.whoSay, W("loading_player"), null);
    var part;
    try {
      part = await partOf(key);
    } catch (err) {
      if (ui.who.value === key) {
        say(ui.whoSay, W("no_data", {why: err.message || err}), "error");
      }
      return;
    }
    background();
    if (ui.who.value !== key) {
      return; /* another name was picked meanwhile */
    }
    player = Object.assign({}, part, listed, {exact: undefined});
    var chosenNow = player;
    exactOf(key).then(function (exact) {
      if (player === chosenNow) {
        player.exact = exact;
        refresh();
        settle();
      }
    });
    ui.work.hidden = false;
    fieldSeq = 0;
    choiceFields = {};
    readers = [];
    ui.form.textContent = "";
    ui.formValue = null;
    ui.formProblems = null;
    say(ui.whoSay, W(player.awaited ? "awaited" : player.takes ? "taken" : "not_awaited"),
      player.takes ? "ok" : "warning");
    if (player.form) {
      (player.form.notes || []).forEach(function (n) {
        ui.form.appendChild(el("p", {text: String(n)}));
      });
      var built = build(player.form.field, refresh);
      ui.form.appendChild(built.node);
      ui.formValue = built.value;
      ui.formProblems = built.problems;
      ui.sheetHelp.textContent = W("form_writes");
    } else {
      ui.form.appendChild(el("p", {text: W("write_below")}));
      ui.sheet.value = player.head + "orders:\n" + player.body;
      ui.sheetHelp.textContent = W("edit_file");
    }
    ui.identity && (ui.identity.value = "");
    ui.report && (ui.report.textContent = "");
    ui.reportSay && say(ui.reportSay, "", null); /* its word ("opened", "does not open") was of that report */
    refresh();
    settle();
    if (window.tpOrdersMap && data.map) {
      /* orders_map.js: the position drawn above the form; a click on it picks an order in the form */
      var chosen = player;
      var svg = await drawingOf();
      if (player === chosen) {
        if (svg) {
          window.tpOrdersMap.attach(ui.form, Object.assign({}, data, {map: svg}), player, W);
        }
        ui.mapDone = true;
        settle();
      }
    }
  }

  function render() {
    root.textContent = "";
    ui.stale = el("p", {id: "tp-stale", role: "alert", hidden: true});
    root.appendChild(ui.stale);
    if (!data.players.length) {
      root.appendChild(el("p", {text: W("no_orders_now")}));
      return;
    }
    ui.who = el("select", {id: "tp-player"});
    ui.who.appendChild(el("option", {value: "", text: W("pick_name")}));
    data.players.forEach(function (p) {
      ui.who.appendChild(el("option", {value: p.key, text: p.name + " (" + p.login + ")" + (p.awaited ? "" :
        W("not_awaited_mark"))}));
    });
    ui.whoSay = el("p", {id: "tp-who-say", "class": "tp-say"});
    root.appendChild(el("div", {"class": "tp-field"}, [el("label", {"for": "tp-player", text: W("who")}),
      ui.who]));
    root.appendChild(ui.whoSay);
    ui.work = el("div", {id: "tp-work", hidden: true});
    root.appendChild(ui.work);
    ui.form = el("div", {id: "tp-form"});
    ui.work.appendChild(el("h2", {text: W("your_orders")}));
    ui.work.appendChild(ui.form);
    ui.sheet = el("textarea", {id: "tp-sheet", rows: "14", spellcheck: "false", autocomplete: "off",
      autocapitalize: "off", "aria-describedby": "tp-sheet-help", maxlength: String(data.limits.max_bytes)});
    ui.sheetHelp = el("p", {id: "tp-sheet-help", "class": "tp-help"});
    ui.sheet.addEventListener("input", function () {
      typed(function () {
        var formValue = ui.formValue;
        ui.formValue = null; /* a hand edit stands until the form is changed again */
        refresh();
        ui.formValue = formValue;
      });
    });
    ui.sheet.addEventListener("change", upToDate);
    ui.work.appendChild(el("h2", {text: W("your_file")}));
    ui.filename = el("code", {id: "tp-filename"});
    ui.work.appendChild(el("p", {}, [W("file"), ui.filename]));
    ui.work.appendChild(el("label", {"for": "tp-sheet", text: W("file_review")}));
    ui.work.appendChild(ui.sheet);
    ui.work.appendChild(ui.sheetHelp);
    ui.receipt = el("ol", {id: "tp-receipt", "aria-labelledby": "tp-receipt-head"});
    ui.receiptBox = el("div", {}, [el("p", {id: "tp-receipt-head", text: W("receipt")}),
      ui.receipt]);
    ui.work.appendChild(ui.receiptBox);
    ui.verdict = el("p", {id: "tp-verdict", role: "status"});
    ui.problems = el("ul", {id: "tp-problems"});
    ui.work.appendChild(ui.verdict);
    ui.work.appendChild(ui.problems);
    var buttons = el("div", {"class": "tp-buttons"});
    if (data.sealed) {
      ui.seal = el("button", {type: "button", id: "tp-seal", "class": "md-button md-button--primary",
        text: W("seal")});
      ui.seal.addEventListener("click", sealNow);
      buttons.appendChild(ui.seal);
      ui.sealed = el("textarea", {id: "tp-sealed", rows: "8", readonly: true, spellcheck: "false"});
      ui.sealedBox = el("div", {hidden: true}, [el("label", {"for": "tp-sealed", text: W("sealed_file")}), ui.sealed]);
    }
    ui.copy = el("button", {type: "button", id: "tp-copy", "class": "md-button", text: W("copy")});
    ui.download = el("button", {type: "button", id: "tp-download", "class": "md-button", text: W("download")});
    ui.copy.addEventListener("click", copy);
    ui.download.addEventListener("click", download);
    buttons.appendChild(ui.copy);
    buttons.appendChild(ui.download);
    if (data.repo) {
      ui.github = el("a", {id: "tp-github", "class": "md-button", target: "_blank", rel: "noopener",
        text: W("github")});
      buttons.appendChild(ui.github);
    }
    ui.work.appendChild(buttons);
    if (data.sealed) {
      ui.work.appendChild(ui.sealedBox);
    }
    ui.done = el("p", {id: "tp-done", role: "status"});
    ui.work.appendChild(ui.done);
    if (data["private"]) {
      ui.work.appendChild(el("h2", {text: W("private")}));
      ui.identity = el("textarea", {id: "tp-identity", rows: "2", spellcheck: "false", autocomplete: "off",
        autocapitalize: "off", "aria-describedby": "tp-identity-help"});
      ui.work.appendChild(el("label", {"for": "tp-identity", text: W("age_key")}));
      ui.work.appendChild(ui.identity);
      ui.work.appendChild(el("p", {id: "tp-identity-help", "class": "tp-help", text: W("key_stays")}));
      var read = el("button", {type: "button", id: "tp-read", "class": "md-button", text: W("read_report")});
      read.addEventListener("click", readPrivate);
      ui.work.appendChild(read);
      ui.reportSay = el("p", {id: "tp-report-say", role: "status"});
      ui.report = el("pre", {id: "tp-report", tabindex: "0"});
      ui.work.appendChild(ui.reportSay);
      ui.work.appendChild(ui.report);
    }
    ui.who.addEventListener("change", choosePlayer);
    root.setAttribute("data-ready", "true");
  }

  /* The turn's list of players: the page carries it (``data-index``, the same as orders/<NNNN>.json), so that the
     list is shown as soon as this script runs, not after the theme's script (a second and more on a slow phone);
     the file is read where the page does not carry it */
  function carried() {
    try {
      return JSON.parse(root.getAttribute("data-index") || "null");
    } catch (err) {
      return null;
    }
  }

  async function start() {
    try {
      data = carried();
      if (!data) {
        var r = await fetch(TURN + ".json", {cache: "no-store"});
        if (!r.ok) {
          throw new Error(W("missing", {status: r.status}));
        }
        data = await r.json();
      }
    } catch (err) {
      root.textContent = "";
      root.appendChild(el("p", {role: "alert", text: W("no_data", {why: err.message || err})}));
      return;
    }
    render();
    /* the checker and the map follow the list, after the part of a player picked at once (it comes first, alone
       on the line), else half a second later; the list waits for neither */
    setTimeout(background, 500);
    staleCheck();
  }

  /* The page's interface: what a map module (orders_map.js) uses to set a unit's order and to be told when the
     orders change, and what the browser tests read (the produced file and the page's verdict). */
  window.tpOrders = {
    /* Set the order of the form's choice labelled ``label`` (a unit, "F Lon") to ``text``: one of its options,
       else the choice's line of one's own. False where the form has no such choice. */
    setOrder: function (label, text) {
      return choiceFields[label] ? choiceFields[label](text) : false;
    },
    /* ``fn({player, form, orders, errors})`` is called after every change, and at once if a player is picked. */
    onChange: function (fn) {
      upToDate();
      listeners.push(fn);
      if (player) {
        fn({player: player.key, form: player.form, orders: ordersOf(current.text), errors: current.errors.length});
      }
    },
    produced: function () {
      upToDate();
      return produced();
    },
    sheet: function () {
      upToDate();
      return current.text;
    },
    receipt: function () {
      upToDate();
      return receiptLines();
    },
    problems: function () {
      upToDate();
      return current.errors.concat(current.warnings);
    },
    check: function (text) {
      return check(text);
    }
  };
  start();
})();

/* The theme's own script on this page (Material's bundle): the site build writes it inert (pages.MAIN_TEMPLATE:
   type "text/plain", its address in data-src), and it runs when the reader reaches for the theme (a press, a key
   or the focus anywhere outside the orders: the header, the search, the menu) or once the page has been left
   alone a while. At the start it holds the page's one thread for a second and more on a slow phone, so a tap in
   the second after the list shows waited for it (issue 30, "usable within 3 s"); a player's first taps are the
   page's own now. The theme starts on DOMContentLoaded, which has passed by then: the listener it adds for it
   while it loads is called at once. */
(function () {
  "use strict";
  var ALONE_MS = 20000; /* the page left alone this long: the theme's script runs anyway */
  var TRIGGERS = ["pointerdown", "keydown", "focusin"];
  /* scripts run on this page: the theme's layout for it, as the theme's script sets it first thing (its header
     shows the search, which runs the theme when reached for; without it the page's title overflows a phone) */
  document.documentElement.classList.remove("no-js");
  document.documentElement.classList.add("js");
  function init() {
    var later = document.querySelector('script[type="text/plain"][data-tp-later]');
    var orders = document.getElementById("tp-orders");
    if (!later) {
      return;
    }
    var started = false;
    function run() {
      if (started) {
        return;
      }
      started = true;
      TRIGGERS.forEach(function (t) {
        document.removeEventListener(t, reach, true);
      });
      var add = document.addEventListener;
      document.addEventListener = function (type, fn) {
        if (type === "DOMContentLoaded" && document.readyState !== "loading" && fn) {
          setTimeout(function () {
            (typeof fn === "function" ? fn : fn.handleEvent).call(document, new Event(type));
          });
          return undefined;
        }
        return add.apply(this, arguments);
      };
      var s = document.createElement("script");
      s.src = later.getAttribute("data-src");
      s.onload = s.onerror = function () {
        delete document.addEventListener;
      };
      document.body.appendChild(s);
    }
    function reach(event) {
      if (!orders || !orders.contains(event.target)) {
        run();
      }
    }
    TRIGGERS.forEach(function (t) {
      document.addEventListener(t, reach, true);
    });
    setTimeout(run, ALONE_MS);
    window.tpTheme = run; /* what a test or another script may call to have the theme now */
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
