/** Device, browser and OS from a User-Agent header, as login history describes them (services/src/identity/user-agent.ts). */
import Bowser from 'bowser';

export interface ClientDescription {
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  browser: string;
  os: string;
}

const MAX_UA = 500;

/** Parsed agents by their text: a projection sees the same few agents again and again (bounded). */
const cache = new Map<string, ClientDescription>();
const CACHE_MAX = 2000;

export function describeClient(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { device: 'other', browser: 'Unknown', os: 'Unknown' };
  const known = cache.get(userAgent);
  if (known) return known;
  const described = parse(userAgent);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(userAgent, described);
  return described;
}

function parse(userAgent: string): ClientDescription {
  const parsed = Bowser.parse(userAgent.slice(0, MAX_UA));
  const type = parsed.platform.type;
  const device = type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : 'other';
  const browser = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}` : 'Unknown';
  const os = parsed.os.name ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}` : 'Unknown';
  return { device, browser, os };
}
