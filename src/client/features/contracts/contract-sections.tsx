import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useCommandEnvironment } from '../../commands/context';
import { DetailsSection, DetailsTable, Facts } from '../../kit/details-section';
import { CommandButton, DateText, formatMoney } from '../../kit/grid';
import { formatPercent } from '../../../shared/money-format';
import { languageAtom, useT } from '../../lib/i18n';
import { ROUTES_BY_ID, routePath } from '../../route-table';
import { hasAnyRole } from '../../../shared/roles';
import type { Contract, ContractVendorRow } from './contract';
import { paymentMethodText } from './payment-method-text';

const list = css({
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
});
const muted = css({ color: 'fg.muted' });
const actions = css({
  display: 'inline-flex',
  gap: '2',
  justifyContent: 'flex-end',
});

/** The info table (spec 2, 2): organization, type, currency, dates, active range, credit note type, report templates. */
export function ContractInfo({ contract: c }: { contract: Contract }) {
  const t = useT();
  return (
    <DetailsSection title="contracts.sections.info">
      <Facts
        rows={[
          ['contracts.fields.organization', c.organization.name],
          ['contracts.fields.contract_type', t(`contracts.types.${c.contract_type}`)],
          ['contracts.fields.currency', c.currency],
          ['contracts.fields.start_date', <DateText key="s" value={c.start_date} />],
          ['contracts.fields.end_date', c.end_date && <DateText value={c.end_date} />],
          ['contracts.fields.active_from', c.active_from && <DateText value={c.active_from} />],
          ['contracts.fields.active_to', c.active_to && <DateText value={c.active_to} />],
          ['contracts.fields.terminated_on', c.terminated_on && <DateText value={c.terminated_on} />],
          ['contracts.fields.termination_possible_from', c.termination_possible_from && <DateText value={c.termination_possible_from} />],
          ['contracts.fields.termination_period_months', String(c.termination_period_months)],
          ['contracts.fields.credit_note_type', t(`contracts.credit_note_types.${c.credit_note_type}`)],
          ['contracts.fields.report_templates', c.report_templates.map((x) => t(`contracts.report_templates.${x}`)).join(', ')],
          ['contracts.fields.primary_signer_email', c.primary_signer_email?.email],
          ['contracts.fields.secondary_signer_email', c.secondary_signer_email?.email],
        ]}
      />
    </DetailsSection>
  );
}

/** Revenue sources, with view and edit links for those who may open them (revenue_sources or admin). */
export function RevenueSourcesSection({ contract: c }: { contract: Contract }) {
  const t = useT();
  const { roles } = useCommandEnvironment();
  const linked = hasAnyRole(roles, ROUTES_BY_ID.get('revenue_sources.show')!.roles ?? []);
  return (
    <DetailsSection title="contracts.fields.revenue_sources">
      <DetailsTable
        columns={['contracts.fields.source_name', 'contracts.fields.reference_id', 'contracts.fields.source_type', ...(linked ? ['grid.actions'] : [])]}
        items={c.revenue_sources}
        row={(s) => (
          <tr key={s.id}>
            <th scope="row">{s.name || s.reference_id}</th>
            <td>{s.reference_id}</td>
            <td>{t(`contracts.source_types.${s.type}`)}</td>
            {linked && (
              <td data-actions="">
                <span className={actions}>
                  <Link
                    href={routePath('revenue_sources.show', { id: s.id })}
                    aria-label={t('contracts.view_named', {
                      name: s.name || s.reference_id,
                    })}
                  >
                    {t('commands.row.show')}
                  </Link>
                  <Link
                    href={routePath('revenue_sources.edit', { id: s.id })}
                    aria-label={t('contracts.edit_named', {
                      name: s.name || s.reference_id,
                    })}
                  >
                    {t('commands.row.edit')}
                  </Link>
                </span>
              </td>
            )}
          </tr>
        )}
      />
    </DetailsSection>
  );
}

/** Revenue shares: type, formula and the formula's params (money in the contract's currency). */
export function RevenueSharesSection({ contract: c }: { contract: Contract }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const money = (v: string | null) => (v === null ? '' : formatMoney(v, c.currency, lng));
  return (
    <DetailsSection title="contracts.fields.revenue_shares">
      <DetailsTable
        columns={[
          'contracts.fields.share_type',
          'contracts.fields.formula',
          { key: 'contracts.fields.rev_share', num: true },
          { key: 'contracts.fields.baseline', num: true },
          { key: 'contracts.fields.fixed_income', num: true },
          { key: 'contracts.fields.threshold', num: true },
        ]}
        items={c.revenue_shares}
        row={(s) => (
          <tr key={s.id}>
            <th scope="row">{t(`contracts.share_types.${s.type}`)}</th>
            <td>{t(`contracts.formulas.${s.formula}`)}</td>
            <td data-num="">{formatPercent(s.rev_share, lng)}</td>
            <td data-num="">{money(s.baseline)}</td>
            <td data-num="">{money(s.fixed_income)}</td>
            <td data-num="">{money(s.threshold)}</td>
          </tr>
        )}
      />
    </DetailsSection>
  );
}

/** Vendors: link, share, payment method, contact e-mails, payouts on hold with the reason, pause / resume, record an advance. */
export function VendorsSection({ contract: c }: { contract: Contract }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  return (
    <DetailsSection title="contracts.fields.vendors">
      <DetailsTable
        columns={[
          'contracts.fields.vendor',
          'contracts.fields.share_percentage',
          'contracts.fields.payment_method',
          'contracts.fields.contact_emails',
          'contracts.fields.payout_on_hold',
          'grid.actions',
        ]}
        items={c.contract_vendors}
        row={(cv) => {
          const row: ContractVendorRow = {
            ...cv,
            contract_id: c.id,
            contract_final: c.state_final,
            contract_signed: c.state === 'signed',
            contract_currency: c.currency,
          };
          const extras = {
            selection: {
              resource: 'contract_vendors',
              ids: [cv.id],
              rows: [row],
            },
          };
          return (
            <tr key={cv.id}>
              <th scope="row">
                <Link href={routePath('vendors.show', { id: cv.vendor_id })}>{cv.vendor.name}</Link>
                <span className={muted}> {cv.vendor.full_number}</span>
              </th>
              <td>{formatPercent(cv.share_percentage, lng)}</td>
              <td>{paymentMethodText(cv.vendor_payment_method, t)}</td>
              <td>
                <ul className={list}>
                  {cv.vendor_contact_emails.map((e) => (
                    <li key={e.id}>{e.email}</li>
                  ))}
                </ul>
              </td>
              <td>{cv.payout_on_hold ? `${t('grid.yes')}${cv.payout_on_hold_reason ? `: ${cv.payout_on_hold_reason}` : ''}` : t('grid.no')}</td>
              <td data-actions="">
                {/* Named with the vendor: several rows hold the same buttons. */}
                <span
                  className={actions}
                  role="group"
                  aria-label={t('contracts.actions_for_vendor', {
                    name: cv.vendor.name,
                  })}
                >
                  <CommandButton command={cv.payout_on_hold ? 'contract_vendors.resume' : 'contract_vendors.pause'} extras={extras} size="sm" />
                  <CommandButton command="contract_vendors.record_advance" extras={extras} size="sm" />
                </span>
              </td>
            </tr>
          );
        }}
      />
    </DetailsSection>
  );
}
