/* Grids (type: grid): rows of radios (checkboxes with `multiple`) under shared columns, each row a fieldset whose
   controls are named, and whose errors are keyed, `grid.row`. The value is an object, row id → column value (a list
   of them for `multiple`). For validate.js: a grid's checks (a row it does not have on the grid; a column a row does
   not have, or an unanswered row of a required grid, on the row) and its cleaned value; Grid.swift is the same in
   Swift. Joined only on pages with a grid. */
import { el, features } from "./page.js";
import { lists } from "./validate.js";
import { format, isEmpty, items, text } from "./values.js";

// In a block: its names take none of the short names the minifier gives the runtime's top-level names.
{
  const own = Object.prototype.hasOwnProperty;
  const gridAnswers = function (value) { return value && typeof value === "object" && !Array.isArray(value) ? value : {}; };
  /** The columns chosen in a row: a list for `multiple`; else the one answer, or null for a list (a row of radios holds one). */
  const choices = function (field, given, row) {
    var value = own.call(given, row.value) ? given[row.value] : undefined;
    if (field.multiple) return items(value);
    if (Array.isArray(value)) return null;
    return text(value) ? [text(value)] : [];
  };
  const rowKey = function (field, row) { return field.id + "." + row.value; };

  lists.grid = {
    check: function (spec, field, values, state) {
      var given = gridAnswers(values[field.id]), M = field.messages || {}, errors = {}, rows = field.rows || [];
      var columns = (field.options || []).map(function (o) { return o.value; }), known = rows.map(function (r) { return r.value; });
      if (Object.keys(given).some(function (k) { return known.indexOf(k) < 0; })) errors[field.id] = format(M.option, {});
      rows.forEach(function (row) {
        var chosen = choices(field, given, row), key = rowKey(field, row);
        if (!chosen || chosen.some(function (c) { return columns.indexOf(c) < 0; })) errors[key] = format(M.option, {});
        else if (!chosen.length && state.required.has(field.id)) errors[key] = format(M.gridRow, { value: row.label });
      });
      return errors;
    },
    clean: function (spec, field, value) {
      var given = gridAnswers(value), data = null;
      (field.rows || []).forEach(function (row) {
        var chosen = choices(field, given, row);
        if (chosen && chosen.length) (data = data || {})[row.value] = field.multiple ? chosen : chosen[0];
      });
      return data;
    },
  };

  features.push(function (p) {
    var grids = p.inputs.filter(function (f) { return f.kind === "grid"; });
    var baseRead = p.readValue, baseWrite = p.writeValue, baseExpand = p.expand, baseFocus = p.focusTarget, baseApply = p.applyRules;
    var baseReview = p.reviewList;
    /** Each row stands in `byId` as a radio (checkbox) group of its own, so its errors, focus and checks work as a group's. */
    grids.forEach(function (field) {
      field.rows.forEach(function (row) {
        p.byId[rowKey(field, row)] = { id: rowKey(field, row), kind: field.multiple ? "checkboxGroup" : "radioGroup", type: "radio",
          label: row.label, options: field.options, messages: field.messages, grid: field.id };
      });
    });
    function rowOf(field, row) { return p.byId[rowKey(field, row)]; }
    /** Sent as form fields (`encoding: form`, or multipart beside files), a grid goes as its controls are named, one
        `grid.row` per answer, as a page without JavaScript posts it. send.js sets `p.send` after this module has run. */
    if (grids.length && (p.spec.submit.encoding === "form" || p.inputs.some(function (f) { return f.kind === "file"; }))) {
      var send;
      Object.defineProperty(p, "send", { configurable: true, get: function () { return send; }, set: function (post) {
        send = function (answers) {
          var flat = {};
          Object.keys(answers).forEach(function (key) {
            var field = p.byId[key];
            if (!field || field.kind !== "grid") return flat[key] = answers[key];
            Object.keys(answers[key]).forEach(function (row) { flat[key + "." + row] = answers[key][row]; });
          });
          post(flat);
        };
      } });
    }
    p.readValue = function (field) {
      if (field.kind !== "grid") return baseRead(field);
      var value = {};
      field.rows.forEach(function (row) {
        var chosen = baseRead(rowOf(field, row));
        if (chosen.length) value[row.value] = chosen;
      });
      return value;
    };
    p.writeValue = function (field, value) {
      if (field.kind !== "grid") return baseWrite(field, value);
      var given = gridAnswers(value);
      field.rows.forEach(function (row) { baseWrite(rowOf(field, row), own.call(given, row.value) ? given[row.value] : ""); });
    };
    p.expand = function (ids) {
      var out = [];
      baseExpand(ids).forEach(function (id) {
        var field = p.byId[id];
        out.push(id);
        if (field && field.kind === "grid") field.rows.forEach(function (row) { out.push(rowKey(field, row)); });
      });
      return out;
    };
    /** A row is on its grid's page (the summary's link shows that page first). */
    var basePageOf = p.pageOf;
    p.pageOf = function (id) { var field = p.byId[id]; return basePageOf(field && field.grid ? field.grid : id); };
    /** `enableWhen: complete`: ready.js reads a grid's object as an empty answer, so its verdict is made again here, a
        required grid complete once every row has an answer: after ready.js's own (on the document, which an event
        reaches after the form; at first, once every module has run). */
    if (grids.length && p.spec.submit.enableWhen === "complete") {
      const recheck = function () {
        var values = p.values(), ready = p.inputs.every(function (f) {
          if (!p.state.required.has(f.id) || p.state.hidden.has(f.id)) return true;
          var given = gridAnswers(values[f.id]);
          return f.kind === "grid" ? f.rows.every(function (row) { return (choices(f, given, row) || []).length; }) : !isEmpty(values[f.id], f);
        });
        if (ready) p.submitButton.removeAttribute("aria-disabled"); else p.submitButton.setAttribute("aria-disabled", "true");
      };
      document.addEventListener("input", recheck);
      document.addEventListener("change", recheck);
      Promise.resolve().then(recheck);
    }
    p.focusTarget = function (id) {
      var field = p.byId[id];
      return field && field.kind === "grid" ? p.$("f-" + rowKey(field, field.rows[0]) + "-0") : baseFocus(id);
    };
    /** A grid hidden by a rule takes its rows' messages with it. */
    p.applyRules = function () {
      baseApply();
      grids.forEach(function (field) {
        if (p.state.hidden.has(field.id)) field.rows.forEach(function (row) { p.showError(rowKey(field, row), null); });
      });
    };
    /** "Check your answers": the grid's question, then a row per grid row with the column chosen ("Not answered" when none). */
    p.reviewList = function (field, value, box, page) {
      if (field.kind !== "grid") return baseReview ? baseReview(field, value, box, page) : false;
      box.appendChild(el("h3", "fg-summary-heading", field.label));
      var list = box.appendChild(el("dl", "fg-summary-list")), given = gridAnswers(value);
      field.rows.forEach(function (row) {
        p.reviewRow(list, rowOf(field, row), own.call(given, row.value) ? given[row.value] : "", page, row.label + " (" + field.label + ")");
      });
      return true;
    };
  });
}
