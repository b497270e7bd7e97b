// Dice's parameters and the formulas of its controller (seed-dice.md §3.1-§3.3, §3.5): the
// response models, ES's closed nodes, OP's requests. The mechanism: dice.ts; its hosts: hosts.ts.
import { Params } from "../../policy";
import { toI32 } from "../../toolkit/glue";

/** Response models (§3.1). */
export const MODEL_LINEAR: i32 = 0;
export const MODEL_SQUARE: i32 = 1;
export const MODEL_SQRT: i32 = 2;

/** p = f(x) of a response model, x clipped to [0, 1] (Curr > Max acts at full strength, §3.1). */
export function response(model: i32, x: f64): f64 {
  if (!(x > 0.0)) return 0.0;
  if (x > 1.0) x = 1.0;
  if (model == MODEL_SQUARE) return x * x;
  if (model == MODEL_SQRT) return Math.sqrt(x);
  return x;
}

/** ES (§3.2): general nodes to convert, floor(p(Curr/Max) x (maxShort - minShort)). */
export function esNodes(model: i32, curr: f64, maxWait: f64, minShort: i32, maxShort: i32): i32 {
  return toI32(Math.floor(response(model, curr / maxWait) * <f64>(maxShort - minShort)));
}

/** OP (§3.3): requests to send, floor(p(Curr/Max) x currShort x multiplier), at most `general`. */
export function opRequests(model: i32, curr: f64, maxWait: f64, currShort: i32, multiplier: f64, general: i32): i32 {
  const v = Math.floor(response(model, curr / maxWait) * <f64>currShort * multiplier);
  return v >= <f64>general ? general : toI32(v);
}

/** Model index of a model name (the parameter's enum). */
export function modelOf(name: string): i32 {
  if (name == "square") return MODEL_SQUARE;
  if (name == "sqrt") return MODEL_SQRT;
  return MODEL_LINEAR;
}

// A node's phase: none, suspending (the long task's checkpoint is being taken, slot busy: held
// and not inWindow), or in its window (the long task is suspended, the timer runs, short probes
// are served: held and inWindow). The two bitsets below are the phase.

/** Dice's parameters (read once by the factory). */
export class DiceSettings {
  es: bool = true;
  op: bool = true;
  window: f64 = 60.0;
  maxWait: f64 = 1000.0;
  maxShortPercent: f64 = 25.0;
  esModel: i32 = MODEL_LINEAR;
  opModel: i32 = MODEL_SQUARE;
  multiplier: f64 = 1.0;
  suspendDelay: f64 = 3.0;
  resumeDelay: f64 = 10.0;
  suspendTimer: f64 = 100.0;
  maxSuspensions: i32 = 2;
  earlyResume: bool = true;
  randomBlacklist: bool = false;
  countQueued: bool = false;

  static read(p: Params): DiceSettings {
    const s = new DiceSettings();
    s.es = p.flag("es");
    s.op = p.flag("op");
    s.window = p.num("diceWindow");
    s.maxWait = p.num("maxWaitTime");
    s.maxShortPercent = p.num("maxShortPartition");
    s.esModel = modelOf(p.choice("esModel"));
    s.opModel = modelOf(p.choice("opModel"));
    s.multiplier = p.num("opMultiplier");
    s.suspendDelay = p.num("suspendDelay");
    s.resumeDelay = p.num("resumeDelay");
    s.suspendTimer = p.num("suspendTimer");
    s.maxSuspensions = p.int("maxSuspensions");
    s.earlyResume = p.flag("earlyResume");
    s.randomBlacklist = p.choice("esBlacklist") == "random";
    s.countQueued = p.flag("waitIncludesQueued");
    return s;
  }
}
