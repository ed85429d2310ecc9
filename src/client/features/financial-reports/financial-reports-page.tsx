import { useId } from 'react';
import { css } from 'styled-system/css';
import { WHT_QUARTERS, whtReportYears } from '../../../shared/validation/financial-reports';
import { SelectField } from '../../kit/fields';
import { CommandButton } from '../../kit/grid/command-button';
import { useCommands } from '../../commands/context';
import { useT } from '../../lib/i18n';
import type { ScreenProps } from '../index';
import { setWhtChoice, useWhtChoice } from './wht-report-state';

export const WHT_DOWNLOAD = 'financial_reports.download_wht_report';

const cards = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(440px, 1fr))', gap: '4', listStyle: 'none', maxW: '1040px' });
const card = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg' });
const pickers = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' });

/** /financial-reports (spec 3, 2.6): a card per report; the withholding-tax card picks a year and a quarter and downloads the xlsx. */
export default function FinancialReportsPage({ route }: ScreenProps) {
  const t = useT();
  const commands = useCommands();
  const choice = useWhtChoice();
  const headingId = useId();
  const years = whtReportYears(new Date());
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h1 className={css({ fontSize: 'xl', fontWeight: '600' })}>{t(route.title)}</h1>
      <ul className={cards}>
        <li>
          <form
            className={card}
            aria-labelledby={headingId}
            onSubmit={(e) => {
              e.preventDefault();
              void commands.run(WHT_DOWNLOAD);
            }}
          >
            <h2 id={headingId} className={css({ fontSize: 'md', fontWeight: '600' })}>
              {t('financial_reports.wht.title')}
            </h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('financial_reports.wht.description')}</p>
            <div className={pickers}>
              <SelectField
                name="year"
                label="financial_reports.fields.year"
                required
                translate={false}
                options={years.map((y) => ({ value: y, label: String(y) }))}
                value={choice.year}
                onChange={(year) => setWhtChoice({ year: Number(year) })}
              />
              <SelectField
                name="quarter"
                label="financial_reports.fields.quarter"
                required
                options={WHT_QUARTERS.map((q) => ({ value: q, label: `financial_reports.quarters.${q}` }))}
                value={choice.quarter}
                onChange={(quarter) => setWhtChoice({ quarter: Number(quarter) })}
              />
            </div>
            <div>
              <CommandButton command={WHT_DOWNLOAD} variant="primary" />
            </div>
          </form>
        </li>
      </ul>
    </div>
  );
}
