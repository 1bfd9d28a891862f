/**
 * The users read model (spec 01, section 3 "User"; Users tab in section 2). One row per account;
 * `search` holds the lowercased name and e-mail for the text filter (lowercased in JavaScript, on both
 * sides, so it does not depend on the database's locale). Passwords never reach events, nor this table.
 */
import { userEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

/** The user events this read model is built from (password events change nothing here). */
const USER_ROW_EVENTS = [
  'UserCreated',
  'UserRegistered',
  'UserApproved',
  'UserApprovalRevoked',
  'UserActivated',
  'UserDeactivated',
  'UserTypeChanged',
  'UserProfileUpdated',
] as const;

const parseUserEvent = contractEventParser(userEventSchemas, USER_ROW_EVENTS);

/** The text the search filter matches against (same normalisation as the query side). */
export function userSearchText(u: { name: string; email: string }): string {
  return `${u.name} ${u.email}`.toLowerCase();
}

/**
 * The changes a batch makes to one account. Every user event sets absolute values, so applying the
 * last value of each field (in event order) equals applying the events one by one.
 */
interface Patch {
  id: string;
  name?: string;
  email?: string;
  search?: string;
  user_type?: string;
  is_approved?: boolean;
  is_active?: boolean;
  at: string;
}

/** The `users` read model's table: one row per account. */
export const usersTable = readModelTable({
  name: 'users',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    email: { type: 'text' },
    user_type: { type: 'text' },
    is_approved: { type: 'boolean' },
    is_active: { type: 'boolean' },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'created', on: '(created_at DESC)' },
    { name: 'name', on: '(lower(name))' },
    { name: 'email', on: '(lower(email))' },
    // The last-admin rule lists the admins (a handful of rows) under its lock.
    { name: 'type', on: '(user_type, created_at DESC)' },
    { search: 'search' },
  ],
});

export type UserRow = RowOf<typeof usersTable>;

export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  tables: [usersTable.name],
  eventTypes: [...USER_ROW_EVENTS],

  async setup(client, physical) {
    await createReadModelTables(client, physical, usersTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, usersTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.users!);
    const inserts = new Map<string, UserRow>();
    const patches = new Map<string, Patch>();
    const patch = (id: string, at: string, fields: Omit<Patch, 'id' | 'at'>) => {
      patches.set(id, { ...patches.get(id), ...fields, id, at });
    };
    for (const event of events) {
      const parsed = parseUserEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'UserCreated': {
          const d = parsed.data;
          if (inserts.has(d.userId)) break;
          inserts.set(d.userId, {
            id: d.userId,
            name: d.name,
            email: d.email,
            user_type: d.userType,
            is_approved: d.isApproved,
            is_active: d.isActive,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            search: userSearchText(d),
          });
          break;
        }
        case 'UserRegistered': {
          const d = parsed.data;
          if (inserts.has(d.userId)) break;
          inserts.set(d.userId, {
            id: d.userId,
            name: d.name,
            email: d.email,
            user_type: 'user',
            is_approved: false,
            is_active: true,
            created_at: d.registeredAt,
            updated_at: d.registeredAt,
            search: userSearchText(d),
          });
          break;
        }
        case 'UserApproved':
          patch(parsed.data.userId, parsed.data.at, { is_approved: true });
          break;
        case 'UserApprovalRevoked':
          patch(parsed.data.userId, parsed.data.at, { is_approved: false });
          break;
        case 'UserActivated':
          patch(parsed.data.userId, parsed.data.at, { is_active: true });
          break;
        case 'UserDeactivated':
          patch(parsed.data.userId, parsed.data.at, { is_active: false });
          break;
        case 'UserTypeChanged':
          patch(parsed.data.userId, parsed.data.at, { user_type: parsed.data.to });
          break;
        case 'UserProfileUpdated': {
          const d = parsed.data;
          patch(d.userId, d.at, { name: d.name, email: d.email, search: userSearchText(d) });
          break;
        }
      }
    }
    await usersTable.insertNew(client, tables.users!, [...inserts.values()]);
    if (patches.size > 0) {
      // Absent fields are null in the record set: COALESCE keeps the row's value for them.
      await client.query(
        `UPDATE ${q} AS u SET
           name = COALESCE(p.name, u.name),
           email = COALESCE(p.email, u.email),
           search = COALESCE(p.search, u.search),
           user_type = COALESCE(p.user_type, u.user_type),
           is_approved = COALESCE(p.is_approved, u.is_approved),
           is_active = COALESCE(p.is_active, u.is_active),
           updated_at = p.at,
           projected_at = clock_timestamp()
         FROM jsonb_to_recordset($1::jsonb) AS p(
           id uuid, name text, email text, search text, user_type text, is_approved boolean, is_active boolean, at timestamptz)
         WHERE u.id = p.id`,
        [JSON.stringify([...patches.values()])],
      );
    }
  },
});
