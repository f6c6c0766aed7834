/* Masks: typed text formatted to a field's mask (`#` digit, `A` letter, `*` either, anything else literal). */
import { Formgen } from "./api.js";
import { features } from "./page.js";
import { matchesMask } from "./validate.js";

function isSlot(c) { return c === "#" || c === "A" || c === "*"; }
/** Formats typed text to a mask, keeping the caret after the same number of typed characters. */
export function applyMask(mask, value, caret) {
  var shape = Array.from(mask), chars = Array.from(value), typed = [], before = 0, count = 0;
  if (caret === undefined) caret = value.length;
  chars.forEach(function (c) {
    count += c.length;
    if (/^[A-Za-z0-9]$/.test(c)) { typed.push(c); if (count <= caret) before = typed.length; }
  });
  var output = "", used = 0, position = 0, placed = 0;
  for (var i = 0; i < shape.length && used < typed.length; i++) {
    if (isSlot(shape[i])) {
      // A typed character fits a slot as the mask check takes it (one character against one slot).
      while (used < typed.length && !matchesMask(typed[used], shape[i])) { used++; if (used <= before) before--; }
      if (used >= typed.length) break;
      output += typed[used++];
      placed++;
      if (placed <= before) position = output.length;
    } else {
      output += shape[i];
    }
  }
  if (before === 0) position = 0;
  return { value: output, caret: Math.min(position, output.length) };
}

Formgen.applyMask = applyMask;

// Format as the user types.
features.push(function (p) {
  p.form.querySelectorAll("[data-fg-mask]").forEach(function (el) {
    var mask = el.dataset.fgMask;
    el.removeAttribute("maxlength");
    el.addEventListener("input", function (event) {
      var value = el.value, caret = el.selectionStart, last = el.dataset.fgLast;
      if (event.inputType === "deleteContentBackward" && last && value.length < last.length) {
        var gone = last.slice(caret, caret + last.length - value.length);
        if (!/[A-Za-z0-9]/.test(gone)) {
          var head = value.slice(0, caret).replace(/[A-Za-z0-9][^A-Za-z0-9]*$/, "");
          value = head + value.slice(caret);
          caret = head.length;
        }
      }
      var result = applyMask(mask, value, caret);
      el.value = result.value;
      el.dataset.fgLast = result.value;
      if (document.activeElement === el) el.setSelectionRange(result.caret, result.caret);
    });
  });
});
