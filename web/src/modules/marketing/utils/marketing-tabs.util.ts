import { choiceOfSearch } from '../../ui/utils/search-param.util.ts';

/** The Marketing area's tabs (spec 02), in order; `?tab=` in the URL selects one. */
export const MARKETING_TABS = ['campaigns', 'forms', 'submissions', 'analytics'] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];

export const marketingTabOfSearch = (search: string): MarketingTab => choiceOfSearch(search, 'tab', MARKETING_TABS, 'campaigns');

/** The area's URL and a campaign's deep link below it. */
export const MARKETING_PATH = '/admin/marketing';
export const campaignPath = (id: string) => `${MARKETING_PATH}/campaigns/${encodeURIComponent(id)}`;
