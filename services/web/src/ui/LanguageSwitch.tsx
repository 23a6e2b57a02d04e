import { LANGUAGES, type TLanguage } from '@reorder/schemas/languages';
import { useId } from 'react';
import { setLanguage, useTranslation } from '../lib/i18n.ts';
import './LanguageSwitch.css';

/** A language picker: stores the choice under `language` and switches every text at once. */
export function LanguageSwitch({ onChange }: { onChange?: (language: TLanguage) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('app.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          const language = e.target.value as TLanguage;
          void setLanguage(language);
          onChange?.(language);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`app.languages.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
