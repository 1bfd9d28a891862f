import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, apiKeyScopeFor, scopesForRole } from '@crm/contracts';
import {
  API_KEY_ENTROPY_BITS,
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  apiKeyChecksum,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  maskApiKey,
} from '../../src/integrations/api-keys/api-key.format.ts';

describe('API key format', () => {
  it('is crm_live_ + 30 random base62 characters (at least 128 bits) + a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(key).toMatch(/^crm_live_[0-9A-Za-z]{36}$/);
    expect(API_KEY_ENTROPY_BITS).toBeGreaterThanOrEqual(128);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
  });

  it('spends its characters over the whole alphabet', () => {
    const chars = new Set(Array.from({ length: 200 }, generateApiKey).join('').slice(API_KEY_PREFIX.length));
    expect(chars.size).toBeGreaterThan(55);
  });

  it('checks the checksum: one changed character, a wrong prefix or length is not a key', () => {
    const key = generateApiKey();
    const i = API_KEY_PREFIX.length + 5;
    const flipped = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.replace('crm_live_', 'crm_test_'))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -6)}!!!!!!`)).toBe(false);
  });

  it('the checksum is the base62 CRC32 of the random part, 6 characters', () => {
    expect(apiKeyChecksum('')).toBe('000000');
    expect(apiKeyChecksum('abc')).toMatch(/^[0-9A-Za-z]{6}$/);
    const key = generateApiKey();
    expect(key.slice(-6)).toBe(apiKeyChecksum(key.slice(API_KEY_PREFIX.length, -6)));
  });

  it('is stored as its SHA-256 and shown masked', () => {
    expect(hashApiKey('crm_live_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(maskApiKey('crm_live_', 'abcd')).toBe('crm_live_…abcd');
  });
});

describe('API key scopes', () => {
  it('map a route to <area>:read for GET and <area>:write otherwise', () => {
    expect(apiKeyScopeFor('GET', '/api/crm/customers', 'crm:own')).toBe('customers:read');
    expect(apiKeyScopeFor('POST', '/api/crm/customers/:id/restore', 'crm:restore')).toBe('customers:write');
    expect(apiKeyScopeFor('PUT', '/api/crm/deals/:id', 'crm:own')).toBe('deals:write');
    expect(apiKeyScopeFor('DELETE', '/api/crm/tasks/:id', 'crm:own')).toBe('tasks:write');
    expect(apiKeyScopeFor('GET', '/api/crm/search', 'crm:own')).toBe('customers:read');
    expect(apiKeyScopeFor('GET', '/api/admin/bookings', 'bookings:read')).toBe('bookings:read');
    expect(apiKeyScopeFor('PUT', '/api/admin/bookings', 'bookings:manage')).toBe('bookings:write');
    expect(apiKeyScopeFor('GET', '/api/admin/audit-logs', 'audit:read')).toBe('audit:read');
    expect(apiKeyScopeFor('GET', '/api/admin/login-history', 'security:read')).toBe('security:read');
  });

  it('public routes need none; own-account and API-key routes take no key', () => {
    expect(apiKeyScopeFor('POST', '/api/bookings', 'public')).toBeNull();
    expect(apiKeyScopeFor('GET', '/api/me', 'authenticated')).toBe('none');
    expect(apiKeyScopeFor('GET', '/api/admin/api-keys', 'integrations:manage')).toBe('none');
    expect(apiKeyScopeFor('GET', '/api/crm/unknown', 'crm:own')).toBe('none');
  });

  it('a role grants only the scopes its permissions cover', () => {
    expect(scopesForRole('admin')).toEqual([...API_KEY_SCOPES]);
    expect(scopesForRole('manager')).not.toContain('audit:read');
    expect(scopesForRole('manager')).toContain('bookings:write');
    expect(scopesForRole('user')).toEqual(['customers:read', 'customers:write', 'deals:read', 'deals:write', 'tasks:read', 'tasks:write', 'analytics:read']);
  });
});
