import { Redirect } from 'wouter';
import { routePath } from '../../route-table';
import { TYPE_ROUTES } from './source-types';

/** /revenue-sources opens the channel list (spec 3, 2.4). */
export default function RedirectToChannels() {
  return <Redirect to={routePath(TYPE_ROUTES.youtube_channel.list)} replace />;
}
