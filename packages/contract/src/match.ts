import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, epochMsField, idField, textField } from './common';

/**
 * Match-side calls (SPEC §7 "Match and order paths", DESIGN §5: under /match/api/). Matches,
 * options and events travel in SPEC §3's short field names; shapes SPEC does not name use plain
 * names. docs/matches.md records the choices SPEC leaves open.
 */

/**
 * A list of ids: comma-joined text (`"1,2,3"`, SPEC's leg list), a JSON array, or one id (the
 * wire's coercion reads each). At most `max` ids; anything that is not a positive integer is
 * refused.
 */
export const idListField = (max: number) =>
  z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(max, `at most ${max} ids`);

/**
 * List types of the table parameters: 0 all open matches, 1 live, 2 today (kick-off today in the
 * display time zone, live ones included), 3 early (later days), 4 outrights, 5 results (finished),
 * 6 favourites, 7 virtual sports.
 */
export const matchListType = {
  all: 0,
  live: 1,
  today: 2,
  early: 3,
  outright: 4,
  results: 5,
  favourites: 6,
  virtual: 7,
} as const;

/** Status `s` of a market option: 0 is open; every other value shows a blank (SPEC §4). */
export const optionStatus = {
  open: 0,
  /** Suspended by the feed, a bet stop, or a silent feed. */
  suspended: 1,
  /** The line was withdrawn. */
  deactivated: 2,
  settled: 3,
  cancelled: 4,
  /** The outcome is no longer offered while its market goes on. */
  notOffered: 5,
} as const;

/** The largest page of the list calls: SPEC §9 leg list size 1000, 2000 in the reset filter. */
export const maxMatchPageSize = 2000;

/** SPEC §3 table parameters, plus the paging and filters the server needs. */
export const tableParameters = {
  /** See `matchListType`. */
  type: boundedInt(0, 7).optional(),
  /** Same as `sportId` (the client sends either); `sportId` wins when both are sent. */
  sport: idField().optional(),
  sportId: idField().optional(),
  /** The member's display style, SPEC §9 odds types 0–4; every style is sent regardless. */
  oddsType: boundedInt(0, 4).optional(),
  /** A league category (country or region) as `match/tag` lists them. */
  tag: textField(64).optional(),
  leagueId: idField().optional(),
  size: boundedInt(1, maxMatchPageSize).optional(),
  page: boundedInt(1, 100_000).optional(),
  /**
   * Markets per match in list answers (SPEC §2): 3 in mini mode, 5 in the large variant (the
   * default); sports above 1000000 always show 1.
   */
  rows: boundedInt(1, 5).optional(),
};

/** SPEC §3 market option with the odds object's fields: one outcome, priced in every style. */
export const marketOptionSchema = z.object({
  /** Option id: stable, unique, decodable to event, play, specifiers and outcome. */
  oi: z.string(),
  /** Play id. */
  md: z.number().int(),
  /** Status: 0 open; anything else shows a blank (see `optionStatus`). */
  s: z.number().int(),
  /** Option name as the feed gives it ("Arsenal -0.25", "Over 2.5", "Draw"). */
  h: z.string(),
  /** Alternate (short) name: 1, X, 2, H, A, O, U, Odd, Even, a score, an abbreviation. */
  ah: z.string(),
  /** The market's name ("Asian handicap"). */
  n: z.string(),
  /** Decimal odds, after the viewer's margin; 0 when the outcome has no price. */
  o: z.number(),
  /** Hong Kong (Asian). */
  oa: z.number(),
  /** Malay. */
  om: z.number(),
  /** Indonesian. */
  od: z.number(),
  /** American. */
  us: z.number(),
  /** Adjustment: the viewer's extra margin on this play, thousandths of implied probability. */
  ao: z.number(),
});
export type MarketOption = z.infer<typeof marketOptionSchema>;

/** `z`: options by play id, then by specifiers ('' for markets without a line). */
export const marketsByPlaySchema = z.record(
  z.string(),
  z.record(z.string(), z.array(marketOptionSchema)),
);

/**
 * The match clock as read at `t`: while it runs, read it forward at `v` match seconds a second
 * (the feed's speed), so a page ticks between updates.
 */
