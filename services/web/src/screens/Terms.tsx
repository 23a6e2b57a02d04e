import { legalIn, terms } from '@reorder/i18n/legal';
import { useTranslation } from '../lib/i18n.ts';
import { LegalArticle } from '../ui/LegalArticle.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

/** The terms and conditions in the current language (English when there is none in it). */
export default function Terms() {
  const { i18n } = useTranslation();
  const doc = legalIn(terms, i18n.language);
  return (
    <PublicScreen title={doc.title} wide>
      <LegalArticle doc={doc} idPrefix="terms" />
    </PublicScreen>
  );
}
