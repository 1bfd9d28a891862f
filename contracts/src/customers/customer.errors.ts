import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the customers domain (customer records, their communications and files). */
export const CUSTOMER_ERRORS = defineDomainErrors({
  customer_not_found: { kind: 'not_found', message: 'Customer not found' },
  customer_out_of_scope: { kind: 'forbidden', message: 'This customer is assigned to someone else' },
  customer_deleted: { kind: 'conflict', message: 'This customer has been deleted' },
  customer_exists: { kind: 'conflict', message: 'This customer already exists', internal: true },
  customer_not_deleted: { kind: 'conflict', message: 'This customer is not deleted' },
  customer_email_taken: { kind: 'conflict', message: 'Another customer already has this e-mail address' },
  restore_forbidden: { kind: 'forbidden', message: 'You do not have permission to list deleted customers' },
  communication_not_found: { kind: 'not_found', message: 'Communication not found' },
  file_not_found: { kind: 'not_found', message: 'File not found' },
  file_exists: { kind: 'conflict', message: 'This file is already attached', internal: true },
  attachment_not_found: {
    kind: 'unprocessable',
    message: ({ fileIds }: { fileIds: readonly string[] }) => `Attachments must be files of this customer: ${fileIds.join(', ')}`,
  },
});