export const matchClockSchema = z.object({
  /** Seconds of match clock played at `t`. */
  s: z.number().int(),
  /** Seconds left in the period at `t`, for sports whose clock counts down (basketball). */
  l: z.number().int().optional(),
  /** Minutes of added time announced for the period (football), once it is being played. */
  x: z.number().int().optional(),
  /** Match seconds a second while the clock runs; 0 while it is stopped. */
  v: z.number(),
  /** Server time of the reading, epoch milliseconds. */
  t: z.number().int(),
});
export type MatchClock = z.infer<typeof matchClockSchema>;

const homeAway = z.object({ h: z.number().int(), a: z.number().int() });

/**
 * SPEC §3 event object: where a match stands. `c` is the period code while live (1–2 first
 * period … 9–10 fifth), 0 before the start, 90 finished, 91 cancelled, 92 postponed, 93
 * abandoned.
 */
export const eventInfoSchema = z.object({
  /** Sport id. */
  a: z.number().int(),
  /** Match (game) id. */
  b: z.number().int(),
  c: z.number().int(),
  /** Seconds of match clock played, as last reported. */
  e: z.number().int(),
  /** Extra info: the period's description ("2nd half", "Half-time", "3rd set"). */
  g: z.string(),
  h1: z.number().int(),
  h2: z.number().int(),
  h3: z.number().int(),
  h4: z.number().int(),
  h5: z.number().int(),
  a1: z.number().int(),
  a2: z.number().int(),
  a3: z.number().int(),
  a4: z.number().int(),
  a5: z.number().int(),
  /** Home and away total: goals or points, sets or maps won in set sports. */
  hs: z.number().int(),
  as: z.number().int(),
  /** Home name (the title of an outright or race). */
  o: z.string(),
  /** Away name ('' for outrights and races). */
  r: z.string(),
  /** The match clock of a live match whose sport has one. */
  ck: matchClockSchema.optional(),
  /**
   * Tennis in play: points won in the current game (0, 1, 2, 3, 4… read as 0, 15, 30, 40, AD).
   * Volleyball, table tennis, badminton: points of the set in play; esports: rounds of the map.
   */
  gp: homeAway.optional(),
  /** Tennis, volleyball, table tennis, badminton in play: who serves, 1 home, 2 away. */
  sv: z.number().int().optional(),
});
export type EventInfo = z.infer<typeof eventInfoSchema>;

/** What a live data feed reports as a play (docs/matches.md, Live data). */
export const playKindSchema = z.enum([
  'attack',
  'dangerous_attack',
  'shot_on_target',
  'shot_off_target',
  'goal',
  'corner',
  'yellow_card',
  'red_card',
  'penalty',
  'point',
  'ace',
  'free_throw',
  'two_pointer',
  'three_pointer',
  'service_error',
  'set_point',
  'match_point',
  'timeout',
  'round_won',
  'pistol_round',
]);
export type PlayKind = z.infer<typeof playKindSchema>;

/** A sport's live statistics; `possession` is a percentage, the rest are counts. */
export const statKeySchema = z.enum([
  'possession',
  'attacks',
  'dangerous_attacks',
  'shots_on_target',
  'shots_off_target',
  'corners',
  'yellow_cards',
  'red_cards',
  'aces',
  'points_won',
  'free_throws',
  'two_pointers',
  'three_pointers',
  'serve_points',
  'service_errors',
  'longest_run',
  'rounds_won',
  'pistol_rounds',
]);
export type StatKey = z.infer<typeof statKeySchema>;

/** A runner's place in a race's running order. */
export const runnerPlaceSchema = z.object({
  /** Competitor id. */
  i: z.number().int(),
  /** Saddle number. */
  n: z.number().int(),
  /** Name. */
  h: z.string(),
  /** Distance covered, in thousandths of the race: 0 at the off, 1000 at the post. */
  d: z.number().int(),
});
export type RunnerPlace = z.infer<typeof runnerPlaceSchema>;

/**
 * The match tracker's state: the latest play and the statistics so far; for a race, its running
 * order instead.
 */
export const liveTrackerSchema = z.object({
  /** The latest play: `n` counts the match's plays (a new number is a new play), `s` 1 home or
   * 2 away, `m` the match second it happened at (0 for sports without a clock). */
  p: z
    .object({ n: z.number().int(), k: playKindSchema, s: z.number().int(), m: z.number().int() })
    .optional(),
  /** The sport's statistics, in the order to show them. */
  st: z.array(homeAway.extend({ k: statKeySchema })).optional(),
  /** A race: the field leader first, as it runs and, once decided, as it finished. */
  ro: z.array(runnerPlaceSchema).optional(),
});
export type LiveTracker = z.infer<typeof liveTrackerSchema>;

