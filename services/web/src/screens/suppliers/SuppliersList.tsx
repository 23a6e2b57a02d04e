import { Link } from 'wouter';
import { useCan } from '../../features/businesses/api.ts';
import { useExportCatalogue } from '../../features/catalogue/api.ts';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { SuppliersPane } from '../../features/suppliers/SuppliersPane.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { TextButton } from '../../ui/Button.tsx';
import { Empty, InlineLinks } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { TwoPanes } from '../../ui/TwoPanes.tsx';
import { useToast } from '../../ui/toast.tsx';

/** The suppliers; on a desktop the list is the left pane and a supplier opens beside it (issue 45). */
export default function SuppliersList() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const search = useSearchParam();
  const suppliers = useSuppliers(search.debounced);
  const canEdit = useCan('manager');
  const toast = useToast();
  const exportCatalogue = useExportCatalogue();

  // The whole catalogue as a spreadsheet (docs/decisions.md §8.3): out for everyone, in for those who edit it.
  const links = (
    <InlineLinks>
      {suppliers.data?.length ? (
        <TextButton onClick={() => exportCatalogue().catch(() => toast.error(t('catalogue.exportError')))}>
          {t('catalogue.export')}
        </TextButton>
      ) : null}
      {canEdit ? <Link href={href('suppliers.import')}>{t('catalogue.import')}</Link> : null}
    </InlineLinks>
  );
  return (
    <Screen route="suppliers" title={t('suppliers.title')} wide={desktop}>
      {desktop ? (
        <TwoPanes list={<SuppliersPane pane />} label={t('suppliers.title')}>
          <Empty>{t('suppliers.pickOne')}</Empty>
          {links}
        </TwoPanes>
      ) : (
        <>
          <SuppliersPane />
          {links}
        </>
      )}
    </Screen>
  );
}
