import { BlockList, isIP } from 'node:net';
import { normalizeIp } from '../ip-address.ts';

/**
 * An allow-list entry: one address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`10.0.0.0/8`,
 * `2001:db8::/32`), in one spelling (addresses as `normalizeIp` writes them, ranges with their network
 * address). Null for anything else.
 */
export function normalizeAllowListEntry(raw: string): string | null {
  const text = raw.trim();
  const slash = text.indexOf('/');
  if (slash < 0) return normalizeIp(text);
  const address = normalizeIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!address || !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  const version = isIP(address);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return `${address}/${prefix}`;
}

/** Whether `ip` (any spelling) is one of the entries or inside one of their ranges. */
export function allowListMatcher(entries: readonly string[]): (ip: string | null) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const normal = normalizeAllowListEntry(entry);
    if (!normal) continue;
    const [address, prefix] = normal.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (raw) => {
    const ip = normalizeIp(raw);
    if (!ip) return false;
    return list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
  };
}
