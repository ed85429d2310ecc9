import { useMemo } from 'react';
import { createPayoutStruct, PAYOUT_TYPES, validateCreatePayout } from '../../../shared/validation/payouts';
import { FormTitle, ResourceForm, useResourceForm } from '../../kit/form';
import { MonthField, MultiSelectField, TextField } from '../../kit/fields';
import { routePath } from '../../route-table';

interface PayoutValues extends Record<string, unknown> {
  label: string;
  month: string;
  payout_types: string[];
}

const INITIAL: PayoutValues = { label: '', month: '', payout_types: [] };
const TYPE_OPTIONS = PAYOUT_TYPES.map((t) => ({ value: t, label: `payouts.payout_types.${t}` }));

/** The shared create rules (5.2) beyond the struct: first of a month, not in the future, at least one type. */
function createRules(values: PayoutValues) {
  const result = validateCreatePayout(values);
  return result.ok ? null : result.errors;
}

/**
 * /payouts/new (spec 3, 2.3 and 5.2): label, month (first of a month, no future), payout types. Save
 * returns to the list, Save and continue goes on to the new payout's page (4.5) to upload its files
 * (spec 1, forms); a payout is not edited afterwards, so its page stands for the edit page.
 */
export default function PayoutForm() {
  const struct = useMemo(createPayoutStruct, []);
  const form = useResourceForm<PayoutValues>({
    resource: 'payouts',
    basePath: '/api/payouts',
    wrapper: 'payout',
    listPath: routePath('payouts.list'),
    editPath: (id) => routePath('payouts.show', { id }),
    struct,
    initial: INITIAL,
    validate: createRules,
    // A blank label is no label (the table refuses an empty one).
    toPayload: (values) => ({ ...values, label: values.label.trim() || null }),
    messages: { created: 'payouts.created', saved: 'payouts.created' },
  });
  return (
    <>
      <FormTitle title="pages.payouts.new" />
      <ResourceForm form={form} label="pages.payouts.new">
        <MonthField name="month" autoFocus />
        <MultiSelectField name="payout_types" options={TYPE_OPTIONS} />
        <TextField name="label" />
      </ResourceForm>
    </>
  );
}
