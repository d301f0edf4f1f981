CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"merchant_code" smallint NOT NULL,
	"pay_type_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"scale" smallint NOT NULL,
	"to_currency_id" integer NOT NULL,
	"to_amount" bigint NOT NULL,
	"to_scale" smallint NOT NULL,
	"rate" text NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"provider" text NOT NULL,
	"provider_reference" text,
	"pay_url" text,
	"payee" jsonb,
	"network" text,
	"tx_hash" text,
	"from_address" text,
	"to_address" text,
	"confirmations" integer,
	"remark" text DEFAULT '' NOT NULL,
	"receipt_uploaded_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposit_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "deposit_orders_amounts_positive" CHECK ("deposit_orders"."amount" > 0 and "deposit_orders"."to_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_callback_nonces" (
	"provider" text NOT NULL,
	"nonce" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_callback_nonces_provider_nonce_pk" PRIMARY KEY("provider","nonce")
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_heads" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"mined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_chain_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"scale" smallint NOT NULL,
	"block_height" bigint,
	"settled_at" timestamp with time zone,
	"last_answer" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_chain_transfers_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"scale" smallint NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "deposit_receipts" ADD CONSTRAINT "deposit_receipts_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_member_network" ON "deposit_addresses" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address" ON "deposit_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_idempotency" ON "deposit_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_chain_transfer" ON "deposit_orders" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_one_pending_collection" ON "deposit_orders" USING btree ("user_id") WHERE "deposit_orders"."merchant_code" = 2 and "deposit_orders"."status" = 1 and "deposit_orders"."receipt_uploaded_at" is null;--> statement-breakpoint
CREATE INDEX "deposit_orders_member_created" ON "deposit_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_expiry" ON "deposit_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "deposit_receipts_order" ON "deposit_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_callback_nonces_received" ON "payment_callback_nonces" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sandbox_chain_transfers_unsettled" ON "sandbox_chain_transfers" USING btree ("network","settled_at");