CREATE TABLE "partner_settings" (
	"channel" text PRIMARY KEY NOT NULL,
	"name" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"default_is_show" boolean DEFAULT true NOT NULL,
	"default_league_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
