CREATE TABLE "game_launches" (
	"user_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_launches_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_provider_settings" (
	"provider" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"provider" text NOT NULL,
	"currency_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"multiplier" integer DEFAULT 0 NOT NULL,
	"house_edge_bps" integer NOT NULL,
	"status" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_money" CHECK ("game_rounds"."stake" > 0 and "game_rounds"."payout" >= 0),
	CONSTRAINT "game_rounds_status" CHECK ("game_rounds"."status" in ('open', 'won', 'lost', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "game_seeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_settings" (
	"game_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"house_edge_bps" integer NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_settings_edge" CHECK ("game_settings"."house_edge_bps" between 0 and 2000),
	CONSTRAINT "game_settings_bounds" CHECK ("game_settings"."min_stake" > 0 and "game_settings"."max_stake" >= "game_settings"."min_stake" and "game_settings"."max_payout" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"request" jsonb NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_launches_recent" ON "game_launches" USING btree ("last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_member_key" ON "game_rounds" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_open" ON "game_rounds" USING btree ("user_id","game_id") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "game_rounds_member_time" ON "game_rounds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_settled" ON "game_rounds" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "game_rounds_open_touched" ON "game_rounds" USING btree ("touched_at") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_one_current" ON "game_seeds" USING btree ("user_id") WHERE "game_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_member_key" ON "game_transfers" USING btree ("user_id","idempotency_key");