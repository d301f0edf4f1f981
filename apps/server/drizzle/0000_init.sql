CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"device_id" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"type" smallint NOT NULL,
	"account" text,
	"account_key" text,
	"password_hash" text,
	"withdraw_password_hash" text,
	"language_code" text DEFAULT 'zh' NOT NULL,
	"currency_id" integer NOT NULL,
	"source" smallint DEFAULT 2 NOT NULL,
	"is_xy_user" boolean DEFAULT false NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"league_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"risk_amount" bigint DEFAULT 0 NOT NULL,
	"odds_config" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL,
	"player_odds" smallint DEFAULT 1 NOT NULL,
	"risk_level" smallint DEFAULT 0 NOT NULL,
	"hdp_style" smallint DEFAULT 0 NOT NULL,
	"casino_sw" integer DEFAULT 0 NOT NULL,
	"lottery_sw" integer DEFAULT 0 NOT NULL,
	"channel_type" text DEFAULT 'a1' NOT NULL,
	"agent_id" integer DEFAULT 0 NOT NULL,
	"partner_channel" text,
	"principal" text,
	"promote_code" text,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uid_unique" UNIQUE("uid"),
	CONSTRAINT "users_account_key_unique" UNIQUE("account_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_partner_principal" ON "users" USING btree ("partner_channel","principal");