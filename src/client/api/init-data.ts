import { useAtomValue } from 'jotai';
import { initDataAtom, type InitData } from '../session';

const EMPTY: InitData = {
  content_owners: [],
  countries_eu: [],
  countries: [],
  currencies: [],
  organizations: [],
  roles_available: [],
  youtube_verticals: [],
};

/** The reference data loaded at start (spec 1, 3): countries, currencies, organizations, ... */
export function useInitData(): InitData {
  return useAtomValue(initDataAtom) ?? EMPTY;
}
