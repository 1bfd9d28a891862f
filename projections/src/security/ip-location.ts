/**
 * Where an address is, for login history and the audit log (spec 02 §3: "location (default Unknown)").
 * Loopback and private addresses are "Local network"; a public address is looked up in the offline
 * IP-to-country database shipped by `@ip-location-db/geo-whois-asn-country` (CC0, ranges from the regional
 * registries' WHOIS and ASN data), and named in English ("France"); an address in no range is "Unknown".
 * No network call is ever made. The database is read once, on the first public address (about 0.3 s, 8 MB).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isIP } from 'node:net';

export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN_LOCATION = 'Unknown';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function isLocalAddress(ip: string | null): boolean {
  if (!ip) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isLocalAddress(mapped[1]!);
  const v4 = IPV4.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd][0-9a-f]{0,2}:/.test(lower) || /^fe[89ab][0-9a-f]?:/.test(lower);
}

interface Ranges {
  v4Start: Uint32Array;
  v4End: Uint32Array;
  /** Index into `codes` per range (a few hundred distinct codes: one small array instead of 550k strings). */
  v4Country: Uint16Array;
  v6Start: BigUint64Array;
  v6End: BigUint64Array;
  v6Country: Uint16Array;
  codes: string[];
}

let ranges: Ranges | null = null;

function databaseDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
}

/** Reads the package's numeric CSVs (`start,end,CC`, sorted by start) into typed arrays. */
function load(): Ranges {
  if (ranges) return ranges;
  const dir = databaseDir();
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  const codeOf = (cc: string) => {
    let i = codeIndex.get(cc);
    if (i === undefined) {
      i = codes.push(cc) - 1;
      codeIndex.set(cc, i);
    }
    return i;
  };
  const v4Lines = readFileSync(path.join(dir, 'geo-whois-asn-country-ipv4-num.csv'), 'utf8').split('\n').filter(Boolean);
  const v4Start = new Uint32Array(v4Lines.length);
  const v4End = new Uint32Array(v4Lines.length);
  const v4Country = new Uint16Array(v4Lines.length);
  v4Lines.forEach((line, i) => {
    const [start, end, cc] = line.split(',');
    v4Start[i] = Number(start);
    v4End[i] = Number(end);
    v4Country[i] = codeOf(cc!.trim());
  });
  // IPv6 by its upper 64 bits: registries allocate /64 or larger, so the upper half decides the country.
  const v6Lines = readFileSync(path.join(dir, 'geo-whois-asn-country-ipv6-num.csv'), 'utf8').split('\n').filter(Boolean);
  const v6Start = new BigUint64Array(v6Lines.length);
  const v6End = new BigUint64Array(v6Lines.length);
  const v6Country = new Uint16Array(v6Lines.length);
  v6Lines.forEach((line, i) => {
    const [start, end, cc] = line.split(',');
    v6Start[i] = BigInt(start!) >> 64n;
    v6End[i] = BigInt(end!) >> 64n;
    v6Country[i] = codeOf(cc!.trim());
  });
  ranges = { v4Start, v4End, v4Country, v6Start, v6End, v6Country, codes };
  return ranges;
}

/** Index of the last range whose start is ≤ value (-1 if none). */
function lastAtOrBelow<T extends number | bigint>(starts: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function ipv4Number(ip: string): number | null {
  const m = IPV4.exec(ip);
  if (!m) return null;
  const parts = m.slice(1, 5).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/** The upper 64 bits of an IPv6 address. */
function ipv6High(ip: string): bigint | null {
  const [head, tail] = ip.toLowerCase().split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  if (tailGroups.some((g) => g.includes('.')) || headGroups.some((g) => g.includes('.'))) return null;
  const groups = ip.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  if (groups.length !== 8) return null;
  let high = 0n;
  for (const g of groups.slice(0, 4)) high = (high << 16n) + BigInt(parseInt(g || '0', 16));
  return high;
}

/**
 * Addresses that are not on the internet: documentation (RFC 5737, RFC 3849), benchmarking (RFC 2544) and
 * multicast or reserved IPv4 (224.0.0.0 and up). The registries' data would name a country for some of them.
 */
function isReserved(address: string): boolean {
  const v4 = IPV4.exec(address);
  if (v4) {
    const [a, b, c] = [Number(v4[1]), Number(v4[2]), Number(v4[3])];
    return (a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
  }
  return /^2001:0?db8:/i.test(address);
}

/** The ISO 3166 code of the country an address is registered in, or null (local, reserved, unknown or not an address). */
export function countryCodeOf(ip: string | null): string | null {
  if (!ip || isLocalAddress(ip)) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const kind = isIP(address);
  if (kind === 0 || isReserved(address)) return null;
  const db = load();
  if (kind === 4) {
    const n = ipv4Number(address);
    if (n === null) return null;
    const i = lastAtOrBelow(db.v4Start, n);
    return i >= 0 && n <= db.v4End[i]! ? db.codes[db.v4Country[i]!]! : null;
  }
  const high = ipv6High(address);
  if (high === null) return null;
  const i = lastAtOrBelow(db.v6Start, high);
  return i >= 0 && high <= db.v6End[i]! ? db.codes[db.v6Country[i]!]! : null;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** An ISO 3166 code's English name ("FR" → "France"), the code itself when unnamed. */
export function countryName(code: string): string {
  try {
    const name = countryNames.of(code);
    return name && name !== 'Unknown Region' ? name : code;
  } catch {
    return code;
  }
}

/** "Local network", the country's English name, or "Unknown". */
export function locationOf(ip: string | null): string {
  if (isLocalAddress(ip)) return LOCAL_NETWORK;
  const code = countryCodeOf(ip);
  return code ? countryName(code) : UNKNOWN_LOCATION;
}
