import { Fragment, lazy, type ReactNode, Suspense } from 'react';
import { List } from './List.tsx';
import { type RowPlace, type RowsProps, rowPlaceProps } from './list-rows.ts';

export { type RowPlace, type RowsProps, rowPlaceProps };

// `lazy` drops the component's type parameter: it is given back here.
const VirtualRows = lazy(() => import('./VirtualRows.tsx')) as unknown as <T>(props: RowsProps<T>) => ReactNode;

/** From this many rows on, only those on screen (and a few around them) are in the page. */
export const LONG_LIST_FROM = 100;

/**
 * A list of rows of about `rowHeight` pixels that stays smooth at 1,000 rows
 * (issue 32): short lists render whole, long ones only what the window shows
 * (@tanstack/react-virtual, measuring each row as it renders: a row with an
 * error grows). The page keeps its own scroll, so the Send bar, the header
 * and the find-in-page of a short list stay as they are.
 */
export function LongList<T>(props: RowsProps<T>) {
  const { label, items, rowKey, renderRow, className, ordered } = props;
  if (items.length < LONG_LIST_FROM) {
    return (
      <List label={label} className={className} ordered={ordered}>
        {items.map((item) => (
          <Fragment key={rowKey(item)}>{renderRow(item, {})}</Fragment>
        ))}
      </List>
    );
  }
  // The virtualizer comes with the first long list (a chunk of its own); meanwhile the first rows show as they are.
  return (
    <Suspense fallback={<LongList {...props} items={items.slice(0, 40)} />}>
      <VirtualRows {...props} />
    </Suspense>
  );
}
