CREATE TABLE "promotion_activities" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"type" text NOT NULL,
	"rule" jsonb NOT NULL,
	CONSTRAINT "promotion_activities_type" CHECK ("promotion_activities"."type" in ('qualify', 'special'))
);
--> statement-breakpoint
CREATE TABLE "promotion_activity_counts" (
	"campaign_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_activity_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"after_transaction_id" bigint NOT NULL,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_activity_members" (
	"campaign_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"reward_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_id" bigint
);
--> statement-breakpoint
CREATE TABLE "promotion_activity_reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_activity_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"order_key" text NOT NULL,
	"is_member_key" boolean NOT NULL,
	"stake" bigint NOT NULL,
	"reserved" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"order_no" text,
	"struck_odds" integer,
	"paid" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "promotion_activity_reservations_state" CHECK ("promotion_activity_reservations"."state" in ('held', 'paid', 'done', 'released')),
	CONSTRAINT "promotion_activity_reservations_amounts" CHECK ("promotion_activity_reservations"."stake" > 0 and "promotion_activity_reservations"."reserved" >= 0 and "promotion_activity_reservations"."paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_campaigns" DROP CONSTRAINT "promotion_campaigns_kind";--> statement-breakpoint
ALTER TABLE "promotion_campaigns" DROP CONSTRAINT "promotion_campaigns_terms";--> statement-breakpoint
ALTER TABLE "promotion_activities" ADD CONSTRAINT "promotion_activities_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_activity_counts" ADD CONSTRAINT "promotion_activity_counts_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_activity_members" ADD CONSTRAINT "promotion_activity_members_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_activity_reservations" ADD CONSTRAINT "promotion_activity_reservations_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_activity_counts_key" ON "promotion_activity_counts" USING btree ("campaign_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_activity_members_key" ON "promotion_activity_members" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_activity_members_unpaid" ON "promotion_activity_members" USING btree ("campaign_id") WHERE "promotion_activity_members"."reached_at" is not null and "promotion_activity_members"."rewarded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_activity_reservations_key" ON "promotion_activity_reservations" USING btree ("campaign_id","user_id","key");--> statement-breakpoint
CREATE INDEX "promotion_activity_reservations_held" ON "promotion_activity_reservations" USING btree ("campaign_id") WHERE "promotion_activity_reservations"."state" = 'held';--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_kind" CHECK ("promotion_campaigns"."kind" in ('envelope', 'activity'));--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_terms" CHECK ("promotion_campaigns"."ends_at" > "promotion_campaigns"."starts_at" and "promotion_campaigns"."total" > 0 and ("promotion_campaigns"."kind" = 'activity' and "promotion_campaigns"."count" = 0 and "promotion_campaigns"."min_amount" = 0 and "promotion_campaigns"."max_amount" = 0 or "promotion_campaigns"."kind" = 'envelope' and "promotion_campaigns"."count" > 0 and "promotion_campaigns"."min_amount" > 0 and "promotion_campaigns"."max_amount" >= "promotion_campaigns"."min_amount" and "promotion_campaigns"."total" between "promotion_campaigns"."min_amount" * "promotion_campaigns"."count" and "promotion_campaigns"."max_amount" * "promotion_campaigns"."count"));