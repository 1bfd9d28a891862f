import Bowser from 'bowser';
import type { DeviceType } from '@crm/contracts';

export interface ClientDescription {
  device: DeviceType;
  /** e.g. "Chrome 131"; "Unknown" when the agent says nothing recognisable (curl, scripts). */
  browser: string;
  /** e.g. "Windows 10", "iOS 17.0"; "Unknown" when not recognisable. */
  os: string;
}

const MAX_UA = 500;

/** Device, browser and OS from a User-Agent header, for login history and the sessions list. */
export function describeUserAgent(userAgent: string | null): ClientDescription {
  if (!userAgent) return { device: 'other', browser: 'Unknown', os: 'Unknown' };
  const parsed = Bowser.parse(userAgent.slice(0, MAX_UA));
  const type = parsed.platform.type;
  const device: DeviceType = type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : 'other';
  const browser = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}` : 'Unknown';
  const os = parsed.os.name ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}` : 'Unknown';
  return { device, browser, os };
}
