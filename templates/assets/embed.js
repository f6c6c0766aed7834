/* formgen embed.js: shows a formgen form inside another site's page. Write where the form goes
     <div data-formgen-form="https://forms.example.org/contact/" data-title="Contact us"></div>
   and load this script (the form's reference page gives both lines). It puts the form in an <iframe> with that
   title and sets the frame's height to the form's: it says hello to the form's origin once the frame has loaded and
   takes height messages only from that origin and that frame. The form answers only origins its `embed.origins` lists. */
(function () {
  "use strict";
  function embed(holder) {
    if (holder.querySelector("iframe")) return;
    var src = new URL(holder.getAttribute("data-formgen-form"), document.baseURI), frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = holder.getAttribute("data-title") || "Form";
    frame.style.cssText = "display:block;width:100%;border:0;height:" + (parseInt(holder.getAttribute("data-height"), 10) || 600) + "px";
    window.addEventListener("message", function (event) {
      var data = event.data, height = data && Number(data.height);
      if (event.origin !== src.origin || event.source !== frame.contentWindow || !data || data.formgen !== "height") return;
      if (height > 0 && height < 100000) frame.style.height = Math.ceil(height) + "px";
    });
    frame.addEventListener("load", function () { frame.contentWindow.postMessage({ formgen: "hello" }, src.origin); });
    holder.appendChild(frame);
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-formgen-form]"), embed);
})();
