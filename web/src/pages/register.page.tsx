import { useI18nContext } from '../i18n/i18n-react.tsx';
import { RegisterForm } from '../modules/auth/components/register-form.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** `/register` (lazy chunk). */
export default function RegisterPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: `${LL.register.title()} | ${LL.brand.name()}`, description: LL.register.subtitle(), path: '/register' });
  return <RegisterForm />;
}
