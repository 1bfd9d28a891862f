import { Field, NativeSelect } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { isLocale } from '../../../i18n/i18n-util.ts';
import { useLanguage } from '../hooks/use-language.hook.ts';
import { SUPPORTED_LANGUAGES } from '../utils/language.util.ts';

interface LanguageSwitcherProps {
  /** Distinguishes the desktop and mobile instances (unique ids, test hooks). */
  placement: 'desktop' | 'mobile';
  fullWidth?: boolean;
}

export function LanguageSwitcher({ placement, fullWidth = false }: LanguageSwitcherProps) {
  const { LL } = useI18nContext();
  const { locale, changeLanguage } = useLanguage();
  return (
    <Field.Root width={fullWidth ? 'full' : 'auto'}>
      <Field.Label srOnly>{LL.languages.label()}</Field.Label>
      <NativeSelect.Root size="sm" width={fullWidth ? 'full' : '9rem'}>
        <NativeSelect.Field
          data-testid={`language-switcher-${placement}`}
          value={locale}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isLocale(next)) void changeLanguage(next);
          }}
        >
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LL.languages[code]()}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
