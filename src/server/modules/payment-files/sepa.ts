import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { fromMinorUnits, toMinorUnits } from '../../../shared/money.js';
import { epcCut, epcText, EPC_TEXT } from '../../../shared/epc-text.js';

/**
 * SEPA credit transfer files (pain.001.001.09), pure: data in, XML out. Written with xmlbuilder2 because
 * the `sepa` package writes floating-point amounts and unstructured addresses only. The ISO schema allows
 * what the EPC forbids (five decimals, any Unicode, address lines only), so the EPC rules are ours:
 * every name and text in the EPC set, names 70 and remittance 140 characters, amounts in cents from
 * 0.01 to 999,999,999.99 summed as integers, creditors with a structured address (town and country).
 */

export const PAIN_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
const MAX_AMOUNT_CENTS = 99_999_999_999n;

/** A refusal that names what to fix (the job's error): the payment, when one is to blame. */
export class PaymentFileError extends Error {
  constructor(
    message: string,
    readonly reference?: string,
  ) {
    super(message);
    this.name = 'PaymentFileError';
  }
}

export interface SepaAddress {
  street: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
}

export interface SepaTransfer {
  /** The payment reference: end-to-end id and start of the remittance text. */
  reference: string;
  /** What is paid, a decimal string in EUR (the payment's total). */
  amount: string;
  /** Requested execution date (YYYY-MM-DD); one payment information block per date. */
  execution_date: string;
  /** The period the payment is for (YYYY-MM-DD), in the remittance text. */
  period: { start: string; end: string };
  creditor: { name: string; iban: string; bic: string | null; address: SepaAddress };
}

export interface SepaFileInput {
  /** Unique per file, at most 35 characters of the EPC set (no `//`, not starting or ending with `/`). */
  message_id: string;
  created_at: Date;
  /** The organization (initiating party). */
  initiating_party: string;
  /** The organization's debtor account for EUR, and its name and structured address (banks may return transfers to non-EEA SEPA countries without them). */
  debtor: { name: string; iban: string; bic: string | null; address: SepaAddress };
  transfers: readonly SepaTransfer[];
}

export interface SepaFile {
  xml: string;
  count: number;
  /** The control sum as written (`'1234.56'`), equal to the sum of the transfers' amounts. */
  control_sum: string;
}

/** EPC identifiers (MsgId, PmtInfId, EndToEndId): 1 to 35 characters of the set, no `//`, no `/` at either end. */
export function isEpcIdentifier(id: string): boolean {
  return id.length >= 1 && id.length <= 35 && EPC_TEXT.test(id) && !id.includes('//') && !id.startsWith('/') && !id.endsWith('/') && id.trim() === id;
}

/** The remittance text: the payment reference and the period, cut to 140. */
export const remittanceText = (t: SepaTransfer) => epcCut(`${t.reference} ${t.period.start} - ${t.period.end}`, 140);

/** The EPC checks of one transfer; answers its amount in cents. */
export function checkTransfer(t: SepaTransfer): bigint {
  const at = `Payment ${t.reference}`;
  if (!isEpcIdentifier(t.reference)) throw new PaymentFileError(`${at}: the reference cannot be an end-to-end id`, t.reference);
  let cents: bigint;
  try {
    cents = toMinorUnits(t.amount, 'EUR');
  } catch {
    throw new PaymentFileError(`${at}: the amount ${t.amount} has more than 2 decimals`, t.reference);
  }
  if (cents < 1n || cents > MAX_AMOUNT_CENTS) throw new PaymentFileError(`${at}: the amount ${t.amount} EUR is outside 0.01 to 999999999.99`, t.reference);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t.execution_date)) throw new PaymentFileError(`${at}: no execution date`, t.reference);
  if (!t.creditor.iban) throw new PaymentFileError(`${at}: the payee has no IBAN`, t.reference);
  if (!epcText(t.creditor.name)) throw new PaymentFileError(`${at}: the payee has no name in the SEPA character set`, t.reference);
  const { city, country_code } = t.creditor.address;
  // Banks refuse creditors without a structured address (town and country) from 15 November 2026.
  if (!city || !epcText(city)) throw new PaymentFileError(`${at}: the payee's address has no town`, t.reference);
  if (!country_code || !/^[A-Z]{2}$/.test(country_code)) throw new PaymentFileError(`${at}: the payee's address has no country`, t.reference);
  return cents;
}

