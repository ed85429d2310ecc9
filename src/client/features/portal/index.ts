import type { ComponentType } from 'react';
import type { ScreenProps } from '../index';

/** Screens of this area by route id (lazily loaded). */
export const portalScreens: Record<string, ComponentType<ScreenProps>> = {};
