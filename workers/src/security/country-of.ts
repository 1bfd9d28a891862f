/**
 * The country of an address for the new-country detector (ISO 3166 code from the offline ip → country database
 * login history and the audit log use): null for local, private and unknown addresses.
 */
import { countryCodeOf } from '@crm/projections';

export const countryOfIp = (ip: string | null): string | null => countryCodeOf(ip);
