import type { Lookup } from './lookups';
import type { Command } from './types';

export const whitelistedChannelsCommands: Command[] = [];
export const whitelistedChannelsLookups: Lookup[] = [];
