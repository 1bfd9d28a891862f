import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { LegalDocument } from '../modules/pages/components/legal-document.component.tsx';
import { PRIVACY_SECTIONS } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function PrivacyPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: LL.privacy.metaTitle(), description: LL.privacy.metaDescription(), path: '/privacy' });
  return (
    <PublicLayout>
      <LegalDocument
        title={LL.privacy.title()}
        intro={LL.privacy.intro()}
        sections={PRIVACY_SECTIONS.map((key) => ({
          id: `privacy-${key}`,
          title: LL.privacy.sections[key].title(),
          text: LL.privacy.sections[key].text(),
          ...(key === 'cookies' ? { link: { href: '/cookies', label: LL.cookies.title() } } : {}),
        }))}
      />
    </PublicLayout>
  );
}
