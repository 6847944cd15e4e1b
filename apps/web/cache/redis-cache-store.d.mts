import type { Redis } from 'ioredis';

export const KEY_PREFIX: string;
/** Each instance hears on it the tags revalidated anywhere (server.ts drops its page copies). */
export const TAGS_CHANNEL: string;
export const MAX_TTL_SECONDS: number;

export interface TagState {
  stale?: number;
  expired?: number;
}

export interface RedisCacheStore {
  redis: Redis;
  keyPrefix: string;
  channel: string;
  /** How many outages the store has met. */
  outages(): number;
  /** null: Redis has no such entry; undefined: Redis did not answer. */
  read(key: string): Promise<Buffer | null | undefined>;
  write(key: string, value: Buffer, ttlSeconds: number): Promise<boolean>;
  remove(key: string): Promise<number>;
  claim(key: string, ttlMs: number): Promise<boolean>;
  readManifest(): Promise<Map<string, TagState> | null>;
  readTags(tags: string[]): Promise<Map<string, TagState> | null>;
  updateTags(
    tags: string[],
    durations: { expire?: number } | undefined,
    now: number,
  ): Promise<boolean>;
  close(): Promise<void>;
}

export function createRedisCacheStore(options: {
  redisUrl: string;
  keyPrefix?: string;
  log?: (message: string) => void;
}): RedisCacheStore;

export function processStore(): RedisCacheStore | null;

export function areTagsExpired(
  manifest: Map<string, TagState>,
  tags: string[],
  timestamp: number,
  now: number,
): boolean;

export function areTagsStale(
  manifest: Map<string, TagState>,
  tags: string[],
  timestamp: number,
): boolean;