/** SPEC §3 match in its short field names, with the names and times a list row shows. */
export const matchSchema = z.object({
  /** Sport id. */
  a: z.number().int(),
  /** Match id. */
  b: z.number().int(),
  /** League id. */
  l: z.number().int(),
  /** League name. */
  ln: z.string(),
  /** League category (country or region): the `tag` filter. */
  lc: z.string(),
  /** 1 live, 0 pre-match, 2 finished. */
  g: z.number().int(),
  /** Kick-off (outrights: the opening of the book), epoch milliseconds. */
  t: z.number().int(),
  /** Home name, or the outright's or race's title. */
  o: z.string(),
  /** Away name; '' for outrights and races. */
  r: z.string(),
  /** Where the match stands. */
  ev: eventInfoSchema,
  /** Markets by play id, then specifiers. */
  z: marketsByPlaySchema,
  /** Markets offered (open or suspended), whether or not this answer carries them all. */
  mc: z.number().int(),
  /** 1 when the viewer favours the league. */
  x: z.number().int(),
  /** 1 when the viewer favours the match. */
  w: z.number().int(),
  /** The favourite record id: the match's, else the league's; 0 for none. */
  y: z.number().int(),
  /** Season: the kick-off year in the display time zone (the feed has no seasons). */
  si: z.number().int(),
  /** Home and away competitor ids; 0 for outrights and races. */
  sm: z.number().int(),
  sn: z.number().int(),
  /** The live match tracker, in the match view of a live match with live data, and of a race
   * from the off to its results. */
  lt: liveTrackerSchema.optional(),
});
export type MatchWire = z.infer<typeof matchSchema>;

const sportCountSchema = z.object({ sportId: z.number().int(), count: z.number().int() });

export const matchPageSchema = z.object({
  records: z.array(matchSchema),
  /** Matches that fit the filters, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Per-sport counts for the tabs: the same type, any sport. */
  counts: z.array(sportCountSchema),
});

const matchRecordsSchema = z.object({ records: z.array(matchSchema) });

export const leagueSchema = z.object({
  leagueId: z.number().int(),
  leagueName: z.string(),
  category: z.string(),
  sportId: z.number().int(),
  /** Matches of the league that fit the request. */
  count: z.number().int(),
});

/** A finished (or called-off) match: its event object with league and kick-off. */
export const resultRecordSchema = eventInfoSchema.extend({
  l: z.number().int(),
  ln: z.string(),
  t: z.number().int(),
  /** ended, closed (results confirmed), cancelled, postponed or abandoned. */
  rs: z.string(),
});

const resultPageSchema = z.object({
  records: z.array(resultRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** How a play is laid out on the betting screens (SPEC §9 sort orders and column counts). */
export const playTableEntrySchema = z.object({
  playId: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  columns: z.number().int(),
});

const sportSchema = z.object({
  sportId: z.number().int(),
  name: z.string(),
  virtual: z.boolean(),
});

const tag = 'match';
const listInput = z.object(tableParameters);
const searchInput = z.object({
  keyword: textField(50).min(1),
  sportId: idField().optional(),
  size: boundedInt(1, 100).optional(),
  oddsType: boundedInt(0, 4).optional(),
});
const resultInput = z.object({
  sportId: idField().optional(),
  leagueId: idField().optional(),
  /** Kick-off window, epoch milliseconds. */
  startTime: epochMsField().optional(),
  endTime: epochMsField().optional(),
  size: boundedInt(1, 200).optional(),
  page: boundedInt(1, 100_000).optional(),
});

export const matchList = defineCall({
  path: '/match/api/match/list',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Matches for the table parameters with per-sport counts; data sealed (DESIGN §5).',
  input: listInput,
  output: matchPageSchema,
  sealedResponse: true,
});

export const matchCount = defineCall({
  path: '/match/api/match/count',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Open matches per sport: live, today, early and in all.',
  input: z.object({}),
  output: z.array(
    sportSchema.extend({
      live: z.number().int(),
      today: z.number().int(),
      early: z.number().int(),
      total: z.number().int(),
    }),
  ),
});

export const matchLeague = defineCall({
  path: '/match/api/match/league',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Leagues with matches for the table parameters, busiest first.',
  input: listInput,
  output: z.array(leagueSchema),
});

export const matchTag = defineCall({
  path: '/match/api/match/tag',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'League categories (countries, regions) with match counts, the `tag` filter values.',
  input: listInput,
  output: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});

export const matchSearch = defineCall({
  path: '/match/api/match/search',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Open matches whose team or league name contains the keyword.',
  input: searchInput,
  output: matchRecordsSchema,
});

export const matchResultList = defineCall({
  path: '/match/api/match/result/list',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Finished and called-off matches with their final and period scores, latest first.',
  input: resultInput,
  output: resultPageSchema,
});

export const matchDetails = defineCall({
  path: '/match/api/match/details',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'getMatchDetail: one match with every market; data sealed (DESIGN §5).',
  input: z.object({
    matchId: idField(),
    sportId: idField().optional(),
    oddsType: boundedInt(0, 4).optional(),
  }),
  output: matchSchema,
  sealedResponse: true,
});

export const matchMarketOptions = defineCall({
  path: '/match/api/match/market/options',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: "One match's market options, all plays or one play.",
  input: z.object({
    matchId: idField(),
    sportId: idField().optional(),
    playId: idField().optional(),
    oddsType: boundedInt(0, 4).optional(),
  }),
  output: z.object({
    a: z.number().int(),
    b: z.number().int(),
    z: marketsByPlaySchema,
    mc: z.number().int(),
  }),
});

export const matchLeagueHot = defineCall({
  path: '/match/api/match/league/hot',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'The leagues with the most open matches (live ones count double).',
  input: z.object({ sportId: idField().optional(), size: boundedInt(1, 50).optional() }),
  output: z.array(leagueSchema),
});

export const matchBanner = defineCall({
  path: '/match/api/match/banner',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Home-page banners: featured matches of the hot leagues.',
  input: z.object({}),
  output: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      imageUrl: z.string(),
      sportId: z.number().int(),
      matchId: z.number().int(),
      startTime: z.number().int(),
    }),
  ),
});

