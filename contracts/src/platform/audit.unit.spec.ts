import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { domainContracts } from '../domains.ts';
import { AUDIT_ACTIONS, REDACTED, auditDeclarationProblems, auditedEvent, isSecretField, redactSecrets, resolveAudit } from './audit.ts';
import { eventRegistry } from './domain-contract.ts';
import { eventSchemas } from './event-registry.ts';

describe('audit declarations', () => {
  it('every event type of every domain declares how it is audited', () => {
    const problems = Object.entries(eventSchemas).flatMap(([type, entry]) => auditDeclarationProblems(type, entry));
    expect(problems).toEqual([]);
    expect(Object.keys(eventSchemas).length).toBeGreaterThanOrEqual(50);
  });

  it('a registry entry without a declaration, or with an unknown action, is reported', () => {
    const bare = { version: 1, schema: z.object({}) };
    // @ts-expect-error: the type requires the declaration; the test proves the runtime check too
    const registry = eventRegistry([{ name: 'notes', events: [{ NoteAdded: bare }] }]);
    expect(auditDeclarationProblems('NoteAdded', registry.NoteAdded!)).toEqual(['NoteAdded: no audit declaration']);
    expect(auditDeclarationProblems('X', { audit: { entity: 'customer', entityId: () => null, action: 'FROB', risk: 'low' } })).toEqual([
      `X: audit.action FROB is not one of ${AUDIT_ACTIONS.join(', ')}`,
    ]);
    expect(auditDeclarationProblems('Y', { audit: { entity: 'planet', entityId: 'x', action: 'CREATE', risk: 'extreme' } })).toHaveLength(3);
  });

  it('values may depend on the data: a failed login by its reason, a type raised to admin', () => {
    const failed = eventSchemas.LoginFailed!.audit;
    const base = { loginId: 'l', userId: null, userName: null, email: 'a@b.c', at: '', ip: null, userAgent: null, device: 'desktop', browser: '', os: '', suspiciousReasons: [] };
    expect(resolveAudit(failed, { ...base, reason: 'wrong_password', suspicious: false })).toMatchObject({ action: 'LOGIN_FAILED', outcome: 'failure', risk: 'low' });
    expect(resolveAudit(failed, { ...base, reason: 'throttled', suspicious: false }).risk).toBe('high');
    const raised = resolveAudit(eventSchemas.UserTypeChanged!.audit, { userId: 'u', from: 'user', to: 'admin', by: null, at: '' });
    expect(raised).toMatchObject({ entity: 'user', entityId: 'u', action: 'PERMISSION_CHANGE', risk: 'high' });
    expect(resolveAudit(eventSchemas.UserTypeChanged!.audit, { userId: 'u', from: 'admin', to: 'user', by: null, at: '' }).risk).toBe('medium');
  });

  it('each domain contract’s groups carry their declarations (the typed helper keeps the schema)', () => {
    const entry = auditedEvent(1, z.object({ noteId: z.string() }), { entity: 'settings', entityId: (d) => d.noteId, action: 'CREATE', risk: 'low' });
    expect(entry.audit.entityId({ noteId: 'n1' })).toBe('n1');
    for (const contract of domainContracts) {
      for (const group of 'events' in contract ? contract.events : []) for (const value of Object.values(group)) expect(value.audit).toBeDefined();
    }
  });
});

describe('secrets', () => {
  it('the global deny list catches secrets by field name', () => {
    for (const name of ['password', 'passwordHash', 'password_hash', 'token', 'tokenHash', 'resetToken', 'apiKey', 'api_key', 'totpSecret', 'secret', 'recoveryCodes', 'recovery_code_hashes', 'privateKey', 'code']) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['name', 'email', 'sha256', 'sessionId', 'loginId', 'status', 'tags', 'reason']) expect(isSecretField(name), name).toBe(false);
  });

  it('redacts at any depth, and the fields a declaration lists', () => {
    const data = { userId: 'u', tokenHash: 'abc', nested: [{ secret: 's', ok: 1 }], pin: '1234' };
    expect(redactSecrets(data, ['pin'])).toEqual({ userId: 'u', tokenHash: REDACTED, nested: [{ secret: REDACTED, ok: 1 }], pin: REDACTED });
  });
});
