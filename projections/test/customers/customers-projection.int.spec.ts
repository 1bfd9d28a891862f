/**
 * The customers read model: rows folded from customer events in batches of any size (profile changes, status,
 * score, owner, tags, soft delete and restore, communications → last contact, files), the list query (search,
 * filters, sorts, pages, scope, deleted, capped count), deal totals from `crm_deals`, the detail tabs, the
 * chunked export iterator, and a rebuild giving identical rows. Both PG setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_COUNT_CAP, customerListInput, customerStreamId, dealStreamId, type CrmActor, type CustomerListInput, type NewEvent } from '@crm/contracts';
import {
  customersProjection,
  dealsProjection,
  getCustomer,
  getCustomerTabs,
  iterateCustomers,
  listCustomers,
  rareAnchor,
  rebuildProjection,
  startProjection,
  tasksProjection,
  usersProjection,
} from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import { type ProjectionTestEnv, allRows, openProjectionTestEnv, waitForVisible } from '../support/projection-fixtures.ts';

const meta = { correlationId: 'test', userId: null };
const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: meta });
const filter = (f: Partial<CustomerListInput> = {}): CustomerListInput => customerListInput.parse(f);

describe.each(PG_SETUPS)('customers projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  const owner = randomUUID();
  const otherOwner = randomUUID();
  const boss: CrmActor = { userId: randomUUID(), scope: 'all' };
  const ownerActor: CrmActor = { userId: owner, scope: 'own' };
  const ada = randomUUID();
  const bob = randomUUID();
  const cy = randomUUID();
  const gone = randomUUID();
  const file = randomUUID();
  /** Attached and deleted in one write; attached, then deleted in a later write. */
  const brief = randomUUID();
  const draft = randomUUID();
  const call = randomUUID();
  const mail = randomUUID();
  const created = (customerId: string, name: string, at: string, extra: Record<string, unknown> = {}) =>
    ev('CustomerCreated', {
      customerId,
      name,
      email: null,
      phone: null,
      company: null,
      website: null,
      address: null,
      city: null,
      country: null,
      industry: null,
      leadSource: null,
      notes: null,
      status: 'lead',
      leadScore: 0,
      assignedTo: owner,
      tags: [],
      createdAt: at,
      createdBy: owner,
      ...extra,
    });
  const deal = (dealId: string, customerId: string, value: number, stage: string) =>
    ev('DealCreated', {
      dealId,
      title: `Deal ${value}`,
      value,
      probability: 50,
      stage,
      customerId,
      assignedTo: owner,
      expectedCloseDate: null,
      leadSource: null,
      tags: [],
      createdAt: '2030-06-05T00:00:00.000Z',
      createdBy: owner,
      closedAt: stage.startsWith('closed') ? '2030-06-05T00:00:00.000Z' : null,
    });

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (id: string, events: NewEvent[]) => env.store.append(customerStreamId(id), events, { expectedVersion: 'any' });
    await write(ada, [
      created(ada, 'Ada Lovelace', '2030-06-01T00:00:00.000Z', { email: 'ada@engines.test', company: 'Analytical Engines', leadSource: 'referral', tags: ['vip'] }),
      ev('CustomerUpdated', { customerId: ada, changes: { city: 'London', company: 'Difference Engines' }, updatedAt: '2030-06-02T00:00:00.000Z', updatedBy: owner }),
      ev('CustomerScored', { customerId: ada, leadScore: 90, scoredAt: '2030-06-02T00:00:01.000Z', scoredBy: owner }),
      ev('CustomerStatusChanged', { customerId: ada, from: 'lead', to: 'customer', changedAt: '2030-06-02T00:00:02.000Z', changedBy: owner }),
      ev('CustomerTagged', { customerId: ada, tag: 'math', taggedAt: '2030-06-02T00:00:03.000Z', taggedBy: owner }),
    ]);
    await write(bob, [created(bob, 'bob stone', '2030-06-03T00:00:00.000Z', { leadScore: 40, leadSource: 'website', assignedTo: otherOwner, company: '50%_off' })]);
    await write(cy, [created(cy, 'Cy Young', '2030-06-04T00:00:00.000Z', { leadScore: 60, leadSource: 'website' })]);
    await write(gone, [created(gone, 'Gone Girl', '2030-06-02T12:00:00.000Z')]);
    // Later batches: untag, files, communications (the latest occurrence is the last contact), delete/restore.
    await write(ada, [
      ev('CustomerUntagged', { customerId: ada, tag: 'vip', untaggedAt: '2030-06-06T00:00:00.000Z', untaggedBy: owner }),
      ev('CustomerFileAttached', { customerId: ada, fileId: file, name: 'deck.pdf', contentType: 'application/pdf', size: 1234, sha256: 'a'.repeat(64), attachedAt: '2030-06-06T00:00:01.000Z', attachedBy: owner }),
      ev('CustomerFileAttached', { customerId: ada, fileId: brief, name: 'brief.pdf', contentType: 'application/pdf', size: 10, sha256: 'b'.repeat(64), attachedAt: '2030-06-06T00:00:02.000Z', attachedBy: owner }),
      ev('CustomerFileDeleted', { customerId: ada, fileId: brief, name: 'brief.pdf', deletedAt: '2030-06-06T00:00:03.000Z', deletedBy: owner }),
      ev('CustomerFileAttached', { customerId: ada, fileId: draft, name: 'draft.txt', contentType: 'text/plain', size: 21, sha256: 'c'.repeat(64), attachedAt: '2030-06-06T00:00:04.000Z', attachedBy: owner }),
      ev('CommunicationLogged', {
        customerId: ada,
        communicationId: call,
        type: 'call',
        direction: 'outbound',
        status: 'sent',
        subject: 'Intro',
        content: null,
        attachments: [
          { fileId: file, name: 'deck.pdf' },
          { fileId: draft, name: 'draft.txt' },
        ],
        occurredAt: '2030-06-07T09:00:00.000Z',
        loggedAt: '2030-06-07T10:00:00.000Z',
        loggedBy: owner,
      }),
      ev('CommunicationLogged', {
        customerId: ada,
        communicationId: mail,
        type: 'email',
        direction: 'inbound',
        status: 'read',
        subject: 'Earlier',
        content: 'Hi',
        attachments: [],
        occurredAt: '2030-06-05T09:00:00.000Z',
        loggedAt: '2030-06-07T11:00:00.000Z',
        loggedBy: owner,
      }),
    ]);
    await write(ada, [ev('CustomerFileDeleted', { customerId: ada, fileId: draft, name: 'draft.txt', deletedAt: '2030-06-07T12:00:00.000Z', deletedBy: owner })]);
    await write(cy, [
      ev('CustomerDeleted', { customerId: cy, deletedAt: '2030-06-08T00:00:00.000Z', deletedBy: owner }),
      ev('CustomerRestored', { customerId: cy, restoredAt: '2030-06-08T01:00:00.000Z', restoredBy: owner }),
      ev('CustomerAssigned', { customerId: cy, assignedTo: otherOwner, assignedAt: '2030-06-08T02:00:00.000Z', assignedBy: owner }),
    ]);
    await write(gone, [ev('CustomerDeleted', { customerId: gone, deletedAt: '2030-06-09T00:00:00.000Z', deletedBy: owner })]);
    const writeDeal = (id: string, events: NewEvent[]) => env.store.append(dealStreamId(id), events, { expectedVersion: 'any' });
    await writeDeal(randomUUID(), [deal(randomUUID(), ada, 1000.5, 'closed_won')]);
    await writeDeal(randomUUID(), [deal(randomUUID(), ada, 300, 'proposal')]);
    const last = await writeDeal(randomUUID(), [deal(randomUUID(), ada, 200, 'closed_lost')]);
    await waitForVisible(env.store, last.checkpoint);
    for (const def of [usersProjection, dealsProjection, tasksProjection]) {
      const runner = startProjection(def, { pool: env.pool, store: env.store });
      await runner.caughtUp;
      await runner.stop();
    }
    const runner = startProjection(customersProjection, { pool: env.pool, store: env.store, batchSize: 3 });
    await runner.caughtUp;
    await runner.stop();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('folds every event into the row; communications set the last contact; files and communications get rows', async () => {
    expect(await getCustomer(env.pool, ada, boss)).toEqual({
      id: ada,
      name: 'Ada Lovelace',
      email: 'ada@engines.test',
      phone: null,
      company: 'Difference Engines',
      website: null,
      address: null,
      city: 'London',
      country: null,
      industry: null,
      status: 'customer',
      leadScore: 90,
      assignedTo: owner,
      assignedToName: null,
      leadSource: 'referral',
      tags: ['math'],
      notes: null,
      createdAt: '2030-06-01T00:00:00.000Z',
      updatedAt: '2030-06-06T00:00:00.000Z',
      // Deals: three of any stage; value: only the one closed won.
      totalDeals: 3,
      totalValue: 1000.5,
      // The won value and the open pipeline apart (issue 13): one won deal, one open deal of 300, one lost.
      wonValue: 1000.5,
      openValue: 300,
      lastContact: '2030-06-07T09:00:00.000Z',
      deletedAt: null,
    });
    expect(await getCustomer(env.pool, cy, boss)).toMatchObject({ assignedTo: otherOwner, deletedAt: null, totalDeals: 0, totalValue: 0 });
    const { rows } = await env.pool.query<{ search: string }>('SELECT search FROM crm_customers WHERE id = $1', [ada]);
    expect(rows[0]!.search).toBe('ada lovelace ada@engines.test difference engines');
    const tabs = await getCustomerTabs(env.pool, ada, boss);
    expect(tabs.communications.map((c) => c.id)).toEqual([call, mail]);
    expect(tabs.communications[0]).toEqual({
      id: call,
      customerId: ada,
      type: 'call',
      direction: 'outbound',
      status: 'sent',
      subject: 'Intro',
      content: null,
      // A deleted file stays named on the communication (the app shows it as deleted).
      attachments: [
        { fileId: file, name: 'deck.pdf' },
        { fileId: draft, name: 'draft.txt' },
      ],
      timestamp: '2030-06-07T09:00:00.000Z',
      user: null,
    });
    // Files deleted in the same write as their upload, or in a later one, have no row.
    expect(tabs.files).toEqual([{ id: file, customerId: ada, name: 'deck.pdf', contentType: 'application/pdf', size: 1234, uploadedAt: '2030-06-06T00:00:01.000Z', uploadedBy: null }]);
    expect(tabs.deals.map((d) => [d.value, d.stage])).toEqual(expect.arrayContaining([[1000.5, 'closed_won'], [300, 'proposal'], [200, 'closed_lost']]));
    expect(tabs.tasks).toEqual([]);
  });

  it('hides deleted customers unless asked, and out-of-scope ones', async () => {
    expect(await getCustomer(env.pool, gone, boss)).toBeNull();
    expect(await getCustomer(env.pool, gone, boss, { includeDeleted: true })).toMatchObject({ deletedAt: '2030-06-09T00:00:00.000Z' });
    expect(await getCustomer(env.pool, bob, ownerActor)).toBeNull();
    expect(await getCustomer(env.pool, ada, ownerActor)).toMatchObject({ id: ada });
    expect(await getCustomer(env.pool, 'not-a-uuid', boss)).toBeNull();
  });

  it('lists with search (literal wildcards), filters, sorts, pages, scope and the deleted list', async () => {
    const ids = async (f: Partial<CustomerListInput>, actor: CrmActor = boss) => (await listCustomers(env.pool, filter(f), actor)).customers.map((c) => c.id);
    expect(await ids({})).toEqual([cy, bob, ada]);
    expect(await ids({ sort: 'oldest' })).toEqual([ada, bob, cy]);
    expect(await ids({ sort: 'name' })).toEqual([ada, bob, cy]);
    expect(await ids({ sort: 'leadScore' })).toEqual([ada, cy, bob]);
    expect(await ids({ sort: 'lastContact' })).toEqual([ada, cy, bob]);
    expect(await ids({ search: 'DIFFERENCE' })).toEqual([ada]);
    expect(await ids({ search: 'engines.test' })).toEqual([ada]);
    expect(await ids({ search: '50%_' })).toEqual([bob]);
    expect(await ids({ search: '%' })).toEqual([bob]);
    expect(await ids({ search: 'a%e' })).toEqual([]);
    expect(await ids({ status: 'customer' })).toEqual([ada]);
    expect(await ids({ leadSource: 'website' })).toEqual([cy, bob]);
    expect(await ids({}, ownerActor)).toEqual([ada]);
    expect(await ids({ deleted: true })).toEqual([gone]);
    const page = await listCustomers(env.pool, filter({ limit: 2, page: 2 }), boss);
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3, totalIsEstimate: false });
    expect(page.customers.map((c) => c.id)).toEqual([ada]);
    expect((await listCustomers(env.pool, filter({ page: 9 }), boss)).customers).toEqual([]);
  });

  it('iterates every matching customer in chunks, newest first, in scope', async () => {
    const chunks: string[][] = [];
    for await (const chunk of iterateCustomers(env.pool, { search: '', status: 'all', leadSource: 'all' }, boss, 2)) chunks.push(chunk.map((c) => c.id));
    expect(chunks).toEqual([[cy, bob], [ada]]);
    const mine: string[] = [];
    for await (const chunk of iterateCustomers(env.pool, { search: '', status: 'all', leadSource: 'all' }, ownerActor, 1)) mine.push(...chunk.map((c) => c.id));
    expect(mine).toEqual([ada]);
  });

  it('indexes the search text with trigrams and every sort and filter', async () => {
    const { rows } = await env.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'rm_crm_customers_g1' ORDER BY indexname`);
    const defs = rows.map((r) => r.indexdef).join('\n');
    // Live and deleted customers apart (the index answers `deleted_at IS NULL` itself), each with a small pending list.
    expect(defs).toMatch(/rm_crm_customers_g1_search ON .* USING gin \(search gin_trgm_ops\) WITH \(gin_pending_list_limit='256'\) WHERE \(deleted_at IS NULL\)/);
    expect(defs).toMatch(/rm_crm_customers_g1_search_deleted ON .* USING gin \(search gin_trgm_ops\) WITH \(gin_pending_list_limit='256'\) WHERE \(deleted_at IS NOT NULL\)/);
    expect(defs).toMatch(/\(status, created_at DESC, id DESC\) INCLUDE \(search\)/);
    const stats = await env.pool.query<{ n: number }>(
      `SELECT attstattarget::int AS n FROM pg_attribute WHERE attrelid = 'rm_crm_customers_g1'::regclass AND attname = 'search'`,
    );
    expect(stats.rows[0]?.n).toBe(1000);
    for (const status of ['lead', 'prospect', 'customer', 'inactive']) {
      expect(defs).toMatch(new RegExp(`USING gin \\(search gin_trgm_ops\\) WITH \\(gin_pending_list_limit='256'\\) WHERE \\(\\(deleted_at IS NULL\\) AND \\(status = '${status}'::text\\)\\)`));
    }
    for (const column of ['created_at DESC', 'lower\\(name\\)', 'lead_score DESC', 'last_contact DESC NULLS LAST', 'status', 'lead_source', 'assigned_to']) {
      expect(defs).toMatch(new RegExp(`\\(${column}`));
    }
  });

  it('batches of 3 and a one-batch rebuild give identical rows; the new tables have planner statistics before they go live', async () => {
    const before = await Promise.all(['crm_customers', 'crm_communications', 'crm_customer_files'].map((t) => allRows(env.pool, t)));
    const result = await rebuildProjection(customersProjection, { pool: env.pool, store: env.store, batchSize: 1000 });
    expect(result.generation).toBe(2);
    expect(await Promise.all(['crm_customers', 'crm_communications', 'crm_customer_files'].map((t) => allRows(env.pool, t)))).toEqual(before);
    const analyzed = await env.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'rm_crm_customers_g2' AND attname = 'deleted_at'`,
    );
    expect(analyzed.rows[0]?.n).toBe(1);
  });

  it(`counts exactly up to ${CUSTOMER_COUNT_CAP}, then answers the planner's estimate flagged as such`, async () => {
    const { rows } = await env.pool.query<{ t: string }>(`SELECT pg_get_viewdef('crm_customers'::regclass) AS t`);
    const table = /FROM (\S+)/.exec(rows[0]!.t)![1]!.replace(/;$/, '');
    await env.pool.query(
      `INSERT INTO ${table} (id, name, status, lead_score, tags, created_at, updated_at, search)
       SELECT gen_random_uuid(), 'Bulk ' || i, 'lead', 0, '{}', now(), now(), 'bulk ' || i FROM generate_series(1, ${CUSTOMER_COUNT_CAP + 50}) AS i`,
    );
    await env.pool.query(`ANALYZE ${table}`);
    const broad = await listCustomers(env.pool, filter({ search: 'bulk', limit: 5 }), boss);
    expect(broad.customers).toHaveLength(5);
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(CUSTOMER_COUNT_CAP);
    const narrow = await listCustomers(env.pool, filter({ search: 'bulk 1234' }), boss);
    expect(narrow).toMatchObject({ totalIsEstimate: false });
    expect(narrow.total).toBe(narrow.customers.length);
  });

  it('an e-mail-like term with digits matches exactly what the whole term matches; status + term pages newest first', async () => {
    const { rows } = await env.pool.query<{ t: string }>(`SELECT pg_get_viewdef('crm_customers'::regclass) AS t`);
    const table = /FROM (\S+)/.exec(rows[0]!.t)![1]!.replace(/;$/, '');
    const people: [string, string, string, number][] = [
      ['Leila Anderson', 'leila.anderson.946426@bluetech.com', 'customer', 3],
      ['Leo Anderson', 'leo.anderson.946426@bluetech.com', 'customer', 2],
      ['Leila Anderson', 'leila.anderson.9464260@bluetech.com', 'lead', 1],
      ['Digits Only', 'other.946426@elsewhere.org', 'customer', 0],
    ];
    for (const [name, email, status, daysAgo] of people) {
      await env.pool.query(
        `INSERT INTO ${table} (id, name, email, status, lead_score, tags, created_at, updated_at, search)
         VALUES (gen_random_uuid(), $1, $2, $3, 0, '{}', now() - make_interval(days => $4), now(), lower($1 || ' ' || $2 || ' '))`,
        [name, email, status, daysAgo],
      );
    }
    const emails = async (f: Partial<CustomerListInput>) => (await listCustomers(env.pool, filter(f), boss)).customers.map((c) => c.email);
    expect(await emails({ search: 'leila.anderson.946426' })).toEqual(['leila.anderson.9464260@bluetech.com', 'leila.anderson.946426@bluetech.com']);
    expect(await emails({ search: 'LEILA.anderson.946426@bluetech.com' })).toEqual(['leila.anderson.946426@bluetech.com']);
    expect(await emails({ search: 'anderson.946426@' })).toEqual(['leo.anderson.946426@bluetech.com', 'leila.anderson.946426@bluetech.com']);
    expect(await emails({ search: 'anderson.946426', status: 'customer' })).toEqual(['leo.anderson.946426@bluetech.com', 'leila.anderson.946426@bluetech.com']);
    expect(await emails({ search: '946426@', status: 'customer' })).toEqual(['other.946426@elsewhere.org', 'leo.anderson.946426@bluetech.com', 'leila.anderson.946426@bluetech.com']);
    const counted = await listCustomers(env.pool, filter({ search: 'anderson.946426', status: 'customer' }), boss);
    expect(counted).toMatchObject({ total: 2, totalIsEstimate: false });
    const pastTheEnd = await listCustomers(env.pool, filter({ search: 'anderson.946426', page: 5, limit: 2 }), boss);
    expect(pastTheEnd).toMatchObject({ customers: [], total: 3, totalIsEstimate: false });
  });
});

describe('rareAnchor', () => {
  it('picks the longest digit run of an e-mail-like term, nothing otherwise', () => {
    expect(rareAnchor('leila.anderson.946426')).toBe('946426');
    expect(rareAnchor('a.12.3456@x.com')).toBe('3456');
    expect(rareAnchor('olivia.smith@x.com')).toBeNull();
    expect(rareAnchor('garcia 123')).toBeNull();
    expect(rareAnchor('12345')).toBeNull();
  });
});
