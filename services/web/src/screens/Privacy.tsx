import { legalIn, privacy } from '@reorder/i18n/legal';
import { useTranslation } from '../lib/i18n.ts';
import { LegalArticle } from '../ui/LegalArticle.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

/** The privacy policy in the current language (English when there is none in it). */
export default function Privacy() {
  const { i18n } = useTranslation();
  const doc = legalIn(privacy, i18n.language);
  return (
    <PublicScreen title={doc.title} wide>
      <LegalArticle doc={doc} idPrefix="privacy" />
    </PublicScreen>
  );
}
