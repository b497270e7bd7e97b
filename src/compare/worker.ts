// A compare worker: loads its own engine once, then runs one simulation per request on the
// shared trace and replies with the run's summary (or a one-line error).
import { parentPort, workerData } from "node:worker_threads";
import { loadEngine } from "../engine/node.js";
import { loadEngineDir } from "../engine/dir.js";
import { resolveConfig } from "../config/config.js";
import { runSimulation } from "../simulate.js";
import { classCompletionTimes, summarize } from "../metrics/summary.js";
import { InputError } from "../errors.js";
import type { RunRequest, WorkerInit, WorkerReply } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("the compare worker must run in a worker thread");
const init = workerData as WorkerInit;
// (an engine folder brings the catalogue the configurations are resolved with)
const dir = init.engineDir === undefined ? undefined : loadEngineDir(init.engineDir);
const factory = dir ? dir.then((d) => d.load(init.engine)) : loadEngine(init.engine);
factory.catch(() => {}); // reported with the first request

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message || e.name : String(e);
  return msg.split("\n")[0].trim() || "unknown error";
}

port.on("message", (req: RunRequest) => {
  Promise.all([factory, dir]).then(([f, d]) => {
    // (a grid's output is summaries, which hold no policy series: its rows are dropped in the engine)
    const r = runSimulation(f, init.trace, resolveConfig(req.config, d?.catalogue), { policySeries: false });
    const reply: WorkerReply = { type: "result", index: req.index, summary: summarize(r, req.cutoff ?? undefined) };
    if (req.times) {
      reply.times = classCompletionTimes(r, req.cutoff ?? undefined);
      port.postMessage(reply, [reply.times.short.buffer as ArrayBuffer, reply.times.long.buffer as ArrayBuffer]);
    } else {
      port.postMessage(reply);
    }
  }).catch((e: unknown) => {
    const reply: WorkerReply = { type: "error", index: req.index, message: firstLine(e), input: e instanceof InputError };
    port.postMessage(reply);
  });
});
