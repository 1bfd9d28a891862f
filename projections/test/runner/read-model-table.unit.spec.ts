/** readModelTable: the DDL, the write statements and the row type derived from one column definition. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PROJECTED_AT, type RowOf, readModelTable } from '../../src/runner/read-model-table.ts';

const notes = readModelTable({
  name: 'notes',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    title: { type: 'text' },
    body: { type: 'text', nullable: true },
    tags: { type: 'text[]', default: "'{}'" },
    score: { type: 'numeric(10,2)', default: '0' },
    created_at: { type: 'timestamptz', immutable: true },
    title_lc: { type: 'text', generated: 'lower(title)', nullable: true },
    projected_at: PROJECTED_AT,
  },
});

describe('readModelTable', () => {
  it('derives CREATE TABLE: NOT NULL unless nullable, defaults, generated columns, comments', () => {
    expect(notes.createTable('rm_notes_g2')).toBe(
      [
        'CREATE TABLE "rm_notes_g2" (',
        '  "id" uuid PRIMARY KEY,',
        '  "title" text NOT NULL,',
        '  "body" text,',
        `  "tags" text[] NOT NULL DEFAULT '{}',`,
        '  "score" numeric(10,2) NOT NULL DEFAULT 0,',
        '  "created_at" timestamptz NOT NULL,',
        '  "title_lc" text GENERATED ALWAYS AS (lower(title)) STORED,',
        '  -- when the projector last wrote the row (operational: measures commit → read-model lag)',
        '  "projected_at" timestamptz NOT NULL DEFAULT clock_timestamp()',
        ')',
      ].join('\n'),
    );
  });

  it('derives one multi-row upsert from a jsonb parameter: key and immutable columns kept, touched columns reset', () => {
    expect(notes.writtenColumns).toEqual(['id', 'title', 'body', 'tags', 'score', 'created_at']);
    expect(notes.writeSql('rm_notes_g2', 'update')).toBe(
      [
        'INSERT INTO "rm_notes_g2" ("id", "title", "body", "tags", "score", "created_at")',
        'SELECT r."id", r."title", r."body", r."tags", r."score", r."created_at"',
        'FROM jsonb_to_recordset($1::jsonb) AS r("id" uuid, "title" text, "body" text, "tags" text[], "score" numeric(10,2), "created_at" timestamptz)',
        'ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title", "body" = EXCLUDED."body", "tags" = EXCLUDED."tags", "score" = EXCLUDED."score", "projected_at" = clock_timestamp()',
      ].join('\n'),
    );
    expect(notes.writeSql('rm_notes_g2', 'nothing')).toMatch(/ON CONFLICT \("id"\) DO NOTHING$/);
  });

  it('a composite key is a table constraint and the conflict target', () => {
    const history = readModelTable({
      name: 'note_history',
      columns: { note_id: { type: 'uuid' }, position: { type: 'int', comment: 'stream revision' }, text: { type: 'text' } },
      primaryKey: ['note_id', 'position'],
    });
    expect(history.createTable('t')).toBe('CREATE TABLE "t" (\n  "note_id" uuid NOT NULL,\n  -- stream revision\n  "position" int NOT NULL,\n  "text" text NOT NULL,\n  PRIMARY KEY ("note_id", "position")\n)');
    expect(history.writeSql('t', 'update')).toMatch(/ON CONFLICT \("note_id", "position"\) DO UPDATE SET "text" = EXCLUDED."text"$/);
  });

  it('infers the row a projection writes', () => {
    expectTypeOf<RowOf<typeof notes>>().toEqualTypeOf<{
      id: string;
      title: string;
      body: string | null;
      tags: string[];
      score: number;
      created_at: string;
    }>();
  });

  it('refuses an upsert that reaches one key twice (PostgreSQL would refuse the whole statement)', async () => {
    const client = { query: async () => ({ rows: [], rowCount: 0 }) };
    const row = { id: 'a', title: 't', body: null, tags: [], score: 0, created_at: '2030-01-01T00:00:00.000Z' };
    await expect(notes.upsert(client, 'rm_notes_g1', [row, { ...row, title: 'u' }])).rejects.toThrow(/key \["a"\] twice/);
  });

  it('refuses definitions without a key, with two keys, or with bad names', () => {
    expect(() => readModelTable({ name: 'x', columns: { a: { type: 'text' } } })).toThrow(/no primary key/);
    expect(() => readModelTable({ name: 'x', columns: { a: { type: 'text', primaryKey: true }, b: { type: 'text', primaryKey: true } } })).toThrow(/more than one/);
    expect(() => readModelTable({ name: 'x', columns: { 'A b': { type: 'text', primaryKey: true } } })).toThrow(/identifier/);
    expect(() => readModelTable({ name: 'x', columns: { a: { type: 'text', primaryKey: true, nullable: true } } })).toThrow(/nullable/);
    expect(() => readModelTable({ name: 'x', columns: { a: { type: 'text', primaryKey: true }, p: { type: 'timestamptz', touch: true } } })).toThrow(/needs a default/);
  });
});
