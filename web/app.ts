// The page: a form generated from the scheduler descriptions and the workloads, a Worker that
// runs the comparison (web/worker.ts), the results as a table and as Vega-Lite plots
// (src/plot/specs.ts) rendered by Vega in the page. The configuration lives in the URL's query
// (web/config.ts): opening a link runs what it describes; an empty one runs the default
// comparison.
import { parse as vegaParse, View } from "vega";
import { compile } from "vega-lite";
import { SCHEDULERS, COMMON_PARAMS } from "../src/config/schedulers.js";
import { WORKLOADS } from "../src/workloads.js";
import { PRESETS } from "../src/config/presets.js";
import { compareCsv, compareJson } from "../src/compare/format.js";
import type { CompareResult } from "../src/compare/grid.js";
import type { RunSummary } from "../src/metrics/summary.js";
import { barsSpec, cdfSpec, seriesSpec, type VegaLiteSpec } from "../src/plot/specs.js";
import {
  CUSTOM_POISSON, LIMITS, UPLOAD, configFromQuery, configToQuery, paramHint, paramSpecs, validate,
  type FieldError, type PageConfig,
} from "./config.js";
import type { FromWorker, ToWorker } from "./protocol.js";
import { CLAIMS, PAPERS, findExperiment } from "../src/reproduce/catalogue.js";
import { claimExperiments } from "../src/reproduce/evaluate.js";
import { fmtOurs, type ReportClaim } from "../src/reproduce/report.js";
import { inQuick } from "../src/reproduce/select.js";
import { claimTraces } from "../src/reproduce/sequential.js";
import { describeSource } from "../src/reproduce/sources.js";

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page: no element #${id}`);
  return el as T;
};
const input = (id: string) => $<HTMLInputElement>(id);
const select = (id: string) => $<HTMLSelectElement>(id);
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const e = Object.assign(document.createElement(tag), props) as HTMLElementTagNameMap[K];
  e.append(...kids);
  return e;
};

const PARAMS = paramSpecs();
const TEXT_FIELDS = ["jobs", "load", "workloadSeed", "tasks", "duration", "nodes", "seeds", "slots", "cutoff"] as const;

// ---------------------------------------------------------------------------------------------
// The form

function buildForm(): void {
  const w = select("workload");
  for (const spec of WORKLOADS) w.append(el("option", { value: spec.name, textContent: spec.name, title: spec.description }));
  w.append(el("option", { value: CUSTOM_POISSON, textContent: "poisson (custom)", title: "Poisson arrivals, your task count and duration distribution" }));
  w.append(el("option", { value: UPLOAD, textContent: "upload a trace (.tr or .csv)…" }));
  input("trace").title = `at most ${LIMITS.traceBytes / 1024 / 1024} MB`;
  $("trace-hint").textContent = `.tr (one job per line) or CSV (one task per row), at most ${LIMITS.traceBytes / 1024 / 1024} MB; read only in this page`;
  const box = $("schedulers");
  for (const s of SCHEDULERS) {
    const cb = el("input", { type: "checkbox", value: s.name, name: "scheduler" });
    box.append(el("label", { title: s.summary }, cb, ` ${s.name}`));
  }
  const preset = select("preset");
  preset.append(el("option", { value: "", textContent: "(none)" }));
  for (const p of PRESETS) preset.append(el("option", { value: p.name, textContent: p.name }));
  const body = $("params").querySelector("tbody")!;
  for (const [name, { spec, schedulers }] of PARAMS) {
    let field: HTMLInputElement | HTMLSelectElement;
    if (spec.kind === "boolean" || spec.kind === "enum") {
      field = el("select", { id: `param-${name}`, name: `param:${name}` });
      field.append(el("option", { value: "", textContent: `default (${String(spec.default)})` }));
      for (const v of spec.kind === "boolean" ? ["true", "false"] : spec.values ?? []) field.append(el("option", { value: v, textContent: v }));
    } else {
      field = el("input", { id: `param-${name}`, name: `param:${name}`, placeholder: String(spec.default), size: 10 });
    }
    field.dataset.param = name;
    const common = COMMON_PARAMS.includes(spec);
    body.append(el("tr", { className: "param", title: spec.description },
      el("td", {}, el("label", { htmlFor: field.id, textContent: name })),
      el("td", {}, field, el("span", { className: "err" })),
      el("td", { textContent: paramHint(spec) }),
      el("td", { textContent: common ? "all" : schedulers.join(", ") })));
    (body.lastElementChild as HTMLElement).dataset.schedulers = common ? "*" : schedulers.join(",");
    (body.lastElementChild!.querySelector(".err") as HTMLElement).dataset.err = `param:${name}`;
  }
  w.addEventListener("change", () => { showWorkloadFields(); updateAbout(); });
  box.addEventListener("change", () => { refreshBaseline(); showParams(); });
  input("trace").addEventListener("change", onTraceChosen);
}

