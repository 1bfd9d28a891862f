import { isIP } from 'node:net';

/**
 * One spelling per address, so a block matches however the address arrives: IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`, what a dual-stack socket reports) becomes plain IPv4, IPv6 is lower-cased and
 * compressed (`2001:DB8:0::1` → `2001:db8::1`). Null for anything that is not an address (zone ids
 * such as `fe80::1%eth0` included).
 */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const ip = raw.trim();
  if (ip.includes('%')) return null;
  const version = isIP(ip);
  if (version === 4) return ip;
  if (version !== 6) return null;
  // The URL parser prints IPv6 in its canonical compressed form (and IPv4-mapped as ::ffff:hhhh:hhhh).
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return canonical;
}
