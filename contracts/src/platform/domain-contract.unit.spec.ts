import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditedEvent } from './audit.ts';
import { domainContracts } from '../domains.ts';
import { defineDomainContract, eventRegistry } from './domain-contract.ts';
import { eventSchemas } from './event-registry.ts';
import { ADMIN_AREA_PATHS } from './site-routes.ts';

const entry = auditedEvent(1, z.object({ id: z.string() }), { entity: 'settings', entityId: (d) => d.id, action: 'UPDATE', risk: 'low' });

describe('domain contracts', () => {
  it('build the event registry from every domain, and refuse an event type two domains define', () => {
    const notes = defineDomainContract({ name: 'notes', events: [{ NoteAdded: entry }] });
    const thief = defineDomainContract({ name: 'thief', events: [{ NoteAdded: entry }] });
    expect(Object.keys(eventRegistry([notes]))).toEqual(['NoteAdded']);
    expect(() => eventRegistry([notes, thief])).toThrow('event type NoteAdded is defined twice (domains notes and thief)');
    expect(() => eventRegistry([defineDomainContract({ name: 'twice', events: [{ A: entry }, { A: entry }] })])).toThrow('defined twice');
  });

  it('the platform registry holds every domain contract’s events', () => {
    const declared = domainContracts.flatMap((c) => ('events' in c ? c.events.flatMap((group) => Object.keys(group)) : []));
    expect(Object.keys(eventSchemas).sort()).toEqual([...declared].sort());
    expect(eventSchemas.CustomerCreated).toBeDefined();
    expect(eventSchemas.BookingRequested).toBeDefined();
  });

  it('every domain has a distinct name, and the admin URLs come from the contracts that declare them', () => {
    const names = domainContracts.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(ADMIN_AREA_PATHS).toContain('/admin/customers');
    expect(ADMIN_AREA_PATHS).toContain('/admin/pipeline');
  });
});
