/**
 * Usage statistics: the rollups the stats pages read, the work list of the rollup job, and the
 * names analysts give. Owned by server/modules/stats. The raw events (stat_events, partitioned by
 * day) are created by hand in migration 0013 (drizzle cannot declare a partitioned table); only
 * the stats storage reads and writes them.
 *
 * Conventions: `day` is a date in the configured time zone (settings 'stats', tz_offset_minutes,
 * default +480 = UTC+8); `hour` is the UTC start of an hour (so any whole-hour zone re-buckets);
 * dimensions are never null ('' = not given), so they can be part of a primary key.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });
const count = () => integer().notNull().default(0);
/** the four dimensions every metric row carries */
const dims = () => ({
  appId: text().notNull(),
  platform: text().notNull(),
  channel: text().notNull(),
  version: text().notNull(),
});
/** the metrics of an hour or a day of one app x platform x channel x version */
const metrics = () => ({
  /** sessions started (launches) */
  sessions: count(),
  pageViews: count(),
  /** distinct devices with an event in the bucket */
  activeDevices: count(),
  /** distinct signed-in user ids in the bucket */
  activeUsers: count(),
  /** sum of session durations, seconds (a session counts at least 1 s) */
  durationS: bigint({ mode: 'number' }).notNull().default(0),
  /** sessions with exactly one page view */
  bounces: count(),
  events: count(),
  /** JS errors (after the 5-minute same-device de-duplication) */
  errors: count(),
  crashes: count(),
});

/**
 * app-days whose rollups must be recomputed: the ingest marks them in the same transaction as the
 * rows. Marks are only ever inserted (a flush never waits for another flush's lock on a shared
 * mark); the rollup deletes the marks it read before recomputing, so one committed meanwhile stays.
 */
export const statDirty = pgTable(
  'stat_dirty',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    appId: text().notNull(),
    day: date().notNull(),
    markedAt: ts().notNull().defaultNow(),
  },
  (t) => [index().on(t.day, t.appId)],
);

/** app-days whose device (user) days changed: the rollup refreshes stat_activity from them (the day and the 29 after) */
export const statActivityDirty = pgTable(
  'stat_activity_dirty',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    appId: text().notNull(),
    day: date().notNull(),
  },
  (t) => [index().on(t.appId)],
);

export const statHourly = pgTable('stat_hourly', { hour: ts().notNull(), ...dims(), ...metrics() }, (t) => [
  primaryKey({ columns: [t.appId, t.hour, t.platform, t.channel, t.version] }),
]);

export const statDaily = pgTable(
  'stat_daily',
  {
    day: date().notNull(),
    ...dims(),
    ...metrics(),
    /** sessions per visit-depth bucket (shared/stat.ts DEPTH_BUCKETS, in order), and those of signed-in users */
    depthSessions: integer().array().notNull().default([]),
    depthUserSessions: integer().array().notNull().default([]),
    /** sessions per duration bucket (DURATION_BUCKETS), and those of signed-in users */
    durationSessions: integer().array().notNull().default([]),
    durationUserSessions: integer().array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.platform, t.channel, t.version] })],
);

/** one row per device per day: exact DAU / WAU / MAU over any range, retention, stickiness */
export const statDeviceDays = pgTable(
  'stat_device_days',
  {
    appId: text().notNull(),
    day: date().notNull(),
    deviceId: text().notNull(),
    /** the device's dimensions on its first event of the day */
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    /** the last signed-in user id of the day, if any */
    uid: text(),
    sessions: count(),
    pageViews: count(),
    durationS: bigint({ mode: 'number' }).notNull().default(0),
    /** bit i: a session of the day in visit-depth bucket i (DEPTH_BUCKETS) / duration bucket i (DURATION_BUCKETS) */
    depthMask: smallint().notNull().default(0),
    durationMask: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.deviceId] }), index().on(t.appId, t.deviceId)],
);

/** first and last sight of a device: new devices are counted from first_day (exact even for late events) */
export const statDevices = pgTable(
  'stat_devices',
  {
    appId: text().notNull(),
    deviceId: text().notNull(),
    firstTs: ts().notNull(),
    firstDay: date().notNull(),
    lastDay: date().notNull(),
    /** dimensions at first sight */
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.deviceId] }), index().on(t.appId, t.firstDay)],
);

/** one row per signed-in user id per day (the app's own user ids, as reported) */
export const statUserDays = pgTable(
  'stat_user_days',
  {
    appId: text().notNull(),
    day: date().notNull(),
    uid: text().notNull(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    sessions: count(),
    pageViews: count(),
    durationS: bigint({ mode: 'number' }).notNull().default(0),
    depthMask: smallint().notNull().default(0),
    durationMask: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.uid] }), index().on(t.appId, t.uid)],
);

/**
 * DAU, WAU and MAU (distinct devices or users active on the day, the 7 and the 30 days up to it)
 * per app, day and platform ('' = every platform), from the device (user) days: kept by the rollup
 * job for the days an app-day's change reaches (it and the 29 after), so the activity page reads
 * rows instead of counting. A day without a row had nobody active in its 30 days.
 */
export const statActivity = pgTable(
  'stat_activity',
  {
    appId: text().notNull(),
    /** 'device' | 'user' */
    subject: text().notNull(),
    day: date().notNull(),
    platform: text().notNull(),
    dau: count(),
    wau: count(),
    mau: count(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.subject, t.platform, t.day] })],
);

