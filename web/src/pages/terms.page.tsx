import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { LegalDocument } from '../modules/pages/components/legal-document.component.tsx';
import { TERMS_SECTIONS } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function TermsPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: LL.terms.metaTitle(), description: LL.terms.metaDescription(), path: '/terms' });
  return (
    <PublicLayout>
      <LegalDocument
        title={LL.terms.title()}
        intro={LL.terms.intro()}
        sections={TERMS_SECTIONS.map((key) => ({ id: `terms-${key}`, title: LL.terms.sections[key].title(), text: LL.terms.sections[key].text() }))}
      />
    </PublicLayout>
  );
}
