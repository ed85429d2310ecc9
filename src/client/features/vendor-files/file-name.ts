/** `vendor-file-{organization number}-{yyyy-MM}.csv`, the name the server gives it. */
export const fileName = (row: { organization: { number: string }; month: string }, documents = false) =>
  `vendor-file-${row.organization.number}-${row.month.slice(0, 7)}${documents ? '-confirmation-documents.zip' : '.csv'}`;