export const statUsers = pgTable(
  'stat_users',
  {
    appId: text().notNull(),
    uid: text().notNull(),
    firstTs: ts().notNull(),
    firstDay: date().notNull(),
    lastDay: date().notNull(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.uid] }), index().on(t.appId, t.firstDay)],
);

/** a session's part on one day (a session crossing midnight has a row per day) */
export const statSessions = pgTable(
  'stat_sessions',
  {
    appId: text().notNull(),
    day: date().notNull(),
    /** the client's session id */
    sid: text().notNull(),
    deviceId: text().notNull(),
    uid: text(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    /** mini-program scene ('' elsewhere) */
    scene: text().notNull(),
    startedAt: ts().notNull(),
    endedAt: ts().notNull(),
    entryPage: text().notNull(),
    exitPage: text().notNull(),
    pageCount: count(),
    eventCount: count(),
    /** ended_at - started_at, at least 1 */
    durationS: integer().notNull(),
    /** the device's first session ever */
    firstVisit: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.day, t.sid] }),
    // the scene report reads the mini-program sessions only (a scene is reported there)
    index('stat_sessions_scene_index')
      .on(t.appId, t.day, t.scene)
      .where(sql`${t.scene} <> ''`),
  ],
);

/** visited pages per day; durations run from a page view to the next event of its session */
export const statPages = pgTable(
  'stat_pages',
  {
    day: date().notNull(),
    ...dims(),
    /** the url's path (query and hash dropped) */
    path: text().notNull(),
    /** the last title reported for the path that day */
    title: text().notNull().default(''),
    views: count(),
    /** distinct devices that day */
    visitors: count(),
    /** sessions that started on the page */
    entries: count(),
    /** sessions that ended on the page */
    exits: count(),
    /** sessions of one page view that started here */
    bounces: count(),
    durationS: bigint({ mode: 'number' }).notNull().default(0),
    /** duration of the sessions that started here (entry duration) */
    entryDurationS: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.platform, t.channel, t.version, t.path] })],
);

/** custom events per day and value ('' for an event without value) */
export const statEventDays = pgTable(
  'stat_event_days',
  {
    day: date().notNull(),
    ...dims(),
    key: text().notNull(),
    value: text().notNull(),
    count: count(),
    devices: count(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.platform, t.channel, t.version, t.key, t.value] })],
);

/** an error group: JS errors by a hash of message + first stack frame, crashes likewise */
export const statErrorGroups = pgTable(
  'stat_error_groups',
  {
    appId: text().notNull(),
    hash: text().notNull(),
    /** 'js' | 'crash' */
    kind: text().notNull(),
    message: text().notNull(),
    /** the stack of the latest occurrence */
    stack: text().notNull().default(''),
    firstTs: ts().notNull(),
    lastTs: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hash] })],
);

export const statErrorDays = pgTable(
  'stat_error_days',
  {
    day: date().notNull(),
    appId: text().notNull(),
    hash: text().notNull(),
    /** 'js' | 'crash' */
    kind: text().notNull(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    /** device model ('' when not given): crashes by device */
    deviceModel: text().notNull(),
    count: count(),
    devices: count(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.hash, t.platform, t.channel, t.version, t.deviceModel] })],
);

/** retention: of a cohort (devices or users new / active on cohort_day), those seen again n days later */
export const statRetention = pgTable(
  'stat_retention',
  {
    appId: text().notNull(),
    /** 'device' | 'user' */
    subject: text().notNull(),
    /** 'new' | 'active' */
    mode: text().notNull(),
    cohortDay: date().notNull(),
    /** 1..7, 14, 30 */
    n: smallint().notNull(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    cohort: count(),
    retained: count(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.subject, t.mode, t.cohortDay, t.n, t.platform, t.channel, t.version] })],
);

/** source maps uploaded for an app version: minified stacks of that version resolve through them */
export const statSourceMaps = pgTable(
  'stat_source_maps',
  {
    appId: text().notNull(),
    version: text().notNull(),
    /** the minified script's file name as stacks name it (e.g. umi.3f2a.js) */
    file: text().notNull(),
    /** the source map JSON */
    map: text().notNull(),
    uploadedBy: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.version, t.file] })],
);

/**
 * The payments apps report (the SDK's stat.pay): one row per order number, from its first report
 * (a report sent again, or the same order reported twice, counts once). An app's pay-order pages
 * read these; the console's own top-ups are its pay_orders (payments module).
 */
export const statPayOrders = pgTable(
  'stat_pay_orders',
  {
    appId: text().notNull(),
    orderNo: text().notNull(),
    /** when the app reported it paid */
    ts: ts().notNull(),
    /** the local day of ts */
    day: date().notNull(),
    deviceId: text().notNull(),
    uid: text(),
    platform: text().notNull(),
    channel: text().notNull(),
    version: text().notNull(),
    amountCents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.orderNo] }), index().on(t.appId, t.day)],
);

/** display names analysts give to channels and event keys (kind 'channel' | 'event' | 'scene') */
export const statNames = pgTable(
  'stat_names',
  {
    appId: text().notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    name: text().notNull(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.kind, t.key] })],
);
