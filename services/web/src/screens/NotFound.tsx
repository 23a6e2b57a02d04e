import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { LinkButton } from '../ui/Button.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

/** 404, an optional resource name (`?resource=`) and "Not Found". */
export default function NotFound() {
  const { t } = useTranslation();
  const resource = new URLSearchParams(useSearch()).get('resource');
  return (
    <PublicScreen title={`${t('notFound.title')} · ${t('notFound.text')}`}>
      <div className="center-view">
        <p className="big-404" aria-hidden="true">
          404
        </p>
        {resource ? <p>{t('notFound.resource', { resource })}</p> : null}
        <p>{t('notFound.text')}</p>
        <LinkButton href="/">{t('notFound.home')}</LinkButton>
      </div>
    </PublicScreen>
  );
}
