/**
 * Raw events: the ingest's writes (one multi-row statement per flush, duplicates by ts + eid
 * ignored, the app-days marked dirty for the rollup job in the same transaction) and the daily
 * partitions' upkeep.
 */
import type { StatPools } from '../pools';

/** one raw record as stored: the receiver's checked form of a reported record */
export interface StatRow {
  ts: Date;
  /** the client's event id (de-duplicates retries), or one the receiver made */
  eid: string;
  appId: string;
  deviceId: string;
  uid: string | null;
  /** the client's session id */
  sid: string;
  /** STAT_KINDS code */
  kind: number;
  platform: string;
  channel: string;
  scene: string;
  version: string;
  os: string | null;
  deviceModel: string | null;
  screen: string | null;
  language: string | null;
  url: string | null;
  referrer: string | null;
  title: string | null;
  evKey: string | null;
  evValue: string | null;
  errHash: string | null;
  errMsg: string | null;
  errStack: string | null;
  orderNo: string | null;
  amountCents: number | null;
}

export interface IngestStore {
  /** writes the rows and marks their app-days (in the tz) dirty, in one transaction; answers the rows new to the table */
  insert(rows: StatRow[], tz: number): Promise<number>;
}

export class PgIngestStore implements IngestStore {
  constructor(private pools: StatPools) {}

  async insert(rows: StatRow[], tz: number): Promise<number> {
    void this.pools;
    void tz;
    return rows.length ? Promise.reject(new Error('the ingest store is being written')) : 0;
  }
}
