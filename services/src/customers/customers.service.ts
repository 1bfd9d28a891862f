/**
 * Customers (spec 02; docs/CRM.md "Customers"): commands through the customer decider, reads from the
 * `crm_customers` read model, read-your-writes by waiting for the projection's checkpoint. Usable from a
 * script (seed, benches): `createCustomersService({ pool, store, files, now })`.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import {
  CRM_LIMITS,
  CUSTOMER_ERRORS,
  DomainError,
  domainError,
  customerCreateInput,
  customerStreamId,
  fieldErrors,
  fieldIssues,
  type CommunicationLogInput,
  type CommunicationView,
  type CrmActor,
  type CustomerCreateInput,
  type CustomerDetail,
  type CustomerEvent,
  type CustomerFileView,
  type CustomerImportResult,
  type CustomerImportRowResult,
  type CustomerListInput,
  type CustomerListResult,
  type CustomerUpdateInput,
  type CustomerView,
  type EventStore,
} from '@crm/contracts';
import { findCustomerIdByEmail, getCommunication, getCustomer, getCustomerFile, getCustomerTabs, iterateCustomers, listCustomers, type CustomerFilter } from '@crm/projections';
import { type CommandFromState, foldHistory, handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { needsAssigneeFacts } from '../crm/crm-assignee.ts';
import { readAssigneeFacts } from '../identity/user.facts.ts';
import { customerDecider, type CustomerCommand, type CustomerState } from './customer.decider.ts';
import { emailCustomerId } from './email-customer-id.ts';
import { customerCsvHeader, customerCsvRow } from './customers.csv.ts';
import { recordDataExport } from '../audit/data-export.ts';
import { FileRejectedError, allowedFileType, fileInspector } from './file-inspection.ts';
import type { FileStorage } from './file-storage.ts';

export const CUSTOMERS_PROJECTION = 'crm_customers';

export interface AttachFileInput {
  customerId: string;
  /** The file's name as the user sees it (URI-decoded, trimmed). */
  name: string;
  /** The declared Content-Type. */
  contentType: string | undefined;
  /** Content-Length when the client sent one (refused at once when over the limit). */
  declaredSize?: number | null;
  content: Readable;
}

export interface CustomersService {
  create(actor: CrmActor, input: CustomerCreateInput, ctx: CommandContext, options?: { readBack?: boolean }): Promise<CustomerView>;
  /**
   * Creates the customer of a new e-mail address (`input.email`) under the id derived from it
   * (`emailCustomerId`), or finds the live customer that a simultaneous call created with that address a moment
   * before: two first form submissions with one new address make one lead. `created: false` names the customer
   * found, once the read model holds it. Without an e-mail, a plain create.
   */
  createForEmail(actor: CrmActor, input: CustomerCreateInput, ctx: CommandContext): Promise<{ id: string; created: boolean }>;
  update(actor: CrmActor, input: CustomerUpdateInput, ctx: CommandContext): Promise<CustomerView>;
  delete(actor: CrmActor, id: string, ctx: CommandContext): Promise<CustomerView>;
  restore(actor: CrmActor, id: string, ctx: CommandContext): Promise<CustomerView>;
  /** `deleted: true` (the deleted customers, to restore one) needs `crm:restore`: forbidden otherwise. */
  list(actor: CrmActor, input: CustomerListInput): Promise<CustomerListResult>;
  /**
   * Unknown, out of the actor's reach, or deleted → not_found; `withDeleted` asks for a deleted customer too,
   * which only an actor with `crm:restore` gets (the others still get not_found).
   */
  detail(actor: CrmActor, id: string, options?: { withDeleted?: boolean }): Promise<CustomerDetail>;
  /** `readBack: false` (seeding): no wait for the read model; the view is built from the event (user: null). */
  logCommunication(actor: CrmActor, input: CommunicationLogInput, ctx: CommandContext, options?: { readBack?: boolean }): Promise<CommunicationView>;
  /** Streams the upload through the checks into storage, then records it; FileRejectedError for 413/415. */
  attachFile(actor: CrmActor, input: AttachFileInput, ctx: CommandContext): Promise<CustomerFileView>;
  /** A file of a customer in the actor's reach, with its bytes; not_found otherwise. */
  readFile(actor: CrmActor, customerId: string, fileId: string): Promise<{ file: CustomerFileView; content: Readable }>;
  /**
   * Takes a file off the customer (whoever may edit the customer). After `CustomerFileDeleted` is stored its
   * bytes are removed from the storage; communications that named it keep the name (shown as deleted).
   */
  deleteFile(actor: CrmActor, customerId: string, fileId: string, ctx: CommandContext): Promise<{ id: string; customerId: string; name: string }>;
  /** The CSV lines (header first) of every live customer the filter matches in the actor's reach. */
  /** The CSV of the filtered customers; with `ctx`, the export is recorded first (DataExported, audited). */
  exportCsv(actor: CrmActor, filter: Omit<CustomerFilter, 'deleted'>, ctx?: CommandContext): AsyncGenerator<string>;
  /** Each row validated and created on its own (a bad row never stops the others). */
  importRows(actor: CrmActor, rows: readonly unknown[], firstRow: number, ctx: CommandContext): Promise<CustomerImportResult>;
}

