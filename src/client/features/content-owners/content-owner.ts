import type { ContentOwner as ContentOwnerEntity } from '../../../shared/entities/content-owner';
import type { Versioned } from '../../../shared/entities/versioned';

export type { EarningsMappingRule } from '../../../shared/entities/content-owner';
/** A content owner as the server sends it, with its version. */
export type ContentOwner = Versioned<ContentOwnerEntity>;
