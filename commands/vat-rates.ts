import type { Lookup } from './lookups';
import type { Command } from './types';

export const vatRatesCommands: Command[] = [];
export const vatRatesLookups: Lookup[] = [];