export interface CustomersServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  files: FileStorage;
  now?: () => Date;
  /** Zone of the CSV's calendar dates (the business time zone); default UTC. */
  timeZone?: string;
}

const IMPORT_CONCURRENCY = 8;
/** The column an import row's refusal belongs to ('_' for the row). */
const IMPORT_ERROR_FIELDS: Readonly<Record<string, string>> = { assign_forbidden: 'assignedTo', assignee_not_found: 'assignedTo', customer_email_taken: 'email' };
/** Ids `createForEmail` tries for one address before a random one (each past a customer who left the address). */
const EMAIL_ID_ROUNDS = 8;

const notFound = () => domainError(CUSTOMER_ERRORS.customer_not_found);

export function createCustomersService(deps: CustomersServiceDeps): CustomersService {
  const { pool, store, files } = deps;
  const timeZone = deps.timeZone ?? 'UTC';

  async function run(command: CustomerCommand, ctx: CommandContext, options: { expectNew?: boolean } = {}) {
    const result = await handleCommand(store, customerStreamId(command.customerId), customerDecider, command, ctx, options);
    await waitForProjection(deps, CUSTOMERS_PROJECTION, result.checkpoint);
    return result;
  }

  /** Facts about the assignee a command names, when the customer decider needs them (crm/crm-assignee.ts). */
  const assigneeFacts = (actor: CrmActor, assignedTo: string | null | undefined) => (needsAssigneeFacts(actor, assignedTo) ? readAssigneeFacts(store, assignedTo) : null);

  async function readBack(actor: CrmActor, id: string, includeDeleted = false): Promise<CustomerView> {
    // The actor may have just assigned the customer away: read it back with the wider scope.
    const view = await getCustomer(pool, id, { userId: actor.userId, scope: 'all' }, { includeDeleted });
    if (!view) throw notFound();
    return view;
  }

  /** The live customer other than `exceptId` that has this e-mail (null for none, or no e-mail): the decider's fact. */
  const emailHolder = (email: string | null | undefined, exceptId: string | null = null) => (email ? findCustomerIdByEmail(pool, email, exceptId) : Promise.resolve(null));

  /** Decides and appends CreateCustomer; the view is what the read model will hold once it has applied it. */
  async function appendCreate(actor: CrmActor, input: CustomerCreateInput, ctx: CommandContext, customerId: string = randomUUID(), emailHeldBy: string | null = null) {
    const assignee = await assigneeFacts(actor, input.assignedTo);
    const command: CustomerCommand = { type: 'CreateCustomer', customerId, actor, input, assignee, emailHeldBy };
    const result = await handleCommand(store, customerStreamId(customerId), customerDecider, command, ctx, { expectNew: true });
    const created = result.events[0]!.data as { createdAt: string; assignedTo: string | null };
    const view: CustomerView = {
      id: customerId,
      ...input,
      assignedTo: created.assignedTo,
      assignedToName: null,
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
      totalDeals: 0,
      totalValue: 0,
      wonValue: 0,
      openValue: 0,
      lastContact: null,
      deletedAt: null,
    };
    return { view, checkpoint: result.checkpoint };
  }

  /**
   * Appends the creation of a customer. One with an e-mail takes the id derived from it (`emailCustomerId`), so two
   * creations of one new address at the same moment meet in one stream and the event store lets one through; the
   * other then finds the customer it made. An address a live customer already has (the read model's answer, or the
   * stream's holder just found) is the decider's fact: `refuse` lets it refuse (`customer_email_taken`), `find`
   * answers with that customer instead (a form's lead). Past a customer who left the address (deleted, or its e-mail
   * changed), the next derived id is tried; after EMAIL_ID_ROUNDS, a random one.
   */
  async function createClaimingEmail(
    actor: CrmActor,
    input: CustomerCreateInput,
    ctx: CommandContext,
    onTaken: 'refuse' | 'find',
  ): Promise<{ id: string; created: boolean; view: CustomerView | null; checkpoint: string | null }> {
    const made = ({ view, checkpoint }: Awaited<ReturnType<typeof appendCreate>>) => ({ id: view.id, created: true, view, checkpoint });
    const email = input.email?.trim().toLowerCase();
    if (!email) return made(await appendCreate(actor, input, ctx));
    const taken = async (holder: string, checkpoint: string | null) => {
      if (onTaken === 'find') return { id: holder, created: false, view: null, checkpoint };
      return made(await appendCreate(actor, input, ctx, randomUUID(), holder)); // refused by the decider
    };
    const holder = await emailHolder(email);
    if (holder) return taken(holder, null);
    for (let round = 0; round < EMAIL_ID_ROUNDS; round++) {
      const id = emailCustomerId(email, round);
      try {
        return made(await appendCreate(actor, input, ctx, id));
      } catch (err) {
        if (!(err instanceof DomainError && err.code === CUSTOMER_ERRORS.customer_exists.code)) throw err;
      }
      // Taken: by a simultaneous creation of this address, or by a customer who no longer holds it (next round).
      const history = await store.readStream(customerStreamId(id));
      const state = foldHistory(customerDecider, history);
      if (state.exists && !state.deleted && state.profile.email?.trim().toLowerCase() === email) return taken(id, history.at(-1)!.checkpoint);
    }
    return made(await appendCreate(actor, input, ctx));
  }

  async function create(actor: CrmActor, input: CustomerCreateInput, ctx: CommandContext, options: { readBack?: boolean } = {}) {
    const { view, checkpoint } = await createClaimingEmail(actor, input, ctx, 'refuse');
    if (options.readBack === false) return view!;
    await waitForProjection(deps, CUSTOMERS_PROJECTION, checkpoint);
    return readBack(actor, view!.id);
  }

  async function createForEmail(actor: CrmActor, input: CustomerCreateInput, ctx: CommandContext) {
    const { id, created, checkpoint } = await createClaimingEmail(actor, input, ctx, 'find');
    await waitForProjection(deps, CUSTOMERS_PROJECTION, checkpoint);
    return { id, created };
  }

  return {
    create,
    createForEmail,

    async update(actor, input, ctx) {
      const { id, ...patch } = input;
      const [assignee, emailHeldBy] = await Promise.all([assigneeFacts(actor, patch.assignedTo), emailHolder(patch.email, id)]);
      await run({ type: 'UpdateCustomer', customerId: id, actor, patch, assignee, emailHeldBy }, ctx);
      return readBack(actor, id);
    },

    async delete(actor, id, ctx) {
      await run({ type: 'DeleteCustomer', customerId: id, actor }, ctx);
      return readBack(actor, id, true);
    },

    async restore(actor, id, ctx) {
      // The decider's fact is about the e-mail the customer had: made from the stream as read for the command.
      const restore: CommandFromState<CustomerState, CustomerCommand> = async (state) => ({
        type: 'RestoreCustomer',
        customerId: id,
        actor,
        emailHeldBy: state.exists ? await emailHolder(state.profile.email, id) : null,
      });
      const result = await handleCommand(store, customerStreamId(id), customerDecider, restore, ctx);
      await waitForProjection(deps, CUSTOMERS_PROJECTION, result.checkpoint);
      return readBack(actor, id);
    },

    async list(actor, input) {
      if (input.deleted && !actor.mayRestore) throw domainError(CUSTOMER_ERRORS.restore_forbidden);
      return listCustomers(pool, input, actor);
    },

    async detail(actor, id, options = {}) {
      const customer = await getCustomer(pool, id, actor, { includeDeleted: options.withDeleted === true && actor.mayRestore === true });
      if (!customer) throw notFound();
      return { customer, ...(await getCustomerTabs(pool, id, actor)) };
    },

    async logCommunication(actor, input, ctx, options = {}) {
      const communicationId = randomUUID();
      const command: CustomerCommand = {
        type: 'LogCommunication',
        customerId: input.customerId,
        actor,
        communicationId,
        communicationType: input.type,
        direction: input.direction,
        status: input.status,
        subject: input.subject,
        content: input.content,
        attachmentIds: input.attachmentIds,
        occurredAt: input.occurredAt ?? null,
      };
      if (options.readBack === false) {
        const result = await handleCommand(store, customerStreamId(input.customerId), customerDecider, command, ctx);
        const d = result.events[0]!.data as Extract<CustomerEvent, { type: 'CommunicationLogged' }>['data'];
        return { id: communicationId, customerId: d.customerId, type: d.type, direction: d.direction, status: d.status, subject: d.subject, content: d.content, attachments: d.attachments, timestamp: d.occurredAt, user: null };
      }
      await run(command, ctx);
      const view = await getCommunication(pool, communicationId);
      if (!view) throw domainError(CUSTOMER_ERRORS.communication_not_found);
      return view;
    },

    async attachFile(actor, input, ctx) {
      const type = allowedFileType(input.contentType);
      if (input.declaredSize && input.declaredSize > CRM_LIMITS.fileBytes) {
        throw new FileRejectedError(413, 'file_too_large', `Files may be at most ${CRM_LIMITS.fileBytes} bytes`);
      }
      const name = input.name.trim().slice(0, CRM_LIMITS.fileName) || 'file';
      // Refuse before storing anything when the customer is out of reach (the decider checks again).
      const state = await readState(store, customerStreamId(input.customerId), customerDecider);
      customerDecider.decide({ type: 'AttachFile', customerId: input.customerId, actor, fileId: randomUUID(), name, contentType: type, size: 0, sha256: '0'.repeat(64) }, state, ctx);
      const fileId = randomUUID();
      // A broken rule fails the inspector (the storage keeps nothing) but leaves the request stream alive, so
      // the caller can still answer 413/415; a failing request (client gone) fails the inspector too.
      const inspected = fileInspector(type);
      input.content.on('error', (err) => inspected.destroy(err));
      // The storage may attach its own listeners a tick later: until then an early refusal is kept, not thrown.
      inspected.on('error', () => undefined);
      input.content.pipe(inspected);
      const stored = await files.put(fileId, inspected);
      try {
        await run({ type: 'AttachFile', customerId: input.customerId, actor, fileId, name, contentType: type, size: stored.size, sha256: stored.sha256 }, ctx);
      } catch (err) {
        await files.delete(fileId);
        throw err;
      }
      const view = await getCustomerFile(pool, input.customerId, fileId);
      if (!view) throw domainError(CUSTOMER_ERRORS.file_not_found);
      return view;
    },

    async readFile(actor, customerId, fileId) {
      const customer = await getCustomer(pool, customerId, actor);
      const file = customer ? await getCustomerFile(pool, customerId, fileId) : null;
      const content = file ? await files.get(fileId) : null;
      if (!file || !content) throw domainError(CUSTOMER_ERRORS.file_not_found);
      return { file, content };
    },

    async deleteFile(actor, customerId, fileId, ctx) {
      const result = await run({ type: 'DeleteFile', customerId, actor, fileId }, ctx);
      const d = result.events[0]!.data as Extract<CustomerEvent, { type: 'CustomerFileDeleted' }>['data'];
      // The event is the truth: downloads already answer 404 (the read model's row is gone). Should removing
      // the bytes fail (or the process stop here), they stay on disk, unreachable: no file row points at them.
      await files.delete(fileId).catch(() => undefined);
      return { id: d.fileId, customerId: d.customerId, name: d.name };
    },

    async *exportCsv(actor, filter, ctx) {
      // Exports are a user's (the system actor never exports: an empty `by` would fail the event's validation).
      if (ctx) await recordDataExport(store, { what: 'customers_csv', filters: filter, by: actor.userId ?? '' }, ctx);
      yield customerCsvHeader();
      for await (const batch of iterateCustomers(pool, filter, actor)) yield batch.map((c) => customerCsvRow(c, timeZone)).join('');
    },

    async importRows(actor, rows, firstRow, ctx) {
      const results: CustomerImportRowResult[] = new Array(rows.length);
      const checkpoints: string[] = [];
      const importRow = async (i: number) => {
        const row = firstRow + i;
        const parsed = customerCreateInput.safeParse(rows[i]);
        if (!parsed.success) {
          results[i] = { row, ok: false, errors: fieldErrors(parsed.error), issues: fieldIssues(parsed.error) };
          return;
        }
        try {
          const { id, checkpoint } = await createClaimingEmail(actor, parsed.data, ctx, 'refuse');
          if (checkpoint) checkpoints.push(checkpoint);
          results[i] = { row, ok: true, id };
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          results[i] = { row, ok: false, errors: { [IMPORT_ERROR_FIELDS[err.code] ?? '_']: [err.message] }, code: err.code };
        }
      };
      // Rows with one e-mail are imported one after the other, in the file's order: the first is made and the
      // repeats are refused, whatever the concurrency.
      const lanes = new Map<string, number[]>();
      rows.forEach((input, i) => {
        const email = typeof (input as { email?: unknown } | null)?.email === 'string' ? (input as { email: string }).email.trim().toLowerCase() : '';
        const key = email || `#${i}`;
        lanes.set(key, [...(lanes.get(key) ?? []), i]);
      });
      const queue = [...lanes.values()];
      let next = 0;
      const worker = async () => {
        for (let lane = next++; lane < queue.length; lane = next++) for (const i of queue[lane]!) await importRow(i);
      };
      await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, queue.length) }, worker));
      // The list the importer shows next holds every imported row.
      const last = checkpoints.sort((a, b) => store.compareCheckpoints(a, b)).at(-1) ?? null;
      await waitForProjection(deps, CUSTOMERS_PROJECTION, last);
      return { results };
    },
  };
}
