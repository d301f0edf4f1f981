import { sourceFlavours } from '../../lib/site';

/** SPEC §1: the user's isXyUser flag picks one of two brand variants. */
export type BrandVariant = 'alpha' | 'xy';

/** SPEC §1: the session field source picks the flavour, 1 live-stream and 2 (default) standard. */
export type Flavour = 'live-stream' | 'standard';

export function brandVariantOf(isXyUser: boolean): BrandVariant {
  return isXyUser ? 'xy' : 'alpha';
}

export function flavourOf(source: number): Flavour {
  return source === sourceFlavours.liveStream ? 'live-stream' : 'standard';
}
