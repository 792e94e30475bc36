// xlxq publish: the name search box of every page, on the index of
// search-index.js (window.XLXQ_INDEX: [number, name, unit, page]); no request.
(function () {
  "use strict";
  var box = document.getElementById("q"), hits = document.getElementById("hits");
  var index = window.XLXQ_INDEX || [];
  if (!box || !hits) return;
  // a name or unit as typed, isolated (<bdi>): a right-to-left override in it stays inside
  function isolated(text) {
    var el = document.createElement("bdi");
    el.textContent = text;
    return el;
  }
  function show() {
    var q = box.value.trim().toLowerCase();
    while (hits.firstChild) hits.removeChild(hits.firstChild);
    if (!q) return;
    var n = 0;
    for (var i = 0; i < index.length && n < 20; i++) {
      var row = index[i];
      var text = (row[0] + " " + row[1] + " " + row[2]).toLowerCase();
      if (text.indexOf(q) < 0) continue;
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = row[3];
      a.appendChild(document.createTextNode(row[0] + " "));
      a.appendChild(isolated(row[1]));
      if (row[2]) {
        a.appendChild(document.createTextNode(" · "));
        a.appendChild(isolated(row[2]));
      }
      li.appendChild(a);
      hits.appendChild(li);
      n++;
    }
  }
  box.addEventListener("input", show);
  box.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && hits.firstChild) window.location.href = hits.firstChild.firstChild.href;
  });
})();
