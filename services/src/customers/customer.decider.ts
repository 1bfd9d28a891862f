/**
 * The customer aggregate (spec 02 §3–§5; docs/CRM.md "Customers"). Pure: every command carries the actor,
 * and the record-level scope is decided here (a `crm:own` actor reaches only customers assigned to them and
 * may only assign to themselves).
 */
import {
  CRM_ERRORS,
  CUSTOMER_ERRORS,
  domainError,
  actorReaches,
  type CommunicationDirection,
  type CommunicationStatus,
  type CommunicationType,
  type CrmActor,
  type CustomerCreateInput,
  type CustomerEvent,
  type CustomerProfile,
  type CustomerStatus,
  type CustomerUpdateInput,
} from '@crm/contracts';
import { requireActiveAssignee, type AssigneeFacts } from '../crm/crm-assignee.ts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type CustomerState =
  | { exists: false }
  | {
      exists: true;
      customerId: string;
      profile: CustomerProfile;
      status: CustomerStatus;
      leadScore: number;
      assignedTo: string | null;
      tags: string[];
      deleted: boolean;
      /** Files attached to this customer: id → name (communications may refer to them). */
      files: Record<string, string>;
    };

type Existing = Extract<CustomerState, { exists: true }>;

export type CustomerCommand =
  /**
   * `assignee`: facts about the named assignee when it is someone other than the actor (crm/crm-assignee.ts).
   * `emailHeldBy`: the live customer (if any) that already has the e-mail the command gives or brings back
   * (case-insensitive; gathered by the service): an e-mail belongs to one live customer.
   */
  | { type: 'CreateCustomer'; customerId: string; actor: CrmActor; input: CustomerCreateInput; assignee?: AssigneeFacts | null; emailHeldBy?: string | null }
  | {
      type: 'UpdateCustomer';
      customerId: string;
      actor: CrmActor;
      patch: Omit<CustomerUpdateInput, 'id'>;
      assignee?: AssigneeFacts | null;
      emailHeldBy?: string | null;
    }
  | { type: 'DeleteCustomer'; customerId: string; actor: CrmActor }
  | { type: 'RestoreCustomer'; customerId: string; actor: CrmActor; emailHeldBy?: string | null }
  | {
      type: 'LogCommunication';
      customerId: string;
      actor: CrmActor;
      communicationId: string;
      communicationType: CommunicationType;
      direction: CommunicationDirection;
      status: CommunicationStatus;
      subject: string | null;
      content: string | null;
      attachmentIds: string[];
      /** ISO instant; null: now. */
      occurredAt: string | null;
    }
  | {
      type: 'AttachFile';
      customerId: string;
      actor: CrmActor;
      fileId: string;
      name: string;
      contentType: string;
      size: number;
      sha256: string;
    }
  /** Allowed to whoever may edit the customer (the same reach as UpdateCustomer). */
  | { type: 'DeleteFile'; customerId: string; actor: CrmActor; fileId: string };

const PROFILE_FIELDS = ['name', 'email', 'phone', 'company', 'website', 'address', 'city', 'country', 'industry', 'leadSource', 'notes'] as const satisfies readonly (keyof CustomerProfile)[];

const initialState: CustomerState = { exists: false };

