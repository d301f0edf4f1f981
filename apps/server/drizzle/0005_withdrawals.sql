CREATE TABLE "payout_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"merchant_code" smallint NOT NULL,
	"channel_id" integer NOT NULL,
	"pay_type_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"bank_no" text NOT NULL,
	"duplicate_key" text NOT NULL,
	"real_name" text,
	"mobile" text,
	"bank_name" text,
	"account_type" text,
	"extend1" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_slot_range" CHECK ("payout_accounts"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "withdraw_password_guards" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"unlocked_at" timestamp with time zone,
	"unlocked_by" bigint
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text,
	"request_digest" text NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"merchant_code" smallint NOT NULL,
	"channel_id" integer NOT NULL,
	"pay_type_id" integer NOT NULL,
	"payout_account_id" bigint,
	"payee" jsonb,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" between 0 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_slot" ON "payout_accounts" USING btree ("user_id","merchant_code","slot") WHERE "payout_accounts"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_no_duplicates" ON "payout_accounts" USING btree ("user_id","merchant_code","duplicate_key") WHERE "payout_accounts"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created" ON "withdrawals" USING btree ("user_id","created_at");