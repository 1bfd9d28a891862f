/**
 * Realistic demo records, drawn from a deterministic random generator. They are plans: what to create and
 * when it happened; `seed-runner.ts` turns them into commands.
 */
import {
  COMMUNICATION_TYPES,
  INDUSTRIES,
  LEAD_SOURCES,
  OPEN_DEAL_STAGES,
  TASK_TYPES,
  type CommunicationDirection,
  type CommunicationStatus,
  type CommunicationType,
  type CustomerStatus,
  type DealStage,
  type Industry,
  type LeadSource,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@crm/contracts';
import {
  COMMUNICATION_CONTENT,
  COMMUNICATION_SUBJECTS,
  COMPANY_STEMS,
  CUSTOMER_TAGS,
  DEAL_PRODUCTS,
  DEAL_TAGS,
  FIRST_NAMES,
  INDUSTRY_SUFFIXES,
  LAST_NAMES,
  LEGAL_FORMS,
  PLACES,
  STREETS,
  TASK_TAGS,
  TASK_TITLES,
} from './demo-data.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;

export interface CustomerPlan {
  /** When the customer was created (events carry it: the list's "Created" column shows a spread). */
  at: Date;
  name: string;
  email: string;
  phone: string;
  company: string;
  website: string;
  address: string;
  city: string;
  country: string;
  industry: Industry;
  leadSource: LeadSource;
  notes: string | null;
  status: CustomerStatus;
  leadScore: number;
  tags: string[];
  communications: CommunicationPlan[];
}

export interface CommunicationPlan {
  at: Date;
  type: CommunicationType;
  direction: CommunicationDirection;
  status: CommunicationStatus;
  subject: string;
  content: string | null;
}

export interface DealPlan {
  at: Date;
  customer: number;
  title: string;
  value: number;
  probability: number;
  expectedCloseDate: string;
  leadSource: LeadSource;
  tags: string[];
  /** The stages it moves through after creation (in `prospecting`), each with when; the last is where it ends. */
  moves: { stage: DealStage; at: Date; probability: number }[];
}

export interface TaskPlan {
  at: Date;
  title: string;
  description: string | null;
  type: TaskType;
  priority: TaskPriority;
  customer: number | null;
  deal: number | null;
  dueDate: Date;
  estimatedHours: number | null;
  tags: string[];
  /** The status it ends in and when it got there (created `pending`). */
  status: TaskStatus;
  statusAt: Date | null;
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Somewhere in the last `days` days, more often recently (a growing business). */
function pastDate(rng: Random, now: Date, days: number): Date {
  const back = Math.pow(rng.next(), 1.6) * days * DAY;
  return new Date(now.getTime() - back - rng.int(0, 3_600_000));
}

const STATUS_WEIGHTS: [CustomerStatus[], number[]] = [['lead', 'prospect', 'customer', 'inactive'], [35, 25, 30, 10]];
const SOURCE_WEIGHTS = [30, 25, 20, 15, 10];

/** Customer number `i` (the index makes e-mails unique across any number of customers). */
export function customerPlan(rng: Random, now: Date, i: number): CustomerPlan {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const industry = rng.pick(INDUSTRIES);
  const stem = rng.pick(COMPANY_STEMS);
  const suffix = rng.pick(INDUSTRY_SUFFIXES[industry]);
  const form = rng.pick(LEGAL_FORMS);
  const place = rng.pick(PLACES);
  const company = `${stem} ${suffix}${form ? ` ${form}` : ''}`;
  const domain = `${slug(stem)}${slug(suffix)}.${place.tld}`;
  const status = rng.weighted(...STATUS_WEIGHTS);
  const baseScore = { lead: 45, prospect: 62, customer: 78, inactive: 30 }[status];
  const leadScore = Math.max(0, Math.min(100, Math.round(baseScore + (rng.next() - 0.5) * 50)));
  const at = pastDate(rng, now, 365);
  const local = `${slug(first)}.${slug(last)}`;
  const communications: CommunicationPlan[] = [];
  const nComms = i < 200 ? rng.int(0, 4) : rng.chance(0.3) ? rng.int(1, 2) : 0;
  for (let c = 0; c < nComms; c++) {
    const type = rng.weighted(COMMUNICATION_TYPES, [35, 30, 15, 5, 5, 10]);
    const span = now.getTime() - at.getTime();
    communications.push({
      at: new Date(at.getTime() + rng.next() * span),
      type,
      direction: type === 'note' ? 'outbound' : rng.chance(0.6) ? 'outbound' : 'inbound',
      status: rng.weighted(['read', 'delivered', 'sent'] as const, [50, 30, 20]),
      subject: rng.pick(COMMUNICATION_SUBJECTS[type]),
      content: rng.chance(0.8) ? rng.pick(COMMUNICATION_CONTENT) : null,
    });
  }
  communications.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    at,
    name: `${first} ${last}`,
    email: `${local}${i >= 1000 ? `.${i}` : ''}@${domain}`,
    phone: `${place.phone} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
    company,
    website: `https://www.${domain}`,
    address: `${rng.int(1, 250)} ${rng.pick(STREETS)}`,
    city: place.city,
    country: place.country,
    industry,
    leadSource: rng.weighted(LEAD_SOURCES, SOURCE_WEIGHTS),
    notes: rng.chance(0.3) ? `${first} prefers ${rng.pick(['e-mail', 'phone calls', 'short meetings', 'WhatsApp'])}; ${rng.pick(['budget cycle in Q1', 'reports to the CFO', 'met at a trade show', 'referred by a partner', 'evaluating two vendors'])}.` : null,
    status,
    leadScore,
    tags: rng.chance(0.7) ? rng.some(CUSTOMER_TAGS, 1, 3) : [],
    communications,
  };
}

const STAGE_PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};