export const matchEvent = defineCall({
  path: '/match/api/match/event',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Event objects (scores, period, clock) of the listed matches, or of every live match.',
  input: z.object({ matchId: idListField(200).optional(), sportId: idField().optional() }),
  output: z.array(eventInfoSchema),
});

export const matchLive = defineCall({
  path: '/match/api/match/live',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: "Live video and animation per match; none when the viewer's isShow is off.",
  input: z.object({ sportId: idField().optional() }),
  output: z.object({
    isShow: z.boolean(),
    records: z.array(
      z.object({
        a: z.number().int(),
        b: z.number().int(),
        video: z.boolean(),
        animation: z.boolean(),
      }),
    ),
  }),
});

export const matchLiveSwitch = defineCall({
  path: '/match/api/match/live/switch',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: "Turn a match's video (type 1) or animation (type 2) on: its stream address.",
  input: z.object({
    matchId: idField(),
    sportId: idField().optional(),
    type: boundedInt(1, 2).optional(),
  }),
  output: z.object({
    b: z.number().int(),
    type: z.number().int(),
    isOpen: z.boolean(),
    url: z.string(),
  }),
});

/** A match's two sides as its records name them, in the request's language. */
export const matchSidesFields = {
  homeId: z.number().int(),
  homeName: z.string(),
  awayId: z.number().int(),
  awayName: z.string(),
};

export const pastMatchSchema = z.object({
  /** Kick-off, epoch milliseconds. */
  t: z.number().int(),
  leagueName: z.string(),
  ...matchSidesFields,
  homeScore: z.number().int(),
  awayScore: z.number().int(),
});
export type PastMatchWire = z.infer<typeof pastMatchSchema>;

export const matchHeadToHead = defineCall({
  path: '/match/api/match/head-to-head',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    "A match's head-to-head record: the two sides' last meetings and each side's recent form, newest first; empty lists when the book keeps no record of them (outrights, races).",
  input: z.object({ matchId: idField(), sportId: idField().optional() }),
  output: z.object({
    b: z.number().int(),
    meetings: z.array(pastMatchSchema),
    homeForm: z.array(pastMatchSchema),
    awayForm: z.array(pastMatchSchema),
  }),
});

export const matchEcho = defineCall({
  path: '/match/api/match/echo/match',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Freshness of the listed matches (seq, epoch, state) for a client resuming its view.',
  input: z.object({ matchId: idListField(200) }),
  output: z.array(
    z.object({
      a: z.number().int(),
      b: z.number().int(),
      /** Per-match message sequence and the read model's epoch, as the socket carries them. */
      seq: z.number().int(),
      epoch: z.number().int(),
      c: z.number().int(),
      g: z.number().int(),
      mc: z.number().int(),
    }),
  ),
});