function checkedSchedulers(): string[] {
  return [...$("schedulers").querySelectorAll<HTMLInputElement>("input:checked")].map((c) => c.value);
}

function refreshBaseline(want?: string): void {
  const b = select("baseline");
  const keep = want ?? b.value;
  const names = checkedSchedulers();
  // A baseline outside the selection (from a URL) stays visible so that its error can be shown.
  if (keep !== "" && !names.includes(keep)) names.push(keep);
  b.replaceChildren(...names.map((n) => el("option", { value: n, textContent: n })));
  if (names.includes(keep)) b.value = keep;
}

function showParams(): void {
  const names = new Set(checkedSchedulers());
  for (const tr of $("params").querySelectorAll<HTMLTableRowElement>("tr.param")) {
    const users = tr.dataset.schedulers!;
    const field = tr.querySelector<HTMLInputElement>("[data-param]")!;
    const used = users === "*" || users.split(",").some((s) => names.has(s)) || field.value !== "";
    tr.classList.toggle("unused", !used);
  }
}

function showWorkloadFields(): void {
  const w = select("workload").value;
  const kind = w === UPLOAD ? "upload" : w === CUSTOM_POISSON ? "poisson" : "named";
  for (const row of $("workload-set").querySelectorAll<HTMLElement>(".row")) row.hidden = !row.classList.contains(kind);
}

function updateAbout(): void {
  const w = WORKLOADS.find((x) => x.name === select("workload").value);
  $("workload-about").textContent = w ? w.description : "";
  input("jobs").placeholder = w ? String(w.jobs) : "1000";
  input("load").placeholder = w ? String(w.load) : "0.8";
  $("jobs-hint").textContent = `at most ${LIMITS.jobs.toLocaleString("en-US")}`;
  $("load-hint").textContent = w?.kind === "trace-like"
    ? `offered load; empty: ${w.load} of ${w.nodes.toLocaleString("en-US")} nodes (the trace's rate); given: of this cluster`
    : "offered load, a fraction of the cluster's slots";
}

function fillForm(c: PageConfig): void {
  const w = select("workload");
  w.value = c.workload;
  if (w.value !== c.workload) { // unknown: keep it so that the error names it
    w.append(el("option", { value: c.workload, textContent: c.workload }));
    w.value = c.workload;
  }
  for (const f of TEXT_FIELDS) input(f).value = c[f];
  // A name that is no scheduler (from a URL) gets a box of its own, so that its error can be shown.
  for (const name of c.schedulers) {
    if (SCHEDULERS.some((s) => s.name === name) || $("schedulers").querySelector(`input[value="${CSS.escape(name)}"]`)) continue;
    $("schedulers").append(el("label", { className: "unknown" }, el("input", { type: "checkbox", value: name, name: "scheduler" }), ` ${name} (unknown)`));
  }
  for (const cb of $("schedulers").querySelectorAll<HTMLInputElement>("input")) cb.checked = c.schedulers.includes(cb.value);
  refreshBaseline(c.baseline);
  select("engine").value = c.engine;
  select("preset").value = c.preset;
  if (select("engine").value !== c.engine) { select("engine").append(el("option", { value: c.engine, textContent: c.engine })); select("engine").value = c.engine; }
  if (select("preset").value !== c.preset) { select("preset").append(el("option", { value: c.preset, textContent: c.preset })); select("preset").value = c.preset; }
  for (const f of $("params").querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-param]")) {
    const v = c.params[f.dataset.param!] ?? "";
    if (f instanceof HTMLSelectElement && v !== "" && ![...f.options].some((o) => o.value === v)) f.append(el("option", { value: v, textContent: v }));
    f.value = v;
  }
  showWorkloadFields();
  updateAbout();
  showParams();
}