/**
 * A deal of customer `customer` (created at `customerAt`). About a third end closed (won twice as often as
 * lost), closed over the last six months; open deals spread over the four open stages, expected to close
 * from a few weeks ago (late) to six months ahead.
 */
export function dealPlan(rng: Random, now: Date, customer: number, customerAt: Date, customerName: string, company: string): DealPlan {
  const final = rng.weighted<DealStage>(['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'], [18, 16, 15, 13, 25, 13]);
  const closed = final === 'closed_won' || final === 'closed_lost';
  const value = Math.round(rng.weighted([2_000, 10_000, 40_000, 150_000], [30, 40, 22, 8]) * (0.5 + rng.next() * 1.5) / 50) * 50;
  const moves: DealPlan['moves'] = [];
  let at: Date;
  let expected: Date;
  if (closed) {
    // Closed some time in the last ~6 months, after a 1–16 week cycle.
    const closedAt = new Date(now.getTime() - rng.next() * 180 * DAY - rng.int(1, 12) * 3_600_000);
    const cycle = rng.int(7, 112) * DAY;
    at = new Date(Math.max(customerAt.getTime() + 3_600_000, closedAt.getTime() - cycle));
    if (at.getTime() >= closedAt.getTime()) at = new Date(closedAt.getTime() - DAY);
    expected = new Date(closedAt.getTime() + (rng.next() - 0.5) * 20 * DAY);
    const path = final === 'closed_won' ? OPEN_DEAL_STAGES.slice(1) : OPEN_DEAL_STAGES.slice(1, rng.int(1, 4));
    const step = (closedAt.getTime() - at.getTime()) / (path.length + 1);
    path.forEach((stage, k) => moves.push({ stage, at: new Date(at.getTime() + step * (k + 1)), probability: STAGE_PROBABILITY[stage] }));
    moves.push({ stage: final, at: closedAt, probability: STAGE_PROBABILITY[final] });
  } else {
    at = new Date(Math.max(customerAt.getTime() + 3_600_000, now.getTime() - rng.int(2, 120) * DAY));
    if (at.getTime() > now.getTime()) at = new Date(now.getTime() - 3_600_000);
    expected = new Date(now.getTime() + (rng.chance(0.12) ? -rng.int(1, 30) : rng.int(7, 180)) * DAY);
    const path = OPEN_DEAL_STAGES.slice(1, OPEN_DEAL_STAGES.indexOf(final as (typeof OPEN_DEAL_STAGES)[number]) + 1);
    const step = (now.getTime() - at.getTime()) / (path.length + 2);
    path.forEach((stage, k) => moves.push({ stage, at: new Date(at.getTime() + step * (k + 1)), probability: Math.min(95, STAGE_PROBABILITY[stage] + rng.int(-5, 10)) }));
  }
  const product = rng.pick(DEAL_PRODUCTS);
  return {
    at,
    customer,
    title: `${company || customerName}: ${product}`,
    value,
    probability: STAGE_PROBABILITY.prospecting + rng.int(0, 10),
    expectedCloseDate: ymd(expected),
    leadSource: rng.weighted(LEAD_SOURCES, SOURCE_WEIGHTS),
    tags: rng.chance(0.6) ? rng.some(DEAL_TAGS, 1, 2) : [],
    moves,
  };
}

