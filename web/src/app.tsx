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
// Account pages (register, forgot and reset password): their own chunks too.
const RegisterPage = lazy(() => import('./pages/register.page.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.page.tsx'));

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
          <Route path="/register">
            <Suspense fallback={<PageLoader />}>
              <RegisterPage />
            </Suspense>
          </Route>
          <Route path="/admin/forgot-password">
            <Suspense fallback={<PageLoader />}>
              <ForgotPasswordPage />
            </Suspense>
          </Route>
          <Route path="/admin/reset-password">
            <Suspense fallback={<PageLoader />}>
              <ResetPasswordPage />
            </Suspense>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </AppProviders>
    </TypesafeI18n>
  );
}
