import type { ReactNode } from 'react';

/** What a row needs to take part in a long list: where it is, and a ref to measure it by. */
export interface RowPlace {
  ref?: (element: HTMLElement | null) => void;
  index?: number;
  /** The row's position and the list's size, for assistive technology (only some rows are in the page). */
  posInSet?: number;
  setSize?: number;
}

/** The props VirtualRows takes, for a list of `T`. */
export interface RowsProps<T> {
  label: string;
  items: T[];
  rowKey: (item: T) => string | number;
  rowHeight: number;
  renderRow: (item: T, place: RowPlace) => ReactNode;
  /** The list's own class instead of `list` (a card's lines: a receipt's, a bill's). */
  className?: string | undefined;
  /** An `<ol>`: the rows' order means something (a bill's numbered lines). */
  ordered?: boolean | undefined;
  /** The pixels between rows (the list's CSS `gap`), for the virtualizer to place them. */
  gap?: number | undefined;
}

/** A row's `<li>` attributes for its place in a long list (nothing in a short one). */
export function rowPlaceProps(place: RowPlace) {
  return { ref: place.ref, 'data-index': place.index, 'aria-posinset': place.posInSet, 'aria-setsize': place.setSize };
}

/**
 * `memo`'s comparison for a row that takes a `place`: the props as `memo` compares them, the place
 * by its fields (VirtualRows makes a new one each render), so a tap re-renders only the row it changed.
 */
export function sameRowProps<P extends { place?: RowPlace | undefined }>(a: P, b: P): boolean {
  const keys = Object.keys(a) as (keyof P)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (key === 'place') continue;
    if (!Object.is(a[key], b[key])) return false;
  }
  const p = a.place ?? {};
  const q = b.place ?? {};
  return p.ref === q.ref && p.index === q.index && p.posInSet === q.posInSet && p.setSize === q.setSize;
}
