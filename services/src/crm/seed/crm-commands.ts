/**
 * The seed's commands, through the CRM services (service → decider → event store): the same paths as the
 * API, with each command's context dated when the plan says it happened. Payloads go through the same zod
 * inputs as the edge, so the seed cannot write what a client could not.
 */
import type pg from 'pg';
import {
  communicationLogInput,
  customerCreateInput,
  dealCreateInput,
  dealMoveInput,
  taskCreateInput,
  taskUpdateInput,
  type CrmActor,
  type EventStore,
} from '@crm/contracts';
import type { CommandContext } from '../../platform/decider.ts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { createCustomersService } from '../../customers/customers.service.ts';
import { createDiskFileStorage } from '../../customers/file-storage.ts';
import { createDealsService } from '../../deals/deals.service.ts';
import { createTasksService } from '../../tasks/tasks.service.ts';
import type { SeedCommands } from './seed-runner.ts';

const SEED_CORRELATION = 'crm-seed';

/**
 * Active, approved accounts to assign records to: admins first, then managers, then users (at most 6).
 * Right after start-up the admin's events may not be visible or projected yet: waits for them (up to `timeoutMs`).
 */
export async function seedAssignees(deps: { pool: pg.Pool; store: EventStore }, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await deps.store.headCheckpoint();
    if (head) await waitForProjection(deps, 'users', head, Math.max(0, deadline - Date.now()));
    // At start-up the projector may not have created the `users` view yet (42P01): wait for it too.
    const rows = await deps.pool
      .query<{ id: string }>(
        `SELECT id FROM users WHERE is_active AND is_approved
         ORDER BY CASE user_type WHEN 'admin' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, created_at LIMIT 6`,
      )
      .then((r) => r.rows)
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === '42P01' && Date.now() < deadline) return [];
        throw err;
      });
    if (rows.length > 0 || Date.now() >= deadline) return rows.map((r) => r.id);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function createSeedCommands(deps: { pool: pg.Pool; store: EventStore; filesDir: string }): SeedCommands {
  const { pool, store } = deps;
  const now = () => new Date();
  const customers = createCustomersService({ pool, store, files: createDiskFileStorage(deps.filesDir), now });
  const deals = createDealsService({ pool, store, now });
  const tasks = createTasksService({ pool, store, now });
  // The seed acts as an admin would (it reaches every record and may assign to anyone), as the assignee.
  const actorFor = (userId: string): CrmActor => ({ userId, scope: 'all' });
  const ctx = (at: Date, userId: string): CommandContext => ({ now: at, userId, metadata: { correlationId: SEED_CORRELATION, causationId: null, userId } });

  return {
    async createCustomer(plan, assignedTo) {
      const { at: _at, communications: _c, ...fields } = plan;
      const input = customerCreateInput.parse({ ...fields, assignedTo });
      // No read-back: nothing here reads the customer from the read model (the catch-up at the end waits for it).
      const view = await customers.create(actorFor(assignedTo), input, ctx(plan.at, assignedTo), { readBack: false });
      return view.id;
    },
    async logCommunication(customerId, plan, assignedTo) {
      const input = communicationLogInput.parse({ customerId, type: plan.type, direction: plan.direction, status: plan.status, subject: plan.subject, content: plan.content, occurredAt: plan.at.toISOString() });
      await customers.logCommunication(actorFor(assignedTo), input, ctx(plan.at, assignedTo), { readBack: false });
    },
    async createDeal(plan, customerId, assignedTo) {
      const input = dealCreateInput.parse({
        title: plan.title,
        value: plan.value,
        probability: plan.probability,
        customerId,
        assignedTo,
        expectedCloseDate: plan.expectedCloseDate,
        leadSource: plan.leadSource,
        tags: plan.tags,
      });
      const view = await deals.create(actorFor(assignedTo), input, ctx(plan.at, assignedTo), { readBack: false });
      return view.id;
    },
    async moveDeal(dealId, move, assignedTo) {
      const input = dealMoveInput.parse({ id: dealId, stage: move.stage, probability: move.probability });
      await deals.move(actorFor(assignedTo), input, ctx(move.at, assignedTo));
    },
    async createTask(plan, customerId, dealId, assignedTo) {
      const input = taskCreateInput.parse({
        title: plan.title,
        description: plan.description,
        type: plan.type,
        priority: plan.priority,
        assignedTo,
        customerId,
        dealId,
        dueDate: plan.dueDate.toISOString(),
        estimatedHours: plan.estimatedHours ?? 0,
        tags: plan.tags,
      });
      const view = await tasks.create(input, actorFor(assignedTo), ctx(plan.at, assignedTo));
      return view.id;
    },
    async finishTask(taskId, plan, assignedTo) {
      const input = taskUpdateInput.parse({ id: taskId, status: plan.status });
      await tasks.update(input, actorFor(assignedTo), ctx(plan.statusAt ?? plan.at, assignedTo));
    },
  };
}
