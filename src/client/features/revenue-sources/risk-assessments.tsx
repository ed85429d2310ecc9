import { css } from 'styled-system/css';
import { assessmentRating, RISK_ASSESSMENT_REASONS, RISK_FACTORS, RISK_SCORES } from '../../../shared/validation/revenue-sources';
import { DateField, SelectField, TextField, optionsFrom } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import { useT } from '../../lib/i18n';
import { newRiskAssessment, type RiskAssessmentValues } from './revenue-source';
import { RiskChip } from './risk-chip';

const reasons = optionsFrom(RISK_ASSESSMENT_REASONS, 'revenue_sources.reasons');
const scores = RISK_SCORES.map((s) => ({ value: s, label: `revenue_sources.ratings.${s}` }));
const wide = css({ gridColumn: '1 / -1' });
const rating = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted', gridColumn: '1 / -1' });

/** The band the six ratings give (the server computes the stored one the same way). */
function Rating({ value }: { value: RiskAssessmentValues }) {
  const t = useT();
  const complete = RISK_FACTORS.every((f) => value[f] !== '');
  return (
    <div className={rating}>
      {t('revenue_sources.fields.risk_assessments.risk_rating')}: <RiskChip rating={complete ? assessmentRating(value) : 'no'} />
    </div>
  );
}

/**
 * A channel's risk assessments (spec 3, 3.4): every field but the comment required, ratings 0 to 2; one
 * can be removed only while more than one exists; more are added once the channel is saved.
 */
export function RiskAssessments({ editing }: { editing: boolean }) {
  return (
    <FieldList<RiskAssessmentValues>
      name="risk_assessments"
      itemLabel="revenue_sources.items.risk_assessment"
      newItem={() => newRiskAssessment()}
      min={1}
      max={editing ? undefined : 1}
      reorderable={false}
    >
      {({ path, value }) => (
        <>
          <DateField name={`${path}.audit_date`} />
          <SelectField name={`${path}.reason`} options={reasons} />
          {RISK_FACTORS.map((factor) => (
            <SelectField key={factor} name={`${path}.${factor}`} options={scores} />
          ))}
          <Rating value={value} />
          <TextField name={`${path}.comment`} multiline rows={2} className={wide} />
        </>
      )}
    </FieldList>
  );
}
