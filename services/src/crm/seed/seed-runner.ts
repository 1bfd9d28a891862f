/**
 * Seeds customers, then deals of those customers, then tasks about them, each record through the CRM's
 * commands (`SeedCommands`: the customers, deals and tasks services), with bounded concurrency and a
 * progress bar per entity. Deterministic for a given `seed` (the ids come from the services).
 */
import { runBounded } from './bounded.ts';
import { type DealPlan, customerPlan, dealPlan, taskPlan, type CommunicationPlan, type CustomerPlan, type TaskPlan } from './generators.ts';
import { type ProgressFactory, silentProgress } from './progress.ts';
import { createRandom } from './random.ts';

/** The commands the seed goes through; `at` is when it happened (the events carry it). */
export interface SeedCommands {
  createCustomer(plan: CustomerPlan, assignedTo: string): Promise<string>;
  logCommunication(customerId: string, plan: CommunicationPlan, assignedTo: string): Promise<void>;
  createDeal(plan: DealPlan, customerId: string, assignedTo: string): Promise<string>;
  moveDeal(dealId: string, move: DealPlan['moves'][number], assignedTo: string): Promise<void>;
  createTask(plan: TaskPlan, customerId: string | null, dealId: string | null, assignedTo: string): Promise<string>;
  /** Moves a task to its final status (completed, cancelled, in_progress) at `plan.statusAt`. */
  finishTask(taskId: string, plan: TaskPlan, assignedTo: string): Promise<void>;
}

export interface SeedCounts {
  customers: number;
  deals: number;
  tasks: number;
}

export interface SeedOptions extends SeedCounts {
  commands: SeedCommands;
  /** Account ids the records are assigned to (round robin, weighted to the first: the admin). */
  assignees: readonly string[];
  seed: number;
  concurrency: number;
  now: Date;
  progress?: ProgressFactory;
  signal?: AbortSignal;
  /** Log the customers' communications too (default true; the benches' bulk fill leaves them out). */
  communications?: boolean;
  /** Number of the first customer (e-mails stay unique across several runs into one database). */
  customerOffset?: number;
}

export interface PhaseResult {
  records: number;
  /** Commands sent for this entity (creation plus communications, moves, status changes). */
  commands: number;
  failed: number;
  seconds: number;
  perSecond: number;
}

