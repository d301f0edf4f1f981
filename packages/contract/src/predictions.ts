import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, idField, recordPageSchema, textField } from './common';
import { matchSidesFields, pastMatchSchema } from './match';

/**
 * Match previews and score predictions (SPEC §1 predictions, SPEC §7 `match/prospect/list|info|
 * find` and `match/predict/list`, under /match/api/ like the other match calls; the submit,
 * the member's own predictions and the weekly leaderboard sit beside them). No money moves.
 * docs/predictions.md records the fields, the scoring, the tie-breaks and the week.
 */

const tag = 'predictions';

/** Goals (points, sets) one side scores in a prediction. */
export const predictedScoreMax = 99;
const scoreField = () => boundedInt(0, predictedScoreMax);

/** Points a prediction earns once its match's result is known. */
export const predictionPoints = { exactScore: 5, rightResult: 2, wrong: 0 } as const;

/** A `YYYY-MM-DD` date that exists. */
const dateField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine(
      (value) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
      },
      { message: 'must be a real date' },
    );

const pageFields = {
  page: boundedInt(1, 10_000).default(1),
  size: boundedInt(1, 50).default(20),
};

/** What the lists of upcoming matches are narrowed by, a page at a time. */
const upcomingMatchFilter = {
  sportId: idField().optional(),
  leagueId: idField().optional(),
  ...pageFields,
};

/** A result seen from one side: won, drawn or lost. */
const formResultSchema = z.enum(['W', 'D', 'L']);

/** The model's fair 1X2 probabilities (margin removed), each 0–1; null when the book has none. */
export const fairProbabilitiesSchema = z
  .object({ home: z.number(), draw: z.number(), away: z.number() })
  .nullable();

/** A match as previews and predictions name it, in the request's language. */
const matchHeadSchema = z.object({
  matchId: z.number().int(),
  sportId: z.number().int(),
  leagueId: z.number().int(),
  leagueName: z.string(),
  ...matchSidesFields,
  /** Kick-off, epoch milliseconds; predictions close then. */
  startTime: z.number().int(),
});

