import type { ComponentType } from 'react';
import type { RouteDef } from '../route-table';

/** What a screen receives: its route and the route's parameters. */
export interface ScreenProps {
  route: RouteDef;
  params: Record<string, string>;
}

/**
 * Screens by route id. An area adds its screens here (lazily, so each area's code loads when first
 * used); a route without a screen shows a placeholder frame that says the area is not built yet.
 */
export const screens: Record<string, ComponentType<ScreenProps>> = {};
