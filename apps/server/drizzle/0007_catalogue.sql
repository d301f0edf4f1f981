CREATE TABLE "bet_cancellations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_cancellations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"play_id" integer,
	"specifiers" text,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"reason" text NOT NULL,
	"produced_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "bet_cancellations_message" UNIQUE NULLS NOT DISTINCT("event_id","seq","play_id","specifiers")
);
--> statement-breakpoint
CREATE TABLE "feed_positions" (
	"source" text PRIMARY KEY NOT NULL,
	"caller_time" bigint NOT NULL,
	"feed_time" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixture_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fixture_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"change_type" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"previous_start_time" timestamp with time zone,
	"produced_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fixture_changes_message" UNIQUE("event_id","seq")
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"league_id" bigint PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"play_id" integer NOT NULL,
	"specifiers" text NOT NULL,
	"outcome_id" text NOT NULL,
	"result" smallint NOT NULL,
	"void_factor" double precision NOT NULL,
	"dead_heat_factor" double precision NOT NULL,
	"certainty" smallint NOT NULL,
	"produced_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "market_settlements_message" UNIQUE("event_id","seq","play_id","specifiers","outcome_id")
);
--> statement-breakpoint
CREATE TABLE "sport_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"league_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"competitors" jsonb NOT NULL,
	"is_virtual" boolean NOT NULL,
	"has_live_odds" boolean NOT NULL,
	"format" jsonb NOT NULL,
	"fixture_seq" integer NOT NULL,
	"status" text NOT NULL,
	"home_score" integer NOT NULL,
	"away_score" integer NOT NULL,
	"match_status" jsonb NOT NULL,
	"status_seq" integer NOT NULL,
	"result" jsonb,
	"result_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports" (
	"sport_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_virtual" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bet_cancellations_market" ON "bet_cancellations" USING btree ("event_id","play_id","specifiers");--> statement-breakpoint
CREATE INDEX "market_settlements_market" ON "market_settlements" USING btree ("event_id","play_id","specifiers");--> statement-breakpoint
CREATE INDEX "sport_events_status_start" ON "sport_events" USING btree ("status","start_time");--> statement-breakpoint
CREATE INDEX "sport_events_league" ON "sport_events" USING btree ("league_id");