const fill = (template: string, v: { name: string; company: string; deal: string }) =>
  template.replace('{name}', v.name).replace('{company}', v.company).replace('{deal}', v.deal);

/**
 * A task, usually about a customer (and often one of its deals). Statuses: pending and in progress with
 * due dates from two weeks ago (overdue) to a month ahead, completed in the past weeks, a few cancelled.
 */
export function taskPlan(
  rng: Random,
  now: Date,
  about: { customer: number; name: string; company: string; customerAt: Date; deal: number | null; dealTitle: string | null } | null,
): TaskPlan {
  const type = rng.weighted(TASK_TYPES, [25, 20, 18, 20, 10, 7]);
  const status = rng.weighted<TaskStatus>(['pending', 'in_progress', 'completed', 'cancelled'], [40, 20, 32, 8]);
  const earliest = about ? about.customerAt.getTime() : now.getTime() - 60 * DAY;
  const at = new Date(Math.max(earliest + 1_800_000, now.getTime() - rng.int(1, 45) * DAY - rng.int(0, 86_399) * 1000));
  const created = at.getTime() > now.getTime() ? new Date(now.getTime() - 3_600_000) : at;
  let dueDate: Date;
  let statusAt: Date | null = null;
  if (status === 'completed' || status === 'cancelled') {
    statusAt = new Date(created.getTime() + rng.next() * (now.getTime() - created.getTime()));
    dueDate = new Date(statusAt.getTime() + (rng.next() - 0.3) * 5 * DAY);
  } else {
    // About a quarter of the open tasks are overdue.
    dueDate = rng.chance(0.25) ? new Date(now.getTime() - rng.int(1, 14 * 24) * 3_600_000) : new Date(now.getTime() + rng.int(2, 30 * 24) * 3_600_000);
    if (status === 'in_progress') statusAt = new Date(created.getTime() + rng.next() * (now.getTime() - created.getTime()));
  }
  // Due on the hour, during working hours.
  dueDate.setUTCMinutes(0, 0, 0);
  dueDate.setUTCHours(rng.int(8, 17));
  const vars = { name: about?.name ?? 'the team', company: about?.company ?? 'the team', deal: about?.dealTitle ?? about?.company ?? 'the quarter' };
  return {
    at: created,
    title: fill(rng.pick(TASK_TITLES[type]), vars),
    description: rng.chance(0.6) ? rng.pick(['Prepare talking points first.', 'Bring the latest pricing sheet.', 'Confirm the attendees the day before.', 'Check the open support tickets before.', 'Loop in the account manager.']) : null,
    type,
    priority: rng.weighted<TaskPriority>(['low', 'medium', 'high', 'urgent'], [20, 45, 25, 10]),
    customer: about?.customer ?? null,
    deal: about?.deal ?? null,
    dueDate,
    estimatedHours: rng.chance(0.7) ? rng.pick([0.5, 1, 1, 2, 3, 4, 8]) : null,
    tags: rng.chance(0.4) ? rng.some(TASK_TAGS, 1, 2) : [],
    status,
    statusAt,
  };
}
