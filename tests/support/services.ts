/** Services a test builds on its own database, wired as the composition root wires them. */
import { DayZone } from '../../server/core/day-zone';
import { SettingsStore } from '../../server/core/settings';
import type { Db } from '../../server/db';
import { CreditService } from '../../server/modules/credits/service';

export const dayZoneOf = (db: Db) => new DayZone(new SettingsStore(db));

/** the ledger, counting days in the database's configured day zone */
export const creditsOf = (db: Db) => new CreditService(db, dayZoneOf(db));
