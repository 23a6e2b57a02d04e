import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useActiveBusiness } from './api.ts';
import './BusinessSwitcher.css';

const BusinessSheet = lazy(() => import('./BusinessSheet.tsx'));

/**
 * The active business's name, always in the header (docs/decisions.md §8.2):
 * a tap opens the user's businesses (BusinessSheet, fetched on that first
 * tap) to switch or add one.
 */
export function BusinessSwitcher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = useActiveBusiness();
  if (!active) return <span className="business-switcher business-switcher--pending" aria-hidden="true" />;

  return (
    <>
      <button
        type="button"
        className="business-switcher"
        aria-haspopup="dialog"
        aria-label={t('businesses.switcher', { name: active.name })}
        onClick={() => setOpen(true)}
      >
        <span className="business-switcher__name" data-testid="active-business">
          {active.name}
        </span>
        <Icon name="down" size={16} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BusinessSheet onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
