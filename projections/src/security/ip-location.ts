/**
 * Location of a login's address as login history shows it (spec 02 §3: "location (default Unknown)").
 * No geolocation database is shipped: loopback and private addresses are "Local network", anything else
 * "Unknown". Pure, so a rebuild gives the same rows.
 */
export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN_LOCATION = 'Unknown';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function isLocalAddress(ip: string | null): boolean {
  if (!ip) return false;
  const v4 = IPV4.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(lower) || /^fe[89ab][0-9a-f]?:/.test(lower);
}

export function locationOf(ip: string | null): string {
  return isLocalAddress(ip) ? LOCAL_NETWORK : UNKNOWN_LOCATION;
}
