CREATE TABLE "bonus_free_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_free_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_zht" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"min_odds" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"order_id" bigint,
	"order_no" text,
	"used_at" timestamp with time zone,
	"winnings" bigint DEFAULT 0 NOT NULL,
	"ever_used" boolean DEFAULT false NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"budget_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bonus_free_bets_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "bonus_free_bets_status" CHECK ("bonus_free_bets"."status" in ('available', 'used', 'expired')),
	CONSTRAINT "bonus_free_bets_amount" CHECK ("bonus_free_bets"."amount" > 0),
	CONSTRAINT "bonus_free_bets_min_odds" CHECK ("bonus_free_bets"."min_odds" >= 0),
	CONSTRAINT "bonus_free_bets_used_order" CHECK (("bonus_free_bets"."status" = 'used') = ("bonus_free_bets"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_member_bucket";--> statement-breakpoint
ALTER TABLE "promotion_campaigns" DROP CONSTRAINT "promotion_campaigns_money";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "free_bet_id" bigint;--> statement-breakpoint
ALTER TABLE "promotion_activity_members" ADD COLUMN "free_bet_id" bigint;--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD COLUMN "free_bet_min_odds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_envelopes" ADD COLUMN "free_bet_id" bigint;--> statement-breakpoint
CREATE INDEX "bonus_free_bets_member" ON "bonus_free_bets" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "bonus_free_bets_campaign" ON "bonus_free_bets" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "bonus_free_bets_available_expiry" ON "bonus_free_bets" USING btree ("expires_at") WHERE "bonus_free_bets"."status" = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_free_bets_order" ON "bonus_free_bets" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_bucket" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."bucket" in ('main', 'frozen', 'bonus', 'free_bet') or "ledger_accounts"."bucket" ~ '^(game|market):[A-Za-z0-9_.-]{1,64}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_free_bet_no_bonus" CHECK ("orders"."free_bet_id" is null or "orders"."bonus_stake_minor" = 0);--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_money" CHECK ("promotion_campaigns"."money" in ('cash', 'bonus', 'free_bet'));