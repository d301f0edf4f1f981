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
ALTER TABLE "bonus_counted_wagers" ADD CONSTRAINT "bonus_counted_wagers_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_counted_wagers_wager" ON "bonus_counted_wagers" USING btree ("product","reference");--> statement-breakpoint
CREATE INDEX "bonus_counted_wagers_grant" ON "bonus_counted_wagers" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_member" ON "bonus_grants" USING btree ("user_id","currency_id","id");--> statement-breakpoint
CREATE INDEX "bonus_grants_campaign" ON "bonus_grants" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "bonus_grants_active_expiry" ON "bonus_grants" USING btree ("expires_at") WHERE "bonus_grants"."status" = 'active';