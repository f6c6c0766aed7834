/* The `accept` entries of a file field that are not MIME types, for files.js: an extension formgen tells by its bytes
   (UploadRules.extensionTypes in Swift) allows a file of that MIME type, so a renamed file does not pass; another
   extension a file of that name; `image/*` any image. Joined only into pages where a file field's `accept` has such an
   entry (RuntimeScript.namesFileExtension): where every entry is a MIME type, files.js compares types alone. */
import { accepts } from "./files.js";

// The extension types sit in the function: a top-level name here would shift the names the minifier gives every module.
accepts.entry = function (entry, mime, lower) {
  var known = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".pdf": "application/pdf" }[entry];
  if (known) return mime === known;
  if (entry.charAt(0) === ".") return lower.slice(-entry.length) === entry;
  if (entry.slice(-2) === "/*") return mime.indexOf(entry.slice(0, -1)) === 0;
  return mime === entry;
};
