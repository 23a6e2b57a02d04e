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
}

/** A row's `<li>` attributes for its place in a long list (nothing in a short one). */
export function rowPlaceProps(place: RowPlace) {
  return { ref: place.ref, 'data-index': place.index, 'aria-posinset': place.posInSet, 'aria-setsize': place.setSize };
}