/** A past result from the seeded record, seen from one side: W, D or L and the score. */
const formEntrySchema = z.object({
  t: z.number().int(),
  opponentId: z.number().int(),
  opponentName: z.string(),
  isHome: z.boolean(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  result: formResultSchema,
});

/** A past meeting of the two sides: a past match as the head-to-head record has it. */
const meetingSchema = pastMatchSchema.omit({ leagueName: true });

/** One row of a league table over the seeded record's latest rounds. */
const standingRowSchema = z.object({
  position: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  /** 3 a win, 1 a draw. */
  points: z.number().int(),
});

/** A preview as the lists show it: the match, the model's view and each side's last five. */
export const previewSummarySchema = matchHeadSchema.extend({
  probabilities: fairProbabilitiesSchema,
  /** Each side's last five results, newest first: W, D or L. */
  homeForm: z.array(formResultSchema),
  awayForm: z.array(formResultSchema),
  /** Each side's place in its league table (null when the record has none). */
  homePosition: z.number().int().nullable(),
  awayPosition: z.number().int().nullable(),
});
export type PreviewSummary = z.infer<typeof previewSummarySchema>;

export const previewSchema = previewSummarySchema.extend({
  homeRecent: z.array(formEntrySchema),
  awayRecent: z.array(formEntrySchema),
  /** The two sides' last meetings, newest first. */
  meetings: z.array(meetingSchema),
  /** The league table over the record's last rounds (docs/predictions.md). */
  standing: z.array(standingRowSchema),
  /** How many rounds the table counts. */
  standingRounds: z.number().int(),
});
export type Preview = z.infer<typeof previewSchema>;

const previewPageSchema = recordPageSchema(previewSummarySchema);

export const prospectList = defineCall({
  path: '/match/api/prospect/list',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'Previews of upcoming matches (kick-off order): the model’s fair 1X2 probabilities, each side’s last five results and league places; by sport and league.',
  input: z.object(upcomingMatchFilter),
  output: previewPageSchema,
});

export const prospectInfo = defineCall({
  path: '/match/api/prospect/info',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'One upcoming match’s preview: recent form of each side, head-to-head meetings, the league table and the model’s probabilities.',
  input: z.object({ matchId: idField() }),
  output: previewSchema,
});

export const prospectFind = defineCall({
  path: '/match/api/prospect/find',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'Previews of upcoming matches whose team or league name contains the keyword, in English or Chinese (simplified or traditional), any case.',
  input: z.object({ keyword: textField(64).min(1), ...pageFields }),
  output: previewPageSchema,
});

/** A member's prediction of one match. */
export const predictionSchema = z.object({
  matchId: z.number().int(),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  /** When first entered and last changed, epoch milliseconds. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** How members' predictions of a match split by result, each share 0–1 (0 with none). */
export const pickSplitSchema = z.object({
  count: z.number().int(),
  home: z.number(),
  draw: z.number(),
  away: z.number(),
});

export const predictList = defineCall({
  path: '/match/api/predict/list',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'Upcoming matches open to predictions (kick-off order), each with the model’s fair probabilities, how members’ picks split (home, draw, away) and the caller’s own prediction.',
  input: z.object(upcomingMatchFilter),
  output: recordPageSchema(
    matchHeadSchema.extend({
      probabilities: fairProbabilitiesSchema,
      picks: pickSplitSchema,
      mine: predictionSchema.nullable(),
    }),
  ),
});

export const predictSubmit = defineCall({
  path: '/match/api/predict/submit',
  auth: 'member',
  tag,
  summary:
    'Predict the exact score of an upcoming match, or change the prediction, until kick-off; one prediction per member and match. Refused once the match has started.',
  input: z.object({ matchId: idField(), homeScore: scoreField(), awayScore: scoreField() }),
  output: predictionSchema,
});

/** Where a prediction stands: its match not played yet, scored, or void (cancelled, abandoned). */
export const predictionStates = ['open', 'pending', 'scored', 'void'] as const;

export const predictMine = defineCall({
  path: '/match/api/predict/mine',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    'The member’s predictions, latest kick-off first, each with its match, the result once known and the points earned (5 exact score, 2 right result).',
  input: z.object(pageFields),
  output: recordPageSchema(
    predictionSchema.extend({
      match: matchHeadSchema,
      /**
       * `open` until kick-off, `pending` until the result is known, `scored`, or `void` when the
       * match was cancelled or abandoned.
       */
      state: z.enum(predictionStates),
      result: z.object({ homeScore: z.number().int(), awayScore: z.number().int() }).nullable(),
      /** Null until scored. */
      points: z.number().int().nullable(),
    }),
  ),
});

const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  /** The member's account name, masked. */
  name: z.string(),
  points: z.number().int(),
  exactScores: z.number().int(),
  rightResults: z.number().int(),
  /** Predictions of the week's matches that are scored. */
  scored: z.number().int(),
  /** The member's first prediction of the week's matches, epoch milliseconds. */
  firstEntryAt: z.number().int(),
});

export const predictRank = defineCall({
  path: '/match/api/predict/rank',
  methods: ['GET', 'POST'],
  auth: 'session',
  tag,
  summary:
    'The weekly leaderboard (Monday to Sunday in the display time zone, by kick-off): points, then most exact scores, then earliest first entry; the caller’s own line too.',
  input: z.object({
    /** Any day of the week wanted; the current week when left out. */
    date: dateField().optional(),
    size: boundedInt(1, 100).default(20),
  }),
  output: z.object({
    /** The week's Monday and Sunday, display dates. */
    weekStart: z.string(),
    weekEnd: z.string(),
    /** The week's first instant and the next week's, epoch milliseconds. */
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    records: z.array(leaderboardEntrySchema),
    /** The caller's line; null for a visitor or a member without a prediction that week. */
    mine: leaderboardEntrySchema.nullable(),
  }),
});

export const predictionCalls = [
  prospectList,
  prospectInfo,
  prospectFind,
  predictList,
  predictSubmit,
  predictMine,
  predictRank,
] as const;
