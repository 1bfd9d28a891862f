/**
 * The users read model (spec 01, section 3 "User"; Users tab in section 2). One row per account;
 * `search` holds the lowercased name and e-mail for the text filter (lowercased in JavaScript, on both
 * sides, so it does not depend on the database's locale). Passwords never reach events, nor this table.
 */
import { userEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser, createSearchIndex } from '../runner/read-model.ts';

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

interface NewRow {
  id: string;
  name: string;
  email: string;
  user_type: string;
  is_approved: boolean;
  is_active: boolean;
  created_at: string;
  search: string;
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


export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  tables: ['users'],
  eventTypes: [...USER_ROW_EVENTS],

  async setup(client, physical) {
    const q = quoteIdent(physical.users!);
    await client.query(`
      CREATE TABLE ${q} (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        user_type text NOT NULL,
        is_approved boolean NOT NULL,
        is_active boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        search text NOT NULL,
        -- when the projector last wrote the row (operational: measures commit → read-model lag)
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
  },

  async indexes(client, tables: PhysicalTables) {
    const t = tables.users!;
    const q = quoteIdent(t);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_created`)} ON ${q} (created_at DESC)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_name`)} ON ${q} (lower(name))`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_email`)} ON ${q} (lower(email))`);
    // The last-admin rule lists the admins (a handful of rows) under its lock.
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_type`)} ON ${q} (user_type, created_at DESC)`);
    await createSearchIndex(client, t);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.users!);
    const inserts = new Map<string, NewRow>();
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
    if (inserts.size > 0) {
      await client.query(
        `INSERT INTO ${q} (id, name, email, user_type, is_approved, is_active, created_at, updated_at, search)
         SELECT r.id, r.name, r.email, r.user_type, r.is_approved, r.is_active, r.created_at, r.created_at, r.search
         FROM jsonb_to_recordset($1::jsonb) AS r(
           id uuid, name text, email text, user_type text, is_approved boolean, is_active boolean, created_at timestamptz, search text)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify([...inserts.values()])],
      );
    }
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
