import { describe, expect, it } from 'vitest';
import { customerCreateInput, dealCreateInput, taskCreateInput } from '@crm/contracts';
import { customerPlan, dealPlan, taskPlan } from '../../../src/crm/seed/generators.ts';
import { createRandom } from '../../../src/crm/seed/random.ts';
import { SeedUsageError, parseSeedArgs } from '../../../src/crm/seed/seed-cli.ts';

const now = new Date('2026-11-21T10:00:00Z');

describe('seed generators', () => {
  it('draw the same data for the same seed, other data for another', () => {
    const draw = (seed: number) => {
      const rng = createRandom(seed);
      return Array.from({ length: 20 }, (_, i) => customerPlan(rng, now, i));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7).map((c) => c.email)).not.toEqual(draw(8).map((c) => c.email));
  });

  it('make customers the edge accepts: e-mail on the company domain, created in the past year, communications after creation', () => {
    const rng = createRandom(1);
    for (let i = 0; i < 500; i++) {
      const c = customerPlan(rng, now, i + 995);
      const { at: _at, communications, ...fields } = c;
      expect(customerCreateInput.safeParse(fields).success).toBe(true);
      const domain = c.email.split('@')[1]!;
      expect(c.website).toBe(`https://www.${domain}`);
      expect(c.at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - c.at.getTime()).toBeLessThan(366 * 86_400_000);
      for (const m of communications) expect(m.at.getTime()).toBeGreaterThanOrEqual(c.at.getTime());
    }
    // Numbered e-mails from the 1000th customer on: unique at any size.
    expect(customerPlan(createRandom(1), now, 123_456).email).toMatch(/\.123456@/);
  });

  it('spread deals over every stage, closed ones in the past six months after their creation', () => {
    const rng = createRandom(2);
    const stages = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const d = dealPlan(rng, now, 0, new Date(now.getTime() - 300 * 86_400_000), 'Ada Lovelace', 'Acme Labs');
      expect(dealCreateInput.safeParse({ title: d.title, value: d.value, probability: d.probability, customerId: '00000000-0000-4000-8000-000000000000', expectedCloseDate: d.expectedCloseDate, leadSource: d.leadSource, tags: d.tags }).success).toBe(true);
      const final = d.moves.at(-1)?.stage ?? 'prospecting';
      stages.add(final);
      let t = d.at.getTime();
      for (const m of d.moves) {
        expect(m.at.getTime()).toBeGreaterThan(t);
        t = m.at.getTime();
      }
      expect(t).toBeLessThanOrEqual(now.getTime());
      if (final === 'closed_won' || final === 'closed_lost') expect(now.getTime() - t).toBeLessThan(181 * 86_400_000);
    }
    expect([...stages].sort()).toEqual(['closed_lost', 'closed_won', 'negotiation', 'proposal', 'prospecting', 'qualification']);
  });

  it('make tasks of every status, some overdue, completed ones in the past', () => {
    const rng = createRandom(3);
    const tasks = Array.from({ length: 400 }, () => taskPlan(rng, now, { customer: 0, name: 'Ada', company: 'Acme', customerAt: new Date(now.getTime() - 90 * 86_400_000), deal: null, dealTitle: null }));
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(['pending', 'in_progress', 'completed', 'cancelled']));
    expect(tasks.some((t) => (t.status === 'pending' || t.status === 'in_progress') && t.dueDate < now)).toBe(true);
    for (const t of tasks) {
      expect(taskCreateInput.safeParse({ title: t.title, type: t.type, priority: t.priority, dueDate: t.dueDate.toISOString(), tags: t.tags }).success).toBe(true);
      if (t.statusAt) expect(t.statusAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});

describe('npm run seed arguments', () => {
  it('has defaults, reads --flag N and --flag=N, refuses the rest', () => {
    expect(parseSeedArgs([], () => 0.5)).toEqual({ customers: 200, deals: 300, tasks: 400, seed: 2 ** 30, concurrency: 24 });
    expect(parseSeedArgs(['--customers', '5', '--deals=6', '--tasks', '7', '--seed', '9', '--concurrency', '4'])).toEqual({ customers: 5, deals: 6, tasks: 7, seed: 9, concurrency: 4 });
    expect(parseSeedArgs(['--customers', '1_000_000'])).toMatchObject({ customers: 1_000_000 });
    expect(parseSeedArgs(['--help'])).toBe('help');
    expect(() => parseSeedArgs(['--customers', 'many'])).toThrow(SeedUsageError);
    expect(() => parseSeedArgs(['--custmers', '5'])).toThrow(/unknown option --custmers/);
    expect(() => parseSeedArgs(['--customers', '0', '--deals', '3'])).toThrow(/need at least one customer/);
  });
});
