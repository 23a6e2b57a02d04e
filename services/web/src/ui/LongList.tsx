import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './List.css';

/** What a row needs to take part in a long list: where it is, and a ref to measure it by. */
export interface RowPlace {
  ref?: (element: HTMLElement | null) => void;
  index?: number;
  /** The row's position and the list's size, for assistive technology (only some rows are in the page). */
  posInSet?: number;
  setSize?: number;
}

/** From this many rows on, only those on screen (and a few around them) are in the page. */
export const LONG_LIST_FROM = 250;

/**
 * A list of rows of about `rowHeight` pixels that stays smooth at 1,000 rows
 * (issue 32): short lists render whole, long ones only what the window shows
 * (@tanstack/react-virtual, measuring each row as it renders: a row with an
 * error grows). The page keeps its own scroll, so the Send bar, the header
 * and the find-in-page of a short list stay as they are.
 */
export function LongList<T>({
  label,
  items,
  rowKey,
  rowHeight,
  renderRow,
}: {
  label: string;
  items: T[];
  rowKey: (item: T) => string | number;
  rowHeight: number;
  renderRow: (item: T, place: RowPlace) => ReactNode;
}) {
  if (items.length < LONG_LIST_FROM) {
    return (
      <ul className="list" aria-label={label}>
        {items.map((item) => (
          <Fragment key={rowKey(item)}>{renderRow(item, {})}</Fragment>
        ))}
      </ul>
    );
  }
  return <VirtualRows label={label} items={items} rowKey={rowKey} rowHeight={rowHeight} renderRow={renderRow} />;
}

function VirtualRows<T>({
  label,
  items,
  rowKey,
  rowHeight,
  renderRow,
}: {
  label: string;
  items: T[];
  rowKey: (item: T) => string | number;
  rowHeight: number;
  renderRow: (item: T, place: RowPlace) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: the virtualizer counts the window's scroll from there.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setMargin((list.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (index) => rowKey(items[index] as T),
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? (rows[0]?.start ?? margin) - margin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? margin) - margin) : 0;
  return (
    <ul ref={list} className="list" aria-label={label} style={{ paddingTop: before, paddingBottom: after }}>
      {rows.map((row) => (
        <Fragment key={row.key}>
          {renderRow(items[row.index] as T, {
            ref: virtualizer.measureElement,
            index: row.index,
            posInSet: row.index + 1,
            setSize: items.length,
          })}
        </Fragment>
      ))}
    </ul>
  );
}
