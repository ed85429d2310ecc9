import { css, cx } from 'styled-system/css';
import type { RiskRating } from '../../../shared/entities/revenue-source';
import { useT } from '../../lib/i18n';

const chip = css({ display: 'inline-flex', alignItems: 'center', px: '2', borderRadius: 'full', fontSize: 'xs', fontWeight: '600', lineHeight: '20px', whiteSpace: 'nowrap' });
// Colour repeats the word, never replaces it (the text says the band).
const tone: Record<RiskRating, string> = {
  no: css({ bg: 'bg.subtle', color: 'fg.muted' }),
  low: css({ bg: 'success.bg', color: 'success' }),
  medium: css({ bg: 'warning.bg', color: 'warning' }),
  high: css({ bg: 'danger.bg', color: 'danger' }),
};

/** The risk band of 4.4 (no, low, medium, high) as a coloured chip. */
export function RiskChip({ rating }: { rating: RiskRating | null | undefined }) {
  const t = useT();
  const band = rating ?? 'no';
  return <span className={cx(chip, tone[band])}>{t(`revenue_sources.risk_ratings.${band}`)}</span>;
}