const agent = (parent: XMLBuilder, bic: string | null) => {
  const id = parent.ele('FinInstnId');
  // EPC: without a BIC the debtor agent is "NOTPROVIDED" (IBAN-only, SEPA-wide since 2016).
  if (bic) id.ele('BICFI').txt(bic);
  else id.ele('Othr').ele('Id').txt('NOTPROVIDED');
};

function address(parent: XMLBuilder, a: SepaAddress) {
  const adr = parent.ele('PstlAdr');
  const street = a.street ? epcCut(a.street, 70) : '';
  const number = a.street_number ? epcCut(a.street_number, 16) : '';
  const postal = a.postal_code ? epcCut(a.postal_code, 16) : '';
  if (street) adr.ele('StrtNm').txt(street);
  if (number) adr.ele('BldgNb').txt(number);
  if (postal) adr.ele('PstCd').txt(postal);
  adr.ele('TwnNm').txt(epcCut(a.city ?? '', 35));
  adr.ele('Ctry').txt(a.country_code ?? '');
}

/** The pain.001.001.09 document of `input`; throws `PaymentFileError` on the first transfer the EPC rules refuse. */
export function sepaDocument(input: SepaFileInput): SepaFile {
  if (input.transfers.length === 0) throw new PaymentFileError('A payment file needs at least one payment');
  if (!isEpcIdentifier(input.message_id)) throw new PaymentFileError(`The message id ${input.message_id} is not an EPC identifier`);
  if (!epcText(input.debtor.name) || !input.debtor.address.city || !epcText(input.debtor.address.city) || !/^[A-Z]{2}$/.test(input.debtor.address.country_code ?? '')) {
    throw new PaymentFileError(`The debtor ${input.debtor.name} needs a name, a town and a country in the SEPA character set`);
  }
  const cents = new Map(input.transfers.map((t) => [t, checkTransfer(t)]));
  const references = new Set<string>();
  for (const t of input.transfers) {
    if (references.has(t.reference)) throw new PaymentFileError(`Payment ${t.reference} appears twice`, t.reference);
    references.add(t.reference);
  }
  const byDate = new Map<string, SepaTransfer[]>();
  for (const t of [...input.transfers].sort((a, b) => a.execution_date.localeCompare(b.execution_date) || a.reference.localeCompare(b.reference))) {
    byDate.set(t.execution_date, [...(byDate.get(t.execution_date) ?? []), t]);
  }
  const total = (list: readonly SepaTransfer[]) => fromMinorUnits(list.reduce((s, t) => s + cents.get(t)!, 0n), 'EUR');

  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN_NAMESPACE, 'Document');
  const root = doc.ele('CstmrCdtTrfInitn');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(input.message_id);
  header.ele('CreDtTm').txt(input.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  header.ele('NbOfTxs').txt(String(input.transfers.length));
  header.ele('CtrlSum').txt(total(input.transfers));
  header.ele('InitgPty').ele('Nm').txt(epcCut(input.initiating_party, 70));

  let block = 0;
  for (const [date, transfers] of byDate) {
    block += 1;
    const info = root.ele('PmtInf');
    info.ele('PmtInfId').txt(`${input.message_id.slice(0, 30)}-${block}`);
    info.ele('PmtMtd').txt('TRF');
    info.ele('NbOfTxs').txt(String(transfers.length));
    info.ele('CtrlSum').txt(total(transfers));
    info.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
    info.ele('ReqdExctnDt').ele('Dt').txt(date);
    const debtor = info.ele('Dbtr');
    debtor.ele('Nm').txt(epcCut(input.debtor.name, 70));
    address(debtor, input.debtor.address);
    info.ele('DbtrAcct').ele('Id').ele('IBAN').txt(input.debtor.iban);
    agent(info.ele('DbtrAgt'), input.debtor.bic);
    info.ele('ChrgBr').txt('SLEV');
    for (const t of transfers) {
      const tx = info.ele('CdtTrfTxInf');
      tx.ele('PmtId').ele('EndToEndId').txt(t.reference);
      tx.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(fromMinorUnits(cents.get(t)!, 'EUR'));
      if (t.creditor.bic) tx.ele('CdtrAgt').ele('FinInstnId').ele('BICFI').txt(t.creditor.bic);
      const creditor = tx.ele('Cdtr');
      creditor.ele('Nm').txt(epcCut(t.creditor.name, 70));
      address(creditor, t.creditor.address);
      tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(t.creditor.iban);
      tx.ele('RmtInf').ele('Ustrd').txt(remittanceText(t));
    }
  }
  return { xml: doc.end({ prettyPrint: true }), count: input.transfers.length, control_sum: total(input.transfers) };
}
