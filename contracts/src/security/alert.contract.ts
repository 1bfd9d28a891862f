import { defineDomainContract } from '../platform/domain-contract.ts';
import { SECURITY_ALERT_ERRORS } from './alert.errors.ts';
import { securityAlertEventSchemas } from './alert.events.ts';

/** Security alerts raised by the detectors, and access control (suspend, lock, end sessions) of accounts. */
export const securityAlertsContract = defineDomainContract({
  name: 'securityAlerts',
  events: [securityAlertEventSchemas],
  errors: SECURITY_ALERT_ERRORS,
});
