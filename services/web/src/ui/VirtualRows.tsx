import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import type { RowsProps } from './list-rows.ts';

/** LongList's rows from 100 on: only those the window shows, and 6 around them (@tanstack/react-virtual). */
export default function VirtualRows<T>({ label, items, rowKey, rowHeight, renderRow, className, ordered, gap = 0 }: RowsProps<T>) {
  const list = useRef<HTMLUListElement & HTMLOListElement>(null);
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
    gap,
    scrollMargin: margin,
    getItemKey: (index) => rowKey(items[index] as T),
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? (rows[0]?.start ?? margin) - margin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? margin) - margin) : 0;
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag ref={list} className={className ?? 'list'} aria-label={label} style={{ paddingTop: before, paddingBottom: after }}>
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
    </Tag>
  );
}
