import type { CreatedAt, Id } from '../../db/schema.js';
import type { Generated } from 'kysely';

export interface TagsTable {
  id: Id;
  name: string;
  color: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

/** Links a tag to any record (`Vendor`, `Contract`, ...). */
export interface TaggingsTable {
  id: Id;
  tag_id: number;
  taggable_type: string;
  taggable_id: number;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    tags: TagsTable;
    taggings: TaggingsTable;
  }
}
