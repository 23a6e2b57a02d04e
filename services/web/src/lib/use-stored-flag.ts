import { useState } from 'react';

/** A yes/no choice of this device (a list's sort), kept in localStorage under `key`: [value, set]. */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => localStorage.getItem(key) === 'true');
  return [
    value,
    (next: boolean) => {
      setValue(next);
      localStorage.setItem(key, String(next));
    },
  ];
}
