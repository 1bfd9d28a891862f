import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useCookiePreferences } from '../../consent/hooks/use-cookie-preferences.hook.ts';
import { pageName } from '../utils/page-name.util.ts';
import { track } from '../utils/track.util.ts';
import { visitSource } from '../utils/visit-source.util.ts';

/**
 * Records `page_view` (page: `home` for `/`, else the path without the leading slash) on every route change,
 * and once more when the visitor turns analytics on while on a page (that view was not recorded before). Each
 * carries the visit's source (landing utm_source, referring site's host: visit-source.util.ts) when it has one.
 */
export function PageViewTracker() {
  const [location] = useLocation();
  const { saved } = useCookiePreferences();
  const allowed = saved?.analytics === true;
  useEffect(() => {
    if (allowed) track('page_view', { page: pageName(location), ...visitSource() });
  }, [location, allowed]);
  return null;
}
