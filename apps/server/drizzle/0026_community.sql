CREATE TABLE "community_follows" (
	"follower_id" bigint NOT NULL,
	"tipster_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_follows_follower_id_tipster_id_pk" PRIMARY KEY("follower_id","tipster_id"),
	CONSTRAINT "community_follows_not_self" CHECK ("community_follows"."follower_id" <> "community_follows"."tipster_id")
);
--> statement-breakpoint
CREATE TABLE "community_hidden_tipsters" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"hidden_by" bigint NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_share_copies" (
	"share_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_share_copies_share_id_user_id_pk" PRIMARY KEY("share_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"privacy" text NOT NULL,
	"sport_ids" integer[] NOT NULL,
	"placed" jsonb NOT NULL,
	"settled" jsonb,
	"status" integer NOT NULL,
	"outcome" text,
	"return_units" integer,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" bigint,
	CONSTRAINT "community_shares_code_unique" UNIQUE("code"),
	CONSTRAINT "community_shares_privacy" CHECK ("community_shares"."privacy" in ('all', 'no_amounts', 'anonymous'))
);
--> statement-breakpoint
ALTER TABLE "community_share_copies" ADD CONSTRAINT "community_share_copies_share_id_community_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."community_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_follows_tipster" ON "community_follows" USING btree ("tipster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_shares_live_order" ON "community_shares" USING btree ("order_id") WHERE "community_shares"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "community_shares_created" ON "community_shares" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "community_shares_user" ON "community_shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "community_shares_open" ON "community_shares" USING btree ("id") WHERE "community_shares"."settled" is null;