export const matchBasketballLeague = defineCall({
  path: '/match/api/match/bb/league',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Basketball leagues with open matches.',
  input: z.object({ type: boundedInt(0, 7).optional() }),
  output: z.array(leagueSchema),
});

export const matchLegList = defineCall({
  path: '/match/api/match/leg/list',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'getlegList: the listed matches with every market (to refresh slip items), or a list page.',
  input: z.object({ ...tableParameters, matchId: idListField(maxMatchPageSize).optional() }),
  output: matchRecordsSchema,
});

const favouriteInput = z.object({
  subjectId: idField(),
  sportId: idField(),
  /** 0 league, anything else match (SPEC §3). */
  type: boundedInt(0, 1_000_000),
});

export const favoriteAdd = defineCall({
  path: '/match/api/favorite/add',
  auth: 'member',
  tag,
  summary:
    'Favour a league (type 0) or match; answers the favourite record id (again if repeated).',
  input: favouriteInput,
  output: z.number().int(),
});

export const favoriteDelete = defineCall({
  path: '/match/api/favorite/delete',
  auth: 'member',
  tag,
  summary: 'Stop favouring a league (type 0) or match; removing one not favoured is no error.',
  input: favouriteInput,
  output: z.null(),
});

/**
 * App init (SPEC §3): where images and stream pages are served from, and the control switches
 * on (SPEC §4), as `/match/api/sysinit` answers it and the match socket's `sysinit` event sends it.
 */
export const sysInitSchema = z.object({
  staticUrl: z.string(),
  control_switch: z.array(z.number().int()),
});
export type SysInit = z.infer<typeof sysInitSchema>;

export const matchSysInit = defineCall({
  path: '/match/api/sysinit',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'App init: the static file address and the control switches (SPEC §4).',
  input: z.object({}),
  output: sysInitSchema,
});

export const matchHotList = defineCall({
  path: '/match/api/hotList',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary: 'Featured matches of the hot leagues, live ones first.',
  input: z.object({
    sportId: idField().optional(),
    size: boundedInt(1, 50).optional(),
    rows: boundedInt(1, 5).optional(),
    oddsType: boundedInt(0, 4).optional(),
  }),
  output: matchRecordsSchema,
});

export const matchSportsType = defineCall({
  path: '/match/api/sportsType',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'The sports menu: every sport the control switches leave visible, in display order.',
  input: z.object({}),
  output: z.array(sportSchema),
});

export const matchListAlias = defineCall({
  ...matchList,
  path: '/match/api/matchList',
  summary: 'The same as match/list, under the name the second flavour uses; data sealed.',
});

export const matchSearchResult = defineCall({
  ...matchSearch,
  path: '/match/api/searchResult',
  summary: 'The same as match/search, under the name the second flavour uses.',
});

export const matchResultsList = defineCall({
  ...matchResultList,
  path: '/match/api/matchResultsList',
  summary: 'The same as match/result/list, under the name the second flavour uses.',
});

export const basketTable1 = defineCall({
  path: '/match/api/basketTable1',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'Basketball play layout, full game: sort order and columns per play.',
  input: z.object({}),
  output: z.array(playTableEntrySchema),
});

export const basketTable2 = defineCall({
  path: '/match/api/basketTable2',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'Basketball play layout, halves and quarters: sort order and columns per play.',
  input: z.object({}),
  output: z.array(playTableEntrySchema),
});

export const bettingTable = defineCall({
  path: '/app/api/bettingTable',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: "A sport's play layout for the betting screens: sort order and columns per play.",
  input: z.object({ sportId: idField().optional(), sport: idField().optional() }),
  output: z.array(playTableEntrySchema),
});

export const matchCalls = [
  matchList,
  matchCount,
  matchLeague,
  matchTag,
  matchSearch,
  matchResultList,
  matchDetails,
  matchMarketOptions,
  matchLeagueHot,
  matchBanner,
  matchEvent,
  matchLive,
  matchLiveSwitch,
  matchHeadToHead,
  matchEcho,
  matchBasketballLeague,
  matchLegList,
  favoriteAdd,
  favoriteDelete,
  matchSysInit,
  matchHotList,
  matchSportsType,
  matchListAlias,
  matchSearchResult,
  matchResultsList,
  basketTable1,
  basketTable2,
  bettingTable,
] as const;