function readForm(): PageConfig {
  const params: Record<string, string> = {};
  for (const f of $("params").querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-param]")) {
    if (f.value.trim() !== "") params[f.dataset.param!] = f.value.trim();
  }
  const c = {
    workload: select("workload").value, schedulers: checkedSchedulers(), baseline: select("baseline").value,
    engine: select("engine").value, preset: select("preset").value, params,
  } as PageConfig;
  for (const f of TEXT_FIELDS) c[f] = input(f).value;
  return c;
}

function clearErrors(field?: string): void {
  for (const e of document.querySelectorAll<HTMLElement>("[data-err]")) if (field === undefined || e.dataset.err === field) e.textContent = "";
  for (const e of document.querySelectorAll(".bad")) e.classList.remove("bad");
}

/** Each message beside its field (the field outlined); one the page has no place for goes to the top. */
function showErrors(errors: FieldError[]): void {
  for (const e of errors) {
    const slot = document.querySelector<HTMLElement>(`[data-err="${CSS.escape(e.field)}"]`) ?? $("url-errors");
    slot.textContent = slot.textContent ? `${slot.textContent}; ${e.message}` : e.message;
    const target = e.field.startsWith("param:") ? document.getElementById(`param-${e.field.slice(6)}`) : document.getElementById(e.field);
    target?.classList.add("bad");
    if (e.field.startsWith("param:")) target?.closest("tr")?.classList.remove("unused");
  }
}

// ---------------------------------------------------------------------------------------------
// The uploaded trace: size-checked here, read by a Worker (its first problem shown beside it)

let upload: { name: string; bytes: ArrayBuffer; ok: boolean; message?: string } | undefined;

async function onTraceChosen(): Promise<void> {
  clearErrors("trace");
  upload = undefined;
  const file = input("trace").files?.[0];
  if (!file) return;
  if (file.size > LIMITS.traceBytes) {
    showErrors([{ field: "trace", message: `'${file.name}' is ${(file.size / 1024 / 1024).toFixed(1)} MB: the page reads traces of at most ${LIMITS.traceBytes / 1024 / 1024} MB (use the command line, npx aviary run --trace, for larger ones)` }]);
    return;
  }
  const bytes = await file.arrayBuffer();
  $("trace-hint").textContent = `reading ${file.name}…`;
  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const reply = await new Promise<FromWorker>((resolve) => {
    w.onmessage = (ev: MessageEvent<FromWorker>) => resolve(ev.data);
    w.onerror = (ev) => resolve({ type: "checked", ok: false, name: file.name, message: ev.message || "the trace could not be read" });
    const m: ToWorker = { type: "check", name: file.name, bytes: bytes.slice(0) };
    w.postMessage(m);
  });
  w.terminate();
  if (input("trace").files?.[0] !== file) return; // another file was chosen meanwhile
  if (reply.type === "checked" && reply.ok) {
    upload = { name: file.name, bytes, ok: true };
    $("trace-hint").textContent = `${file.name}: ${reply.jobs.toLocaleString("en-US")} jobs, ${reply.tasks.toLocaleString("en-US")} tasks`;
  } else {
    const why = reply.type === "checked" && !reply.ok ? reply.message : "the trace could not be read";
    upload = { name: file.name, bytes, ok: false, message: why };
    $("trace-hint").textContent = "";
    showErrors([{ field: "trace", message: why }]);
  }
}

// ---------------------------------------------------------------------------------------------
// Running

let worker: Worker | undefined;
let running = false;
let last: { result: CompareResult; series: RunSummary[] } | undefined;