function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  if (event.type === 'CustomerCreated') {
    const d = event.data;
    const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, d[f]])) as CustomerProfile;
    return { exists: true, customerId: d.customerId, profile, status: d.status, leadScore: d.leadScore, assignedTo: d.assignedTo, tags: [...d.tags], deleted: false, files: {} };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'CustomerUpdated':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'CustomerStatusChanged':
      return { ...state, status: event.data.to };
    case 'CustomerAssigned':
      return { ...state, assignedTo: event.data.assignedTo };
    case 'CustomerTagged':
      return state.tags.includes(event.data.tag) ? state : { ...state, tags: [...state.tags, event.data.tag] };
    case 'CustomerUntagged':
      return { ...state, tags: state.tags.filter((t) => t !== event.data.tag) };
    case 'CustomerScored':
      return { ...state, leadScore: event.data.leadScore };
    case 'CustomerDeleted':
      return { ...state, deleted: true };
    case 'CustomerRestored':
      return { ...state, deleted: false };
    case 'CommunicationLogged':
      return state;
    case 'CustomerFileAttached':
      return { ...state, files: { ...state.files, [event.data.fileId]: event.data.name } };
    case 'CustomerFileDeleted': {
      const { [event.data.fileId]: _deleted, ...files } = state.files;
      return { ...state, files };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

const notFound = () => domainError(CUSTOMER_ERRORS.customer_not_found);

/** The customer exists, is in the actor's reach and (unless `allowDeleted`) is not deleted. */
function requireReachable(state: CustomerState, actor: CrmActor, options: { allowDeleted?: boolean } = {}): Existing {
  if (!state.exists) throw notFound();
  if (!actorReaches(actor, state.assignedTo)) {
    throw domainError(CUSTOMER_ERRORS.customer_out_of_scope);
  }
  if (state.deleted && !options.allowDeleted) throw domainError(CUSTOMER_ERRORS.customer_deleted);
  return state;
}

/** An e-mail belongs to one live customer: refused when another one holds it. */
function requireOwnEmail(customerId: string, email: string | null | undefined, heldBy: string | null | undefined): void {
  if (email && heldBy && heldBy !== customerId) throw domainError(CUSTOMER_ERRORS.customer_email_taken);
}

/** A `crm:own` actor may only assign to themselves. */
function requireAssignable(actor: CrmActor, assignedTo: string | null): void {
  if (actor.scope === 'own' && assignedTo !== actor.userId) {
    throw domainError(CRM_ERRORS.assign_forbidden, { records: 'customers' });
  }
}

function decide(command: CustomerCommand, state: CustomerState, ctx: CommandContext): CustomerEvent[] {
  const at = ctx.now.toISOString();
  const by = command.actor.userId;
  const customerId = command.customerId;
  switch (command.type) {
    case 'CreateCustomer': {
      if (state.exists) throw domainError(CUSTOMER_ERRORS.customer_exists);
      const { input, actor } = command;
      // Left out: the creator. An explicit null leaves it unassigned (only for `crm:all`).
      const assignedTo = input.assignedTo === undefined ? actor.userId : input.assignedTo;
      requireAssignable(actor, assignedTo);
      requireActiveAssignee(actor, assignedTo, undefined, command.assignee);
      requireOwnEmail(customerId, input.email, command.emailHeldBy);
      const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, input[f]])) as CustomerProfile;
      return [
        {
          type: 'CustomerCreated',
          data: { customerId, ...profile, status: input.status, leadScore: input.leadScore, assignedTo, tags: [...input.tags], createdAt: at, createdBy: by },
        },
      ];
    }
    case 'UpdateCustomer': {
      const s = requireReachable(state, command.actor);
      const { patch } = command;
      const events: CustomerEvent[] = [];
      const changes: Partial<CustomerProfile> = {};
      for (const f of PROFILE_FIELDS) {
        const value = patch[f];
        if (value !== undefined && value !== s.profile[f]) (changes as Record<string, unknown>)[f] = value;
      }
      requireOwnEmail(customerId, changes.email, command.emailHeldBy);
      if (Object.keys(changes).length > 0) events.push({ type: 'CustomerUpdated', data: { customerId, changes, updatedAt: at, updatedBy: by } });
      if (patch.status !== undefined && patch.status !== s.status) {
        events.push({ type: 'CustomerStatusChanged', data: { customerId, from: s.status, to: patch.status, changedAt: at, changedBy: by } });
      }
      if (patch.leadScore !== undefined && patch.leadScore !== s.leadScore) {
        events.push({ type: 'CustomerScored', data: { customerId, leadScore: patch.leadScore, scoredAt: at, scoredBy: by } });
      }
      if (patch.assignedTo !== undefined && patch.assignedTo !== s.assignedTo) {
        requireAssignable(command.actor, patch.assignedTo);
        requireActiveAssignee(command.actor, patch.assignedTo, s.assignedTo, command.assignee);
        events.push({ type: 'CustomerAssigned', data: { customerId, assignedTo: patch.assignedTo, assignedAt: at, assignedBy: by } });
      }
      if (patch.tags !== undefined) {
        for (const tag of patch.tags) if (!s.tags.includes(tag)) events.push({ type: 'CustomerTagged', data: { customerId, tag, taggedAt: at, taggedBy: by } });
        for (const tag of s.tags) if (!patch.tags.includes(tag)) events.push({ type: 'CustomerUntagged', data: { customerId, tag, untaggedAt: at, untaggedBy: by } });
      }
      return events;
    }
    case 'DeleteCustomer':
      requireReachable(state, command.actor);
      return [{ type: 'CustomerDeleted', data: { customerId, deletedAt: at, deletedBy: by } }];
    case 'RestoreCustomer': {
      const s = requireReachable(state, command.actor, { allowDeleted: true });
      if (!s.deleted) throw domainError(CUSTOMER_ERRORS.customer_not_deleted);
      // Someone else may have been given its e-mail while it was deleted.
      requireOwnEmail(customerId, s.profile.email, command.emailHeldBy);
      return [{ type: 'CustomerRestored', data: { customerId, restoredAt: at, restoredBy: by } }];
    }
    case 'LogCommunication': {
      const s = requireReachable(state, command.actor);
      const unknown = command.attachmentIds.filter((id) => !(id in s.files));
      if (unknown.length > 0) {
        throw domainError(CUSTOMER_ERRORS.attachment_not_found, { fileIds: unknown });
      }
      return [
        {
          type: 'CommunicationLogged',
          data: {
            customerId,
            communicationId: command.communicationId,
            type: command.communicationType,
            direction: command.direction,
            status: command.status,
            subject: command.subject,
            content: command.content,
            attachments: [...new Set(command.attachmentIds)].map((fileId) => ({ fileId, name: s.files[fileId]! })),
            occurredAt: command.occurredAt ? new Date(command.occurredAt).toISOString() : at,
            loggedAt: at,
            loggedBy: by,
          },
        },
      ];
    }
    case 'AttachFile': {
      const s = requireReachable(state, command.actor);
      if (command.fileId in s.files) throw domainError(CUSTOMER_ERRORS.file_exists);
      return [
        {
          type: 'CustomerFileAttached',
          data: {
            customerId,
            fileId: command.fileId,
            name: command.name,
            contentType: command.contentType,
            size: command.size,
            sha256: command.sha256,
            attachedAt: at,
            attachedBy: by,
          },
        },
      ];
    }
    case 'DeleteFile': {
      const s = requireReachable(state, command.actor);
      const name = s.files[command.fileId];
      if (name === undefined) throw domainError(CUSTOMER_ERRORS.file_not_found);
      return [{ type: 'CustomerFileDeleted', data: { customerId, fileId: command.fileId, name, deletedAt: at, deletedBy: by } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = { initialState, evolve, decide };
