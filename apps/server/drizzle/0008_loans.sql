CREATE TABLE "loan_accounts" (
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"outstanding" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_accounts_user_id_currency_id_pk" PRIMARY KEY("user_id","currency_id"),
	CONSTRAINT "loan_accounts_limit_not_negative" CHECK ("loan_accounts"."credit_limit" >= 0),
	CONSTRAINT "loan_accounts_outstanding_not_negative" CHECK ("loan_accounts"."outstanding" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_limit_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_limit_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"previous_limit" bigint NOT NULL,
	"new_limit" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"outstanding_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_records_amount_positive" CHECK ("loan_records"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "loan_limit_changes_member" ON "loan_limit_changes" USING btree ("user_id","currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_records_member_key" ON "loan_records" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loan_records_member_time" ON "loan_records" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_safe_integer" CHECK ("ledger_accounts"."balance" between -9007199254740991 and 9007199254740991);