// The catalogue's factories for Yaq and its baselines (src/config/schedulers.ts, docs/models/yaq.md):
// each reads its parameters by name into the variant's settings.
import { Scheduler, Params } from "../../policy";
import { ORDER_FIFO, ORDER_EJF, ORDER_SRJF, ORDER_LRTF, ORDER_STF } from "./order";
import { YaqSettings, LOAD_WAIT, LOAD_LENGTH, LOAD_RANDOM, LOAD_HEARTBEAT, LOAD_TOPK, LOAD_SAMPLING } from "./base";
import { YaqCentral, CentralSettings, GLOBAL_EJF, GLOBAL_SRJF, GLOBAL_LRTF, GLOBAL_SJF } from "./central";
import { YaqDist, DistSettings } from "./distributed";

function orderByName(s: string): i32 {
  if (s == "srjf") return ORDER_SRJF;
  if (s == "lrtf") return ORDER_LRTF;
  if (s == "stf") return ORDER_STF;
  if (s == "ejf") return ORDER_EJF;
  return ORDER_FIFO;
}

function loadByName(s: string): i32 {
  if (s == "length") return LOAD_LENGTH;
  if (s == "random") return LOAD_RANDOM;
  return LOAD_WAIT;
}

function globalByName(s: string): i32 {
  if (s == "srjf") return GLOBAL_SRJF;
  if (s == "lrtf") return GLOBAL_LRTF;
  if (s == "sjf") return GLOBAL_SJF;
  return GLOBAL_EJF;
}

/** What every variant reads: the admission cap and the heartbeat period. */
function readCommon(s: YaqSettings, p: Params): void {
  s.maxJobs = p.num("maxConcurrentJobs");
  s.heartbeat = p.num("heartbeat");
}

/** yaq-c and yaq-d: the node queues' order and the estimate options (§7 #11-#14). */
function readYaq(s: YaqSettings, p: Params): void {
  s.queueOrder.strategy = orderByName(p.choice("order"));
  s.queueOrder.starveAfter = p.num("ST");
  s.queueOrder.starveRatio = p.num("STr");
  s.estimates.noise = p.num("estNoise");
  s.estimates.refineAfter = p.num("estRefine");
  s.estimates.noPrior = p.choice("estPrior") == "none";
  s.estimates.fallback = p.num("estDefault");
  s.staleProgress = p.choice("progressStaleness") == "heartbeat";
}

/** The RM's dispatch path (yarn, yarn-q, yaq-c). */
function readCentral(p: Params): CentralSettings {
  const s = new CentralSettings();
  readCommon(s, p);
  s.amPeriod = p.num("amPeriod");
  s.launch = p.num("launch");
  return s;
}

export function createYarn(p: Params): Scheduler {
  const s = readCentral(p);
  s.queueBound = 0.0;
  s.placement = LOAD_HEARTBEAT;
  return new YaqCentral(s);
}

export function createYarnQ(p: Params): Scheduler {
  const s = readCentral(p);
  s.queueBound = p.num("queue");
  s.placement = LOAD_HEARTBEAT;
  return new YaqCentral(s);
}

export function createYaqC(p: Params): Scheduler {
  const s = readCentral(p);
  readYaq(s, p);
  s.queueBound = p.num("queue");
  s.maxWait = p.num("maxWait");
  s.placement = loadByName(p.choice("placement"));
  s.freeFractionMin = p.num("rfMin") / 100.0;
  s.capacityA = p.num("capacityA") / 100.0;
  s.globalOrder = globalByName(p.choice("globalOrder"));
  return new YaqCentral(s);
}

/** The job managers' path (yaq-d, mercury, mercury-sampling): the common settings and the
 *  placement rule. */
function readDist(p: Params, placement: i32): DistSettings {
  const s = new DistSettings();
  readCommon(s, p);
  s.placement = placement;
  return s;
}

export function createYaqD(p: Params): Scheduler {
  const s = readDist(p, loadByName(p.choice("placement")));
  readYaq(s, p);
  s.rebalance = p.flag("rebalance");
  return new YaqDist(s);
}

export function createMercury(p: Params): Scheduler {
  const s = readDist(p, LOAD_TOPK);
  s.topK = p.int("topK");
  s.rebalance = p.flag("rebalance");
  return new YaqDist(s);
}

export function createMercurySampling(p: Params): Scheduler {
  const s = readDist(p, LOAD_SAMPLING);
  s.probeRatio = p.num("probeRatio");
  return new YaqDist(s);
}
