/** Why a report cannot be imported; `line` is the file's line (1-based) where one applies. */
export class ImportError extends Error {
  constructor(
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
  }
}
