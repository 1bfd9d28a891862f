import { describe, it } from 'vitest';
import type { CrmActor, CustomerCreateInput, CustomerEvent } from '@crm/contracts';
import { customerDecider, type CustomerCommand } from '../../src/customers/customer.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const customerId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const managerId = 'a3c1b2d4-0000-4000-8000-000000000001';
const userId = 'a3c1b2d4-0000-4000-8000-000000000002';
const otherId = 'a3c1b2d4-0000-4000-8000-000000000003';
const fileId = 'f0000000-0000-4000-8000-000000000001';
/** Another live customer (the facts the service gathers about who holds an e-mail). */
const otherCustomer = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c99';
const communicationId = 'c0000000-0000-4000-8000-000000000001';
const manager: CrmActor = { userId: managerId, scope: 'all' };
const user: CrmActor = { userId, scope: 'own' };
const stranger: CrmActor = { userId: otherId, scope: 'own' };
const spec = deciderSpec(customerDecider, { now, userId: managerId, metadata: { correlationId: 'test' } });

const input: CustomerCreateInput = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  company: 'Analytical Engines',
  website: null,
  address: null,
  city: 'London',
  country: 'UK',
  industry: 'Technology',
  leadSource: 'referral',
  notes: null,
  status: 'lead',
  leadScore: 40,
  assignedTo: userId,
  tags: ['vip'],
};
const profile = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  company: 'Analytical Engines',
  website: null,
  address: null,
  city: 'London',
  country: 'UK',
  industry: 'Technology' as const,
  leadSource: 'referral' as const,
  notes: null,
};
const created = (assignedTo: string | null = userId, by = managerId): CustomerEvent => ({
  type: 'CustomerCreated',
  data: { customerId, ...profile, status: 'lead', leadScore: 40, assignedTo, tags: ['vip'], createdAt: at, createdBy: by },
});
const deleted: CustomerEvent = { type: 'CustomerDeleted', data: { customerId, deletedAt: at, deletedBy: managerId } };
const restored: CustomerEvent = { type: 'CustomerRestored', data: { customerId, restoredAt: at, restoredBy: managerId } };
const attached: CustomerEvent = {
  type: 'CustomerFileAttached',
  data: { customerId, fileId, name: 'contract.pdf', contentType: 'application/pdf', size: 10, sha256: 'a'.repeat(64), attachedAt: at, attachedBy: managerId },
};

/** The facts the service gathers about an active, approved assignee. */
const assignable = (id: string) => ({ id, assignable: true });
const create = (actor: CrmActor, overrides: Partial<CustomerCreateInput> = {}): Extract<CustomerCommand, { type: 'CreateCustomer' }> => ({ type: 'CreateCustomer', customerId, actor, input: { ...input, ...overrides } });
const update = (actor: CrmActor, patch: Extract<CustomerCommand, { type: 'UpdateCustomer' }>['patch']): Extract<CustomerCommand, { type: 'UpdateCustomer' }> => ({ type: 'UpdateCustomer', customerId, actor, patch });
const del = (actor: CrmActor): CustomerCommand => ({ type: 'DeleteCustomer', customerId, actor });
const restore = (actor: CrmActor): CustomerCommand => ({ type: 'RestoreCustomer', customerId, actor });
const log = (actor: CrmActor, attachmentIds: string[] = []): CustomerCommand => ({
  type: 'LogCommunication',
  customerId,
  actor,
  communicationId,
  communicationType: 'call',
  direction: 'outbound',
  status: 'sent',
  subject: 'Intro call',
  content: null,
  attachmentIds,
  occurredAt: '2026-11-20T10:00:00+01:00',
});
const attach = (actor: CrmActor): CustomerCommand => ({ type: 'AttachFile', customerId, actor, fileId, name: 'contract.pdf', contentType: 'application/pdf', size: 10, sha256: 'a'.repeat(64) });

