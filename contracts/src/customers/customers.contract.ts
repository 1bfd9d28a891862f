import { defineDomainContract } from '../platform/domain-contract.ts';
import { CUSTOMER_ERRORS } from './customer.errors.ts';
import { customerEventSchemas } from './customer.events.ts';

/** Customers, their communications and files (spec 02 §2). */
export const customersContract = defineDomainContract({
  name: 'customers',
  events: [customerEventSchemas],
  errors: CUSTOMER_ERRORS,
  adminPaths: ['/admin/customers'],
});
