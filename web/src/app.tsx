import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import TypesafeI18n from './i18n/i18n-react.tsx';
import type { Locales } from './i18n/i18n-types.ts';
import { PageViewTracker } from './modules/analytics/components/page-view-tracker.component.tsx';
import { AppProviders } from './modules/ui/components/app-providers.component.tsx';
import { I18nNamespaces } from './modules/ui/components/i18n-namespaces.component.tsx';
import { PageLoader } from './modules/ui/components/page-loader.component.tsx';
import { LandingPage } from './pages/landing.page.tsx';
import { NotFoundPage } from './pages/not-found.page.tsx';

// The admin area is its own chunk: visitors of the public site never download it.
const AdminPage = lazy(() => import('./pages/admin.page.tsx'));
// Account pages (register, forgot and reset password): their own chunks too.
const RegisterPage = lazy(() => import('./pages/register.page.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.page.tsx'));
const InvitePage = lazy(() => import('./pages/invite.page.tsx'));

// Public pages other than the landing page: one chunk each, loaded on first visit.
const BlogPage = lazy(() => import('./pages/blog.page.tsx'));
const ArticlePage = lazy(() => import('./pages/article.page.tsx'));
const AboutPage = lazy(() => import('./pages/about.page.tsx'));
const CareersPage = lazy(() => import('./pages/careers.page.tsx'));
const PressPage = lazy(() => import('./pages/press.page.tsx'));
const HelpPage = lazy(() => import('./pages/help.page.tsx'));
const ContactPage = lazy(() => import('./pages/contact.page.tsx'));
const StatusPage = lazy(() => import('./pages/status.page.tsx'));
const SecurityPage = lazy(() => import('./pages/security.page.tsx'));
const PrivacyPage = lazy(() => import('./pages/privacy.page.tsx'));
const TermsPage = lazy(() => import('./pages/terms.page.tsx'));
const CookiesPage = lazy(() => import('./pages/cookies.page.tsx'));
const NewsletterConfirmPage = lazy(() => import('./pages/newsletter-confirm.page.tsx'));
// A lead form's hosted page and the embed's iframe (issue 16).
const LeadFormPage = lazy(() => import('./modules/lead-forms/components/lead-form-page.component.tsx'));

export function App({ initialLocale }: { initialLocale: Locales }) {
  return (
    <TypesafeI18n locale={initialLocale}>
      <AppProviders>
        <PageViewTracker />
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/register">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['register', 'resetPassword']}>
                <RegisterPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/admin/forgot-password">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['forgotPassword']}>
                <ForgotPasswordPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/admin/reset-password">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['resetPassword']}>
                <ResetPasswordPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/invite">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['users', 'resetPassword']}>
                <InvitePage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          {/* After the two public account pages above: every other /admin URL is the workspace (it loads its areas' dictionaries). */}
          <Route path="/admin/*?">
            <Suspense fallback={<PageLoader />}>
              <AdminPage />
            </Suspense>
          </Route>
          <Route path="/blog">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['blog']}>
                <BlogPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/blog/:slug">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['blog']}>
                <ArticlePage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/about">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['about']}>
                <AboutPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/careers">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['careers']}>
                <CareersPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/press">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['press']}>
                <PressPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/help">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['help']}>
                <HelpPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/contact">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['contactPage']}>
                <ContactPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/status">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['statusPage']}>
                <StatusPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/security">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['securityPage']}>
                <SecurityPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/privacy">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['privacy', 'cookies']}>
                <PrivacyPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/terms">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['terms']}>
                <TermsPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/cookies">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['cookies']}>
                <CookiesPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route path="/newsletter/confirm">
            <Suspense fallback={<PageLoader />}>
              <NewsletterConfirmPage />
            </Suspense>
          </Route>
          <Route path="/f/:slug">
            <Suspense fallback={<PageLoader />}>
              <I18nNamespaces names={['leadforms']}>
                <LeadFormPage />
              </I18nNamespaces>
            </Suspense>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </AppProviders>
    </TypesafeI18n>
  );
}
