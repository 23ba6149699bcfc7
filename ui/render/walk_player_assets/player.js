// The walk player (ui/render/walk_player.py): rebuilds frame k from packed chunks and edits, in the browser.
(() => {
  const D = JSON.parse(document.getElementById("wp-data").textContent);
  const P = D.packed, N = D.total, Q = {};
  for (const q of D.questions) (Q[q.step] = Q[q.step] || []).push(q);  // a step's questions, asked in order
  const $ = (id) => document.getElementById(id);
  const frame = $("wp-frame"), slider = $("wp-slider"), count = $("wp-count"), box = $("wp-question");
  const auto = $("wp-auto"), ask = $("wp-ask"), score = $("wp-score");
  const parentDoc = (() => { try { return window.parent.document; } catch (e) { return null; } })();
  // frame k's chunk numbers: edits applied from the last kept frame (one kept every 64 steps)
  const kept = {0: P.first.slice()};
  let cur = P.first.slice(), at = 0;
  const build = (target) => {
    if (target < at) { const base = Math.floor(target / 64) * 64; cur = kept[base].slice(); at = base; }
    while (at < target) {
      for (const e of P.edits[at]) cur.splice(e[0], e[1], ...e.slice(2));
      at++;
      if (at % 64 === 0 && !kept[at]) kept[at] = cur.slice();
    }
    return cur;
  };
  let k = 0, pending = null, rest = [], timer = null;
  const store = (() => { try { return window.parent.sessionStorage; } catch (e) { return window.sessionStorage; } })();
  const scoreKey = "rougeLensScore:" + D.id;
  const readScore = () => { try { return JSON.parse(store.getItem(scoreKey)) || {right: 0, asked: 0, seen: {}}; }
    catch (e) { return {right: 0, asked: 0, seen: {}}; } };
  const showScore = () => { if (score) { const s = readScore(); score.textContent = s.asked ? `Right first time: ${s.right} / ${s.asked}` : ""; } };
  const fit = () => { if (window.frameElement) window.frameElement.style.height = document.documentElement.scrollHeight + "px"; };
  const draw = (target, scroll) => {
    k = Math.max(0, Math.min(N, target));
    frame.innerHTML = build(k).map((i) => P.chunks[i]).join("");
    slider.value = String(k);
    // the count is a live region: it also says what the step did (the table's own line), for a screen reader
    const said = frame.querySelector(".rl-dp-title small");
    count.innerHTML = `Step ${k} of ${N}` + (said ? `<span class="wp-sr">: ${esc(said.textContent)}</span>` : "");
    document.querySelectorAll("[data-go]").forEach((b) => {
      b.disabled = (b.dataset.go === "first" || b.dataset.go === "back") ? k === 0 : k === N;
    });
    try {  // the address is a deep link to this step (a reload opens it)
      const u = new URL(window.parent.location.href);
      if (u.searchParams.get("step") !== String(k)) { u.searchParams.set("step", String(k)); window.parent.history.replaceState(window.parent.history.state, "", u); }
    } catch (e) { /* not same-origin: the step stays out of the address */ }
    fit();
    if (scroll) { const now = frame.querySelector(".rl-now, .rl-current, .rl-path"); if (now) now.scrollIntoView({block: "nearest", inline: "nearest"}); }
  };
  const clearQuestion = () => { pending = null; rest = []; box.hidden = true; box.innerHTML = ""; frame.classList.remove("wp-asking"); fit(); };
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  // the answer key (rouge_core/teach/questions answer_key): answer normalised (a float, [row, col] or a
  // lower-cased choice), tolerance (slack included), wrong: [{answer, say}], text: the answer as written
  const normal = (kind, given) => {
    if (kind === "cell") {  // a clicked cell [row, col], or one typed as "3,3", "(3, 3)" or "3 3"
      if (Array.isArray(given)) return given;
      const m = String(given).trim().match(/^\(?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?$/);
      return m ? [Number(m[1]), Number(m[2])] : null;
    }
    const t = String(given).trim();
    if (kind === "choice") return t.toLowerCase();
    const f = t.replace(/\s*\/\s*/, "/").split("/");
    if (f.length > 2 || !f.every((x) => /^[+-]?(\d+\.?\d*|\.\d+)$/.test(x))) return null;
    const x = f.length === 2 ? Number(f[0]) / Number(f[1]) : Number(f[0]);
    return isFinite(x) ? x : null;
  };
  const same = (q, a, b) => q.kind === "number" ? Math.abs(a - b) <= (q.tolerance || 0) + 1e-9
    : q.kind === "cell" ? a[0] === b[0] && a[1] === b[1] : a === b;
  const shown = (q) => q.text ?? (q.kind === "cell" ? `${q.answer[0]},${q.answer[1]}` : String(q.answer));
  // one answer: right or wrong with the reason; a right one (or "Show the answer") reveals the step
  const answer = (given) => {
    const q = pending; if (!q) return;
    const got = normal(q.kind, given), out = box.querySelector(".wp-said");
    if (got === null) {
      out.innerHTML = q.kind === "cell" ? '<span class="wp-wrong">Not a cell:</span> write it as row,col, e.g. 3,3.'
        : '<span class="wp-wrong">Not a number:</span> write e.g. 2, 0.75 or 3/4.';
      fit(); return;
    }
    const right = same(q, got, q.answer);
    const s = readScore();
    const id = q.step + ":" + q.prompt;  // right first time counts each question once
    if (!s.seen[id]) { s.seen[id] = 1; s.asked++; if (right) s.right++; store.setItem(scoreKey, JSON.stringify(s)); }
    showScore();
    if (right) { reveal(`<span class="wp-right">Right.</span> ${esc(q.reason || "")}`); return; }
    const hit = (q.wrong || []).find((w) => same(q, got, w.answer));
    out.innerHTML = `<span class="wp-wrong">Not quite.</span> ${esc(hit ? hit.say : q.reason || "")} Try again, or show the answer.`;
    fit();
  };
  const reveal = (said) => {
    const q = pending, more = rest.slice();
    if (more.length) {  // the step's next question first, with what was just said above it
      askFor(more); box.insertAdjacentHTML("afterbegin", `<div class="wp-before">${said}</div>`); fit(); return;
    }
    clearQuestion(); draw(q.step, true);
    box.hidden = false; box.innerHTML = `<div class="wp-said">${said}</div>`; fit();
  };
  const showAnswer = () => { const q = pending; if (q) reveal(`The answer: <b>${esc(shown(q))}</b>. ${esc(q.reason || "")}`); };
  const askFor = (list) => {
    const q = list[0]; pending = q; rest = list.slice(1); box.hidden = false; stopAuto();
    let input = "";
    if (D.lecture) input = '<div class="wp-note">Call out your answers; Space or Enter shows the answer.</div>';
    else if (q.kind === "number") input = '<input type="text" inputmode="decimal" autocomplete="off" id="wp-num" aria-label="Your answer (e.g. 2, 0.75 or 3/4)"> <button type="button" id="wp-check">Check</button>';
    else if (q.kind === "choice") input = q.choices.map((c, i) => `<button type="button" data-choice="${i}">${esc(c)}</button>`).join("");
    else input = '<div>Click the cell in the table, or type it as row,col:</div>' +
      '<input type="text" autocomplete="off" id="wp-num" aria-label="The cell, as row,col (e.g. 3,3)"> <button type="button" id="wp-check">Check</button>';
    box.innerHTML = `<div class="wp-prompt">${esc(q.prompt)}</div>${input}<div class="wp-said" aria-live="polite"></div>` +
      '<button type="button" id="wp-show">Show the answer</button>';
    if (q.kind === "cell" && !D.lecture) frame.classList.add("wp-asking");
    const num = $("wp-num");
    if (num) { $("wp-check").onclick = () => answer(num.value); num.onkeydown = (e) => { if (e.key === "Enter") { e.preventDefault(); answer(num.value); } }; num.focus(); }
    box.querySelectorAll("[data-choice]").forEach((b) => { b.onclick = () => answer(q.choices[Number(b.dataset.choice)]); });
    $("wp-show").onclick = showAnswer;
    fit();
  };
  // cells answer "click the cell": row a = the table row under the header, column b = the cell after the row label
  frame.addEventListener("click", (e) => {
    if (!pending || pending.kind !== "cell") return;
    const td = e.target.closest("td"); if (!td) return;
    const tr = td.parentElement, table = tr.closest("table");
    answer([Array.from(table.rows).indexOf(tr) - 1, td.cellIndex - 1]);
  });
  const go = (target) => {
    target = Math.max(0, Math.min(N, target));
    clearQuestion();
    if (target === k + 1 && ask && ask.checked && Q[target]) { askFor(Q[target]); return; }
    draw(target, true);
  };
  const stopAuto = () => { if (timer !== null) { clearInterval(timer); timer = null; } if (auto) auto.checked = false; };
  auto.onchange = () => {
    if (!auto.checked) { stopAuto(); return; }
    timer = setInterval(() => { if (pending) return; if (k >= N) { stopAuto(); return; } go(k + 1); }, 1000);
  };
  if (ask) ask.onchange = () => { if (!ask.checked && pending) clearQuestion(); };
  document.querySelectorAll("[data-go]").forEach((b) => {
    b.onclick = () => go({first: 0, back: k - 1, next: k + 1, last: N}[b.dataset.go]);
  });
  slider.oninput = () => go(Number(slider.value));
  const typing = (t) => t && (t.isContentEditable || ["TEXTAREA", "SELECT"].includes(t.tagName) ||
    (t.tagName === "INPUT" && !["range", "checkbox", "button", "radio"].includes(t.type)));
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return false;
    if (pending && D.lecture && (e.key === " " || e.key === "Enter")) { showAnswer(); return true; }
    if (e.key === "ArrowRight") go(k + 1); else if (e.key === "ArrowLeft") go(k - 1);
    else if (e.key === "Home") go(0); else if (e.key === "End") go(N); else return false;
    return true;
  };
  document.addEventListener("keydown", (e) => { if (onKey(e)) e.preventDefault(); });
  if (parentDoc) {
    // the keys on the page: one listener, this player's (Streamlit replaces the frame on a rerun, and a
    // listener made in a frame that is gone never runs again, so each new player swaps in its own)
    const onPage = (e) => {
      if (!window.frameElement || !window.frameElement.isConnected) return;  // this player left the page
      if (onKey(e)) e.preventDefault();
    };
    if (parentDoc.__rougeLensPlayerKeys) parentDoc.removeEventListener("keydown", parentDoc.__rougeLensPlayerKeys);
    parentDoc.__rougeLensPlayerKeys = onPage;
    parentDoc.addEventListener("keydown", onPage);
    parentDoc.__rougeLensPlayer = {step: () => k, total: N, go: go};  // for tests and the benchmark
  }
  showScore();
  draw(D.start, false);
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(fit).observe(document.body);
  if (D.lecture && window.frameElement) {  // the stepper and the current step on the first screen
    setTimeout(() => {
      window.frameElement.scrollIntoView({block: "start"});
      const now = frame.querySelector(".rl-now, .rl-current, .rl-path"); if (now) now.scrollIntoView({block: "nearest", inline: "nearest"});
    }, 300);
  }
})();
