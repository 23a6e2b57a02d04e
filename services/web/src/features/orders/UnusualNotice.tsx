import { useTranslation } from '../../lib/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { OrderProduct } from './order-drafts.ts';
import { type UnusualLine, unusualText } from './usual.ts';
import './UnusualNotice.css';

/** How many flagged lines the Send bar lists: a phone's bar stays short; the rest are counted. */
const SHOWN = 3;

/**
 * The lines whose quantity is more than twice its usual or less than half of
 * it, said on the Send bar before sending ("Pan: 48, los sábados sueles
 * pedir 24"), each a tap from its line (docs/decisions.md §9.5). It never
 * stops the send.
 */
export function UnusualNotice({ flagged, onGo }: { flagged: UnusualLine<OrderProduct>[]; onGo: (productId: number) => void }) {
  const translation = useTranslation();
  const { t } = translation;
  const more = flagged.length - SHOWN;
  return (
    <div className="unusual" data-testid="unusual-quantities">
      <p className="unusual__title">
        <Icon name="info" size={16} /> {t('week.unusualTitle')}
      </p>
      <ul className="unusual__list">
        {flagged.slice(0, SHOWN).map((line) => (
          <li key={line.product.productId}>
            <button
              type="button"
              className="unusual__line"
              title={t('week.unusualGo', { name: line.product.name })}
              onClick={() => onGo(line.product.productId)}
            >
              {unusualText(translation, line)}
            </button>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="unusual__more">+{more}</p> : null}
    </div>
  );
}
