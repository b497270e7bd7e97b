// The closed forms the analytic claims evaluate (issue #38): Pigeon's Eqs. (1)-(6)
// (src/analysis/queueing.ts) and Yaq's Eqs. (1)-(2) (src/analysis/yaq.ts), by name, so that a
// catalogue entry stays plain data. Browser-safe.
import {
  pigeonJobZeroQueueEqual, pigeonJobZeroQueueExp, pigeonMeanTaskWait, pigeonTaskZeroQueue, sparrowJobZeroQueue,
} from "../analysis/queueing.js";
import { sizeEq1, sizeEq2 } from "../analysis/yaq.js";

type Args = Record<string, number>;

const need = (args: Args, ...names: string[]): number[] => names.map((n) => {
  const v = args[n];
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`analytic value: argument '${n}' is missing`);
  return v;
});

/** name -> (args) -> value. */
export const ANALYTIC: Record<string, { text: string; fn: (a: Args) => number }> = {
  "pigeon-eq1": { text: "Eq. (1): P_task(0) = 1 − Erlang C(N_w, ρ N_w)", fn: (a) => pigeonTaskZeroQueue(...need(a, "nw", "rho") as [number, number]) },
  "pigeon-eq2-share": {
    text: "Eq. (2) plus the communication: (T_q + 3 × 0.5 ms) / T_e",
    fn: (a) => {
      const [nw, rho, te] = need(a, "nw", "rho", "te");
      return (pigeonMeanTaskWait(nw, rho, te) + 0.0015) / te;
    },
  },
  "pigeon-eq3": { text: "Eq. (3): P_job(0) = P_task(0)^F (equal task times)", fn: (a) => pigeonJobZeroQueueEqual(...need(a, "nw", "rho", "f") as [number, number, number]) },
  "sparrow-eq4": { text: "Eq. (4): Sparrow's P_job(0) with 2F probes", fn: (a) => sparrowJobZeroQueue(...need(a, "rho", "f") as [number, number]) },
  "pigeon-eq6": { text: "Eq. (6): P_job(0) ≈ P_task(0) e^(−T_q/T_e) (exponential tasks)", fn: (a) => pigeonJobZeroQueueExp(...need(a, "nw", "rho", "te") as [number, number, number]) },
  "yaq-eq1": {
    text: "Eq. (1): the smallest queue length b by the Chernoff bound",
    fn: (a) => { const [slots, mean, heartbeat, target] = need(a, "slots", "mean", "heartbeat", "target"); return sizeEq1({ slots, mean, heartbeat, target }); },
  },
  "yaq-eq2": {
    text: "Eq. (2): the smallest queue length b, exact (Erlang)",
    fn: (a) => { const [slots, mean, heartbeat, target] = need(a, "slots", "mean", "heartbeat", "target"); return sizeEq2({ slots, mean, heartbeat, target }); },
  },
};

export function analyticValue(name: string, args: Args): number {
  const f = ANALYTIC[name];
  if (!f) throw new Error(`unknown analytic value '${name}' (known: ${Object.keys(ANALYTIC).join(", ")})`);
  return f.fn(args);
}
