import { useEffect, useState } from 'react';

const query = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked their system for less motion; follows changes while open. */
export function useReducedMotion(): boolean {
  const [isReduced, setIsReduced] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true,
  );
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const update = () => setIsReduced(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return isReduced;
}
