import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals shared by the CRM records (customers, deals, tasks): who they may be assigned to. */
export const CRM_ERRORS = defineDomainErrors({
  assign_forbidden: {
    kind: 'forbidden',
    message: ({ records }: { records: 'customers' | 'deals' }) => `You can only assign ${records} to yourself`,
  },
  assignee_not_found: { kind: 'unprocessable', message: 'The assignee must be an active, approved account' },
});
