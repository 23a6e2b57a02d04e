import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The list search `q` (docs/product.md §9), kept in the URL so a reload or a shared link
 * shows the same results; `debounced` follows typing after a short pause.
 */
export function useSearchParam(name = 'q', delayMs = 250) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const fromUrl = new URLSearchParams(search).get(name) ?? '';
  const [value, setValue] = useState(fromUrl);
  const [debounced, setDebounced] = useState(fromUrl);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value.trim());
      const params = new URLSearchParams(window.location.search);
      if (value.trim()) params.set(name, value.trim());
      else params.delete(name);
      const next = params.toString();
      if (next !== window.location.search.slice(1)) navigate(`${location}${next ? `?${next}` : ''}`, { replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, name, location, navigate]);
  return { value, setValue, debounced };
}
