import { Suspense } from 'react';
import { useRoute } from 'wouter';
import type { SessionUser } from '../../api/trpc.client.ts';
import { I18nNamespaces } from '../../ui/components/i18n-namespaces.component.tsx';
import { PageLoader } from '../../ui/components/page-loader.component.tsx';
import type { AdminArea } from '../utils/admin-area.types.ts';

/** Never matches: an area without record deep links has only its own path. */
const NO_RECORD = '/__no-record__/:never';

/**
 * One area's URL space: its path (`/admin/customers`) and its record deep link (`/admin/customers/:id`) show the
 * area's lazy panel with its dictionaries; any other sub-path is `notFound`. Access is checked by the caller.
 */
export function AdminAreaOutlet({ area, user, notFound }: { area: AdminArea; user: SessionUser; notFound: JSX.Element }) {
  const [atRoot] = useRoute(area.path);
  const [atRecord] = useRoute(area.record ? `${area.path}${area.record}` : NO_RECORD);
  const [atRootSlash] = useRoute(`${area.path}/`);
  if (!atRoot && !atRootSlash && !atRecord) return notFound;
  const Panel = area.panel;
  return (
    <I18nNamespaces names={area.namespaces}>
      <Suspense fallback={<PageLoader />}>
        <Panel user={user} />
      </Suspense>
    </I18nNamespaces>
  );
}
