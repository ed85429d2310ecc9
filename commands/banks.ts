import type { Lookup } from './lookups';
import type { Command } from './types';

export const banksCommands: Command[] = [];
export const banksLookups: Lookup[] = [];
