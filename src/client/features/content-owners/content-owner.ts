export type { ContentOwner, EarningsMappingRule } from '../../../shared/entities/content-owner';
