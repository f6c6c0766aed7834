/* Data pages (configs/pages/): the blocks over a data source the page fetches (tables, lists, details), built from
   its answer exactly as the build renders a block over a data file (DataBlockHTML.swift): `dropIf`, `sort` and
   `groupBy` applied, values formatted with Intl in the page's language and always set as text. While a source
   loads its blocks say so; when it fails they say so, announced, with Retry. This is the entry of a data page's
   script: it joins only what it imports. */
import { dropped } from "./drop.js";
import { getJSON } from "./source.js";

/* One top-level name: the page's other modules share the short names the minifier gives top-level names. */
export var dataPage = (function () {
  var dataPlainNumber = /^-?[0-9]+(\.[0-9]+)?$/;
  var dataArrows = { up: "\u25B2", down: "\u25BC", none: "\u2013" };
  // Written out whole, so the page's stylesheet keeps their rules (it keeps the classes its HTML or script names).
  var dataChangeClasses = { up: "fg-change fg-change-up", down: "fg-change fg-change-down", none: "fg-change fg-change-none" };

  /** The value at a dot path (`data.rates`); the answer itself without a path; undefined when a step finds nothing. */
  function dataValueAt(body, path) {
    if (!path) return body;
    var parts = path.split("."), current = body;
    for (var i = 0; i < parts.length; i++) {
      if (!current || typeof current !== "object" || Array.isArray(current) || !Object.prototype.hasOwnProperty.call(current, parts[i])) return undefined;
      current = current[parts[i]];
    }
    return current;
  }

  /** A number, or a text that is one written plainly (`-25.21`); else null. */
  function dataNumber(value) {
    if (typeof value === "number") return isFinite(value) ? value : null;
    return typeof value === "string" && dataPlainNumber.test(value) ? Number(value) : null;
  }

  /** A JSON scalar as text (`String(value)`); lists, objects and null as nothing. */
  function dataText(value) {
    return typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "";
  }

  /** Year, month, day (and hour, minute) of `YYYY-MM-DD` or `YYYY-MM-DDThh:mm…`; null for any other text. */
  function dataDateParts(text) {
    var m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2}))?/.exec(text);
    if (!m || +m[2] < 1 || +m[2] > 12 || +m[3] < 1 || +m[3] > 31) return null;
    var parts = [+m[1], +m[2], +m[3]];
    return m[4] !== undefined && +m[4] < 24 && +m[5] < 60 ? parts.concat([+m[4], +m[5]]) : parts;
  }

  /** A day (`yMMMMd`: 20 November 2026) or a day, a comma and a time (`yMMMd`, `jmm`) in the language's words, as
      written (UTC). */
  function dataDateText(text, withTime, lang) {
    var parts = dataDateParts(text);
    if (!parts || (withTime && parts.length < 5)) return text;
    var at = Date.UTC(parts[0], parts[1] - 1, parts[2], withTime ? parts[3] : 0, withTime ? parts[4] : 0);
    function formatted(options) { options.timeZone = "UTC"; return new Intl.DateTimeFormat(lang, options).format(at); }
    try {
      return withTime ? formatted({ year: "numeric", month: "short", day: "numeric" }) + ", " + formatted({ hour: "numeric", minute: "2-digit" })
        : formatted({ day: "numeric", month: "long", year: "numeric" });
    } catch (error) { return text; }
  }

  /** A number in the language's digits and signs; `decimals` fixes the digits after the decimal sign. */
  function dataNumberText(number, decimals, currency, lang) {
    var options = currency ? { style: "currency", currency: currency } : { minimumFractionDigits: 0, maximumFractionDigits: 3 };
    if (decimals !== undefined && decimals !== null) { options.minimumFractionDigits = decimals; options.maximumFractionDigits = decimals; }
    try { return new Intl.NumberFormat(lang, options).format(number); } catch (error) { return String(number); }
  }

  /** A value as the column shows it: {text, change} (change: "up", "down" or "none" for `format: change`). */
  function dataFormat(value, column, entry, lang) {
    if (value === undefined || value === null) return { text: "" };
    var format = column.format, number = dataNumber(value);
    if (format === "date" || format === "datetime") return { text: dataDateText(dataText(value), format === "datetime", lang) };
    if (format === "text" || number === null) return { text: dataText(value) };
    if (format === "currency") {
      var code = column.currency || (entry && typeof entry === "object" ? dataText(entry[column.currencyKey]) : "");
      return code && code.length === 3 ? { text: dataNumberText(number, column.decimals, code.toUpperCase(), lang) } : { text: dataText(value) };
    }
    if (format !== "change") return { text: dataNumberText(number, column.decimals, null, lang) };
    var magnitude = dataNumberText(Math.abs(number), column.decimals, null, lang);
    return number > 0 ? { text: "+" + magnitude, change: "up" } : number < 0 ? { text: "\u2212" + magnitude, change: "down" } : { text: magnitude, change: "none" };
  }

  /** -1, 0 or 1: numbers by value, else text by code units; a missing value after every other in both orders. */
  function dataCompare(left, right, descending) {
    var leftMissing = left === undefined || left === null, rightMissing = right === undefined || right === null;
    if (leftMissing || rightMissing) return leftMissing === rightMissing ? 0 : leftMissing ? 1 : -1;
    var a = dataNumber(left), b = dataNumber(right);
    if (a === null || b === null) { a = dataText(left); b = dataText(right); }
    var order = a < b ? -1 : a > b ? 1 : 0;
    return descending ? -order : order;
  }

  /** The block's groups of entries ({label, entries}): found at `items`, dropped, sorted, grouped; [] when none is left. */
  function dataGroups(block, body, lang) {
    var list = dataValueAt(body, block.items);
    if (!Array.isArray(list)) return [];
    var entries = list.filter(function (entry) { return !dropped(block.dropIf, entry); });
    function member(entry, key) { return entry && typeof entry === "object" && !Array.isArray(entry) ? entry[key] : undefined; }
    if (block.sort) {
      var key = block.sort.key, descending = block.sort.order === "desc";
      entries = entries.map(function (entry, index) { return [entry, index]; }).sort(function (x, y) {
        return dataCompare(member(x[0], key), member(y[0], key), descending) || x[1] - y[1];
      }).map(function (pair) { return pair[0]; });
    }
    if (!block.groupBy) return entries.length ? [{ label: null, entries: entries }] : [];
    var groups = [], byKey = {}, date = block.groupBy.format === "date";
    entries.forEach(function (entry) {
      var value = member(entry, block.groupBy.key), text = value === undefined || value === null ? "" : dataText(value);
      var groupKey = date && dataDateParts(text) ? text.slice(0, 10) : text;
      if (!Object.prototype.hasOwnProperty.call(byKey, groupKey)) {
        byKey[groupKey] = groups.length;
        groups.push({ label: value === undefined || value === null ? "" : date ? dataDateText(text, false, lang) : text, entries: [] });
      }
      groups[byKey[groupKey]].entries.push(entry);
    });
    return groups;
  }

  function dataElement(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A cell's content: the value as text; a change after its arrow (hidden from screen readers) and its word (for them). */
  function dataCell(node, column, entry, spec) {
    var value = dataFormat(entry && typeof entry === "object" && !Array.isArray(entry) ? entry[column.key] : undefined, column, entry, spec.lang);
    if (!value.change) { node.textContent = value.text; return node; }
    var M = spec.messages, span = dataElement("span", dataChangeClasses[value.change]), arrow = dataElement("span", "", dataArrows[value.change] + " ");
    arrow.setAttribute("aria-hidden", "true");
    span.appendChild(arrow);
    span.appendChild(dataElement("span", "fg-vh", (value.change === "up" ? M.dataUp : value.change === "down" ? M.dataDown : M.dataUnchanged) + " "));
    span.appendChild(document.createTextNode(value.text));
    node.appendChild(span);
    return node;
  }

  /** The block's content for an answer, as DataBlockHTML.swift writes it. */
  function dataRender(box, block, body, spec) {
    box.textContent = "";
    var groups = block.kind === "details" ? null : dataGroups(block, body, spec.lang);
    var details = block.kind === "details" ? dataValueAt(body, block.items) : null;
    if (groups ? !groups.length : !details || typeof details !== "object" || Array.isArray(details)) {
      box.appendChild(dataElement("p", "fg-data-empty", block.empty));
      return;
    }
    if (!groups) {
      var summary = box.appendChild(dataElement("dl", "fg-summary-list"));
      block.columns.forEach(function (column) {
        var row = summary.appendChild(dataElement("div", "fg-summary-row"));
        row.appendChild(dataElement("dt", "fg-summary-key", column.label));
        row.appendChild(dataCell(dataElement("dd", "fg-summary-value"), column, details, spec));
      });
      return;
    }
    groups.forEach(function (group, number) {
      var id = "fg-data-" + block.index + "-" + number;
      if (block.kind === "table") {
        var region = box.appendChild(dataElement("div", "fg-table")), table = region.appendChild(dataElement("table", "fg-data-table"));
        region.setAttribute("role", "region");
        region.tabIndex = 0;
        region.setAttribute("aria-labelledby", id);
        table.appendChild(dataElement("caption", "fg-caption", group.label === null ? block.title || "" : group.label)).id = id;
        var head = table.appendChild(dataElement("thead")).appendChild(dataElement("tr")), rows = table.appendChild(dataElement("tbody"));
        block.columns.forEach(function (column) { head.appendChild(dataElement("th", dataNumeric(column) ? "fg-num" : "", column.label)).setAttribute("scope", "col"); });
        group.entries.forEach(function (entry) {
          var row = rows.appendChild(dataElement("tr"));
          block.columns.forEach(function (column) { row.appendChild(dataCell(dataElement("td", dataNumeric(column) ? "fg-num" : ""), column, entry, spec)); });
        });
        return;
      }
      if (group.label !== null) box.appendChild(dataElement("h3", "fg-data-group", group.label));
      var list = box.appendChild(dataElement("ul", "fg-data-list"));
      group.entries.forEach(function (entry) {
        var pairs = list.appendChild(dataElement("li")).appendChild(dataElement("dl", "fg-data-pairs"));
        block.columns.forEach(function (column) {
          var pair = pairs.appendChild(dataElement("div"));
          pair.appendChild(dataElement("dt", "", column.label));
          pair.appendChild(dataCell(dataElement("dd"), column, entry, spec));
        });
      });
    });
  }

  function dataNumeric(column) { return column.format === "number" || column.format === "currency" || column.format === "change"; }

  /** Fetches a source and fills its blocks: loading, then the answer or the error with Retry (which focuses the block). */
  function dataLoad(spec, source) {
    var blocks = spec.blocks.filter(function (block) { return block.source === source.id; });
    var boxes = blocks.map(function (block) { return document.getElementById("fg-data-" + block.index + "-body"); });
    /** Empties a block for its loading or error state: a table's caption stays as its label. */
    function cleared(box, block) {
      box.textContent = "";
      if (block.kind === "table" && !block.groupBy) box.appendChild(dataElement("p", "fg-caption", block.title));
      return box;
    }
    boxes.forEach(function (box, index) {
      box.setAttribute("aria-busy", "true");
      cleared(box, blocks[index]).appendChild(dataElement("p", "fg-loading", spec.messages.loading)).setAttribute("role", "status");
    });
    getJSON(source).then(function (body) {
      blocks.forEach(function (block, index) {
        boxes[index].removeAttribute("aria-busy");
        dataRender(boxes[index], block, body, spec);
      });
    }).catch(function () {
      boxes.forEach(function (box, index) {
        box.removeAttribute("aria-busy");
        var alert = cleared(box, blocks[index]).appendChild(dataElement("div", "fg-alert")), retry = dataElement("button", "fg-button fg-button-secondary", spec.messages.retry);
        alert.setAttribute("role", "alert");
        alert.appendChild(dataElement("p", "", spec.messages.dataFailed));
        retry.type = "button";
        retry.addEventListener("click", function () {
          box.tabIndex = -1;
          box.focus();
          dataLoad(spec, source);
        });
        alert.appendChild(retry);
      });
    });
  }

  function dataStart() {
    var specElement = document.getElementById("fg-data-spec");
    if (!specElement) return;
    var spec = JSON.parse(specElement.textContent);
    spec.sources.forEach(function (source) { dataLoad(spec, source); });
  }

  return { valueAt: dataValueAt, format: dataFormat, compare: dataCompare, groups: dataGroups, render: dataRender, start: dataStart };
})();
if (typeof document !== "undefined") dataPage.start();