function setRunning(on: boolean): void {
  running = on;
  $<HTMLButtonElement>("run").disabled = on;
  $<HTMLButtonElement>("cancel").disabled = !on;
  document.body.classList.toggle("running", on);
}

function startRun(): void {
  if (running) return;
  clearErrors();
  const config = readForm();
  const v = validate(config, upload && { name: upload.name, ok: upload.ok, message: upload.message });
  if (!v.request) { showErrors(v.errors); $("status").textContent = "not run: see the messages beside the fields"; return; }
  const query = configToQuery(config);
  history.replaceState(null, "", `${location.pathname}${query}`);
  $<HTMLAnchorElement>("share").href = `${location.pathname}${query}`;
  worker ??= new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const w = worker;
  setRunning(true);
  const progress = $<HTMLProgressElement>("progress");
  progress.value = 0;
  $("status").textContent = "starting…";
  const t0 = performance.now();
  w.onmessage = (ev: MessageEvent<FromWorker>) => {
    const m = ev.data;
    if (m.type === "progress") {
      const frac = m.jobs ? (m.jobsDone ?? 0) / m.jobs : 0;
      progress.value = (m.done + frac) / m.total;
      $("status").textContent = `${m.done}/${m.total} runs${m.run ? `: ${m.run}` : ""}`;
    } else if (m.type === "done") {
      setRunning(false);
      progress.value = 1;
      $("status").textContent = `${m.result.runs.length} run${m.result.runs.length > 1 ? "s" : ""} done`;
      $("status").title = `in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      last = { result: m.result, series: m.series };
      void showResults(last);
    } else if (m.type === "error") {
      setRunning(false);
      $("status").textContent = "stopped";
      showErrors([{ field: m.field, message: m.message }]);
    }
  };
  w.onerror = (ev) => {
    setRunning(false);
    worker?.terminate();
    worker = undefined;
    showErrors([{ field: "run", message: ev.message || "the worker failed" }]);
  };
  const m: ToWorker = { type: "run", request: v.request, base: location.href,
    trace: v.request.workload.kind === "upload" && upload ? { name: upload.name, bytes: upload.bytes.slice(0) } : undefined };
  w.postMessage(m);
}

function cancelRun(): void {
  if (!running) return;
  worker?.terminate();
  worker = undefined;
  setRunning(false);
  $("status").textContent = "cancelled";
}

// ---------------------------------------------------------------------------------------------
// Results

const fmt = (x: number | null, digits = 4): string => (x === null || !Number.isFinite(x) ? "–" : String(+x.toPrecision(digits)));

function showTable(res: CompareResult): void {
  const hasLong = res.results.some((c) => c.long.jobs > 0);
  const classes = hasLong ? (["short", "long"] as const) : (["short"] as const);
  const label = (cls: string) => (hasLong ? `${cls} ` : "");
  const head1 = el("tr", {}, el("th", { rowSpan: 2, textContent: "nodes" }), el("th", { rowSpan: 2, textContent: "scheduler" }));
  const head2 = el("tr");
  for (const cls of classes) {
    head1.append(el("th", { colSpan: 5, textContent: `${label(cls)}completion time (s)` }), el("th", { colSpan: 3, textContent: `${label(cls)}normalized to ${res.grid.baseline}` }));
    for (const k of ["jobs", "mean", "p50", "p90", "p99", "p50", "p90", "p99"]) head2.append(el("th", { textContent: k }));
  }
  head1.append(el("th", { rowSpan: 2, textContent: "utilization" }));
  const rows = res.results.map((c) => {
    const tr = el("tr", { className: c.scheduler === res.grid.baseline ? "baseline" : "" },
      el("td", { textContent: String(c.nodes) }), el("td", { className: "name", textContent: c.scheduler }));
    const td = (key: string, v: number | null, text = fmt(v)) => {
      const cell = el("td", { textContent: text });
      cell.dataset.cell = `${c.nodes}:${c.scheduler}:${key}`;
      cell.dataset.value = v === null ? "" : String(v);
      return cell;
    };
    for (const cls of classes) {
      tr.append(td(`${cls}.jobs`, c[cls].jobs, String(c[cls].jobs)));
      for (const k of ["mean", "p50", "p90", "p99"] as const) tr.append(td(`${cls}.${k}`, c[cls][k]));
      for (const k of ["p50", "p90", "p99"] as const) tr.append(td(`norm.${cls}.${k}`, c.normalized[cls][k], fmt(c.normalized[cls][k], 3)));
    }
    tr.append(td("utilization", c.utilization, `${(100 * c.utilization).toFixed(1)}%`));
    return tr;
  });
  $("summary").replaceChildren(el("thead", {}, head1, head2), el("tbody", {}, ...rows));
  $("result-about").textContent = `${res.trace.name}: ${res.trace.jobs.toLocaleString("en-US")} jobs, ${res.trace.tasks.toLocaleString("en-US")} tasks; `
    + `${res.grid.engine} engine, ${res.grid.slots} slot${res.grid.slots > 1 ? "s" : ""} per node, seeds ${res.grid.seeds.join(", ")}`
    + `${res.grid.preset ? `, preset ${res.grid.preset}` : ""}${res.grid.cutoff !== null ? `, cutoff ${res.grid.cutoff} s` : ", no cutoff (every job short)"}; `
    + "times are seed averages of per-run percentiles; the CDFs pool every seed's jobs.";
}

const views = new Map<string, View>();

async function render(name: string, spec: () => VegaLiteSpec): Promise<void> {
  const box = $(`plot-${name}`);
  views.get(name)?.finalize();
  views.delete(name);
  box.replaceChildren();
  try {
    const view = new View(vegaParse(compile(spec() as never).spec), { renderer: "svg", container: box, hover: true });
    await view.runAsync();
    views.set(name, view);
    box.dataset.rendered = "true";
  } catch (e) {
    box.dataset.rendered = "false";
    box.append(el("p", { className: "err", textContent: `plot not drawn: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}` }));
  }
}

async function showSeries(): Promise<void> {
  if (!last) return;
  const n = Number(select("series-nodes").value);
  const runs = last.series.filter((r) => r.nodes === n);
  await render("series", () => seriesSpec({ kind: "run", runs }, { title: `${n} nodes, seed ${last!.result.grid.seeds[0]}` }));
}

async function showResults(r: { result: CompareResult; series: RunSummary[] }): Promise<void> {
  $("results").hidden = false;
  showTable(r.result);
  const sn = select("series-nodes");
  sn.replaceChildren(...r.result.grid.nodes.map((n) => el("option", { value: String(n), textContent: `${n} nodes` })));
  sn.hidden = r.result.grid.nodes.length < 2;
  await Promise.all([
    render("cdf", () => cdfSpec({ kind: "compare", compare: r.result })),
    render("bars", () => barsSpec({ kind: "compare", compare: r.result })),
    showSeries(),
  ]);
  $("results").dataset.ready = "true";
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------------------------------------
// Published claims (the catalogue of `aviary reproduce`, src/reproduce/): pick one, run it here

const claimTraceFiles = new Map<string, { name: string; bytes: ArrayBuffer }>();
let claimWorker: Worker | undefined;

function buildClaims(): void {
  const sel = select("claim");
  for (const p of PAPERS) {
    const claims = CLAIMS.filter((c) => c.paper === p.id);
    if (claims.length === 0) continue;
    const group = el("optgroup", { label: p.title });
    for (const c of claims) group.append(el("option", { value: c.id, textContent: `${c.id} — ${c.where}` }));
    sel.append(group);
  }
  const head = el("tr", {}, ...["paper", "claim", "where", "published", "runs", "--quick"].map((h) => el("th", { textContent: h })));
  const rows = CLAIMS.map((c) => {
    const pick = el("a", { href: `?claim=${encodeURIComponent(c.id)}`, textContent: c.id });
    pick.addEventListener("click", (ev) => { ev.preventDefault(); select("claim").value = c.id; showClaim(); $("claims").scrollIntoView(); });
    const tr = el("tr", {}, el("td", { textContent: PAPERS.find((p) => p.id === c.paper)!.title }),
      el("td", {}, pick, el("br"), c.claim), el("td", { textContent: c.where }),
      el("td", { textContent: c.checks.map((k) => `${k.label}: ${k.published}`).join("; ") }),
      el("td", { textContent: claimExperiments(c).map((id) => describeSource(findExperiment(id).source)).join("; ") }),
      el("td", { textContent: inQuick(c) ? "yes" : "no" }));
    tr.dataset.claim = c.id;
    return tr;
  });
  $("catalogue").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  sel.addEventListener("change", showClaim);
  $("run-claim").addEventListener("click", runClaim);
}

function showClaim(): void {
  const c = CLAIMS.find((x) => x.id === select("claim").value);
  clearErrors("claim");
  $("claim-result").replaceChildren();
  if (!c) return;
  $("claim-about").textContent = `${c.claim} (${c.where}). Runs: ${claimExperiments(c).map((id) => `${id}: ${describeSource(findExperiment(id).source)}`).join("; ")}.`
    + (inQuick(c) ? "" : " Not in --quick: run it with quick off.");
  const box = $("claim-traces");
  box.replaceChildren();
  for (const name of claimTraces(c)) {
    const inputEl = el("input", { type: "file", accept: ".tr,.csv,.txt" });
    inputEl.dataset.trace = name;
    const hint = el("span", { className: "hint", textContent: claimTraceFiles.has(name) ? `${claimTraceFiles.get(name)!.name} loaded` : "" });
    inputEl.addEventListener("change", async () => {
      const f = inputEl.files?.[0];
      if (!f) return;
      if (f.size > LIMITS.traceBytes) { showErrors([{ field: "claim", message: `'${f.name}' is larger than ${LIMITS.traceBytes / 1024 / 1024} MB` }]); return; }
      claimTraceFiles.set(name, { name: f.name, bytes: await f.arrayBuffer() });
      hint.textContent = `${f.name} loaded`;
    });
    box.append(el("div", { className: "row" }, el("label", {}, `${name}.tr `, inputEl), hint));
  }
}

function runClaim(): void {
  const c = CLAIMS.find((x) => x.id === select("claim").value);
  if (!c) return;
  clearErrors("claim");
  const quick = input("claim-quick").checked;
  const seedsText = input("claim-seeds").value.trim();
  const seeds = seedsText === "" ? undefined : Number(seedsText);
  if (seeds !== undefined && !(Number.isInteger(seeds) && seeds >= 1 && seeds <= 100)) {
    showErrors([{ field: "claim", message: "seeds: an integer in [1, 100], or empty for the claim's own" }]);
    return;
  }
  if (quick && !inQuick(c)) { showErrors([{ field: "claim", message: "this claim is not in --quick: untick quick" }]); return; }
  const missing = claimTraces(c).filter((n) => !claimTraceFiles.has(n));
  if (missing.length > 0) { showErrors([{ field: "claim", message: `choose ${missing.map((n) => `${n}.tr`).join(", ")} first` }]); return; }
  claimWorker?.terminate();
  const w = claimWorker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const bar = $<HTMLProgressElement>("claim-progress");
  bar.value = 0;
  $("claim-status").textContent = "starting…";
  $("claim-result").dataset.ready = "false";
  $<HTMLButtonElement>("run-claim").disabled = true;
  w.onmessage = (ev: MessageEvent<FromWorker>) => {
    const m = ev.data;
    if (m.type === "claim-progress") {
      bar.value = m.done / Math.max(1, m.total);
      $("claim-status").textContent = `${m.done}/${m.total} runs (${m.unit})`;
    } else if (m.type === "claim-done") {
      $<HTMLButtonElement>("run-claim").disabled = false;
      bar.value = 1;
      $("claim-status").textContent = `${m.result.id}: ${m.result.verdict}`;
      showClaimResult(m.result);
      w.terminate();
    } else if (m.type === "error") {
      $<HTMLButtonElement>("run-claim").disabled = false;
      $("claim-status").textContent = "stopped";
      showErrors([{ field: "claim", message: m.message }]);
      w.terminate();
    }
  };
  const traces: Record<string, { name: string; bytes: ArrayBuffer }> = {};
  for (const n of claimTraces(c)) traces[n] = { name: claimTraceFiles.get(n)!.name, bytes: claimTraceFiles.get(n)!.bytes.slice(0) };
  const m: ToWorker = { type: "claim", claim: c.id, quick, seeds, engine: "wasm", traces, base: location.href };
  w.postMessage(m);
}

function showClaimResult(r: ReportClaim): void {
  const head = el("tr", {}, ...["measured", "published", "ours: mean ± 95 % interval (seeds)", "rule", "verdict"].map((h) => el("th", { textContent: h })));
  const rows = r.checks.map((k, i) => {
    const ours = el("td", { textContent: k.verdict === "skipped" ? `skipped: ${k.note ?? ""}` : fmtOurs(k.ours) });
    ours.dataset.check = String(i);
    ours.dataset.mean = k.ours ? String(k.ours.mean) : "";
    ours.dataset.lo = k.ours ? String(k.ours.ci[0]) : "";
    ours.dataset.hi = k.ours ? String(k.ours.ci[1]) : "";
    ours.dataset.n = k.ours ? String(k.ours.n) : "";
    const verdict = el("td", { className: `verdict-${k.verdict.replace(/ /g, "-")}`, textContent: k.verdict });
    verdict.dataset.verdict = k.verdict;
    return el("tr", {}, el("td", { textContent: k.label }), el("td", { textContent: k.published }), ours, el("td", { textContent: k.rule }), verdict);
  });
  const total = el("tr", {}, el("td", { colSpan: 4, textContent: `${r.claim} (${r.where})${r.reason && r.verdict !== "reproduced" ? ` — why: ${r.reason.text}` : ""}` }),
    el("td", { className: `verdict-${r.verdict.replace(/ /g, "-")}`, textContent: r.verdict }));
  (total.lastElementChild as HTMLElement).dataset.verdict = r.verdict;
  (total.lastElementChild as HTMLElement).id = "claim-verdict";
  $("claim-result").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, total));
  $("claim-result").dataset.ready = "true";
}

function main(): void {
  buildForm();
  buildClaims();
  // `?claim=ID` opens the page on a claim of the catalogue (and runs nothing until asked).
  const query = new URLSearchParams(location.search);
  const claim = query.get("claim");
  query.delete("claim");
  if (claim !== null) {
    select("claim").value = claim;
    showClaim();
    if (!CLAIMS.some((c) => c.id === claim)) {
      showErrors([{ field: "claim", message: `unknown claim '${claim}' in the link: choose one from the list (aviary reproduce --list)` }]);
    }
    $("claims").scrollIntoView();
  } else {
    showClaim();
  }
  const { config, errors } = configFromQuery(query.toString() ? `?${query}` : "");
  fillForm(config);
  $<HTMLAnchorElement>("share").href = `${location.pathname}${location.search}`;
  $("config").addEventListener("submit", (ev) => { ev.preventDefault(); startRun(); });
  $("cancel").addEventListener("click", cancelRun);
  select("series-nodes").addEventListener("change", () => void showSeries());
  $("dl-json").addEventListener("click", () => last && download("aviary-compare.json", "application/json", compareJson(last.result)));
  $("dl-csv").addEventListener("click", () => last && download("aviary-compare.csv", "text/csv", compareCsv(last.result)));
  for (const b of document.querySelectorAll<HTMLButtonElement>(".dl-svg")) {
    b.addEventListener("click", async () => {
      const v = views.get(b.dataset.plot!);
      if (v) download(`aviary-${b.dataset.plot}.svg`, "image/svg+xml", await v.toSVG());
    });
  }
  if (errors.length > 0) {
    showErrors(errors);
    $("status").textContent = "not run: the link has problems (see above)";
    return;
  }
  if (config.workload === UPLOAD) {
    showErrors([{ field: "trace", message: "this link names an uploaded trace: choose the file, then Run" }]);
    return;
  }
  if (claim !== null) return; // a claim's link runs nothing by itself
  startRun(); // the link's configuration, or the default comparison
}

main();
