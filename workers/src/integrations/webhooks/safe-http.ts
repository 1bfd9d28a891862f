/**
 * An outgoing HTTP(S) request that cannot reach this machine or its private network (SSRF): the address is
 * checked where the socket connects (a custom `lookup` for node's http agent, and IP literals before that), so a
 * name that resolves to a public address for a check and to 127.0.0.1 for the connection (DNS rebinding) cannot
 * pass. Refused: loopback, private (RFC 1918, ULA), link-local, CGNAT, unspecified, multicast, reserved and
 * documentation ranges, IPv4-mapped/NAT64/6to4 forms of those. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)
 * lifts the check for tests and local development.
 *
 * Used by webhook deliveries and by the Slack integration: `sendSafely(url, { method, headers, body, timeoutMs })`.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

/** Whether an address is one a webhook may never reach (anything but a public unicast address). */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase().split('%')[0]!;
  // IPv4-mapped (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) and IPv4-compatible forms: judge the IPv4 inside.
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(lower, 'ipv6');
}

export class SsrfRefusedError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to non-public address ${address}`);
    this.name = 'SsrfRefusedError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for net/http that resolves, then refuses when any resolved address is non-public. */
export function safeLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isNonPublicAddress(a.address));
    if (bad) return callback(Object.assign(new SsrfRefusedError(hostname, bad.address), { code: 'ESSRF' }), '', 0);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    callback(null, first.address, first.family);
  });
}

export interface SafeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whole-request timeout (default 15 s). */
  timeoutMs?: number;
  /** Allow private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS; default false). */
  allowPrivate?: boolean;
  /** How much of the response body to keep (default 1024 bytes). */
  excerptBytes?: number;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `excerptBytes` of the body (UTF-8). */
  excerpt: string;
  durationMs: number;
}

/** Sends one request; rejects on a refused address, a network error or the timeout (never follows redirects). */
export function sendSafely(url: string, req: SafeRequest = {}): Promise<SafeResponse> {
  const started = performance.now();
  const allowPrivate = req.allowPrivate ?? false;
  const timeoutMs = req.timeoutMs ?? 15_000;
  const limit = req.excerptBytes ?? 1024;
  return new Promise<SafeResponse>((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return reject(new Error('invalid URL'));
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return reject(new Error('only http(s) URLs are allowed'));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is never looked up: check it here.
    if (!allowPrivate && net.isIP(host) && isNonPublicAddress(host)) return reject(new SsrfRefusedError(host, host));
    const mod = target.protocol === 'https:' ? https : http;
    const body = req.body ?? '';
    const request = mod.request(
      target,
      {
        method: req.method ?? 'POST',
        headers: { 'user-agent': 'crm-webhooks/1', ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...req.headers },
        ...(allowPrivate ? {} : { lookup: safeLookup as unknown as typeof dns.lookup }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < limit) {
            chunks.push(c.subarray(0, limit - kept));
            kept += Math.min(c.length, limit - kept);
          }
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, excerpt: Buffer.concat(chunks).toString('utf8'), durationMs: Math.round(performance.now() - started) });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(body);
  });
}
