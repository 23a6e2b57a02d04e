import type { TTextKey } from '@reorder/i18n';
import { useSearch } from 'wouter';
import { useTranslation } from '../lib/i18n.ts';
import { href } from '../lib/paths.ts';
import { LinkButton } from '../ui/Button.tsx';
import { Big404, CenterView } from '../ui/layout.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

/** 404, an optional resource name (`?resource=`) and "Not Found". */
export default function NotFound() {
  const { t } = useTranslation();
  const resource = new URLSearchParams(useSearch()).get('resource');
  // A key named by the address, which may be any: the default value words one the texts lack.
  return (
    <PublicScreen title={`${t('notFound.title')} · ${t('notFound.text')}`}>
      <CenterView>
        <Big404 />
        {resource ? (
          <p>{t('notFound.resource', { resource: t(`notFound.resources.${resource}` as TTextKey, { defaultValue: resource }) })}</p>
        ) : null}
        <p>{t('notFound.text')}</p>
        <LinkButton href={href('home')}>{t('notFound.home')}</LinkButton>
      </CenterView>
    </PublicScreen>
  );
}
