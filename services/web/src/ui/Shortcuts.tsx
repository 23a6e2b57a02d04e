import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Sheet } from './Sheet.tsx';
import './Shortcuts.css';

/*
 * The keyboard through every signed-in screen (issue 45): ↓ from a search
 * field into the list under it, ↑/↓ from row to row, Enter opens (a row is a
 * link), Esc goes back, `?` opens the sheet that lists these. The order's
 * quantity fields move with the arrows themselves (ProductLine.tsx).
 */

/** What ↓ and ↑ move between: a list's rows, a table's rows, and an order's quantities. */
const ITEMS = '.list__link, [data-key-item], .stepper__input';

/** Where a search field's list is: the pane it sits in on a desktop, else the screen's content. */
function scopeOf(element: Element): Element | null {
  return element.closest('.two-panes__list') ?? element.closest('main');
}

const isField = (element: Element) => element.closest('input, textarea, select, [contenteditable]') !== null;

const visible = (element: HTMLElement) => element.getClientRects().length > 0;

/** The rows of `scope` after its search field, in page order. */
function itemsIn(scope: Element, after?: Element): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(ITEMS)].filter(
    (item) => visible(item) && !(after && after.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_PRECEDING),
  );
}

function focusItem(item: HTMLElement | undefined) {
  if (!item) return false;
  item.focus();
  item.scrollIntoView({ block: 'nearest' });
  return true;
}

/** Handles the screen's keys; returns what opens the sheet of shortcuts. */
export function useKeyboardNav(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : document.body;
      if (target.closest('dialog')) return;
      if (event.key === '?' && !isField(target)) {
        event.preventDefault();
        setOpen(true);
        return;
      }
      if (event.key === '/' && !isField(target)) {
        const fields = [...document.querySelectorAll<HTMLInputElement>('main input[type="search"]')].filter(visible);
        const field = fields.find((f) => !f.closest('.two-panes__list')) ?? fields[0];
        if (field) {
          event.preventDefault();
          field.focus();
        }
        return;
      }
      if (event.key === 'Escape') {
        if (isField(target) && target instanceof HTMLElement) {
          // The first Esc leaves the field; the next goes back.
          if ((target as HTMLInputElement).type === 'search' && (target as HTMLInputElement).value) return;
          target.blur();
          return;
        }
        const back = document.querySelector<HTMLAnchorElement>('.topbar__back');
        if (back) {
          event.preventDefault();
          back.click();
        }
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const scope = scopeOf(target);
      if (!scope) return;
      // From a search field, ↓ goes to the first row under it.
      if (target.matches('input[type="search"]')) {
        if (event.key === 'ArrowDown' && focusItem(itemsIn(scope, target)[0])) event.preventDefault();
        return;
      }
      // The quantities move by themselves (ProductLine.tsx), but ↑ from the first goes back to the search.
      if (!target.matches('.list__link, [data-key-item]')) return;
      const items = itemsIn(scope).filter((item) => item.matches('.list__link, [data-key-item]'));
      const index = items.indexOf(target as HTMLElement);
      if (index < 0) return;
      event.preventDefault();
      const by = event.key === 'ArrowDown' ? 1 : -1;
      if (focusItem(items[index + by])) return;
      if (by < 0) scope.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return [open, setOpen];
}

const KEYS = [
  ['/', 'search'],
  ['↓', 'down'],
  ['↑ ↓', 'move'],
  ['enterKey', 'open'],
  ['Esc', 'back'],
  ['sendKey', 'send'],
  ['?', 'help'],
] as const;

/** The sheet of keyboard shortcuts (`?`). */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} title={t('nav.keys.title')} closeLabel={t('app.done')} onClose={onClose}>
      <dl className="shortcuts">
        {KEYS.map(([key, name]) => (
          <div key={name} className="shortcuts__row">
            <dt>
              <kbd className="shortcuts__key">{key === 'enterKey' || key === 'sendKey' ? t(`nav.keys.${key}`) : key}</kbd>
            </dt>
            <dd>{t(`nav.keys.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </Sheet>
  );
}
