import type { Lookup } from './lookups';
import type { Command } from './types';

export const currencyRatesCommands: Command[] = [];
export const currencyRatesLookups: Lookup[] = [];