describe('customer decider', () => {
  describe('CreateCustomer', () => {
    it('records the customer with its owner and tags', () => spec.given([]).when({ ...create(manager), assignee: assignable(userId) }).then([created()]));
    it('refuses an owner who is not an active, approved account (facts from the account)', () => {
      spec.given([]).when({ ...create(manager), assignee: { id: userId, assignable: false } }).thenThrows('assignee_not_found');
      spec.given([]).when(create(manager)).thenThrows('assignee_not_found');
    });
    it('assigns to the creator when no owner is given', () =>
      spec.given([]).when(create(user, { assignedTo: undefined })).then([created(userId, userId)]));
    it('lets a manager leave it unassigned', () => spec.given([]).when(create(manager, { assignedTo: null })).then([created(null)]));
    it('lets a user assign to themselves', () => spec.given([]).when(create(user)).then([created(userId, userId)]));
    it('refuses a user assigning to someone else', () => spec.given([]).when(create(user, { assignedTo: otherId })).thenThrows('assign_forbidden'));
    it('refuses a user leaving it unassigned', () => spec.given([]).when(create(user, { assignedTo: null })).thenThrows('assign_forbidden'));
    it('refuses a second create', () => spec.given([created()]).when(create(manager)).thenThrows('customer_exists'));
    it('refuses an e-mail another live customer has', () => spec.given([]).when({ ...create(manager), emailHeldBy: otherCustomer, assignee: assignable(userId) }).thenThrows('customer_email_taken'));
    it('a customer without an e-mail is not checked', () =>
      spec
        .given([])
        .when({ ...create(manager, { email: null }), emailHeldBy: otherCustomer, assignee: assignable(userId) })
        .then([{ ...created(), data: { ...created().data, email: null } } as CustomerEvent]));
  });

  describe('UpdateCustomer', () => {
    it('records only the profile fields that changed', () =>
      spec
        .given([created()])
        .when(update(manager, { name: 'Ada King', email: 'ada@example.com', city: null }))
        .then([{ type: 'CustomerUpdated', data: { customerId, changes: { name: 'Ada King', city: null }, updatedAt: at, updatedBy: managerId } }]));
    it('a patch that changes nothing records nothing', () =>
      spec.given([created()]).when(update(manager, { name: 'Ada Lovelace', status: 'lead', leadScore: 40, assignedTo: userId, tags: ['vip'] })).then([]));
    it('status, score, owner and tags each get their own event', () =>
      spec
        .given([created()])
        .when({ ...update(manager, { status: 'customer', leadScore: 85, assignedTo: otherId, tags: ['enterprise'] }), assignee: assignable(otherId) })
        .then([
          { type: 'CustomerStatusChanged', data: { customerId, from: 'lead', to: 'customer', changedAt: at, changedBy: managerId } },
          { type: 'CustomerScored', data: { customerId, leadScore: 85, scoredAt: at, scoredBy: managerId } },
          { type: 'CustomerAssigned', data: { customerId, assignedTo: otherId, assignedAt: at, assignedBy: managerId } },
          { type: 'CustomerTagged', data: { customerId, tag: 'enterprise', taggedAt: at, taggedBy: managerId } },
          { type: 'CustomerUntagged', data: { customerId, tag: 'vip', untaggedAt: at, untaggedBy: managerId } },
        ]));
    it('lets the assigned user edit', () =>
      spec
        .given([created()])
        .when(update(user, { notes: 'Call back' }))
        .then([{ type: 'CustomerUpdated', data: { customerId, changes: { notes: 'Call back' }, updatedAt: at, updatedBy: userId } }]));
    it('refuses an unknown customer', () => spec.given([]).when(update(manager, { name: 'X' })).thenThrows('customer_not_found'));
    it('refuses a deleted customer', () => spec.given([created(), deleted]).when(update(manager, { name: 'X' })).thenThrows('customer_deleted'));
    it("refuses a user on someone else's customer", () => spec.given([created()]).when(update(stranger, { name: 'X' })).thenThrows('customer_out_of_scope'));
    it('refuses a user assigning to someone else', () => spec.given([created()]).when(update(user, { assignedTo: otherId })).thenThrows('assign_forbidden'));
    it('refuses a user unassigning', () => spec.given([created()]).when(update(user, { assignedTo: null })).thenThrows('assign_forbidden'));
    it('refuses a new e-mail another live customer has', () =>
      spec.given([created()]).when({ ...update(manager, { email: 'grace@example.com' }), emailHeldBy: otherCustomer }).thenThrows('customer_email_taken'));
    it('keeps its own e-mail, in another case too', () =>
      spec
        .given([created()])
        .when({ ...update(manager, { email: 'Ada@Example.com' }), emailHeldBy: customerId })
        .then([{ type: 'CustomerUpdated', data: { customerId, changes: { email: 'Ada@Example.com' }, updatedAt: at, updatedBy: managerId } }]));
    it('an unchanged e-mail is not checked', () =>
      spec
        .given([created()])
        .when({ ...update(manager, { email: 'ada@example.com', name: 'Ada King' }), emailHeldBy: otherCustomer })
        .then([{ type: 'CustomerUpdated', data: { customerId, changes: { name: 'Ada King' }, updatedAt: at, updatedBy: managerId } }]));
  });

  describe('DeleteCustomer', () => {
    it('soft-deletes', () => spec.given([created()]).when(del(manager)).then([deleted]));
    it('lets the assigned user delete', () =>
      spec.given([created()]).when(del(user)).then([{ type: 'CustomerDeleted', data: { customerId, deletedAt: at, deletedBy: userId } }]));
    it('refuses an unknown customer', () => spec.given([]).when(del(manager)).thenThrows('customer_not_found'));
    it('refuses a deleted customer', () => spec.given([created(), deleted]).when(del(manager)).thenThrows('customer_deleted'));
    it("refuses a user on someone else's customer", () => spec.given([created()]).when(del(stranger)).thenThrows('customer_out_of_scope'));
  });

  describe('RestoreCustomer', () => {
    it('restores a deleted customer', () => spec.given([created(), deleted]).when(restore(manager)).then([restored]));
    it('refuses a live customer', () => spec.given([created()]).when(restore(manager)).thenThrows('customer_not_deleted'));
    it('refuses a restored customer', () => spec.given([created(), deleted, restored]).when(restore(manager)).thenThrows('customer_not_deleted'));
    it('refuses an unknown customer', () => spec.given([]).when(restore(manager)).thenThrows('customer_not_found'));
    it("refuses an own-scope actor on someone else's customer", () => spec.given([created(), deleted]).when(restore(stranger)).thenThrows('customer_out_of_scope'));
    it('refuses one whose e-mail another customer was given meanwhile', () =>
      spec.given([created(), deleted]).when({ ...restore(manager), emailHeldBy: otherCustomer } as CustomerCommand).thenThrows('customer_email_taken'));
  });

  describe('LogCommunication', () => {
    const logged = (attachments: { fileId: string; name: string }[] = [], by = managerId): CustomerEvent => ({
      type: 'CommunicationLogged',
      data: {
        customerId,
        communicationId,
        type: 'call',
        direction: 'outbound',
        status: 'sent',
        subject: 'Intro call',
        content: null,
        attachments,
        occurredAt: '2026-11-20T09:00:00.000Z',
        loggedAt: at,
        loggedBy: by,
      },
    });
    it('records the communication with its time in UTC', () => spec.given([created()]).when(log(manager)).then([logged()]));
    it('without a time it happened now', () => {
      const logNow: CustomerCommand = { ...(log(manager) as Extract<CustomerCommand, { type: 'LogCommunication' }>), occurredAt: null };
      const event = logged() as Extract<CustomerEvent, { type: 'CommunicationLogged' }>;
      spec.given([created()]).when(logNow).then([{ ...event, data: { ...event.data, occurredAt: at } }]);
    });
    it('names the attached files of this customer', () =>
      spec.given([created(), attached]).when(log(manager, [fileId])).then([logged([{ fileId, name: 'contract.pdf' }])]));
    it('lets the assigned user log', () => spec.given([created()]).when(log(user)).then([logged([], userId)]));
    it('refuses attachments that are not files of this customer', () =>
      spec.given([created()]).when(log(manager, [fileId])).thenThrows('attachment_not_found'));
    it('refuses an unknown customer', () => spec.given([]).when(log(manager)).thenThrows('customer_not_found'));
    it('refuses a deleted customer', () => spec.given([created(), deleted]).when(log(manager)).thenThrows('customer_deleted'));
    it("refuses a user on someone else's customer", () => spec.given([created()]).when(log(stranger)).thenThrows('customer_out_of_scope'));
  });

  describe('AttachFile', () => {
    it('records the file', () => spec.given([created()]).when(attach(manager)).then([attached]));
    it('refuses the same file twice', () => spec.given([created(), attached]).when(attach(manager)).thenThrows('file_exists'));
    it('refuses an unknown customer', () => spec.given([]).when(attach(manager)).thenThrows('customer_not_found'));
    it('refuses a deleted customer', () => spec.given([created(), deleted]).when(attach(manager)).thenThrows('customer_deleted'));
    it("refuses a user on someone else's customer", () => spec.given([created()]).when(attach(stranger)).thenThrows('customer_out_of_scope'));
  });

  describe('DeleteFile', () => {
    const removeFile = (actor: CrmActor): CustomerCommand => ({ type: 'DeleteFile', customerId, actor, fileId });
    const fileDeleted = (by = managerId): CustomerEvent => ({ type: 'CustomerFileDeleted', data: { customerId, fileId, name: 'contract.pdf', deletedAt: at, deletedBy: by } });
    it('records the deletion with the file name', () => spec.given([created(), attached]).when(removeFile(manager)).then([fileDeleted()]));
    it('lets the assigned user (who may edit the customer) delete it', () => spec.given([created(), attached]).when(removeFile(user)).then([fileDeleted(userId)]));
    it("refuses a user on someone else's customer", () => spec.given([created(), attached]).when(removeFile(stranger)).thenThrows('customer_out_of_scope'));
    it('refuses a file that is not attached', () => spec.given([created()]).when(removeFile(manager)).thenThrows('file_not_found'));
    it('refuses a file already deleted', () => spec.given([created(), attached, fileDeleted()]).when(removeFile(manager)).thenThrows('file_not_found'));
    it('refuses on a deleted customer', () => spec.given([created(), attached, deleted]).when(removeFile(manager)).thenThrows('customer_deleted'));
    it('a deleted file can no longer be attached to a new communication', () =>
      spec.given([created(), attached, fileDeleted()]).when(log(manager, [fileId])).thenThrows('attachment_not_found'));
  });
});
