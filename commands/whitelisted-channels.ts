import type { WhitelistedChannel } from '../src/client/features/whitelisted-channels/types';
import type { Lookup } from './lookups';
import { resourceCommands } from './resource';
import type { Command } from './types';

/** Whitelisted channels (spec 1, 2.15): list and delete only. */
export const whitelistedChannelsCommands: Command[] = resourceCommands<WhitelistedChannel>({
  resource: 'whitelisted_channels',
  api: '/api/youtube_whitelisted_channels',
  roles: ['youtube_whitelisted_channels'],
  deleted: 'whitelisted_channels.deleted',
  edit: false,
});

/** No page shows a single channel, so the palette has nothing to open for one. */
export const whitelistedChannelsLookups: Lookup[] = [];
