/* kubesim HTML report: draws the embedded JSON document (id "kubesim-data") with plain DOM
   and SVG; no library, no network. Timelines zoom with the mouse wheel, the buttons or a
   "#view=FROM,TO" address; drag pans; double-click shows the whole run; hovering shows
   details. A run page opens on the run's interesting stretch (DATA.focus, worked out in
   kubesim/render/focus.py); a pod's timelines share one view. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("kubesim-data").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var RESULT = {
    success: { colour: "#009E73", word: "ok" }, warning: { colour: "#E69F00", word: "ok (3xx)" },
    failure: { colour: "#D55E00", word: "FAIL" }, error: { colour: "#7F7F7F", word: "error" }
  };
  var PROBES = ["startup", "liveness", "readiness"];
  var timelines = [];
  window.kubesimTimelines = timelines;

  // The output edge of the page (kubesim.render.edge.visible): every control and invisible
  // character of a value (categories Cc, Cf, Cs, Zl, Zp: CR, ESC, bidi overrides, zero-width
  // characters) is shown as a visible escape, so that no name reorders what a reviewer reads.
  var HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
  var SHORT = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  function hex(n, width) { var h = n.toString(16); while (h.length < width) h = "0" + h; return h; }
  function vis(value) {
    return String(value).replace(HIDDEN, function (ch) {
      if (SHORT[ch]) return SHORT[ch];
      var n = ch.codePointAt(0);
      return n < 0x100 ? "\\x" + hex(n, 2) : n < 0x10000 ? "\\u" + hex(n, 4) : "\\U" + hex(n, 8);
    });
  }
  // a tooltip's lines are the page's own: its builders show each value with vis
  function attr(k, v) { return k === "data-tip" ? String(v) : vis(v); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attr(k, attrs[k])); });
    if (text !== undefined && text !== null) e.textContent = vis(text);
    return e;
  }
  function sv(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attr(k, attrs[k])); });
    if (text !== undefined && text !== null) e.textContent = vis(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function put(parent, child) { parent.appendChild(child); return child; }
  function s3(x) { return x === null || x === undefined ? "never" : Number(x).toFixed(3) + " s"; }
  var POD_IP = "10.0.0.10";  // the simulated pod's address: shown as <pod IP> (docs/glossary.md)
  function s1(x) { return Number(x).toFixed(1).replace(/\.0$/, ""); }

  // ------------------------------------------------------------------ tooltip
  var tip = el("div", { id: "tip" });
  document.body.appendChild(tip);
  function showTip(e) {
    var t = e.target.closest ? e.target.closest("[data-tip]") : null;
    if (!t) { tip.style.display = "none"; return; }
    tip.textContent = t.getAttribute("data-tip");
    tip.style.display = "block";
    var x = e.clientX + 14, y = e.clientY + 14;
    if (x + tip.offsetWidth > window.innerWidth - 8) x = e.clientX - tip.offsetWidth - 14;
    if (y + tip.offsetHeight > window.innerHeight - 8) y = e.clientY - tip.offsetHeight - 14;
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }
  document.addEventListener("mousemove", showTip);

  function summary(items) {
    var box = el("div", { "class": "summary" });
    items.forEach(function (it) { add(box, add(el("div"), el("b", {}, it[1]), document.createTextNode(vis(it[0])))); });
    return box;
  }
  function legend(items) {
    var box = el("div", { "class": "legend" });
    items.forEach(function (it) {
      var s = el("span", {}, it[0]);
      s.style.setProperty("--c", it[1]);
      if (it[2]) s.style.setProperty("--o", it[2]);
      if (it[3]) s.style.setProperty("--r", it[3]);
      box.appendChild(s);
    });
    return box;
  }

  // ------------------------------------------------------------------ timeline
  function windowKind(label) {
    if (label.indexOf("stall") >= 0) return "stall";
    return / failing$/.test(label) ? "recorded" : "outage";
  }
  function niceStep(span, want) {
    var raw = span / want, p = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 5, 10];
    for (var i = 0; i < steps.length; i++) if (steps[i] * p >= raw) return steps[i] * p;
    return 10 * p;
  }
  function laneText(type, spec) {
    if (!spec) return [type, ""];
    var sub = "every " + spec.periodSeconds + " s, timeout " + spec.timeoutSeconds + " s, fail x" +
      spec.failureThreshold + (spec.successThreshold !== 1 ? ", succeed x" + spec.successThreshold : "") +
      (spec.initialDelaySeconds ? ", delay " + spec.initialDelaySeconds + " s" : "");
    return [type + " " + spec.target, sub];
  }

  // explain's timelines run on the record's axis (`axis_origin`: the run's 0 on it), its
  // times read as a person reads them from two minutes on: -2 h 05 min
  function axisOrigin(run) { return typeof run.axis_origin === "number" ? run.axis_origin : 0; }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function humanTime(t) {
    var a = Math.abs(t), sign = t < 0 ? "-" : "+";
    if (a < 120) return sign + s1(+a.toFixed(6)) + " s";
    var left = Math.round(a), d = Math.floor(left / 86400);
    left -= d * 86400;
    var h = Math.floor(left / 3600);
    left -= h * 3600;
    var m = Math.floor(left / 60), sec = left - m * 60;
    if (d) return sign + d + " d " + two(h) + " h";
    if (h) return sign + h + " h " + two(m) + " min";
    return sign + m + " min " + two(sec) + " s";
  }
  function tickText(run, t) {
    return typeof run.axis_origin === "number" ? humanTime(t) : s1(+t.toFixed(6));
  }

  function Timeline(parent, doc) {
    var run = doc.run, duration = run.duration, specs = run.probe_specs || {};
    var seen = {};
    doc.probes.forEach(function (p) { seen[p.probe] = true; });
    var rec = doc.record || { lanes: [], items: [] };  // explain: the recorded evidence
    var lanes = rec.lanes.concat(["container", "Started", "Ready"]).concat(
      PROBES.filter(function (t) { return specs[t] || seen[t]; }));
    var y = {};
    lanes.forEach(function (n, i) { y[n] = i; });
    var L = 232, R = 14, TOP = 16, LANE = 34, AXIS = 36;
    var W = Math.max(600, Math.floor(parent.clientWidth || 1100) - 18);
    var H = TOP + lanes.length * LANE + AXIS, PW = W - L - R;
    var self = this;
    this.doc = doc;
    this.view = { a: 0, b: duration };
    this.duration = duration;

    var box = put(parent, el("div", { "class": "timeline" }));
    var bar = put(box, el("div", { "class": "toolbar" }));
    var buttons = [["zoom in", function () { self.zoom(1 / 1.6); }],
      ["zoom out", function () { self.zoom(1.6); }],
      ["\u25C0", function () { self.pan(-0.3); }], ["\u25B6", function () { self.pan(0.3); }],
      ["whole run", function () { self.setView(0, duration); }]];
    buttons.forEach(function (b) {
      var btn = put(bar, el("button", { type: "button", title: b[0] }, b[0]));
      btn.addEventListener("click", b[1]);
    });
    var range = put(bar, el("span", { "class": "range" }));
    add(bar, el("span", { "class": "note" }, "wheel: zoom, drag: pan, double-click: whole run"));
    var svg = put(box, sv("svg", { "class": "tl", viewBox: "0 0 " + W + " " + H, width: W, height: H }));
    this.svg = svg;
    var defs = put(svg, sv("defs"));
    var clipId = "clip" + timelines.length;
    add(defs, add(sv("clipPath", { id: clipId }), sv("rect", { x: L, y: 0, width: PW, height: H })));
    [["hatch" + timelines.length, "#606060", "M0,6 L6,0"], ["xhatch" + timelines.length, "#CC4400", "M0,0 L6,6 M0,6 L6,0"]]
      .forEach(function (h) {
        var pat = put(defs, sv("pattern", { id: h[0], width: 6, height: 6, patternUnits: "userSpaceOnUse" }));
        add(pat, sv("rect", { width: 6, height: 6, fill: "white" }), sv("path", { d: h[2], stroke: h[1], "stroke-width": 1 }));
      });
    var hatch = "url(#hatch" + timelines.length + ")", xhatch = "url(#xhatch" + timelines.length + ")";
    lanes.forEach(function (n, i) {
      var t = n === "Ready" ? [doc.readyLabel || "pod Ready", ""] :
        PROBES.indexOf(n) >= 0 ? laneText(n, specs[n]) :
        i < rec.lanes.length ? [n, "as the record shows it"] :
        [n === "container" && doc.containerLabel ? doc.containerLabel : n, ""];
      var cy = TOP + i * LANE + LANE / 2;
      add(svg, sv("text", { x: 6, y: t[1] ? cy - 3 : cy + 4, "class": "lane-label" }, t[0]));
      if (t[1]) add(svg, sv("text", { x: 6, y: cy + 10, "class": "lane-sub" }, t[1]));
      add(svg, sv("line", { x1: 0, x2: W, y1: TOP + (i + 1) * LANE, y2: TOP + (i + 1) * LANE,
        stroke: i === rec.lanes.length + 2 || i === rec.lanes.length - 1 ? "#999" : "#e2e2e2" }));
    });
    var plot = put(svg, sv("g", { "clip-path": "url(#" + clipId + ")" }));
    var axis = put(svg, sv("g", { "class": "axis" }));

    function sx(t) { return L + (t - self.view.a) / (self.view.b - self.view.a) * PW; }
    function lane(n) { return TOP + y[n] * LANE + LANE / 2; }
    function span(g, a, b, n, attrs) {
      if (b < self.view.a || a > self.view.b) return null;
      var x0 = Math.max(sx(a), L - 2), x1 = Math.min(sx(b), L + PW + 2);
      attrs.x = x0; attrs.width = Math.max(x1 - x0, 1.5);
      attrs.y = lane(n) - 9; attrs.height = 18;
      return put(g, sv("rect", attrs));
    }

    var containers = doc.containers.slice().sort(function (p, q) { return p.running_at - q.running_at; });
    var killOf = {}, indexOf = new Map();
    containers.forEach(function (c, i) { indexOf.set(c, i); });
    doc.kills.forEach(function (k) { killOf[k.container] = k; });
    var backoffs = doc.events.filter(function (e) { return e.reason === "BackOff"; })
      .sort(function (p, q) { return p.at - q.at; });
    function waitsOf(c, next) {  // the back-off events from c's end to the next start
      if (c.ended_at === null) return [];
      var lo = 0, hi = backoffs.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (backoffs[mid].at < c.ended_at) lo = mid + 1; else hi = mid; }
      var out = [];
      for (var j = lo; j < backoffs.length && backoffs[j].at <= next; j++) out.push(backoffs[j]);
      return out;
    }

    // a long run zoomed out: the containers that start closer than 2 px to the first of a
    // group as one band, with their exact numbers, kills and back-off waits; zoomed in, each
    function containerBands(shown) {
      var group = null;
      function flush() {
        var f = group[0], l = group[group.length - 1], end = l.ended_at === null ? duration : l.ended_at;
        var kills = 0, waits = 0, started = 0;
        group.forEach(function (c) {
          if (killOf[c.restart_count]) kills += 1;
          if (c.started_at !== null) started += 1;
          var at = indexOf.get(c), next = at + 1 < containers.length ? containers[at + 1].running_at : duration;
          if (waitsOf(c, next).length) waits += 1;
        });
        var names = group.length === 1 ? "container #" + f.restart_count :
          "containers #" + f.restart_count + " to #" + l.restart_count + " (" + group.length + ")";
        span(plot, f.running_at, end, "container", { fill: "#B8B8B8", stroke: "#606060", "stroke-width": 0.6,
          "class": "container-bin", "data-count": group.length, "data-tip": names + "\nfirst running " +
            s3(f.running_at) + "\n" + (l.ended_at === null ? "the last running to the end" : "last stopped " +
            s3(l.ended_at)) + "\nkilled: " + kills + ", back-off waits: " + waits + "\nzoom in to see each" });
        if (started) {
          span(plot, f.started_at === null ? f.running_at : f.started_at, end, "Started", { fill: "#0072B2",
            "class": "started-bin", "data-count": started, "data-tip": names + "\nStarted: " + started + " of " + group.length });
        }
        group = null;
      }
      shown.forEach(function (c) {
        if (group && sx(c.running_at) - sx(group[0].running_at) < 2) { group.push(c); return; }
        if (group) flush();
        group = [c];
      });
      if (group) flush();
    }

    this.draw = function () {
      while (plot.firstChild) plot.removeChild(plot.firstChild);
      while (axis.firstChild) axis.removeChild(axis.firstChild);
      var a = self.view.a, b = self.view.b, bottom = TOP + lanes.length * LANE;
      // axis and grid
      var step = niceStep(b - a, Math.max(4, PW / 90)), o = axisOrigin(run);
      for (var t = Math.ceil((a + o) / step) * step; t <= b + o + 1e-9; t += step) {
        var x = sx(t - o);
        add(plot, sv("line", { x1: x, x2: x, y1: TOP, y2: bottom, stroke: "#efefef" }));
        add(axis, sv("text", { x: x, y: bottom + 14, "text-anchor": "middle" }, tickText(run, t)));
      }
      add(axis, sv("text", { x: L + PW, y: bottom + 25, "text-anchor": "end" }, run.axis_label || "seconds since the first container started running"));
      // explain: what the record shows, its uncertainty as the width of each mark
      var RECORD = { failure: "#D55E00", error: "#7F7F7F", kill: "#000", backoff: "#CC4400",
        exit: "#6A3D9A", notready: "#56B4E9" };
      rec.items.forEach(function (it) {
        var hi = Math.max(it.hi, it.lo + (b - a) / 500);
        span(plot, it.lo, hi, it.lane, { fill: RECORD[it.kind] || "#444",
          "fill-opacity": it.confidence === "exact" ? 0.9 : 0.5, "class": "record record-" + it.kind,
          "data-tip": it.tip + "\n" + s1(it.lo) + " to " + s1(it.hi) + " s (" + it.confidence + ")" });
      });
      // outages and stalls, across every lane
      var labelFree = -Infinity;
      (run.windows || []).forEach(function (w) {
        if (w.end < a || w.start > b) return;
        var kind = windowKind(w.label), x0 = Math.max(sx(w.start), L), x1 = Math.min(sx(w.end), L + PW);
        add(plot, sv("rect", { x: x0, y: TOP, width: Math.max(x1 - x0, 1.5), height: bottom - TOP,
          fill: kind === "stall" ? "#CC79A7" : "#D55E00", "fill-opacity": kind === "stall" ? 0.25 : 0.12,
          "class": "window", "data-tip": vis(w.label) + "\n" + s1(w.start) + " to " + s1(w.end) + " s" +
            (kind === "recorded" ? " (recorded failing)" : "") }));
        var wide = 7 * w.label.length, right = x0 + 3 + wide > L + PW;  // ends at the right edge
        var lx = right ? Math.max(L + 3, L + PW - 3 - wide) : x0 + 3;
        if (x1 - x0 > 6 && labelFree <= lx) {  // one label at a time along the top edge
          add(plot, sv("text", { x: lx, y: TOP - 4, "class": "window-label",
            style: "fill:" + (kind === "stall" ? "#7A2E5C" : "#8C3A00") }, w.label));
          labelFree = lx + wide + 12;
        }
      });
      // containers, termination after a kill, back-off waits, Started
      var shownContainers = containers.filter(function (c) {
        return c.running_at <= b && (c.ended_at === null || c.ended_at >= a);
      });
      var banded = shownContainers.length > PW / 2;
      if (banded) containerBands(shownContainers);
      (banded ? [] : containers).forEach(function (c, i) {
        var end = c.ended_at === null ? duration : c.ended_at, kill = killOf[c.restart_count];
        var cut = kill ? kill.at : end;
        var info = "container #" + c.restart_count + "\nrunning " + s3(c.running_at) + "\nStarted " +
          s3(c.started_at) + (c.ended_at === null ? "" : "\nstopped " + s3(c.ended_at) + " (" + vis(c.end_reason) + ")");
        span(plot, c.running_at, cut, "container", { fill: "#B8B8B8", stroke: "#606060", "stroke-width": 0.6,
          "class": "container", "data-tip": info });
        if (kill && end > cut) {
          span(plot, cut, end, "container", { fill: hatch, stroke: "#606060", "stroke-width": 0.6,
            "class": "terminating", "data-tip": "terminating after the " + kill.probe + " kill\n" + s3(cut) +
              " to " + s3(end) + " (grace " + kill.grace_seconds + " s)" });
        }
        var from = Math.max(c.running_at, a);  // its number where it comes into view
        if (sx(Math.min(end, b)) - sx(from) > 28 && from < b) {
          add(plot, sv("text", { x: sx(from) + 4, y: lane("container") + 4 }, "#" + c.restart_count));
        }
        if (c.started_at !== null) {
          span(plot, c.started_at, end, "Started", { fill: "#0072B2", "class": "started",
            "data-tip": "container #" + c.restart_count + " Started " + s3(c.started_at) });
        }
        var next = i + 1 < containers.length ? containers[i + 1].running_at : duration;
        var waits = waitsOf(c, next);
        if (waits.length) {
          span(plot, c.ended_at, next, "container", { fill: xhatch, stroke: "#CC4400", "stroke-width": 0.6,
            "class": "backoff", "data-tip": "CrashLoopBackOff\n" + s3(c.ended_at) + " to " + s3(next) + "\n" + vis(waits[0].message) });
        }
      });
      // pod Ready
      var since = null;
      doc.ready.concat([{ at: duration, ready: false, end: true }]).forEach(function (r) {
        if (r.ready && since === null) since = r.at;
        else if (!r.ready && since !== null) {
          span(plot, since, r.at, "Ready", { fill: "#56B4E9", "class": "ready",
            "data-tip": (doc.readyLabel || "pod Ready") + "\n" + s3(since) + (r.end ? " to the end" : " to " + s3(r.at)) });
          since = null;
        }
      });
      // probe calls
      var px = PW / (b - a), lastX = {}, bins = {};
      var dense = doc.probes.filter(function (p) { return p.at >= a && p.at <= b; }).length > 3000;
      function mark(p) {
        var x = sx(p.at), cy = lane(p.probe), res = RESULT[p.result] || RESULT.error;
        var tipText = p.probe + " " + res.word + " at " + s3(p.at) + "\n" +
          vis(p.detail).split(POD_IP).join("<pod IP>") +
          "\nlatency " + (p.latency * 1000).toFixed(0) + " ms, container #" + p.container;
        var g = put(plot, sv("g", { "class": "probe probe-" + p.result, "data-tip": tipText }));
        if (p.latency * px >= 3) {
          add(g, sv("line", { x1: x, x2: x + p.latency * px, y1: cy, y2: cy, stroke: res.colour,
            "stroke-width": 3, "stroke-opacity": 0.55 }));
        }
        if (p.result === "success") add(g, sv("circle", { cx: x, cy: cy, r: 3.6, fill: res.colour }));
        else if (p.result === "failure") {
          add(g, sv("path", { d: "M" + (x - 4) + "," + (cy - 4) + "L" + (x + 4) + "," + (cy + 4) + "M" + (x - 4) + "," +
            (cy + 4) + "L" + (x + 4) + "," + (cy - 4), stroke: res.colour, "stroke-width": 2.4 }));
        } else if (p.result === "warning") {
          add(g, sv("path", { d: "M" + x + "," + (cy - 5) + "L" + (x + 5) + "," + cy + "L" + x + "," + (cy + 5) + "L" +
            (x - 5) + "," + cy + "Z", fill: res.colour }));
        } else add(g, sv("rect", { x: x - 3.5, y: cy - 3.5, width: 7, height: 7, fill: res.colour }));
        add(g, sv("rect", { x: x - 5, y: cy - 8, width: 10, height: 16, fill: "transparent" }));
      }
      // a long run zoomed out: the calls that are not successes, closer than 2 px to the one
      // before on their lane, as one band with their exact count and first and last times
      // (more marks than pixels would only overdraw); zoomed in, each is drawn again
      function flush(k) {
        var bin = bins[k];
        delete bins[k];
        if (bin.n === 1) { mark(bin.first); return; }
        var p = bin.first, res = RESULT[p.result] || RESULT.error, cy = lane(p.probe);
        put(plot, sv("rect", { x: sx(p.at) - 4, y: cy - 6, width: sx(bin.last.at) - sx(p.at) + 8, height: 12,
          fill: res.colour, "fill-opacity": 0.8, "class": "probe-bin probe-" + p.result, "data-count": bin.n,
          "data-tip": p.probe + " " + res.word + " x" + bin.n + "\nfirst at " + s3(p.at) + " (container #" +
            p.container + ")\nlast at " + s3(bin.last.at) + " (container #" + bin.last.container +
            ")\nzoom in to see each call" }));
      }
      doc.probes.forEach(function (p) {
        if (p.at < a || p.at > b || y[p.probe] === undefined) return;
        var x = sx(p.at);
        if (!dense) { mark(p); return; }
        // a long run zoomed out: one success mark per 2 px of a lane
        if (p.result === "success") {
          var column = p.probe + ":" + Math.round(x / 2);
          if (!lastX[column]) mark(p);
          lastX[column] = true;
          return;
        }
        var k = p.probe + ":" + p.result, bin = bins[k];
        if (bin && x - sx(bin.last.at) < 2) { bin.n += 1; bin.last = p; return; }
        if (bin) flush(k);
        bins[k] = { first: p, last: p, n: 1 };
      });
      Object.keys(bins).forEach(flush);
      // kills (a long run zoomed out: those closer than 2 px as one band, as the calls)
      var shownKills = doc.kills.filter(function (k) { return k.at >= a && k.at <= b; });
      var killBin = null;
      function flushKills() {
        var k = killBin.first, x0 = sx(k.at), top = lane("container") - 10;  // where a kill's triangle is
        put(plot, sv("rect", { x: x0 - 2, y: top - 7, width: sx(killBin.last.at) - x0 + 4, height: 7,
          fill: "#000", "class": "kill-bin", "data-count": killBin.n,
          "data-tip": k.probe + " kills x" + killBin.n + "\nfirst at " + s3(k.at) + "\nlast at " +
            s3(killBin.last.at) + "\nzoom in to see each kill" }));
        killBin = null;
      }
      if (shownKills.length > PW / 2) {
        shownKills.forEach(function (k) {
          if (killBin && killBin.first.probe === k.probe && sx(k.at) - sx(killBin.last.at) < 2) {
            killBin.n += 1; killBin.last = k; return;
          }
          if (killBin) flushKills();
          killBin = { first: k, last: k, n: 1 };
        });
        if (killBin) flushKills();
        shownKills = [];
      }
      shownKills.forEach(function (k) {
        var x = sx(k.at), top = lane("container") - 10;
        var bottomY = y[k.probe] !== undefined ? lane(k.probe) + 10 : bottom;
        var g = put(plot, sv("g", { "class": "kill", "data-tip": k.probe + " kill at " + s3(k.at) + "\nverdict " +
          s3(k.failed_at) + ", grace " + k.grace_seconds + " s, stopped " + s3(k.stopped_at) +
          "\n" + (k.restart ? "restart" : "no restart (restartPolicy: Never)") }));
        add(g, sv("line", { x1: x, x2: x, y1: top, y2: bottomY, stroke: "#000", "stroke-width": 1.3, "stroke-dasharray": "4 2" }));
        add(g, sv("path", { d: "M" + (x - 5) + "," + (top - 6) + "L" + (x + 5) + "," + (top - 6) + "L" + x + "," + top + "Z" }));
        add(g, sv("rect", { x: x - 4, y: top - 6, width: 8, height: bottomY - top + 6, fill: "transparent" }));
        if (k.sigterm_at !== null && k.sigterm_at !== undefined && k.sigterm_at >= a && k.sigterm_at <= b) {
          var xs = sx(k.sigterm_at), cyc = lane("container");
          add(plot, sv("line", { x1: xs, x2: xs, y1: cyc - 10, y2: cyc + 10, stroke: "#6A1B9A", "stroke-width": 2,
            "class": "sigterm", "data-tip": "SIGTERM at " + s3(k.sigterm_at) + " (grace " + k.grace_seconds + " s)" }));
        }
      });
      // stops of a deletion or a whole-pod kill: SIGTERM (a bar), SIGKILL (a cross)
      (doc.stops || []).forEach(function (c) {
        var cyc = lane("container");
        if (c.sigterm_at !== null && c.sigterm_at >= a && c.sigterm_at <= b) {
          add(plot, sv("line", { x1: sx(c.sigterm_at), x2: sx(c.sigterm_at), y1: cyc - 10, y2: cyc + 10,
            stroke: "#6A1B9A", "stroke-width": 2, "class": "sigterm", "data-tip": "SIGTERM at " + s3(c.sigterm_at) +
              " (grace " + c.grace_seconds + " s)" }));
        }
        if (c.sigkill && c.stopped_at !== null && c.stopped_at >= a && c.stopped_at <= b) {
          var xk = sx(c.stopped_at);
          add(plot, sv("path", { d: "M" + (xk - 4) + "," + (cyc - 4) + "L" + (xk + 4) + "," + (cyc + 4) + "M" + (xk - 4) +
            "," + (cyc + 4) + "L" + (xk + 4) + "," + (cyc - 4), stroke: "#6A1B9A", "stroke-width": 2, "class": "sigkill",
            "data-tip": "SIGKILL at " + s3(c.stopped_at) }));
        }
      });
      range.textContent = "showing " + s1(+a.toFixed(3)) + " to " + s1(+b.toFixed(3)) + " s of " + s1(duration) + " s";
      svg.setAttribute("data-view", a.toFixed(3) + "," + b.toFixed(3));
    };

    this.setView = function (a, b) {
      var minSpan = Math.min(duration, 0.05), spanNow = Math.max(minSpan, Math.min(duration, b - a));
      a = Math.max(0, Math.min(a, duration - spanNow));
      self.view = { a: a, b: a + spanNow };
      self.draw();
    };
    this.zoom = function (factor, at) {
      var v = self.view, c = at === undefined ? (v.a + v.b) / 2 : at;
      var s = (v.b - v.a) * factor;
      self.setView(c - (c - v.a) * factor, c - (c - v.a) * factor + s);
    };
    this.pan = function (fraction) {
      var s = self.view.b - self.view.a;
      self.setView(self.view.a + fraction * s, self.view.b + fraction * s);
    };
    function timeAt(clientX) {
      var r = svg.getBoundingClientRect(), x = (clientX - r.left) * W / r.width;
      return self.view.a + (x - L) / PW * (self.view.b - self.view.a);
    }
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoom(e.deltaY < 0 ? 1 / 1.25 : 1.25, Math.max(self.view.a, Math.min(self.view.b, timeAt(e.clientX))));
    }, { passive: false });
    var drag = null;
    svg.addEventListener("pointerdown", function (e) {
      drag = { x: e.clientX, a: self.view.a, b: self.view.b };
      svg.classList.add("dragging");
      try { svg.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    });
    svg.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var r = svg.getBoundingClientRect(), dt = (e.clientX - drag.x) * W / r.width / PW * (drag.b - drag.a);
      self.setView(drag.a - dt, drag.b - dt);
    });
    function stop() { drag = null; svg.classList.remove("dragging"); }
    svg.addEventListener("pointerup", stop);
    svg.addEventListener("pointercancel", stop);
    svg.addEventListener("dblclick", function () { self.setView(0, duration); });
    timelines.push(this);
    this.draw();
  }

  function timelineLegend(doc) {
    var items = [["probe success", "#009E73", 1, "50%"], ["probe failure", "#D55E00"],
      ["HTTP 3xx (warning)", "#E69F00"], ["prober error (discarded)", "#7F7F7F"],
      ["container running", "#B8B8B8"], ["Started", "#0072B2"], ["pod Ready", "#56B4E9"]];
    if (doc.kills.length) items.push(["kill (dashed line), terminating (hatched)", "#000"]);
    if (doc.kills.some(function (k) { return k.sigterm_at !== null && k.sigterm_at !== undefined; }) ||
        stopsOf(doc, null).length) items.push(["SIGTERM (purple tick), SIGKILL (purple cross)", "#6A1B9A"]);
    if (doc.events.some(function (e) { return e.reason === "BackOff"; })) items.push(["CrashLoopBackOff wait", "#CC4400"]);
    var kinds = {};
    (doc.run.windows || []).forEach(function (w) { kinds[windowKind(w.label)] = true; });
    if (kinds.outage) items.push(["app outage", "#D55E00", 0.25]);
    if (kinds.recorded) items.push(["app failing (recorded)", "#D55E00", 0.25]);
    if (kinds.stall) items.push(["app stall", "#CC79A7", 0.4]);
    return legend(items);
  }

  function runSummary(doc) {
    var s = doc.summary, d = doc.run.duration;
    var items = [["restarts", s.restarts], ["kills", s.kills], ["back-off waits", s.back_offs],
      ["first Started", s3(s.first_started_at)], ["first Ready", s3(s.first_ready_at)],
      ["Ready for", Number(s.ready_seconds).toFixed(1) + " of " + s1(d) + " s"]];
    if (doc.phases) {
      var n = doc.phases.restarts.length, k = doc.phases.restarts.filter(function (r) { return r > 0; }).length;
      items.push(["grid phases with a restart", k + " of " + n]);
    }
    return summary(items);
  }

  // ------------------------------------------------------------------ pages
  function stopsOf(doc, name) {
    var out = [];
    ((doc.termination && doc.termination.containers) || []).concat(
      [].concat.apply([], (doc.pod_kills || []).map(function (k) { return k.containers; })))
      .forEach(function (c) { if (name === null || c.name === name) out.push(c); });
    return out;
  }

  // one container's records as a run document of its own: its lane group
  function containerDoc(doc, name) {
    function mine(x) { return x.name === name; }
    var specs = (doc.run.container_probe_specs || {})[name] || {};
    var run = {};
    Object.keys(doc.run).forEach(function (k) { run[k] = doc.run[k]; });
    run.probe_specs = specs;
    return { run: run, containers: doc.containers.filter(mine), probes: doc.probes.filter(mine),
      kills: doc.kills.filter(mine), events: doc.events.filter(mine),
      ready: (doc.container_ready || []).filter(mine), stops: stopsOf(doc, name),
      readyLabel: name + " Ready", containerLabel: name, summary: doc.summary };
  }

  function runPage(root, doc) {
    var r = doc.run;
    var names = [];
    doc.containers.forEach(function (c) { if (names.indexOf(c.name) < 0) names.push(c.name); });
    add(root, el("h1", {}, DATA.heading || r.object || r.spec || "kubesim run"),
      el("p", { "class": "sub" }, "behaviour: " + r.behaviour + " | " + (r.kubelet || "profile " + r.profile) +
        " | seed " + r.seed + " | probe ticks at " + Number(r.phase).toFixed(3) +
        " s + n x periodSeconds (the grid phase) | " + s1(r.duration) + " s simulated"),
      runSummary(doc), timelineLegend(doc));
    add(root, focusNote(DATA.focus, r.duration));
    if (names.length < 2) {
      doc.stops = stopsOf(doc, null);
      new Timeline(root, doc);
    } else {
      var phases = (doc.pod_phase || []).map(function (p) { return p.phase + " at " + s3(p.at); });
      add(root, el("p", { "class": "sub" }, "pod phase: " + (phases.join(", ") || "none")));
      names.forEach(function (name) {
        add(root, el("h2", {}, "container " + name));
        new Timeline(root, containerDoc(doc, name));
      });
    }
    runView(timelines, DATA.focus);
  }

  // ------------------------------------------------------------------ run page: its view
  // The page opens on the interesting stretch the Python side worked out (DATA.focus:
  // {start, end, whole, reasons}); the whole run is a button, the W key or a double-click
  // away, and F comes back. A pod's timelines (one per container) share one view: zooming
  // or panning any of them moves them all.
  function runView(list, focus) {
    shareView(list);
    if (focus && !focus.whole) {
      list.forEach(function (t) { focusButton(t, focus); });
      if (list.length) list[0].setView(focus.start, focus.end);
    }
    viewKeys(list, focus);
  }
  function shareView(list) {
    list.forEach(function (t) {
      var own = t.setView;
      t.showView = own;
      t.setView = function (a, b) {
        own(a, b);
        list.forEach(function (o) { if (o !== t) o.showView(t.view.a, t.view.b); });
      };
    });
  }
  function focusButton(t, focus) {
    var bar = t.svg.parentNode.querySelector(".toolbar"), whole = bar.querySelector("button[title='whole run']");
    var btn = el("button", { type: "button", title: "interesting stretch", "class": "focus" }, "interesting stretch");
    btn.addEventListener("click", function () { t.setView(focus.start, focus.end); });
    bar.insertBefore(btn, whole);
  }
  function viewKeys(list, focus) {
    document.addEventListener("keydown", function (e) {
      var t = list[0], tag = (e.target && e.target.tagName) || "";
      if (!t || e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(tag)) return;
      var act = {
        w: function () { t.setView(0, t.duration); },
        f: function () { if (focus && !focus.whole) t.setView(focus.start, focus.end); },
        "+": function () { t.zoom(1 / 1.6); }, "=": function () { t.zoom(1 / 1.6); },
        "-": function () { t.zoom(1.6); },
        ArrowLeft: function () { t.pan(-0.3); }, ArrowRight: function () { t.pan(0.3); }
      }[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (act) { act(); e.preventDefault(); }
    });
  }
  function focusNote(focus, duration) {
    if (!focus) return null;
    var why = (focus.reasons || []).join("; ");
    var text = focus.whole ? "Showing the whole run (" + (why || "nothing stands out") + ")." :
      "Opened on " + s1(focus.start) + " to " + s1(focus.end) + " s of " + s1(duration) + " s: " + why +
      ". The whole run: the \u201cwhole run\u201d button, the W key or a double-click; back here: F.";
    return el("p", { "class": "note focus-note" }, text + " Keys: + and - zoom, \u2190 \u2192 pan.");
  }

  function configuration(doc) {
    // which configuration the gate read and how it departs from the defaults (a pull request
    // can add or change it): a relaxed gate is in plain sight
    var c = doc.configuration || { file: null, chosen: "not told", departures: [] };
    var relaxed = c.default_gate_exit_code !== undefined && c.default_gate_exit_code !== doc.summary.exit_code;
    var box = el("div", { "class": "configuration" + (relaxed ? " relaxed" : ""), id: "configuration" });
    add(box, el("b", {}, "configuration: "), document.createTextNode(
      vis(c.file ? c.file + " (" + c.chosen + ")" : "none (" + c.chosen + "): kubesim's defaults")));
    if (c.file && !c.departures.length) add(box, document.createTextNode(": kubesim's defaults"));
    if (c.departures.length) {
      var ul = put(box, el("ul"));
      c.departures.forEach(function (d) {
        add(ul, el("li", { "class": "departure" }, d.key + " " + d.value + " (default " + d.default + ")"));
      });
    }
    if (relaxed) add(box, el("p", { "class": "verdict" }, "exit " + doc.summary.exit_code + ", exit " +
      c.default_gate_exit_code + " without the fail_on, ignores and severities of " + c.file));
    return box;
  }

  function suppressedInSource(doc) {
    // what the manifests' own kubesim.dev/ignore annotations switched off (pull-request
    // content, as a found configuration is) and the exit code without them
    var a = doc.suppressed_in_source;
    if (!a || !a.findings) return null;
    var changed = a.exit_code_without !== doc.summary.exit_code;
    var box = el("div", { "class": "configuration suppressed-in-source" + (changed ? " relaxed" : ""),
      id: "suppressed-in-source" });
    add(box, el("b", {}, "suppressed in the manifests: "), document.createTextNode(vis(
      "the manifests' own " + a.annotation + " annotations suppress " + plural(a.findings, "finding") +
      " (" + a.rules.join(", ") + ")")));
    add(box, el("p", { "class": changed ? "verdict" : "note" }, changed ?
      "exit " + doc.summary.exit_code + ", exit " + a.exit_code_without + " without them" :
      "exit " + doc.summary.exit_code + " with or without them"));
    return box;
  }

  function unreadableSection(root, doc) {
    // the inputs that could not be read: the rest of the report stands, the exit code is 2
    var bad = doc.unreadable || [];
    if (!bad.length) return;
    var box = put(root, el("div", { "class": "unreadable", id: "unreadable" }));
    add(box, el("h2", {}, "Not read (" + plural(bad.length, "input") + "; exit 2)"));
    var ul = put(box, el("ul"));
    bad.forEach(function (e) {
      add(ul, el("li", {}, (e.file ? e.file + (e.line ? ":" + e.line : "") + ": " : "") + e.error));
    });
  }

  // ------------------------------------------------------------------ check page
  // Findings by object, as the text output groups them; under each finding the simulated run
  // that is its evidence, drawn by the run report's Timeline and opened on the stretch that
  // shows it; what each object passed; the pages of the checks found.
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function objectKey(file, object) { return file + "\u0000" + object; }

  function checkHeader(root, doc) {
    var s = doc.summary, given = doc.behaviours.map(function (b) { return b.label; });
    add(root, el("h1", {}, "kubesim check"),
      el("p", { "class": "sub" }, plural(doc.inputs.length, "input") + " | behaviours: " +
        (given.join(", ") || "none given") + " | " + doc.settings.phases + " grid phases | " +
        (doc.settings.kubelet || "profile " + doc.settings.profile) + " | --fail-on " + s.fail_on +
        ": exit " + s.exit_code));
    if (doc.inputs.length) {
      var d = put(root, el("details", { "class": "inputs" }));
      add(d, el("summary", {}, "inputs (" + plural(doc.inputs.length, "file") + ")"));
      var ul = put(d, el("ul"));
      doc.inputs.forEach(function (p) { add(ul, el("li", {}, p)); });
    }
    add(root, configuration(doc));
    var annotated = suppressedInSource(doc);
    if (annotated) add(root, annotated);
    unreadableSection(root, doc);
    add(root,
      summary([["objects", s.objects], ["probed containers", s.containers], ["checks", s.checks],
        ["errors", s.error], ["warnings", s.warning], ["info", s.info], ["suppressed", s.suppressed]]));
  }

  function findingHead(f, i) {
    var sev = f.suppressed ? "ignored" : f.fails ? f.severity.toUpperCase() : f.severity;
    var where = [f.container ? "container " + f.container : null, f.line ? "line " + f.line : null]
      .filter(function (x) { return x; }).join(", ");
    return add(el("p", { "class": "finding-head" }),
      el("span", { "class": "badge sev-" + f.severity }, sev), document.createTextNode(" "),
      el("a", { href: "#rule-" + f.id, title: f.help }, f.id),
      document.createTextNode(vis(" " + f.name + (where ? " (" + where + ")" : ""))),
      el("a", { "class": "anchor", href: "#finding-" + i, title: "link to this finding" }, "#" + (i + 1)));
  }

  function evidenceCaption(f, run) {
    var e = f.evidence, w = run ? run.window : e.window;
    var text = "evidence: " + e.behaviour + ", " + s1(e.duration) + " s simulated at grid phase " +
      s1(e.phase) + " s, seed " + e.seed;
    if (w) text += "; the view opens on " + s1(w[0]) + " to " + s1(w[1]) + " s, the stretch that shows it " +
      "(reset: the whole run)";
    return el("p", { "class": "evidence-caption" }, text);
  }

  function repeatBlock(extra) {
    var box = el("div", { "class": "repeat" });
    add(box, el("span", {}, "run it again: "), el("code", {}, extra.repeat));
    if (extra.scenario) {
      var d = put(box, el("details"));
      add(d, el("summary", {}, "the synthetic scenario (save it as evidence.scenario.yaml)"),
        el("pre", {}, extra.scenario));
    }
    return box;
  }

  function evidenceBlock(box, f, i, extra, runs, drawnAt) {
    var run = extra.run === null || extra.run === undefined ? null : runs[extra.run];
    var div = put(box, el("div", { "class": "evidence" }));
    if (!f.evidence) {
      add(div, el("p", { "class": "evidence-caption" }, f.behaviour ?
        "evidence: the fleet run with " + f.behaviour + " (kubesim fleet draws it)" :
        "evidence: the manifest itself (no simulated run)"));
      return;
    }
    add(div, evidenceCaption(f, run));
    if (run && drawnAt[extra.run] !== undefined) {
      add(div, add(el("p", { "class": "note same-run" }), document.createTextNode("the same run as finding "),
        el("a", { href: "#finding-" + drawnAt[extra.run] }, "#" + (drawnAt[extra.run] + 1)),
        document.createTextNode(" above")));
    } else if (run) {
      drawnAt[extra.run] = i;
      add(div, runSummary(run.doc), timelineLegend(run.doc));
      var t = new Timeline(div, run.doc);
      if (run.window) {
        var a = run.window[0], b = run.window[1], m = Math.max(10, 0.25 * (b - a));
        t.setView(a - m, b + m);
      }
    } else {
      add(div, el("p", { "class": "note" }, "not drawn here (this page draws the first " +
        runs.length + " runs): the command below draws it"));
    }
    add(div, repeatBlock(extra));
  }

  function findingBlock(parent, f, i, extras, runs, drawnAt) {
    var box = put(parent, el("div", { "class": "finding level-" + f.severity + (f.suppressed ? " suppressed" : ""),
      id: "finding-" + i }));
    add(box, findingHead(f, i), el("p", { "class": "message" }, f.message));
    if (f.suppressed) add(box, el("p", { "class": "note" }, "suppressed: " + f.suppressed));
    if (extras[i].fix) add(box, el("p", { "class": "fix" }, "fix: " + extras[i].fix));
    evidenceBlock(box, f, i, extras[i], runs, drawnAt);
  }

  function passedText(obj) {
    var byId = {}, order = [];
    obj.passed.forEach(function (p) {
      if (!byId[p.id]) { byId[p.id] = { name: p.name, on: [] }; order.push(p.id); }
      var on = (p.container || "the pod") + (p.behaviour ? " with " + p.behaviour : "");
      if (byId[p.id].on.indexOf(on) < 0) byId[p.id].on.push(on);
    });
    return order.map(function (id) { return id + " " + byId[id].name + " (" + byId[id].on.join("; ") + ")"; });
  }

  function passedLine(obj) {  // an object with findings: the checks it passed, maybe none
    var items = passedText(obj);
    var p = el("p", { "class": "passed" });
    add(p, el("b", {}, "passed: "), document.createTextNode(vis(items.length ? items.join(", ") :
      "none of the checks that apply")));
    return p;
  }

  function objectHead(obj) {
    return el("h3", {}, obj.file + (obj.line ? ":" + obj.line : "") + " " + obj.object +
      (obj.namespace ? " (namespace " + obj.namespace + ")" : "") +
      (obj.rendered_from.length === 1 ? " [" + obj.rendered_from[0] + "]" :
        obj.rendered_from.length ? " [in " + obj.rendered_from.length + " renders: " +
          obj.rendered_from.join(", ") + "]" : ""));
  }

  function findingsSection(root, doc, runs, extras) {
    var byObject = {};
    doc.findings.forEach(function (f, i) {
      var k = objectKey(f.file, f.object);
      (byObject[k] = byObject[k] || []).push(i);
    });
    add(root, el("h2", {}, "Findings (" + doc.findings.length + ")"));
    if (!doc.findings.length) add(root, el("p", { "class": "findings-none" }, "No findings."));
    var drawnAt = {};
    doc.objects.forEach(function (obj) {
      var mine = byObject[objectKey(obj.file, obj.object)];
      if (!mine) return;
      var sec = put(root, el("section", { "class": "object" }));
      add(sec, objectHead(obj));
      mine.forEach(function (i) { findingBlock(sec, doc.findings[i], i, extras, runs, drawnAt); });
      add(sec, passedLine(obj));
    });
  }

  function passedSection(root, doc) {
    var found = {};
    doc.findings.forEach(function (f) { found[objectKey(f.file, f.object)] = true; });
    var clean = doc.objects.filter(function (o) { return !found[objectKey(o.file, o.object)]; });
    if (!clean.length) return;
    add(root, el("h2", {}, "Objects with no finding (" + clean.length + ")"));
    var table = put(root, el("table", { "class": "passed-objects" }));
    add(table, add(el("tr"), el("th", {}, "object"), el("th", {}, "file"), el("th", {}, "passed")));
    clean.forEach(function (o) {
      var items = passedText(o);
      add(table, add(el("tr", { "class": "clean" }), el("td", {}, o.object),
        el("td", {}, o.file + (o.line ? ":" + o.line : "")),
        el("td", {}, items.length ? items.join(", ") : "no check applies (no probed container)")));
    });
  }

  function listSection(root, title, items) {
    if (!items.length) return;
    add(root, el("h2", {}, title));
    var ul = put(root, el("ul"));
    items.forEach(function (t) { add(ul, el("li", {}, t)); });
  }

  function rulesSection(root) {
    var rules = DATA.rules || {};
    if (!Object.keys(rules).length) return;
    add(root, el("h2", {}, "The checks found"));
    Object.keys(rules).forEach(function (id) {
      var d = put(root, el("details", { id: "rule-" + id, "class": "rule" }));
      add(d, el("summary", {}, id + " (kubesim rules " + id + ")"), el("pre", {}, rules[id]));
    });
  }

  function checkPage(root, doc, runs, extras) {
    checkHeader(root, doc);
    findingsSection(root, doc, runs, extras);
    passedSection(root, doc);
    listSection(root, "Skipped files", doc.skipped.map(function (k) { return k.file + ": " + k.reason; }));
    listSection(root, "Notes", doc.notes);
    rulesSection(root);
  }

  function colour(v) {  // viridis, 5 stops
    var stops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
    v = Math.max(0, Math.min(1, v)) * (stops.length - 1);
    var i = Math.min(Math.floor(v), stops.length - 2), f = v - i;
    var c = stops[i].map(function (x, j) { return Math.round(x + (stops[i + 1][j] - x) * f); });
    return "rgb(" + c.join(",") + ")";
  }

  // ------------------------------------------------------------------ sweep page
  function sweepTip(r) { return Object.keys(r).map(function (k) { return vis(k) + ": " + vis(r[k]); }).join("\n"); }
  function sweepOrder(p, q) { return typeof p === "number" && typeof q === "number" ? p - q : String(p) < String(q) ? -1 : 1; }
  var SWEEP = { W: 900, H: 420, L: 110, B: 50 };

  function sweepHeatmap(svg, rows, fields, k, lo, hi) {
    var W = SWEEP.W, H = SWEEP.H, L = SWEEP.L, B = SWEEP.B, fy = fields[0], fx = fields[1];
    var xs = Array.from(new Set(rows.map(function (r) { return r[fx]; }))).sort(sweepOrder);
    var ys = Array.from(new Set(rows.map(function (r) { return r[fy]; }))).sort(sweepOrder);
    var cw = (W - L - 20) / xs.length, ch = (H - B - 10) / ys.length;
    rows.forEach(function (r) {
      var v = r[k], x = L + xs.indexOf(r[fx]) * cw, yy = H - B - (ys.indexOf(r[fy]) + 1) * ch;
      add(svg, sv("rect", { x: x, y: yy, width: cw - 1, height: ch - 1, "class": "cell",
        fill: typeof v === "number" ? colour(hi > lo ? (v - lo) / (hi - lo) : 0.5) : "#eee", "data-tip": sweepTip(r) }));
      if (cw > 34 && ch > 16) add(svg, sv("text", { x: x + cw / 2, y: yy + ch / 2 + 4, "text-anchor": "middle",
        style: "fill:" + (typeof v === "number" && hi > lo && (v - lo) / (hi - lo) > 0.6 ? "#000" : "#fff"), "pointer-events": "none" },
        typeof v === "number" ? +v.toFixed(2) : "-"));
    });
    xs.forEach(function (v, i) { add(svg, sv("text", { x: L + (i + 0.5) * cw, y: H - B + 16, "text-anchor": "middle" }, v)); });
    ys.forEach(function (v, i) { add(svg, sv("text", { x: L - 6, y: H - B - (i + 0.5) * ch + 4, "text-anchor": "end" }, v)); });
    add(svg, sv("text", { x: L + (W - L) / 2, y: H - 12, "text-anchor": "middle" }, fx));
    add(svg, sv("text", { x: 14, y: (H - B) / 2, transform: "rotate(-90 14 " + (H - B) / 2 + ")", "text-anchor": "middle" }, fy));
  }

  function sweepLine(svg, rows, f, k, lo, hi) {
    var W = SWEEP.W, H = SWEEP.H, L = SWEEP.L, B = SWEEP.B;
    var pts = rows.filter(function (r) { return typeof r[k] === "number"; }).sort(function (p, q) { return sweepOrder(p[f], q[f]); });
    var n = pts.length, top = hi > lo ? hi : lo + 1;
    var px = function (i) { return L + (n > 1 ? i / (n - 1) : 0.5) * (W - L - 30); };
    var py = function (v) { return H - B - (v - Math.min(0, lo)) / (top - Math.min(0, lo)) * (H - B - 20); };
    add(svg, sv("polyline", { points: pts.map(function (r, i) { return px(i) + "," + py(r[k]); }).join(" "),
      fill: "none", stroke: "#0072B2", "stroke-width": 2 }));
    pts.forEach(function (r, i) {
      add(svg, sv("circle", { cx: px(i), cy: py(r[k]), r: 5, fill: "#0072B2", "class": "cell", "data-tip": sweepTip(r) }));
      add(svg, sv("text", { x: px(i), y: H - B + 16, "text-anchor": "middle" }, r[f]));
    });
    add(svg, sv("text", { x: L + (W - L) / 2, y: H - 12, "text-anchor": "middle" }, f));
    add(svg, sv("text", { x: L - 8, y: py(top) + 4, "text-anchor": "end" }, +top.toFixed(2)));
    add(svg, sv("text", { x: L - 8, y: py(Math.min(0, lo)) + 4, "text-anchor": "end" }, +Math.min(0, lo).toFixed(2)));
  }

  function sweepChart(chart, rows, fields, k, first) {
    while (chart.firstChild) chart.removeChild(chart.firstChild);
    var vals = rows.map(function (r) { return r[k]; }).filter(function (v) { return typeof v === "number"; });
    var lo = Math.min.apply(null, vals), hi = Math.max.apply(null, vals);
    var svg = put(chart, sv("svg", { viewBox: "0 0 " + SWEEP.W + " " + SWEEP.H, width: SWEEP.W, height: SWEEP.H, "class": "sweep" }));
    if (fields.length === 2) sweepHeatmap(svg, rows, fields, k, lo, hi);
    else sweepLine(svg, rows, fields[0] || first, k, lo, hi);
  }

  function sweepTable(root, rows) {
    add(root, el("h2", {}, "Points"));
    var table = put(put(root, el("div", { "class": "scroll" })), el("table", { "class": "points" }));
    var cols = rows.length ? Object.keys(rows[0]) : [];
    add(table, add.apply(null, [el("tr")].concat(cols.map(function (c) { return el("th", {}, c); }))));
    rows.forEach(function (r) {
      add(table, add.apply(null, [el("tr")].concat(cols.map(function (c) {
        var v = r[c];
        return el("td", { "class": typeof v === "number" ? "num" : "" },
          v === null ? "-" : typeof v === "boolean" ? (v ? "yes" : "NO") : typeof v === "number" ? +v.toFixed(3) : v);
      }))));
    });
  }

  function sweepPage(root, doc) {
    var m = doc.sweep, rows = doc.points;
    add(root, el("h1", {}, "kubesim sweep: " + m.object),
      el("p", { "class": "sub" }, "behaviour: " + m.behaviour + " | " + m.done + " of " + m.points + " points x " +
        m.phases + " phases x " + m.seeds + " seed(s), " + s1(m.duration) + " s each | profile " + m.profile));
    var fields = m.fields.filter(function (f) {
      return new Set(rows.map(function (r) { return JSON.stringify(r[f]); })).size > 1;
    });
    var metrics = rows.length ? Object.keys(rows[0]).filter(function (k) {
      return m.fields.indexOf(k) < 0 && rows.some(function (r) { return typeof r[k] === "number"; });
    }) : [];
    var bar = put(root, el("div", { "class": "toolbar" }));
    add(bar, el("span", {}, "metric"));
    var select = put(bar, el("select", { id: "metric" }));
    metrics.forEach(function (k) { add(select, el("option", { value: k }, k)); });
    if (metrics.indexOf("restarts_mean") >= 0) select.value = "restarts_mean";
    var chart = put(root, el("div", { "class": "timeline chart" }));
    function draw() { sweepChart(chart, rows, fields, select.value, m.fields[0]); }
    select.addEventListener("change", draw);
    if (metrics.length) draw();
    add(root, el("p", { "class": "note" }, fields.length === 2 ? "colour: the metric, dark = lowest, yellow = highest of the grid; hover a cell for its point" : "hover a point for its values"));
    sweepTable(root, rows);
  }

  // a text of several lines: each line through vis (which shows a newline as \n), the
  // line breaks the page's own
  function linesOf(e, text) {
    String(text).split("\n").forEach(function (line, i) {
      if (i) e.appendChild(document.createTextNode("\n"));
      e.appendChild(document.createTextNode(vis(line)));
    });
    return e;
  }
  function explainList(items, cls) {
    var ul = el("ul", { "class": cls || "" });
    items.forEach(function (t) { add(ul, el("li", {}, t)); });
    return ul;
  }
  function explainPage(root, data) {
    var doc = data.document;
    add(root, el("h1", {}, "kubesim explain: pod " + (doc.pod || "(name not in the record)")),
      el("p", { "class": "sub" }, "read: " + doc.inputs.map(function (i) { return i.source + " (" + i.format + ")"; }).join(", ") +
        " | times on the record's axis, 0 = " + doc.axis.basis));
    if (doc.findings.length) add(root, explainList(doc.findings.map(function (f) { return f.level + ": " + f.text; })));
    // the pod's one answer (its probe failures name none of its containers), before theirs
    var a = data.answer_lines || [];
    if (a.length) add(root, el("h2", { "class": "pod-answer" }, data.answer_title),
      el("p", { "class": "diagnosis" }, a[0]), explainList(a.slice(1)));
    data.stories.forEach(function (c) { explainStory(root, c); });
  }
  // the diagnosis record's lines (rendered by the server, decided once), then what the
  // record shows, apart from what the model replays, then the fix
  function explainStory(root, c) {
    var a = c.answer_lines;
    add(root, el("h2", {}, c.title),
      el("p", { "class": "diagnosis" }, a[0]), explainList(a.slice(1)));
    explainRecord(root, c);
    explainReplay(root, c);
    explainPrevention(root, c);
  }
  function explainRecord(root, c) {
    add(root, el("h3", {}, "what the record shows"));
    if (c.record_rows.length) {
      var table = put(put(root, el("div", { "class": "scroll" })), el("table", { "class": "record-rows" }));
      add(table, add(el("tr"), el("th", {}, "when"), el("th", {}, "how sure"), el("th", {}, "what")));
      c.record_rows.forEach(function (r) {
        add(table, add(el("tr"), el("td", { "class": "when" }, r.when), el("td", {}, r.confidence),
          linesOf(el("td", { "class": "what" }), r.what)));
      });
    }
    if (c.restarts.length) add(root, el("h4", {}, "restarts"), explainList(c.restarts.map(function (r) { return r.count + " x " + r.cause + ": " + r.detail; })));
    if (c.findings.length) add(root, el("h4", {}, "findings"), explainList(c.findings.map(function (f) { return f.level + ": " + f.text; })));
  }
  // a long run's document as kubesim/render/packed.py packs it (tables of columns, the calls
  // as runs): unpacked into the records the timeline draws, each with its exact numbers
  var MICRO = 1000000;
  function columnValues(col, n, values) {
    var out = [], i;
    if ("as" in col) return values[col.as];
    if ("all" in col) { for (i = 0; i < n; i++) out.push(col.all); return out; }
    if ("of" in col) return col.index.map(function (j) { return col.of[j]; });
    if ("values" in col) return col.values.slice();
    var micro = "micro" in col, deltas = micro ? col.micro : col.int, nulls = {}, total = 0, k = 0;
    (col.nulls || []).forEach(function (j) { nulls[j] = true; });
    for (i = 0; i < n; i++) {
      if (nulls[i]) { out.push(null); continue; }
      total += deltas[k++];
      out.push(micro ? total / MICRO : total);
    }
    return out;
  }
  function tableRows(table) {
    if (table.rows) return table.rows.slice();
    var values = {}, rows = [];
    table.keys.forEach(function (k) { values[k] = columnValues(table.cols[k], table.n, values); });
    for (var i = 0; i < table.n; i++) {
      var row = {};
      table.keys.forEach(function (k) { row[k] = values[k][i]; });
      rows.push(row);
    }
    return rows;
  }
  var RUN_SAME = ["probe", "result", "detail", "latency", "container", "name"];
  function probeCalls(packed) {
    if (!packed.runs) return tableRows(packed);
    var calls = [];
    tableRows(packed.runs).forEach(function (run, r) {
      for (var i = 0; i < run.count; i++) {
        var m = run.start + i * run.step, call = { at: m / MICRO };
        RUN_SAME.forEach(function (k) { call[k] = run[k]; });
        calls.push({ m: m, r: r, i: i, call: call });
      }
    });
    calls.sort(function (p, q) { return p.m - q.m || p.r - q.r || p.i - q.i; });
    return calls.map(function (c) { return c.call; });
  }
  function unpack(doc) {
    if (!doc.packed) return doc;
    var out = {};
    Object.keys(doc).forEach(function (k) { if (k !== "packed") out[k] = doc[k]; });
    out.probes = probeCalls(doc.packed.probes);
    ["containers", "kills", "ready", "events"].forEach(function (k) { out[k] = tableRows(doc.packed[k]); });
    return out;
  }

  function explainReplay(root, c) {
    var rd = unpack(c.run_document), r = c.replay;
    add(root, el("h3", {}, "what the model replays: " + (r && r.ran ? r.verdict : "not run")));
    if (rd.summary) add(root, runSummary(rd));
    add(root, legend([["recorded failure", "#D55E00", 0.5], ["recorded kill", "#000", 0.5],
      ["recorded back-off", "#CC4400", 0.5], ["recorded exit", "#6A3D9A", 0.5],
      ["recorded not Ready", "#56B4E9", 0.5]]));
    if (rd.summary) add(root, timelineLegend(rd));
    new Timeline(root, rd);
    if (r) add(root, explainList(r.ran ? r.comparison.concat(r.counted, r.missing.map(function (m) { return "missing from the record: " + m; })) : [r.reason]));
    if (c.arithmetic.length) add(root, el("h4", {}, "the arithmetic (the kubelet model's)"), explainList(c.arithmetic));
    if (r && r.ran) add(root, el("h4", {}, "as replayed"), explainList(r.assumptions));
  }
  function explainPrevention(root, c) {
    var p = c.answer.prevention, words = { yes: "yes", no: "no", "cannot-tell": "cannot tell" };
    add(root, el("h3", {}, "would a probe change have prevented it: " + words[p.answer]),
      el("p", {}, p.change ? p.change + " (" + p.reason + ")" : p.reason));
    if (c.prevention && c.prevention.tradeoff.length) add(root, explainList(c.prevention.tradeoff));
    if (c.patch_yaml) {
      add(root, el("p", {}, "strategic-merge patch (kubectl patch --type strategic --patch-file):"),
        add(el("pre", { "class": "patch" }), linesOf(el("code", { "class": "language-yaml" }), c.patch_yaml)));
    }
  }

  // ------------------------------------------------------------------ start
  function viewFromAddress() {
    var m = /view=([\d.]+),([\d.]+)/.exec(location.hash);
    if (m) timelines.forEach(function (t) { t.setView(+m[1], +m[2]); });
  }
  function selfTest() {  // "#selftest": drive the real event handlers, record what they did
    var t = timelines[0], out = {};
    if (!t) return;
    var r = t.svg.getBoundingClientRect(), cx = r.left + r.width * 0.6, cy = r.top + r.height / 2;
    out.before = t.svg.getAttribute("data-view");
    for (var i = 0; i < 3; i++) t.svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: cx, clientY: cy, bubbles: true, cancelable: true }));
    out.zoomed = t.svg.getAttribute("data-view");
    t.svg.dispatchEvent(new PointerEvent("pointerdown", { clientX: cx, clientY: cy, pointerId: 7, bubbles: true }));
    t.svg.dispatchEvent(new PointerEvent("pointermove", { clientX: cx - 100, clientY: cy, pointerId: 7, bubbles: true }));
    t.svg.dispatchEvent(new PointerEvent("pointerup", { clientX: cx - 100, clientY: cy, pointerId: 7, bubbles: true }));
    out.panned = t.svg.getAttribute("data-view");
    var probe = t.svg.querySelector(".probe");
    if (probe) {
      var pr = probe.getBoundingClientRect();
      probe.dispatchEvent(new MouseEvent("mousemove", { clientX: pr.left + 1, clientY: pr.top + 1, bubbles: true }));
      out.tip = tip.style.display === "block" ? tip.textContent : "";
    }
    t.svg.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
    out.reset = t.svg.getAttribute("data-view");
    viewSelfTest(t, out);
    document.body.setAttribute("data-selftest", JSON.stringify(out));
  }

  function viewSelfTest(t, out) {  // the run page's keys and buttons, on every timeline
    function views() { return timelines.map(function (x) { return x.svg.getAttribute("data-view"); }); }
    function key(k) { document.body.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true })); }
    var last = timelines[timelines.length - 1].svg, r = last.getBoundingClientRect();
    last.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: r.left + r.width * 0.6, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
    out.wheelLast = views();
    key("f");
    out.focused = views();
    key("-");
    out.zoomedOut = views();
    var whole = t.svg.parentNode.querySelector("button[title='whole run']");
    if (whole) whole.click();
    out.whole = views();
    var focus = t.svg.parentNode.querySelector("button.focus");
    if (focus) focus.click();
    out.refocused = views();
    key("w");
    out.keyWhole = views();
  }

  function explainPods(root, data) {  // several pods: a section per pod, each as one pod's page
    add(root, el("h1", {}, "kubesim explain: " + data.pods.length + " pods"),
      explainList(data.pods.map(function (p) { return "pod " + (p.document.pod || "(name not in the record)"); })));
    data.pods.forEach(function (p) {
      var section = put(root, el("section", { "class": "pod" }));
      explainPage(section, p);
      explainNotes(section, p.document);
    });
  }

  function explainNotes(root, doc) {  // how the record was read; the lines not read, all listed
    if (!doc.notes.length) return;
    var ul = el("ul", { "class": "notes" });
    doc.notes.forEach(function (n) {
      add(ul, el("li", {}, (n.evidence.length ? n.evidence[0].where + ": " : "") + n.text));
    });
    add(root, el("h2", {}, "reading the record"), ul);
  }

  var root = document.getElementById("report");
  if (DATA.kind === "run") runPage(root, DATA.document);
  else if (DATA.kind === "check") checkPage(root, DATA.document, DATA.runs || [], DATA.findings || []);
  else if (DATA.kind === "sweep") sweepPage(root, DATA.document);
  else if (DATA.kind === "explain" && DATA.pods) explainPods(root, DATA);
  else if (DATA.kind === "explain") { explainPage(root, DATA); explainNotes(root, DATA.document); }
  viewFromAddress();
  if (/selftest/.test(location.hash)) selfTest();
  document.body.setAttribute("data-rendered", DATA.kind);
})();
