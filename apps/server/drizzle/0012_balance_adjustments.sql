CREATE TABLE "balance_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" smallint NOT NULL,
	"created_by" bigint NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "balance_adjustments_amount_nonzero" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_status_known" CHECK ("balance_adjustments"."status" between 0 and 2)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustments_idempotency" ON "balance_adjustments" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "balance_adjustments_user" ON "balance_adjustments" USING btree ("user_id","id");