CREATE TABLE "bonus_counted_wagers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_counted_wagers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grant_id" bigint NOT NULL,
	"product" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grant_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"rollover_multiple" integer NOT NULL,
	"required" bigint NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL,
	"max_stake" bigint NOT NULL,
	"grant_transaction_id" bigint,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_amount" bigint,
	"reason" text,
	"budget_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bonus_grants_grant_key_unique" UNIQUE("grant_key"),
	CONSTRAINT "bonus_grants_status" CHECK ("bonus_grants"."status" in ('active', 'converted', 'expired', 'forfeited')),
	CONSTRAINT "bonus_grants_amount" CHECK ("bonus_grants"."amount" > 0),
	CONSTRAINT "bonus_grants_multiple" CHECK ("bonus_grants"."rollover_multiple" between 1 and 10),
	CONSTRAINT "bonus_grants_counted" CHECK ("bonus_grants"."counted" >= 0),
	CONSTRAINT "bonus_grants_max_stake" CHECK ("bonus_grants"."max_stake" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_rollover_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"after_transaction_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_rollover_cursor_one" CHECK ("bonus_rollover_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "promotion_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text DEFAULT 'envelope' NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_zht" text NOT NULL,
	"currency_id" integer NOT NULL,
	"money" text NOT NULL,
	"rollover_multiple" integer DEFAULT 0 NOT NULL,
	"bonus_days" integer DEFAULT 0 NOT NULL,
	"max_stake" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"count" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"min_turnover" bigint DEFAULT 0 NOT NULL,
	"eligibility_days" integer DEFAULT 0 NOT NULL,
	"risk_levels" smallint[] NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text NOT NULL,
	"created_by" bigint NOT NULL,
	"create_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"funded_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "promotion_campaigns_kind" CHECK ("promotion_campaigns"."kind" in ('envelope')),
	CONSTRAINT "promotion_campaigns_money" CHECK ("promotion_campaigns"."money" in ('cash', 'bonus')),
	CONSTRAINT "promotion_campaigns_status" CHECK ("promotion_campaigns"."status" in ('draft', 'scheduled', 'running', 'paused', 'ended', 'closed')),
	CONSTRAINT "promotion_campaigns_terms" CHECK ("promotion_campaigns"."count" > 0 and "promotion_campaigns"."min_amount" > 0 and "promotion_campaigns"."max_amount" >= "promotion_campaigns"."min_amount" and "promotion_campaigns"."total" between "promotion_campaigns"."min_amount" * "promotion_campaigns"."count" and "promotion_campaigns"."max_amount" * "promotion_campaigns"."count" and "promotion_campaigns"."ends_at" > "promotion_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "promotion_envelopes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_envelopes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"amount" bigint NOT NULL,
	"user_id" bigint,
	"claim_key" text,
	"claimed_at" timestamp with time zone,
	"bonus_id" bigint,
	CONSTRAINT "promotion_envelopes_amount" CHECK ("promotion_envelopes"."amount" > 0),
	CONSTRAINT "promotion_envelopes_claim" CHECK (("promotion_envelopes"."user_id" is null) = ("promotion_envelopes"."claimed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "bonus_counted_wagers" ADD CONSTRAINT "bonus_counted_wagers_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_envelopes" ADD CONSTRAINT "promotion_envelopes_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_counted_wagers_wager" ON "bonus_counted_wagers" USING btree ("product","reference");--> statement-breakpoint
CREATE INDEX "bonus_counted_wagers_grant" ON "bonus_counted_wagers" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_member" ON "bonus_grants" USING btree ("user_id","currency_id","id");--> statement-breakpoint
CREATE INDEX "bonus_grants_campaign" ON "bonus_grants" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "bonus_grants_active_expiry" ON "bonus_grants" USING btree ("expires_at") WHERE "bonus_grants"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_campaigns_create_key" ON "promotion_campaigns" USING btree ("created_by","create_key") WHERE "promotion_campaigns"."create_key" is not null;--> statement-breakpoint
CREATE INDEX "promotion_campaigns_status" ON "promotion_campaigns" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_envelopes_index" ON "promotion_envelopes" USING btree ("campaign_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_envelopes_one_per_member" ON "promotion_envelopes" USING btree ("campaign_id","user_id") WHERE "promotion_envelopes"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_envelopes_unclaimed" ON "promotion_envelopes" USING btree ("campaign_id","idx") WHERE "promotion_envelopes"."user_id" is null;--> statement-breakpoint
CREATE INDEX "promotion_envelopes_member" ON "promotion_envelopes" USING btree ("user_id") WHERE "promotion_envelopes"."user_id" is not null;