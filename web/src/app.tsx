import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import TypesafeI18n from './i18n/i18n-react.tsx';
import type { Locales } from './i18n/i18n-types.ts';
import { AppProviders } from './modules/ui/components/app-providers.component.tsx';
import { PageLoader } from './modules/ui/components/page-loader.component.tsx';
import { LandingPage } from './pages/landing.page.tsx';
import { NotFoundPage } from './pages/not-found.page.tsx';

// The admin area is its own chunk: visitors of the public site never download it.
const AdminPage = lazy(() => import('./pages/admin.page.tsx'));

export function App({ initialLocale }: { initialLocale: Locales }) {
  return (
    <TypesafeI18n locale={initialLocale}>
      <AppProviders>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/admin">
            <Suspense fallback={<PageLoader />}>
              <AdminPage />
            </Suspense>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </AppProviders>
    </TypesafeI18n>
  );
}
