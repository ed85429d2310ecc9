import { useAtomValue } from 'jotai';
import { languageAtom } from '../../lib/i18n';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: 1024 steps, B to TB, at most one decimal ('1.5 MB'; '1,5 MB' in German). */
export function formatFileSize(bytes: number, lng = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(size);
  return `${number} ${UNITS[unit]}`;
}

export function FileSize({ bytes }: { bytes: number }) {
  const lng = useAtomValue(languageAtom);
  return <span>{formatFileSize(bytes, lng)}</span>;
}
