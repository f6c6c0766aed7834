/* The extensions whose files formgen tells by their bytes (UploadRules.extensionTypes in Swift), for files.js: an
   `accept` entry such as `.png` allows a file of that MIME type, so a renamed file does not pass. Joined only into pages
   where a file field's `accept` names one of them (RuntimeScript.namesFileExtension). */
import { extensionTypes } from "./files.js";

Object.assign(extensionTypes, { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".pdf": "application/pdf" });
