import { choiceOfSearch } from '../../ui/utils/search-param.util.ts';

/** The Security & Audit Center's tabs (spec 02), in order; `?tab=` in the URL selects one (the checks' fix links use it). */
export const SECURITY_TABS = ['audit', 'alerts', 'access', 'policies', 'compliance'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];
export const DEFAULT_SECURITY_TAB: SecurityTab = 'audit';

export const tabOfSearch = (search: string): SecurityTab => choiceOfSearch(search, 'tab', SECURITY_TABS, DEFAULT_SECURITY_TAB);

/** The Audit Logs tab's time windows (spec 02 §9: 1h, 24h default, 7d, 30d, all) and risk filter. */
export const AUDIT_WINDOWS = ['1h', '24h', '7d', '30d', 'all'] as const;
export type AuditWindow = (typeof AUDIT_WINDOWS)[number];
export const DEFAULT_AUDIT_WINDOW: AuditWindow = '24h';
export const SECURITY_AUDIT_PAGE_SIZE = 25;
/** Live entries kept above the loaded page. */
export const LIVE_ENTRIES_MAX = 100;
/** The cards refresh this often while Real-time is on (spec 02 §9: checked every 30 seconds). */
export const SUMMARY_REFRESH_MS = 30_000;