export interface SeedResult {
  customers: PhaseResult;
  deals: PhaseResult;
  tasks: PhaseResult;
  seconds: number;
  firstError: string | null;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function seedCrm(o: SeedOptions): Promise<SeedResult> {
  const progress = o.progress ?? silentProgress;
  const rng = createRandom(o.seed);
  const started = performance.now();
  const assignee = (k: number) => (o.assignees.length === 1 || k % 3 === 0 ? o.assignees[0]! : o.assignees[k % o.assignees.length]!);
  let firstError: string | null = null;

  // Plans are drawn up front (in order) so the data depends on the seed only, not on completion order.
  const customerIds: string[] = new Array<string>(o.customers);
  const customerAt = new Float64Array(o.customers);
  const customerNames: string[] = new Array<string>(o.customers);
  const customerCompanies: string[] = new Array<string>(o.customers);

  async function phase(label: string, unit: string, total: number, work: (i: number) => Promise<number>): Promise<PhaseResult> {
    const t0 = performance.now();
    const bar = progress(label, total, unit);
    let commands = 0;
    try {
      const r = await runBounded(
        total,
        o.concurrency,
        async (i) => {
          const n = await work(i);
          commands += n;
        },
        (done) => bar.update(done),
        o.signal,
      );
      if (r.errors.length && !firstError) firstError = describe(r.errors[0]);
      const seconds = (performance.now() - t0) / 1000;
      return { records: r.done - r.failed, commands, failed: r.failed, seconds, perSecond: seconds > 0 ? (r.done - r.failed) / seconds : 0 };
    } finally {
      bar.stop();
    }
  }

  // Customers: drawn in chunks so a million plans never sit in memory at once.
  const CHUNK = 10_000;
  let plans: CustomerPlan[] = [];
  let chunkStart = -CHUNK;
  const firstEmails = new Set<string>();
  const customers = await phase('customers', 'customers', o.customers, async (i) => {
    if (i >= chunkStart + CHUNK) {
      chunkStart = Math.floor(i / CHUNK) * CHUNK;
      plans = [];
      for (let k = chunkStart; k < Math.min(o.customers, chunkStart + CHUNK); k++) {
        const n = k + (o.customerOffset ?? 0);
        const plan = customerPlan(rng, o.now, n);
        // The first thousand e-mails carry no number, so a name and company drawn twice would repeat one: an e-mail
        // belongs to one customer, so the repeat gets the number.
        if (n < 1000 && firstEmails.has(plan.email)) plan.email = plan.email.replace('@', `.${n}@`);
        if (n < 1000) firstEmails.add(plan.email);
        plans.push(plan);
      }
    }
    const plan = plans[i - chunkStart]!;
    const owner = assignee(i);
    const id = await o.commands.createCustomer(plan, owner);
    customerIds[i] = id;
    customerAt[i] = plan.at.getTime();
    customerNames[i] = plan.name;
    customerCompanies[i] = plan.company;
    if (o.communications === false) return 1;
    for (const c of plan.communications) await o.commands.logCommunication(id, c, owner);
    return 1 + plan.communications.length;
  });
  const live = [...customerIds.keys()].filter((i) => customerIds[i] !== undefined);

  // Deals of existing customers, assigned to the customer's owner.
  const dealPlans: DealPlan[] = [];
  const dealOwners: string[] = [];
  if (live.length) {
    for (let k = 0; k < o.deals; k++) {
      const c = live[rng.int(0, live.length - 1)]!;
      dealPlans.push(dealPlan(rng, o.now, c, new Date(customerAt[c]!), customerNames[c]!, customerCompanies[c]!));
      dealOwners.push(assignee(c));
    }
  }
  const dealIds: (string | undefined)[] = new Array<string | undefined>(dealPlans.length);
  const deals = await phase('deals', 'deals', dealPlans.length, async (k) => {
    const plan = dealPlans[k]!;
    const id = await o.commands.createDeal(plan, customerIds[plan.customer]!, dealOwners[k]!);
    dealIds[k] = id;
    for (const move of plan.moves) await o.commands.moveDeal(id, move, dealOwners[k]!);
    return 1 + plan.moves.length;
  });

  // Tasks: most about a customer, half of those about one of its deals; the rest internal.
  const taskPlans: { plan: TaskPlan; customerId: string | null; dealId: string | null; owner: string }[] = [];
  for (let k = 0; k < o.tasks; k++) {
    const dealIndex = dealPlans.length && rng.chance(0.4) ? rng.int(0, dealPlans.length - 1) : null;
    const dealId = dealIndex === null ? undefined : dealIds[dealIndex];
    const c = dealIndex !== null && dealId ? dealPlans[dealIndex]!.customer : live.length && rng.chance(0.75) ? live[rng.int(0, live.length - 1)]! : null;
    const about =
      c === null
        ? null
        : { customer: c, name: customerNames[c]!, company: customerCompanies[c]!, customerAt: new Date(customerAt[c]!), deal: dealId ? dealIndex : null, dealTitle: dealId ? dealPlans[dealIndex!]!.title : null };
    taskPlans.push({ plan: taskPlan(rng, o.now, about), customerId: c === null ? null : customerIds[c]!, dealId: dealId ?? null, owner: c === null ? assignee(k) : assignee(c) });
  }
  const tasks = await phase('tasks', 'tasks', taskPlans.length, async (k) => {
    const t = taskPlans[k]!;
    const id = await o.commands.createTask(t.plan, t.customerId, t.dealId, t.owner);
    if (t.plan.status !== 'pending') {
      await o.commands.finishTask(id, t.plan, t.owner);
      return 2;
    }
    return 1;
  });

  return { customers, deals, tasks, seconds: (performance.now() - started) / 1000, firstError };
}
